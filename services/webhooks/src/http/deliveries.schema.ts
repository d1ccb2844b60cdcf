/** Request and answer shapes of delivery history and replay. */
import { z } from 'zod';
import { limit, cursor } from '@studio/http';
import { PUBLIC_EVENT_TYPES } from '@studio/contracts/events';
import type { AttemptRecord, DeliveryDetail, DeliveryRecord } from '../store/delivery.store.js';

export const DELIVERY_STATES = ['pending', 'succeeded', 'failed_retrying', 'dead_letter'] as const;

export const deliveriesListQuery = z.object({
  limit: limit(100, 50),
  cursor: cursor(),
  state: z.enum(DELIVERY_STATES).optional(),
});

export const deliverySchema = z
  .object({
    id: z.uuid(),
    endpoint_id: z.uuid(),
    workspace_id: z.uuid(),
    event_id: z.uuid(),
    event_type: z.string(),
    state: z.enum(DELIVERY_STATES),
    attempt_count: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_attempt_at: z.string().nullable(),
    last_status: z.number().int().nullable(),
    /** Body excerpt (first 4 KiB) of the last failed answer, or the transport error. */
    last_error: z.string().nullable(),
    completed_at: z.string().nullable(),
    /** A test delivery (POST /webhook-endpoints/{id}/test): example data, sent with X-Service-Test: true. */
    test: z.boolean().describe('true for a test delivery: example data sent with X-Service-Test: true, not a real event'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });

/** POST /webhook-endpoints/{id}/test: optionally, which of the endpoint's event types the example event has. */
export const testDeliveryBody = z
  .strictObject({
    type: z
      .enum(PUBLIC_EVENT_TYPES)
      .optional()
      .describe('One of the event types the endpoint subscribes to; default: the first of them in the order of the event type list.'),
  })
  .optional();

export const attemptSchema = z
  .object({
    id: z.uuid(),
    attempted_at: z.string(),
    http_status: z.number().int().nullable(),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
  })
  .meta({ id: 'WebhookDeliveryAttempt' });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function deliveryJson(d: DeliveryRecord): z.infer<typeof deliverySchema> {
  const open = d.state === 'pending' || d.state === 'failed_retrying';
  return {
    id: d.id,
    endpoint_id: d.endpointId,
    workspace_id: d.workspaceId,
    event_id: d.eventId,
    event_type: d.eventType,
    state: d.state,
    attempt_count: d.attemptCount,
    next_attempt_at: open ? d.nextAttemptAt.toISOString() : null,
    last_attempt_at: iso(d.lastAttemptAt),
    last_status: d.lastStatus,
    last_error: d.lastError,
    completed_at: iso(d.completedAt),
    test: d.test,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

export function attemptJson(a: AttemptRecord): z.infer<typeof attemptSchema> {
  return { id: a.id, attempted_at: a.attemptedAt.toISOString(), http_status: a.httpStatus, error: a.error, duration_ms: a.durationMs };
}

/** One delivery with its payload (the exact body that is signed) and every attempt, oldest first. */
export function deliveryDetailJson(d: DeliveryDetail) {
  let payload: unknown;
  try {
    payload = JSON.parse(d.payload);
  } catch {
    payload = d.payload;
  }
  return { ...deliveryJson(d), payload, attempts: d.attempts.map(attemptJson) };
}
