/**
 * order.created, order.updated (internal, every change) and the public lifecycle events. Data: the order JSON +
 * order_id, updated_at, previous_status (null on creation), tracking_number and status_reason.
 */
import { serializeOrder } from '@studio/contracts/records';
import type { OrderRow, OrderStatusName } from '../store/order.store.js';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import { event, type EventType } from './domain-events.js';

/** The public event of an order's arrival in a status (paid has none of its own: it emits payment.received). */
export const ORDER_STATUS_EVENT: Partial<Record<OrderStatusName, Extract<EventType, `order.${string}`>>> = {
  sent_to_print: 'order.sent_to_print',
  shipped: 'order.shipped',
  delivered: 'order.delivered',
  cancelled: 'order.cancelled',
  refunded: 'order.refunded',
  needs_intervention: 'order.needs_intervention',
};

const data = (order: OrderRow, previous: OrderStatusName | null) => ({
  order_id: order.id,
  ...serializeOrder(order),
  tracking_number: order.trackingNumber,
  status_reason: order.statusReason,
  previous_status: previous,
  updated_at: order.updatedAt.toISOString(),
});

export const orderCreated = (order: OrderRow): NewOutboxEvent => event('order.created', order.workspaceId, data(order, null));

export const orderUpdated = (order: OrderRow, previous: OrderStatusName): NewOutboxEvent =>
  event('order.updated', order.workspaceId, data(order, previous));

/** The public event of the order's arrival in its current status, if that status has one. */
export function orderStatusEvent(order: OrderRow, previous: OrderStatusName): NewOutboxEvent | null {
  const type = ORDER_STATUS_EVENT[order.status];
  return type ? event(type, order.workspaceId, data(order, previous)) : null;
}
