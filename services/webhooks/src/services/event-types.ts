/** The public webhook event types (spec section 6). Only these are ever delivered to subscribers. */
export const PUBLIC_EVENT_TYPES = [
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

export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];

/** The only types the deprecated /webhook-endpoints registration accepts. */
export const LEGACY_EVENT_TYPES = ['gallery.published', 'gallery.delivered', 'ai.cull.completed'] as const;

const PUBLIC_SET: ReadonlySet<string> = new Set(PUBLIC_EVENT_TYPES);

export function isPublicEventType(type: string): type is PublicEventType {
  return PUBLIC_SET.has(type);
}
