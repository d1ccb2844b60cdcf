/**
 * The scheduler (src/loops/scheduler.loop.ts) with several replicas on one database: shoots whose scheduled end passed
 * complete once and proposals whose expires_at passed expire once, however many schedulers race for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@studio/logger';
import { startScheduler } from '../src/loops/scheduler.loop.js';
import { startTestStudio, type TestStudio } from './harness.js';
import { outboxRows } from './support/events.js';
import { startOperationsContext, type OperationsContext } from './support/operations.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silent = createLogger({ service: 'scheduler-test', level: 'silent' });

function countBy<T>(items: T[], key: (t: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const i of items) m.set(key(i), (m.get(key(i)) ?? 0) + 1);
  return m;
}

describe('scheduler replicas', () => {
  // Replica 1 carries the broker listener; its own timer is off so the explicit rounds below do all the work.
  let c: OperationsContext;
  let replica2: TestStudio;
  beforeAll(async () => {
    c = await startOperationsContext({ schedulerIntervalMs: 0 });
    replica2 = await startTestStudio({ schedulerIntervalMs: 0, database: c.t.database });
  });
  afterAll(async () => {
    await replica2?.stop();
    await c?.stop();
  });

  it('two schedulers racing over the same due rows emit shoot.completed and proposal.expired exactly once each', async () => {
    const ws = (await c.t.given.workspace()).id;
    const past = Date.now() - 60_000;
    const shoots = [];
    for (let i = 0; i < 24; i++) {
      shoots.push(await c.t.given.shoot(ws, { scheduledStart: new Date(past - 3_600_000), scheduledEnd: new Date(past + i) }));
    }
    // Drafts first, then the sends (which need expires_at in the future) all at once inside a short window, so a
    // slow, shared machine cannot push a send past the expiry it names.
    const drafts = [];
    for (let i = 0; i < 16; i++) drafts.push(await c.t.given.proposal(ws));
    const soon = new Date(Date.now() + 3_000);
    const proposals = await Promise.all(drafts.map((p) => c.t.studio.services.proposals.send(ws, p.id, soon)));
    await sleep(Math.max(0, soon.getTime() - Date.now() + 50));

    // Small batches, so the two replicas (each its own connection pool) interleave claims.
    const a = startScheduler({ services: c.t.studio.services, logger: silent, intervalMs: 0, batchSize: 2 });
    const b = startScheduler({ services: replica2.studio.services, logger: silent, intervalMs: 0, batchSize: 2 });
    const rounds = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(rounds.reduce((n, r) => n + r.shootsCompleted, 0)).toBe(24);
    expect(rounds.reduce((n, r) => n + r.proposalsExpired, 0)).toBe(16);

    const rows = await outboxRows(c.t.database.url, ws);
    const completed = countBy(
      rows.filter((r) => r.type === 'shoot.completed'),
      (r) => r.payload.shoot_id,
    );
    expect([...completed.keys()].sort()).toEqual(shoots.map((s) => s.id).sort());
    expect([...completed.values()].every((n) => n === 1)).toBe(true);
    const expired = countBy(
      rows.filter((r) => r.type === 'proposal.expired'),
      (r) => r.payload.proposal_id,
    );
    expect([...expired.keys()].sort()).toEqual(proposals.map((p) => p.id).sort());
    expect([...expired.values()].every((n) => n === 1)).toBe(true);

    // And on the broker: each once.
    await c.settle(ws);
    const got = c.listener.of(ws);
    expect(got.filter((r) => r.envelope.type === 'shoot.completed')).toHaveLength(24);
    expect(new Set(got.filter((r) => r.envelope.type === 'proposal.expired').map((r) => r.envelope.data.proposal_id)).size).toBe(16);
    expect(got.filter((r) => r.envelope.type === 'proposal.expired')).toHaveLength(16);
    const one = got.find((r) => r.envelope.type === 'proposal.expired')!.envelope.data;
    expect(one).toMatchObject({ status: 'expired', expires_at: soon.toISOString(), decided_at: soon.toISOString() });
    expect(got.find((r) => r.envelope.type === 'shoot.completed')!.envelope.data).toMatchObject({
      completed_by: 'schedule',
      state: 'completed',
    });
  });

  it('two running replicas with their own timers: every due row once', async () => {
    const ws = (await c.t.given.workspace()).id;
    const end = Date.now() + 1_000;
    for (let i = 0; i < 10; i++) await c.t.given.shoot(ws, { scheduledStart: new Date(end - 3_600_000), scheduledEnd: new Date(end) });
    const p = await c.t.given.proposal(ws);
    await c.t.studio.services.proposals.send(ws, p.id, new Date(end));
    const timers = [c.t.studio.services, replica2.studio.services].map((services) =>
      startScheduler({ services, logger: silent, intervalMs: 20, batchSize: 3 }),
    );
    await sleep(end - Date.now() + 800);
    await Promise.all(timers.map((s) => s.stop()));
    await c.settle(ws);
    const types = c.listener.of(ws).map((r) => r.envelope.type);
    expect(types.filter((t) => t === 'shoot.completed')).toHaveLength(10);
    expect(types.filter((t) => t === 'proposal.expired')).toHaveLength(1);
  });
});

describe('proposal expiry', () => {
  let c: OperationsContext;
  beforeAll(async () => {
    c = await startOperationsContext({ schedulerIntervalMs: 0 });
  });
  afterAll(async () => {
    await c?.stop();
  });

  it('a proposal past its expires_at cannot be viewed, accepted or declined; the next round expires it once', async () => {
    const ws = (await c.t.given.workspace()).id;
    const p = await c.t.given.proposal(ws);
    const expiresAt = new Date(Date.now() + 800);
    await c.t.studio.services.proposals.send(ws, p.id, expiresAt);
    const viewedDraft = await c.t.given.proposal(ws, { expiresAt: new Date('2020-01-01T00:00:00Z') }); // a draft never expires
    await sleep(expiresAt.getTime() - Date.now() + 50);
    for (const op of ['view', 'accept', 'decline'] as const) {
      await expect(c.t.studio.services.proposals[op](ws, p.id)).rejects.toMatchObject({
        kind: 'conflict',
        message: expect.stringMatching(/^proposal expired at /),
      });
    }
    await c.settle(ws);
    const mark = c.listener.of(ws).length;
    const scheduler = startScheduler({ services: c.t.studio.services, logger: silent, intervalMs: 0 });
    expect(await scheduler.runOnce()).toMatchObject({ shootsCompleted: 0, proposalsExpired: 1 });
    expect(await scheduler.runOnce()).toMatchObject({ shootsCompleted: 0, proposalsExpired: 0 });
    await scheduler.stop();
    await c.settle(ws);
    const events = c.listener.of(ws).slice(mark);
    expect(events.map((r) => r.envelope.type)).toEqual(['proposal.expired']);
    expect(events[0]!.envelope.data).toMatchObject({ proposal_id: p.id, status: 'expired', decided_at: expiresAt.toISOString() });
    await expect(c.t.studio.services.proposals.accept(ws, p.id)).rejects.toMatchObject({ kind: 'conflict' });
    await expect(c.t.studio.services.proposals.send(ws, viewedDraft.id)).rejects.toMatchObject({ kind: 'invalid_input' }); // its expiry passed
  });
});
