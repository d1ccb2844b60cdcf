/**
 * Request shapes of /webhook-endpoints (legacy endpoints; the listing can also show subscriptions). The answers are
 * records (`@studio/contracts/records`).
 */
import { z } from 'zod';
import { limit, cursor, uuid } from '@studio/http';
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
