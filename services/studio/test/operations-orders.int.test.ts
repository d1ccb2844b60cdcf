/**
 * The print-order lifecycle over studio.v1.StudioOperations: order.created on creation; every transition emits
 * order.updated (internal, the new status) plus its public event (payment.received for paid); every transition the
 * table (src/services/lifecycles.ts) does not allow is refused with FAILED_PRECONDITION and emits nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@studio/grpc';
import { ORDER_LIFECYCLE } from '../src/services/lifecycles.js';
import type { OrderStatusName } from '../src/store/order.store.js';
import { nullify, rawCall, startOperationsContext, type OperationsContext } from './support/operations.js';

const { INVALID_ARGUMENT, NOT_FOUND, FAILED_PRECONDITION } = grpc.status;
const STATUSES = Object.keys(ORDER_LIFECYCLE) as OrderStatusName[];

describe('StudioOperations: print orders', () => {
  let c: OperationsContext;
  beforeAll(async () => {
    c = await startOperationsContext();
  });
  afterAll(async () => {
    await c?.stop();
  });

  const move = (ws: string, order: string, to: string, extra: Record<string, string> = {}, types: string[]) =>
    c.op(ws, 'TransitionOrder', { workspace_id: ws, order_id: order, to, ...extra }, ['order.updated', ...types]);

  it('walks pending -> paid -> sent_to_print -> needs_intervention -> sent_to_print -> shipped -> delivered -> refunded', async () => {
    const ws = await c.t.given.workspace();
    const client = await c.t.given.client(ws.id);
    const created = await c.op(
      ws.id,
      'CreateOrder',
      { workspace_id: ws.id, client_id: client.id, number: 'PO-7', total_cents: 12_900, currency: 'GBP' },
      ['order.created'],
    );
    const order = nullify(created.response);
    expect(order).toMatchObject({ status: 'pending', paid_at: null, number: 'PO-7' });
    expect(created.events['order.created']!.data).toEqual({
      order_id: order.id,
      ...order,
      tracking_number: null,
      status_reason: null,
      previous_status: null,
      updated_at: expect.any(String),
    });

    const paid = await move(ws.id, order.id, 'paid', {}, ['payment.received']);
    expect(paid.events['order.updated']!.data).toMatchObject({
      order_id: order.id,
      status: 'paid',
      previous_status: 'pending',
      paid_at: expect.any(String),
    });
    expect(paid.events['payment.received']!.data).toEqual({
      source: 'order',
      invoice_id: null,
      order_id: order.id,
      client_id: client.id,
      amount_cents: 12_900,
      currency: 'GBP',
      paid_at: paid.events['order.updated']!.data.paid_at,
    });

    const printing = await move(ws.id, order.id, 'sent_to_print', {}, ['order.sent_to_print']);
    expect(printing.events['order.sent_to_print']!.data).toEqual(printing.events['order.updated']!.data);
    const stuck = await move(ws.id, order.id, 'needs_intervention', { reason: 'Lab reports a damaged print' }, [
      'order.needs_intervention',
    ]);
    expect(stuck.events['order.needs_intervention']!.data).toMatchObject({
      status: 'needs_intervention',
      previous_status: 'sent_to_print',
      status_reason: 'Lab reports a damaged print',
    });
    const reprint = await move(ws.id, order.id, 'sent_to_print', {}, ['order.sent_to_print']);
    expect(reprint.events['order.sent_to_print']!.data).toMatchObject({ previous_status: 'needs_intervention', status_reason: null });
    const shipped = await move(ws.id, order.id, 'shipped', { tracking_number: '1Z999AA10123456784' }, ['order.shipped']);
    expect(shipped.events['order.shipped']!.data).toMatchObject({ status: 'shipped', tracking_number: '1Z999AA10123456784' });
    const delivered = await move(ws.id, order.id, 'delivered', {}, ['order.delivered']);
    expect(delivered.events['order.delivered']!.data).toMatchObject({
      status: 'delivered',
      previous_status: 'shipped',
      tracking_number: '1Z999AA10123456784',
    });
    const refunded = await move(ws.id, order.id, 'refunded', { reason: 'Frame arrived cracked' }, ['order.refunded']);
    expect(refunded.events['order.refunded']!.data).toMatchObject({ status: 'refunded', status_reason: 'Frame arrived cracked' });
    // Versions only grow, so a consumer keeping the newest version keeps the last one.
    const versions = [paid, printing, stuck, reprint, shipped, delivered, refunded].map(
      (r) => r.events['order.updated']!.data.updated_at as string,
    );
    expect([...versions].sort()).toEqual(versions);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('cancels from pending and from paid; refunds from shipped; needs intervention from shipped', async () => {
    const ws = await c.t.given.workspace();
    const a = await c.t.given.pendingOrder(ws.id);
    await move(ws.id, a.id, 'cancelled', { reason: 'Customer changed their mind' }, ['order.cancelled']);
    const b = await c.t.given.pendingOrder(ws.id);
    await move(ws.id, b.id, 'paid', {}, ['payment.received']);
    await move(ws.id, b.id, 'cancelled', {}, ['order.cancelled']);
    const d = await c.t.given.order(ws.id, { status: 'shipped' });
    await move(ws.id, d.id, 'needs_intervention', {}, ['order.needs_intervention']);
    await move(ws.id, d.id, 'refunded', {}, ['order.refunded']);
  });

  it('refuses every transition the table does not allow, and emits nothing for it', async () => {
    const ws = await c.t.given.workspace();
    const orders = new Map<OrderStatusName, string>();
    for (const from of STATUSES)
      orders.set(from, (await c.t.given.order(ws.id, { status: from, paidAt: from === 'pending' ? null : new Date() })).id);
    await c.settle(ws.id);
    const mark = c.listener.of(ws.id).length;
    let refusedCount = 0;
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        if (ORDER_LIFECYCLE[from].includes(to)) continue;
        const res = await rawCall(c.client, 'TransitionOrder', { workspace_id: ws.id, order_id: orders.get(from), to });
        expect(res.code).toBe(FAILED_PRECONDITION);
        expect(res.details).toMatch(new RegExp(`^order is ${from}: it cannot become ${to} \\(`));
        refusedCount++;
      }
    }
    expect(refusedCount).toBe(STATUSES.length * STATUSES.length - 14);
    await c.settle(ws.id);
    expect(c.listener.of(ws.id).slice(mark)).toEqual([]);
  });

  it('refuses malformed input and other tenants', async () => {
    const ws = await c.t.given.workspace();
    const other = await c.t.given.workspace();
    const order = await c.t.given.pendingOrder(ws.id);
    await c.refused(ws.id, 'TransitionOrder', { workspace_id: ws.id, order_id: order.id, to: 'teleported' }, INVALID_ARGUMENT);
    await c.refused(
      ws.id,
      'TransitionOrder',
      { workspace_id: ws.id, order_id: order.id, to: 'paid', tracking_number: 'X1' },
      INVALID_ARGUMENT,
    );
    await c.refused(ws.id, 'TransitionOrder', { workspace_id: ws.id, order_id: order.id, to: 'paid', reason: 'why not' }, INVALID_ARGUMENT);
    await c.refused(other.id, 'TransitionOrder', { workspace_id: other.id, order_id: order.id, to: 'paid' }, NOT_FOUND);
    await c.refused(
      ws.id,
      'CreateOrder',
      { workspace_id: ws.id, number: order.number, total_cents: 1, currency: 'EUR' },
      FAILED_PRECONDITION,
    );
    await c.refused(ws.id, 'CreateOrder', { workspace_id: ws.id, number: 'PO-X', total_cents: -1, currency: 'EUR' }, INVALID_ARGUMENT);
    await c.refused(ws.id, 'CreateOrder', { workspace_id: ws.id, number: '', total_cents: 1, currency: 'EUR' }, INVALID_ARGUMENT);
  });

  it('concurrent payments of one order: exactly one wins and one payment.received is emitted', async () => {
    const ws = await c.t.given.workspace();
    const order = await c.t.given.pendingOrder(ws.id);
    await c.settle(ws.id);
    const mark = c.listener.of(ws.id).length;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        c.t.studio.services.orders.transition({ workspaceId: ws.id, orderId: order.id, to: 'paid' }).then(
          (transitioned) => transitioned.status as string,
          (err: { kind: string }) => err.kind,
        ),
      ),
    );
    expect(results.sort()).toEqual(['conflict', 'conflict', 'conflict', 'conflict', 'conflict', 'paid']);
    await c.settle(ws.id);
    expect(
      c.listener
        .of(ws.id)
        .slice(mark)
        .map((r) => r.envelope.type)
        .sort(),
    ).toEqual(['order.updated', 'payment.received']);
  });
});
