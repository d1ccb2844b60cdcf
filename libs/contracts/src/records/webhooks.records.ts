/**
 * The public records of the webhooks service (spec sections 4 and 6), each written once: webhooks' OpenAPI answers
 * are these schemas and the serializers below derive from them. No event carries them. An endpoint's secret is never
 * a member, except `signing_secret` in the one answer that creates or rotates it.
 *
 * Timestamps are documented as plain strings here, not `timestamp()`: the served OpenAPI document has always
 * described these members that way, and a record's schema must not change the document by being moved. The values
 * are the same ISO 8601 UTC strings as everywhere (Dates in the rows; `toRecordJson` writes them).
 */
import { z } from 'zod';
import { uuid } from '../events/event-fields.schema.js';
import { recordSerializer, type RecordJson } from './record-json.js';

const int = () => z.number().int();
const instant = () => z.string();

export const ENDPOINT_KINDS = ['legacy', 'subscription'] as const;

export const webhookEndpointRecord = z
  .object({
    id: uuid(),
    workspace_id: uuid(),
    kind: z.enum(ENDPOINT_KINDS),
    url: z.string(),
    event_types: z.array(z.string()),
    active: z.boolean(),
    created_by: uuid().nullable(),
    secret_rotated_at: instant().nullable(),
    /** While set, deliveries also carry a v0 signature made with the previous secret. */
    previous_secret_expires_at: instant().nullable(),
    created_at: instant(),
    updated_at: instant(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointJson = RecordJson<typeof webhookEndpointRecord>;
export const serializeWebhookEndpoint = recordSerializer(webhookEndpointRecord);

/** The answer of create and rotate-secret: the only place the signing secret is ever shown. */
export const webhookEndpointWithSecretRecord = webhookEndpointRecord
  .extend({ signing_secret: z.string() })
  .meta({ id: 'WebhookEndpointWithSecret' });

/** A REST-hook subscription (an endpoint of kind subscription) as automation platforms see it. */
export const webhookSubscriptionRecord = z
  .object({
    id: uuid(),
    workspace_id: uuid(),
    target_url: z.string(),
    event: z.string(),
    active: z.boolean(),
    created_at: instant(),
    updated_at: instant(),
  })
  .meta({ id: 'WebhookSubscription' });
export const serializeWebhookSubscription = recordSerializer(webhookSubscriptionRecord);

export const DELIVERY_STATES = ['pending', 'succeeded', 'failed_retrying', 'dead_letter'] as const;

export const webhookDeliveryRecord = z
  .object({
    id: uuid(),
    endpoint_id: uuid(),
    workspace_id: uuid(),
    event_id: uuid(),
    event_type: z.string(),
    state: z.enum(DELIVERY_STATES),
    attempt_count: int(),
    next_attempt_at: instant().nullable(),
    last_attempt_at: instant().nullable(),
    last_status: int().nullable(),
    /** Body excerpt (first 4 KiB) of the last failed answer, or the transport error. */
    last_error: z.string().nullable(),
    completed_at: instant().nullable(),
    /** A test delivery (POST /webhook-endpoints/{id}/test): example data, sent with X-Service-Test: true. */
    test: z.boolean().describe('true for a test delivery: example data sent with X-Service-Test: true, not a real event'),
    created_at: instant(),
    updated_at: instant(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryJson = RecordJson<typeof webhookDeliveryRecord>;
export const serializeWebhookDelivery = recordSerializer(webhookDeliveryRecord);

export const webhookDeliveryAttemptRecord = z
  .object({
    id: uuid(),
    attempted_at: instant(),
    http_status: int().nullable(),
    error: z.string().nullable(),
    duration_ms: int(),
  })
  .meta({ id: 'WebhookDeliveryAttempt' });
export const serializeWebhookDeliveryAttempt = recordSerializer(webhookDeliveryAttemptRecord);

/** One delivery with its payload (the exact body that is signed, parsed) and every attempt, oldest first. */
export const webhookDeliveryDetailRecord = webhookDeliveryRecord.extend({
  payload: z.unknown(),
  attempts: z.array(webhookDeliveryAttemptRecord),
});
export const serializeWebhookDeliveryDetail = recordSerializer(webhookDeliveryDetailRecord);
