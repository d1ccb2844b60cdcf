import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT, startTestStudio, type TestStudio } from './harness.js';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY);

describe('GET /mobile/dashboard', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('shows upcoming planned shoots soonest first, open tasks soonest due first, recent paid orders and counts', async () => {
    const ws = await t.given.workspace();
    const viewer = await t.given.caller(await t.given.member(ws.id, 'viewer'));
    const shoots = [];
    for (const days of [9, 2, 30, 5, 1, 20])
      shoots.push(await t.given.shoot(ws.id, { title: `In ${days} days`, scheduledStart: inDays(days), shotList: ['a', 'b'] }));
    await t.given.shoot(ws.id, { title: 'Past', scheduledStart: inDays(-3) });
    await t.given.shoot(ws.id, { title: 'Unscheduled' });
    const tasks = [];
    for (const days of [3, 1, 7]) tasks.push(await t.given.task(ws.id, { dueAt: inDays(days) }));
    const undated = await t.given.task(ws.id);
    await t.given.task(ws.id, { done: true, dueAt: inDays(0.5) });
    await t.given.client(ws.id);
    await t.given.client(ws.id);
    const oldOrder = await t.given.order(ws.id, { paidAt: inDays(-45) });
    const recent = await t.given.order(ws.id, { paidAt: inDays(-1) });
    const newest = await t.given.order(ws.id, { paidAt: inDays(-0.1) });
    await t.given.order(ws.id, { status: 'pending', paidAt: null });
    // Another workspace of someone else stays out.
    const other = await t.given.workspace();
    await t.given.shoot(other.id, { scheduledStart: inDays(1) });
    await t.given.task(other.id, { dueAt: inDays(1) });

    const res = await t.api('GET', '/mobile/dashboard', { as: viewer, query: { workspace_id: ws.id } });
    expect(res.status).toBe(200);
    const d = res.body.dashboard;
    expect(res.body.ok).toBe(true);
    expect(d.upcoming_shoots.map((s: { title: string }) => s.title)).toEqual([
      'In 1 days',
      'In 2 days',
      'In 5 days',
      'In 9 days',
      'In 20 days',
    ]);
    expect(d.upcoming_shoots[0].shot_list).toEqual({ total: 2, done: 0 });
    expect(d.upcoming_shoots[0]).not.toHaveProperty('shot_list_items');
    expect(d.open_tasks.map((x: { id: string }) => x.id)).toEqual([tasks[1]!.id, tasks[0]!.id, tasks[2]!.id, undated.id]);
    expect(d.recent_orders.map((order: { id: string }) => order.id)).toEqual([newest.id, recent.id, oldOrder.id]);
    expect(d.counts).toEqual({ upcoming_shoots: 6, open_tasks: 4, clients: 2, paid_orders_30d: 2 });
    expect(Math.abs(Date.parse(d.generated_at) - Date.now())).toBeLessThan(60_000);
    expect(shoots).toHaveLength(6);
  });

  it('covers every reachable workspace when workspace_id is omitted; 404 for one not reached; 400 for a bad id', async () => {
    const a = await t.given.workspace();
    const b = await t.given.workspace({ ownerId: a.ownerId });
    const owner = await t.given.caller(a.ownerId);
    await t.given.client(a.id);
    await t.given.client(b.id);
    const all = await t.api('GET', '/mobile/dashboard', { as: owner });
    expect(all.body.dashboard.counts.clients).toBe(2);
    const scoped = await t.given.caller(a.ownerId, { workspaceId: b.id });
    const scopedAll = await t.api('GET', '/mobile/dashboard', { as: scoped });
    expect(scopedAll.body.dashboard.counts.clients).toBe(1);
    const outside = await t.api('GET', '/mobile/dashboard', { as: scoped, query: { workspace_id: a.id } });
    expect(outside.status).toBe(404);
    expect(outside.text).toBe(NOT_FOUND_TEXT);
    expect((await t.api('GET', '/mobile/dashboard', { as: owner, query: { workspace_id: '1234' } })).status).toBe(400);
  });

  it('is empty, not an error, for a caller without workspaces', async () => {
    const loner = await t.given.caller((await t.given.profile()).id);
    const res = await t.api('GET', '/mobile/dashboard', { as: loner });
    expect(res.status).toBe(200);
    expect(res.body.dashboard).toMatchObject({
      upcoming_shoots: [],
      open_tasks: [],
      recent_orders: [],
      counts: { upcoming_shoots: 0, open_tasks: 0, clients: 0, paid_orders_30d: 0 },
    });
  });
});
