/**
 * The one parser of a domain-event envelope as a consumer receives it (spec section 6; docs/decisions/0004): a JSON
 * body with exactly the public members, ids as UUIDs (@studio/uuid, read in lower case), `created_at` an ISO
 * timestamp with `Z` or an offset, `api_version` a year-month, `type` a name and `data` an object. Members beyond
 * these are dropped. Whether the type is one a consumer takes, and the data members it reads, are checked against
 * the event catalog (@studio/contracts/events) by ./event-consumer.ts, not here: an envelope of a type a consumer
 * does not know is not malformed.
 */
import { z } from 'zod';
import { uuid } from '@studio/uuid';
import type { EventEnvelope } from './index.js';

const id = () => uuid().transform((s) => s.toLowerCase());

export const envelopeSchema = z.object({
  id: id(),
  type: z.string().min(1).max(100),
  created_at: z.iso.datetime({ offset: true }),
  workspace_id: id(),
  api_version: z.string().regex(/^\d{4}-\d{2}$/),
  data: z.record(z.string(), z.unknown()),
});

/** The envelope in a message body, or why the body is not one (`body is not JSON`, `not an event envelope: <member>`). */
export function parseEnvelope(content: Buffer): { ok: true; envelope: EventEnvelope } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(content.toString('utf8'));
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `not an event envelope: ${parsed.error.issues[0]?.path.join('.') ?? ''}` };
  return { ok: true, envelope: parsed.data };
}
