import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT, startTestStudio, type TestStudio } from './harness.js';
import type { Caller } from './given.js';

/** Follows next_cursor until the end; returns every id in order. */
async function pageAll(t: TestStudio, path: string, as: Caller, query: Record<string, string | number>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 50; guard++) {
    const res = await t.api('GET', path, { as, query: { ...query, cursor } });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    ids.push(...res.body.items.map((i: { id: string }) => i.id));
    cursor = res.body.next_cursor ?? undefined;
    if (!cursor) return ids;
  }
  throw new Error('too many pages');
}

describe('orders, invoices and tasks', () => {
  let t: TestStudio;
  let ownerId: string;
  let wsA: string;
  let wsB: string;
  let owner: Caller;
  let viewerA: Caller;
  beforeAll(async () => {
    t = await startTestStudio();
    const a = await t.given.workspace();
    ownerId = a.ownerId;
    wsA = a.id;
    wsB = (await t.given.workspace({ ownerId })).id;
    owner = await t.given.caller(ownerId);
    viewerA = await t.given.caller(await t.given.member(wsA, 'viewer'));
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('GET /orders lists only paid orders, newest first, with the decided shape', async () => {
    const client = await t.given.client(wsA);
    const paid1 = await t.given.order(wsA, { clientId: client.id, totalCents: 12_900, currency: 'GBP', status: 'shipped' });
    await t.given.order(wsA, { status: 'pending', paidAt: null });
    const paid2 = await t.given.order(wsA);
    await t.given.order(wsB);
    const res = await t.api('GET', '/orders', { as: viewerA, query: { workspace_id: wsA } });
    expect(res.status).toBe(200);
    expect(res.body.items.map((order: { id: string }) => order.id)).toEqual([paid2.id, paid1.id]);
    expect(res.body.items[1]).toEqual({
      id: paid1.id,
      workspace_id: wsA,
      client_id: client.id,
      number: paid1.number,
      status: 'shipped',
      total_cents: 12_900,
      currency: 'GBP',
      paid_at: expect.stringMatching(/Z$/),
      created_at: expect.stringMatching(/Z$/),
    });
    expect(res.body.next_cursor).toBeNull();
    expect((await t.api('GET', '/orders', { as: owner, query: {} })).status).toBe(400);
    const notMember = await t.api('GET', '/orders', { as: viewerA, query: { workspace_id: wsB } });
    expect(notMember.status).toBe(404);
    expect(notMember.text).toBe(NOT_FOUND_TEXT);
  });

  it('pages orders, invoices and tasks without gaps or repeats, and refuses cursors of other lists', async () => {
    const ws = await t.given.workspace();
    const me = await t.given.caller(ws.ownerId);
    const orders: string[] = [];
    const invoices: string[] = [];
    const tasks: string[] = [];
    for (let i = 0; i < 5; i++) {
      orders.push((await t.given.order(ws.id)).id);
      invoices.push((await t.given.invoice(ws.id)).id);
      tasks.push((await t.given.task(ws.id)).id);
    }
    expect(await pageAll(t, '/orders', me, { workspace_id: ws.id, limit: 2 })).toEqual([...orders].reverse());
    expect(await pageAll(t, '/invoices', me, { workspace_id: ws.id, limit: 2 })).toEqual([...invoices].reverse());
    expect(await pageAll(t, '/tasks', me, { workspace_id: ws.id, limit: 3 })).toEqual([...tasks].reverse());
    const cursors: Record<string, string> = {};
    for (const path of ['/orders', '/invoices', '/tasks']) {
      cursors[path] = (await t.api('GET', path, { as: me, query: { workspace_id: ws.id, limit: 1 } })).body.next_cursor;
    }
    for (const [path, foreign] of [
      ['/orders', cursors['/invoices']],
      ['/invoices', cursors['/tasks']],
      ['/tasks', cursors['/orders']],
    ] as const) {
      const res = await t.api('GET', path, { as: me, query: { workspace_id: ws.id, cursor: foreign } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_input');
    }
  });

  it('GET /invoices and /tasks take an optional workspace_id (omitted = every reachable workspace)', async () => {
    const invA = await t.given.invoice(wsA, {
      status: 'paid',
      paidAt: new Date('2026-01-02T00:00:00Z'),
      dueAt: new Date('2026-01-01T00:00:00Z'),
    });
    const invB = await t.given.invoice(wsB);
    const shoot = await t.given.shoot(wsB);
    const taskA = await t.given.task(wsA, { dueAt: new Date('2030-01-01T00:00:00Z') });
    const taskB = await t.given.task(wsB, { shootId: shoot.id, done: true });

    const allInvoices = await pageAll(t, '/invoices', owner, {});
    expect(allInvoices).toEqual(expect.arrayContaining([invA.id, invB.id]));
    const onlyA = await t.api('GET', '/invoices', { as: owner, query: { workspace_id: wsA } });
    expect(onlyA.body.items.map((i: { id: string }) => i.id)).toContain(invA.id);
    expect(onlyA.body.items.map((i: { id: string }) => i.id)).not.toContain(invB.id);
    expect(onlyA.body.items.find((i: { id: string }) => i.id === invA.id)).toEqual({
      id: invA.id,
      workspace_id: wsA,
      client_id: null,
      number: invA.number,
      status: 'paid',
      amount_cents: 5000,
      currency: 'EUR',
      due_at: '2026-01-01T00:00:00.000Z',
      paid_at: '2026-01-02T00:00:00.000Z',
      created_at: expect.any(String),
    });

    const viewerTasks = await pageAll(t, '/tasks', viewerA, {});
    expect(viewerTasks).toContain(taskA.id);
    expect(viewerTasks).not.toContain(taskB.id);
    const tasksB = await t.api('GET', '/tasks', { as: owner, query: { workspace_id: wsB } });
    expect(tasksB.body.items[0]).toEqual({
      id: taskB.id,
      workspace_id: wsB,
      title: taskB.title,
      status: 'done',
      due_at: null,
      shoot_id: shoot.id,
      created_at: expect.any(String),
      completed_at: expect.any(String),
    });

    for (const path of ['/invoices', '/tasks']) {
      const res = await t.api('GET', path, { as: viewerA, query: { workspace_id: wsB } });
      expect(res.status).toBe(404);
      expect(res.text).toBe(NOT_FOUND_TEXT);
      expect((await t.api('GET', path, { as: viewerA, query: { limit: '101' } })).status).toBe(400);
      expect((await t.api('GET', path, { as: viewerA, query: { workspace_id: 'zzz' } })).status).toBe(400);
    }
  });

  it('a caller with no reachable workspace gets empty lists', async () => {
    const loner = await t.given.profile();
    const caller = await t.given.caller(loner.id);
    for (const path of ['/invoices', '/tasks']) {
      const res = await t.api('GET', path, { as: caller });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, items: [], next_cursor: null });
    }
  });
});
