/**
 * Print-store orders. `create` (the storefront flow and the internal operation) opens a pending order and emits
 * order.created; `transition` moves it along ORDER_LIFECYCLE, emitting order.updated (internal, every change) plus
 * the public event of the new status (order.sent_to_print, .shipped, .delivered, .cancelled, .refunded,
 * .needs_intervention; pending -> paid emits payment.received). `record` imports an order in any status (demo seed,
 * tests) and emits only order.created. The public list shows paid ones. Operation inputs arrive parsed with the
 * schemas of order.schema.ts.
 */
import { AppError, isPrismaUniqueViolation } from '@studio/errors';
import { paymentReceived } from '../events/billing.events.js';
import { orderCreated, orderStatusEvent, orderUpdated } from '../events/order.events.js';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import type { NewOrder, OrderChanges, OrderStatusName } from '../store/order.store.js';
import { ORDER_LIFECYCLE } from './lifecycles.js';
import { numberedValues } from './fields.schema.js';
import type { CreateOrderInput, TransitionOrderInput } from './order.schema.js';
import type { PageQuery } from '../store/keyset.js';
import { CURSOR_KIND, type Page, type PageRequest } from './paging.js';
import { moveRecord, RecordService } from './record-service.js';
import { serializeOrder, type OrderJson } from '@studio/contracts/records';
import { requireClientOf, requireWorkspaceExists, writeWithEvents } from './unit-of-work.js';

export class OrderService extends RecordService {
  /** A new pending order: order.created. */
  async create(input: CreateOrderInput): Promise<OrderJson> {
    const { workspaceId } = input;
    const data: NewOrder = {
      ...numberedValues(input),
      status: 'pending',
      totalCents: input.totalCents,
      currency: input.currency,
      paidAt: null,
    };
    await requireWorkspaceExists(this.deps, workspaceId);
    return this.insert(data);
  }

  /** Imports an order in any status (demo seed, tests): order.created only. */
  async record(input: NewOrder): Promise<OrderJson> {
    return this.insert(input);
  }

  private async insert(data: NewOrder): Promise<OrderJson> {
    try {
      const order = await writeWithEvents(this.deps, async (tx) => {
        await requireClientOf(this.deps, data.clientId, data.workspaceId, tx);
        const created = await this.deps.stores.orders.create(data, tx);
        return { value: created, events: [orderCreated(created)] };
      });
      return serializeOrder(order);
    } catch (err) {
      if (isPrismaUniqueViolation(err)) throw new AppError('conflict', `an order numbered ${data.number} already exists in this workspace`);
      throw err;
    }
  }

  async transition({ workspaceId, orderId, to, trackingNumber, reason }: TransitionOrderInput): Promise<OrderJson> {
    const record = { store: this.deps.stores.orders, lifecycle: ORDER_LIFECYCLE, entity: 'order' };
    const order = await moveRecord(this.deps, record, workspaceId, orderId, {
      to,
      changes: (next, _current, now) => {
        const changes: OrderChanges = { ...next };
        if (to === 'paid') changes.paidAt = now;
        if (to === 'shipped') changes.trackingNumber = trackingNumber ?? null;
        changes.statusReason = reason ?? null;
        return changes;
      },
      events: (updated, current) => transitionEvents(updated, current.status),
    });
    return serializeOrder(order);
  }

  /** GET /orders: paid orders (paid_at set), newest first. */
  async listPaid(workspaceIds: string[], req: PageRequest): Promise<Page<OrderJson>> {
    const { orders } = this.deps.stores;
    return this.page(CURSOR_KIND.orders, req, (page: PageQuery) => orders.listPaidInWorkspaces(workspaceIds, page), serializeOrder);
  }
}

function transitionEvents(order: Parameters<typeof orderUpdated>[0], previous: OrderStatusName): NewOutboxEvent[] {
  const events = [orderUpdated(order, previous)];
  const statusEvent = orderStatusEvent(order, previous);
  if (statusEvent) events.push(statusEvent);
  if (order.status === 'paid') events.push(paymentReceived({ kind: 'order', row: order }));
  return events;
}
