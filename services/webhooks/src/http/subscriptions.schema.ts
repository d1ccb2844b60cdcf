/** Request shapes of /webhooks/subscriptions (REST hooks of automation platforms; the answers are records). */
import { z } from 'zod';
import { uuid } from '@studio/http';
import { PUBLIC_EVENT_TYPES } from '@studio/contracts/events';

const targetUrl = z.string().min(1).max(2048);

/** Zapier's REST-hook subscribe body `{ target_url, event }`, plus the workspace (implied by a scoped token). */
export const subscribeBody = z.object({
  workspace_id: uuid().optional(),
  target_url: targetUrl,
  event: z.enum(PUBLIC_EVENT_TYPES),
});

/** Either `{ id }` (the id the subscribe answer gave) or `{ target_url, event }`; workspace_id optional in both. */
export const unsubscribeBody = z
  .object({
    id: uuid().optional(),
    workspace_id: uuid().optional(),
    target_url: targetUrl.optional(),
    event: z.enum(PUBLIC_EVENT_TYPES).optional(),
  })
  .refine((b) => b.id !== undefined || (b.target_url !== undefined && b.event !== undefined), {
    message: 'either id, or target_url and event, are required',
  })
  // OpenAPI: the refine above, which JSON Schema cannot see through.
  .meta({ anyOf: [{ required: ['id'] }, { required: ['target_url', 'event'] }] });
