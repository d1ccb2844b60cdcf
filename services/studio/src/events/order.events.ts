/**
 * order.created, order.updated (internal, every change) and the public lifecycle events. Data: the order JSON +
 * order_id, updated_at, previous_status (null on creation), tracking_number and status_reason.
 */
import { serializeOrder } from '../services/serializers.js';
import type { OrderRow, OrderStatusName } from '../store/order.store.js';
import type { NewOutboxEvent } from '../store/outbox.store.js';
import { EVENT_TYPE, event, type EventType } from './domain-events.js';

/** The public event of an order's arrival in a status (paid has none of its own: it emits payment.received). */
export const ORDER_STATUS_EVENT: Partial<Record<OrderStatusName, EventType>> = {
  sent_to_print: EVENT_TYPE.orderSentToPrint,
  shipped: EVENT_TYPE.orderShipped,
  delivered: EVENT_TYPE.orderDelivered,
  cancelled: EVENT_TYPE.orderCancelled,
  refunded: EVENT_TYPE.orderRefunded,
  needs_intervention: EVENT_TYPE.orderNeedsIntervention,
};

const data = (o: OrderRow, previous: OrderStatusName | null) => ({
  order_id: o.id,
  ...serializeOrder(o),
  tracking_number: o.trackingNumber,
  status_reason: o.statusReason,
  previous_status: previous,
  updated_at: o.updatedAt.toISOString(),
});

export const orderCreated = (o: OrderRow): NewOutboxEvent => event(EVENT_TYPE.orderCreated, o.workspaceId, data(o, null));

export const orderUpdated = (o: OrderRow, previous: OrderStatusName): NewOutboxEvent => event(EVENT_TYPE.orderUpdated, o.workspaceId, data(o, previous));

/** The public event of the order's arrival in its current status, if that status has one. */
export function orderStatusEvent(o: OrderRow, previous: OrderStatusName): NewOutboxEvent | null {
  const type = ORDER_STATUS_EVENT[o.status];
  return type ? event(type, o.workspaceId, data(o, previous)) : null;
}
