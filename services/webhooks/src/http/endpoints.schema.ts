/** Request and answer shapes of /webhook-endpoints (legacy endpoints; the listing can also show subscriptions). */
import { z } from 'zod';
import { limit, cursor, uuid } from '@studio/http';
import type { EndpointRecord } from '../store/endpoint.store.js';
import type { PublicEventType } from '@studio/contracts/events';

/** The only types the deprecated /webhook-endpoints registration accepts (spec section 6). */
export const LEGACY_EVENT_TYPES = [
  'gallery.published',
  'gallery.delivered',
  'ai.cull.completed',
] as const satisfies readonly PublicEventType[];

export const endpointsListQuery = z.object({
  workspace_id: uuid(),
  limit: limit(100, 50),
  cursor: cursor(),
  /** Extension: `legacy` (default, as the spec lists legacy endpoints), `subscription` or `all`. */
  kind: z.enum(['legacy', 'subscription', 'all']).default('legacy'),
});

export const createEndpointBody = z.object({
  workspace_id: uuid(),
  url: z.string().min(1).max(2048),
  event_types: z
    .array(z.enum(LEGACY_EVENT_TYPES))
    .min(1)
    .max(LEGACY_EVENT_TYPES.length * 2),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const endpointSchema = z
  .object({
    id: z.uuid(),
    workspace_id: z.uuid(),
    kind: z.enum(['legacy', 'subscription']),
    url: z.string(),
    event_types: z.array(z.string()),
    active: z.boolean(),
    created_by: z.uuid().nullable(),
    secret_rotated_at: z.string().nullable(),
    /** While set, deliveries also carry a v0 signature made with the previous secret. */
    previous_secret_expires_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });

/** The public JSON of an endpoint. The secret is never part of it (only `signing_secret` on create/rotate). */
export function endpointJson(e: EndpointRecord, now = new Date()): z.infer<typeof endpointSchema> {
  const overlap = e.previousSecretExpiresAt && e.previousSecretExpiresAt > now ? e.previousSecretExpiresAt : null;
  return {
    id: e.id,
    workspace_id: e.workspaceId,
    kind: e.kind,
    url: e.url,
    event_types: e.eventTypes,
    active: e.active,
    created_by: e.createdBy,
    secret_rotated_at: iso(e.secretRotatedAt),
    previous_secret_expires_at: iso(overlap),
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export const endpointWithSecretSchema = endpointSchema.extend({ signing_secret: z.string() }).meta({ id: 'WebhookEndpointWithSecret' });
