/**
 * The domain events studio emits. Each is written to the outbox in the same transaction as the change it
 * describes; the relay publishes it to the `studio.events` topic exchange with the type as routing key. The event
 * id (a UUID v4) is the outbox row id, so consumers de-duplicate on it.
 *
 * Data is event-carried state (docs/decisions/0004): `<entity>.created|updated` and the lifecycle events carry the
 * entity's JSON plus `<entity>_id` and `updated_at`; `<entity>.deleted` carries `<entity>_id` and `deleted_at`.
 * Every data schema and which operation emits which event: docs/events.md. The builders per entity are in
 * `<entity>.events.ts` beside this file.
 */
import { newOutboxEvent } from '@studio/amqp/outbox-store';
import type { NewOutboxEvent } from '../store/outbox.store.js';

export const EVENT_TYPE = {
  shootCreated: 'shoot.created',
  shootUpdated: 'shoot.updated',
  shootCompleted: 'shoot.completed',
  shootDeleted: 'shoot.deleted',
  clientCreated: 'client.created',
  clientUpdated: 'client.updated',
  clientDeleted: 'client.deleted',
  leadCreated: 'lead.created',
  leadUpdated: 'lead.updated',
  leadDeleted: 'lead.deleted',
  bookingRequested: 'booking.requested',
  bookingAccepted: 'booking.accepted',
  bookingDeclined: 'booking.declined',
  proposalSent: 'proposal.sent',
  proposalViewed: 'proposal.viewed',
  proposalAccepted: 'proposal.accepted',
  proposalDeclined: 'proposal.declined',
  proposalExpired: 'proposal.expired',
  contractSigned: 'contract.signed',
  invoicePaid: 'invoice.paid',
  reviewApproved: 'review.approved',
  orderCreated: 'order.created',
  orderUpdated: 'order.updated',
  orderSentToPrint: 'order.sent_to_print',
  orderShipped: 'order.shipped',
  orderDelivered: 'order.delivered',
  orderCancelled: 'order.cancelled',
  orderRefunded: 'order.refunded',
  orderNeedsIntervention: 'order.needs_intervention',
  paymentReceived: 'payment.received',
} as const;
export type EventType = (typeof EVENT_TYPE)[keyof typeof EVENT_TYPE];

/** The internal types (search projections); every other type is one of the public webhook types (spec 6). */
export const INTERNAL_EVENT_TYPES: readonly EventType[] = [
  'shoot.updated',
  'shoot.deleted',
  'client.updated',
  'client.deleted',
  'lead.created',
  'lead.updated',
  'lead.deleted',
  'order.updated',
];

/** Wakes the relay after a commit so events leave at once instead of at the next poll. */
export type { EventNotifier } from '@studio/amqp/outbox';

export function event(type: EventType, workspaceId: string, data: Record<string, unknown>): NewOutboxEvent {
  return newOutboxEvent(type, workspaceId, data);
}

/** `<entity>.deleted` data: the id and the moment of deletion. */
export function deletedEvent(type: EventType, entity: string, workspaceId: string, id: string, deletedAt: Date): NewOutboxEvent {
  return event(type, workspaceId, { [`${entity}_id`]: id, deleted_at: deletedAt.toISOString() });
}
