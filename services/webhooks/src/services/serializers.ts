/**
 * The webhooks records whose JSON composes more than their store row. Each record's members are written once, in
 * `@studio/contracts/records` (webhooks.records.ts); here only the rules: a delivery has a next attempt only while it
 * is open, an endpoint's previous secret is shown only while it still signs, and a subscription is an endpoint seen
 * as its REST hook. Rows map to JSON through the record's serializer, so the compiler checks them.
 */
import {
  serializeWebhookDelivery,
  serializeWebhookDeliveryAttempt,
  serializeWebhookDeliveryDetail,
  serializeWebhookEndpoint,
  serializeWebhookSubscription,
} from '@studio/contracts/records';
import type { DeliveryDetail, DeliveryRecord } from '../store/delivery.store.js';
import type { EndpointRecord } from '../store/endpoint.store.js';

/** A delivery; `next_attempt_at` only while it is pending or retrying. */
function deliveryRow<D extends DeliveryRecord>(d: D) {
  const open = d.state === 'pending' || d.state === 'failed_retrying';
  return { ...d, nextAttemptAt: open ? d.nextAttemptAt : null };
}

export function deliveryJson(d: DeliveryRecord) {
  return serializeWebhookDelivery(deliveryRow(d));
}

/** One delivery with its payload (the exact body that is signed) and every attempt, oldest first. */
export function deliveryDetailJson(d: DeliveryDetail) {
  let payload: unknown;
  try {
    payload = JSON.parse(d.payload);
  } catch {
    payload = d.payload;
  }
  return serializeWebhookDeliveryDetail({ ...deliveryRow(d), payload, attempts: d.attempts.map(serializeWebhookDeliveryAttempt) });
}

/** The public JSON of an endpoint. The secret is never part of it (only `signing_secret` on create/rotate). */
export function endpointJson(e: EndpointRecord, now = new Date()) {
  const overlap = e.previousSecretExpiresAt && e.previousSecretExpiresAt > now ? e.previousSecretExpiresAt : null;
  return serializeWebhookEndpoint({ ...e, previousSecretExpiresAt: overlap });
}

/** An endpoint of kind subscription as its REST hook: `{ target_url, event }`. */
export function subscriptionJson(e: EndpointRecord) {
  return serializeWebhookSubscription({ ...e, targetUrl: e.url, event: e.subscriptionEvent ?? e.eventTypes[0] ?? '' });
}
