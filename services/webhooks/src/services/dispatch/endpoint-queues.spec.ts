import { describe, expect, it } from 'vitest';
import type { ClaimedDelivery } from '../../store/delivery.store.js';
import { EndpointQueues, type HeldDelivery } from './endpoint-queues.js';

function row(id: string, endpointId: string): ClaimedDelivery {
  return {
    id,
    eventId: `evt-${id}`,
    eventType: 'gallery.published',
    workspaceId: 'w',
    endpointId,
    payload: '{}',
    attemptCount: 0,
    cycleAttempts: 0,
    url: 'https://example.test/hook',
    endpointActive: true,
    secretEnc: Buffer.alloc(0),
    previousSecretEnc: null,
    traceparent: null,
    requestId: null,
    test: false,
  };
}

/** Queues whose started deliveries are recorded; the clock is `clock.now`. */
function queues(endpointConcurrency = 2, latestStartMs = 1000) {
  const clock = { now: 0 };
  const started: HeldDelivery[] = [];
  const gauge: number[] = [];
  let expiredSignals = 0;
  const q = new EndpointQueues({
    endpointConcurrency,
    latestStartMs,
    start: (item) => started.push(item),
    onExpired: () => expiredSignals++,
    onSendingChanged: (sending) => gauge.push(sending),
    now: () => clock.now,
  });
  return { q, clock, started, gauge, expiredSignals: () => expiredSignals };
}

describe('EndpointQueues', () => {
  it('starts up to the endpoint concurrency per endpoint and the rest as slots free', () => {
    const { q, started, gauge } = queues(2);
    q.accept([row('a1', 'A'), row('a2', 'A'), row('a3', 'A'), row('b1', 'B')], 'claim', 0);
    expect(started.map((s) => s.row.id)).toEqual(['a1', 'a2', 'b1']);
    expect(q.held).toBe(4);
    expect(q.sending).toBe(3);
    q.sent('A');
    expect(started.map((s) => s.row.id)).toEqual(['a1', 'a2', 'b1', 'a3']);
    expect(q.sending).toBe(3);
    expect(q.held).toBe(4); // held until the outcome is written
    q.outcomeWritten();
    expect(q.held).toBe(3);
    expect(gauge).toEqual([1, 2, 3, 2, 3]);
  });

  it('reports an endpoint as saturated when its backlog reaches twice its concurrency', () => {
    const { q } = queues(1);
    q.accept([row('a1', 'A'), row('b1', 'B')], 'claim', 0);
    expect(q.saturatedEndpoints()).toEqual([]);
    q.accept([row('a2', 'A')], 'claim', 0);
    expect(q.saturatedEndpoints()).toEqual(['A']);
  });

  it('hands back a waiting row whose lease is too short to start it, and signals the claim loop', () => {
    const { q, clock, started, expiredSignals } = queues(1, 1000);
    q.accept([row('a1', 'A'), row('a2', 'A')], 'claim', 0);
    clock.now = 1001;
    q.sent('A');
    expect(started.map((s) => s.row.id)).toEqual(['a1']);
    expect(expiredSignals()).toBe(1);
    expect(q.held).toBe(1);
    expect(q.takeExpired().map((s) => s.row.id)).toEqual(['a2']);
    expect(q.takeExpired()).toEqual([]);
  });

  it('starts nothing more once stopping, and hands every waiting row back', async () => {
    const { q, started } = queues(1);
    q.accept([row('a1', 'A'), row('a2', 'A'), row('a3', 'A')], 'claim', 0);
    q.stopStarting();
    q.sent('A');
    expect(started).toHaveLength(1);
    expect(q.takeUnsent().map((s) => s.row.id)).toEqual(['a2', 'a3']);
    expect(q.held).toBe(1);
    expect(await q.waitUntilIdle(0)).toBe(true);
  });

  it('waits for requests in flight until the grace ends', async () => {
    const q = new EndpointQueues({ endpointConcurrency: 1, latestStartMs: 1000, start: () => {}, onExpired: () => {} });
    q.accept([row('b1', 'B')], 'claim', Date.now());
    expect(await q.waitUntilIdle(60)).toBe(false);
    setTimeout(() => q.sent('B'), 20);
    expect(await q.waitUntilIdle(1000)).toBe(true);
  });
});
