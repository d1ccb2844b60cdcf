import type { ConsumeMessage } from 'amqplib';
import { describe, expect, it } from 'vitest';
import { deliveryCountOf, OUTCOME_LOG_WORDS, pause, readAnswer, retryDelayOf, settle, setupBackoffMs, SETUP_BACKOFF } from './consumer.js';

const message = (headers: Record<string, unknown> | undefined, redelivered = false) =>
  ({ fields: { redelivered }, properties: { headers } }) as unknown as ConsumeMessage;

describe('setupBackoffMs', () => {
  it('doubles from the initial wait and stops at the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 60].map(setupBackoffMs)).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(setupBackoffMs(-1)).toBe(SETUP_BACKOFF.initialMs);
  });
});

describe('deliveryCountOf', () => {
  it('reads the quorum queue count, else 1 for a redelivery and 0 for a first delivery', () => {
    expect(deliveryCountOf(message({ 'x-delivery-count': 3 }, true))).toBe(3);
    expect(deliveryCountOf(message(undefined, true))).toBe(1);
    expect(deliveryCountOf(message(undefined))).toBe(0);
    expect(deliveryCountOf(message({ 'x-delivery-count': 'junk' }))).toBe(0);
  });
});

describe('readAnswer', () => {
  it('logs the default word of a bare outcome, or the word the handler gave', () => {
    expect(readAnswer('ack')).toEqual({ outcome: 'ack', logAs: 'acked' });
    expect(readAnswer('retry')).toEqual({ outcome: 'retry', logAs: 'requeued' });
    expect(readAnswer('dead_letter')).toEqual({ outcome: 'dead_letter', logAs: 'dead_lettered' });
    expect(readAnswer({ outcome: 'ack', logAs: 'fanned_out' })).toEqual({ outcome: 'ack', logAs: 'fanned_out' });
    expect(readAnswer({ outcome: 'retry' })).toEqual({ outcome: 'retry', logAs: OUTCOME_LOG_WORDS.retry });
  });
});

describe('retryDelayOf', () => {
  it('is none by default, a fixed wait, or a function of the delivery count', () => {
    expect(retryDelayOf({}, 3)).toBe(0);
    expect(retryDelayOf({ retryDelayMs: 1000 }, 3)).toBe(1000);
    expect(retryDelayOf({ retryDelayMs: (n) => 100 * 2 ** n }, 3)).toBe(800);
    expect(retryDelayOf({ retryDelayMs: -5 }, 0)).toBe(0);
  });
});

describe('settle', () => {
  it('acks, requeues a retry and rejects a dead letter without requeue', () => {
    const calls: unknown[][] = [];
    const channel = {
      ack: (...args: unknown[]) => void calls.push(['ack', ...args]),
      nack: (...args: unknown[]) => void calls.push(['nack', ...args]),
    };
    const msg = message(undefined);
    settle(channel as never, msg, 'ack');
    settle(channel as never, msg, 'retry');
    settle(channel as never, msg, 'dead_letter');
    expect(calls).toEqual([
      ['ack', msg],
      ['nack', msg, false, true],
      ['nack', msg, false, false],
    ]);
  });
});

describe('pause', () => {
  it('waits, and ends at once when aborted', async () => {
    let started = Date.now();
    await pause(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);

    const controller = new AbortController();
    started = Date.now();
    const waiting = pause(10_000, controller.signal);
    setTimeout(() => controller.abort(), 10);
    await waiting;
    expect(Date.now() - started).toBeLessThan(1000);

    started = Date.now();
    await pause(10_000, controller.signal); // already aborted
    expect(Date.now() - started).toBeLessThan(50);
  });
});
