/**
 * The event envelope a subscriber receives, declared by hand so the package has no runtime dependency. The list of
 * public types is kept equal to the service's catalog (`PUBLIC_EVENT_TYPES` of `@studio/contracts/events`) by
 * events.spec.ts; each type's `data` is documented in docs/events.md.
 */

/** The 28 public event types (spec section 6), in the order of the catalog. */
export const WEBHOOK_EVENT_TYPES = [
  'gallery.created',
  'gallery.published',
  'gallery.delivered',
  'shoot.created',
  'shoot.completed',
  'photo.uploaded',
  'ai_job.done',
  'ai.cull.completed',
  'payment.received',
  'order.shipped',
  'order.created',
  'order.sent_to_print',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
  'order.needs_intervention',
  'client.created',
  'booking.requested',
  'booking.accepted',
  'booking.declined',
  'proposal.sent',
  'proposal.viewed',
  'proposal.accepted',
  'proposal.declined',
  'proposal.expired',
  'contract.signed',
  'invoice.paid',
  'review.approved',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** One delivery's body: `{ id, type, created_at, workspace_id, api_version, data }`. */
export interface WebhookEventOf<T extends WebhookEventType> {
  /** The event id (UUID): the same on every retry and replay, so de-duplicate on it. */
  id: string;
  type: T;
  /** ISO 8601 in UTC, e.g. `2026-11-22T10:00:00.000Z`. */
  created_at: string;
  workspace_id: string;
  /** e.g. `2026-11`. */
  api_version: string;
  /** The event's data; its members per type are listed in docs/events.md. */
  data: Record<string, unknown>;
}

/** Any public event; narrow it with `switch (event.type)`. */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];

const KNOWN: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

/** Whether `type` is one of the public event types this version of the package knows. */
export function isWebhookEventType(type: string): type is WebhookEventType {
  return KNOWN.has(type);
}
