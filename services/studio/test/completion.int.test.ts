/**
 * shoot.completed: emitted ONCE when every shot-list item is ticked or the scheduled end passes (the in-process
 * scheduler), whichever comes first; unticking afterwards does not un-complete. Real HTTP, PostgreSQL, RabbitMQ.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOperationsContext, type OperationsContext } from './support/operations.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('shoot completion', () => {
  let c: OperationsContext;
  beforeAll(async () => {
    c = await startOperationsContext({ schedulerIntervalMs: 100 });
  });
  afterAll(async () => {
    await c?.stop();
  });

  const typesSince = (ws: string, mark: number) =>
    c.listener
      .of(ws)
      .slice(mark)
      .map((r) => r.envelope.type)
      .sort();

  it('completes once when the last item is ticked; unticking and ticking again do not emit it again', async () => {
    const ten = await c.t.given.tenant(['owner']);
    const ws = ten.workspaceId;
    const shoot = await c.t.given.shoot(ws, {
      shotList: ['Rings', 'First dance'],
      scheduledStart: new Date('2027-09-01T10:00:00Z'),
      scheduledEnd: new Date('2027-09-01T20:00:00Z'),
    });
    const [a, b] = shoot.shot_list_items;
    const tick = (item: string, done: boolean) =>
      c.t.api('PATCH', `/shoots/${shoot.id}/shot-list`, { as: ten.callers.owner, body: { item_id: item, done } });

    await c.settle(ws);
    let mark = c.listener.of(ws).length;
    expect((await tick(a!.id, true)).body.shoot.state).toBe('planned');
    await c.settle(ws);
    expect(typesSince(ws, mark)).toEqual(['shoot.updated']);

    mark = c.listener.of(ws).length;
    const last = await tick(b!.id, true);
    expect(last.body.shoot).toMatchObject({ state: 'completed', completed_at: expect.any(String), shot_list: { total: 2, done: 2 } });
    await c.settle(ws);
    expect(typesSince(ws, mark)).toEqual(['shoot.completed', 'shoot.updated']);
    const completed = c.listener.of(ws).find((r) => r.envelope.type === 'shoot.completed')!.envelope;
    const { shot_list_items: _items, ...listShape } = last.body.shoot;
    expect(completed.data).toEqual({ shoot_id: shoot.id, ...listShape, completed_by: 'shot_list' });

    mark = c.listener.of(ws).length;
    const untick = await tick(a!.id, false);
    expect(untick.body.shoot).toMatchObject({
      state: 'completed',
      completed_at: last.body.shoot.completed_at,
      shot_list: { total: 2, done: 1 },
    });
    await tick(a!.id, true);
    await tick(a!.id, true); // already ticked: nothing changes, nothing is emitted
    await c.settle(ws);
    expect(typesSince(ws, mark)).toEqual(['shoot.updated', 'shoot.updated']);
    expect(c.listener.of(ws).filter((r) => r.envelope.type === 'shoot.completed')).toHaveLength(1);
  });

  it('two concurrent ticks of the last two items complete the shoot exactly once', async () => {
    for (let round = 0; round < 5; round++) {
      const ws = (await c.t.given.workspace()).id;
      const shoot = await c.t.given.shoot(ws, { shotList: ['A', 'B', 'C'] });
      const items = shoot.shot_list_items.map((i) => i.id);
      await Promise.all(items.map((id) => c.t.studio.services.shotLists.setItem(shoot.id, ws, id, true)));
      await c.settle(ws);
      const completions = c.listener.of(ws).filter((r) => r.envelope.type === 'shoot.completed');
      expect(completions).toHaveLength(1);
      expect(completions[0]!.envelope.data).toMatchObject({
        state: 'completed',
        completed_by: 'shot_list',
        shot_list: { total: 3, done: 3 },
      });
    }
  });

  it('completes once when the scheduled end passes (the scheduler), with completed_at = scheduled_end', async () => {
    const ten = await c.t.given.tenant(['owner']);
    const ws = ten.workspaceId;
    const end = new Date(Date.now() + 1_500);
    const shoot = await c.t.given.shoot(ws, {
      shotList: ['Only shot'],
      scheduledStart: new Date(end.getTime() - 3_600_000),
      scheduledEnd: end,
    });
    await c.settle(ws);
    expect(c.listener.of(ws).filter((r) => r.envelope.type === 'shoot.completed')).toEqual([]);

    const got = await c.listener.waitFor((r) => r.envelope.type === 'shoot.completed' && r.envelope.workspace_id === ws, 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(end.getTime());
    expect(got.envelope.data).toMatchObject({
      shoot_id: shoot.id,
      state: 'completed',
      completed_at: end.toISOString(),
      completed_by: 'schedule',
      shot_list: { total: 1, done: 0 },
    });
    const updated = await c.listener.waitFor((r) => r.envelope.type === 'shoot.updated' && r.envelope.workspace_id === ws);
    expect(updated.envelope.data).toMatchObject({ state: 'completed', updated_at: got.envelope.data.updated_at });

    // Several more rounds, then ticking the whole list: never a second completion.
    await sleep(500);
    const read = await c.t.api('GET', `/shoots/${shoot.id}`, { as: ten.callers.owner });
    await c.t.api('PATCH', `/shoots/${shoot.id}/shot-list`, {
      as: ten.callers.owner,
      body: { item_id: read.body.shoot.shot_list_items[0].id, done: true },
    });
    await c.settle(ws);
    expect(c.listener.of(ws).filter((r) => r.envelope.type === 'shoot.completed')).toHaveLength(1);
    expect(read.body.shoot).toMatchObject({ state: 'completed', completed_at: end.toISOString() });
  });

  it('leaves planned shoots without a passed end, and completed ones, alone', async () => {
    const ws = (await c.t.given.workspace()).id;
    await c.t.given.shoot(ws, { scheduledStart: new Date(Date.now() - 7_200_000) }); // no end: never by schedule
    await c.t.given.shoot(ws, { scheduledStart: new Date(Date.now() + 3_600_000), scheduledEnd: new Date(Date.now() + 7_200_000) });
    await sleep(400);
    await c.settle(ws);
    expect(c.listener.of(ws).map((r) => r.envelope.type)).toEqual(['shoot.created', 'shoot.created']);
  });
});
