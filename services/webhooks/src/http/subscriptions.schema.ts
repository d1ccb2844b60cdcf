/** Request and answer shapes of /webhooks/subscriptions (REST hooks of automation platforms). */
import { z } from 'zod';
import { uuid } from '@studio/http';
import type { EndpointRecord } from '../store/endpoint.store.js';
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

export const subscriptionSchema = z
  .object({
    id: z.uuid(),
    workspace_id: z.uuid(),
    target_url: z.string(),
    event: z.string(),
    active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WebhookSubscription' });

export function subscriptionJson(e: EndpointRecord): z.infer<typeof subscriptionSchema> {
  return {
    id: e.id,
    workspace_id: e.workspaceId,
    target_url: e.url,
    event: e.subscriptionEvent ?? e.eventTypes[0] ?? '',
    active: e.active,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}
