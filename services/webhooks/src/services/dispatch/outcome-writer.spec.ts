import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '@studio/logger';
import type { ClaimedDelivery, Completion } from '../../store/delivery.store.js';
import { completionFor, OutcomeWriter, resultLabel, type AttemptResult } from './outcome-writer.js';

const SCHEDULE = [1000, 5000];
const row = (cycleAttempts: number) => ({ id: 'd1', cycleAttempts }) as ClaimedDelivery;
const at = new Date('2026-01-01T00:00:00Z');
const sent = (httpStatus: number | null, detail: string | null = 'busy'): AttemptResult => ({
  outcome:
    httpStatus !== null && httpStatus < 300
      ? 'success'
      : httpStatus !== null && httpStatus < 500 && httpStatus !== 429
        ? 'terminal'
        : 'retryable',
  attempted: true,
  httpStatus,
  detail,
  durationMs: 12,
});

describe('completionFor', () => {
  it('succeeds without an error text', () => {
    expect(completionFor(row(0), 'tok', at, sent(204, 'ignored'), SCHEDULE)).toEqual({
      id: 'd1',
      claimToken: 'tok',
      attemptedAt: at,
      state: 'succeeded',
      retryInMs: null,
      attempted: true,
      httpStatus: 204,
      error: null,
      durationMs: 12,
    });
  });

  it('retries after the wait for this attempt, then dead-letters after the last one', () => {
    expect(completionFor(row(0), 'tok', at, sent(503), SCHEDULE)).toMatchObject({
      state: 'failed_retrying',
      retryInMs: 1000,
      error: 'busy',
    });
    expect(completionFor(row(1), 'tok', at, sent(null), SCHEDULE)).toMatchObject({ state: 'failed_retrying', retryInMs: 5000 });
    expect(completionFor(row(2), 'tok', at, sent(503), SCHEDULE)).toMatchObject({ state: 'dead_letter', retryInMs: null });
  });

  it('dead-letters a terminal answer at once, and an unsent delivery without recording an attempt', () => {
    expect(completionFor(row(0), 'tok', at, sent(410), SCHEDULE)).toMatchObject({ state: 'dead_letter', retryInMs: null, httpStatus: 410 });
    const unsent: AttemptResult = {
      outcome: 'terminal',
      attempted: false,
      httpStatus: null,
      detail: 'endpoint deactivated before delivery',
      durationMs: 0,
    };
    expect(completionFor(row(0), 'tok', at, unsent, SCHEDULE)).toMatchObject({
      state: 'dead_letter',
      attempted: false,
      error: 'endpoint deactivated before delivery',
    });
  });

  it('keeps error text PostgreSQL can store: no NUL, and an empty text is none', () => {
    expect(completionFor(row(0), 'tok', at, sent(500, 'a\u0000b'), SCHEDULE).error).toBe('a\uFFFDb');
    expect(completionFor(row(0), 'tok', at, sent(500, ''), SCHEDULE).error).toBeNull();
  });
});

describe('resultLabel', () => {
  it('names the metric label of each state', () => {
    expect(['succeeded', 'failed_retrying', 'dead_letter'].map((s) => resultLabel(s as Completion['state']))).toEqual([
      'succeeded',
      'retry',
      'dead_letter',
    ]);
  });
});

describe('OutcomeWriter', () => {
  const logger = createLogger({ service: 'spec', level: 'silent' });
  const outcome = (id: string, state: Completion['state'], attempted = true) => ({ id, state, attempted }) as Completion;

  it('writes outcomes that arrive during a write together in the next batch, and counts them', async () => {
    const batches: string[][] = [];
    let release: () => void = () => {};
    const writer = new OutcomeWriter({
      logger,
      store: {
        complete: async (items) => {
          batches.push(items.map((i) => i.id));
          if (batches.length === 1) await new Promise<void>((r) => (release = r));
        },
      },
    });
    const first = writer.write(outcome('a', 'succeeded'));
    const rest = [writer.write(outcome('b', 'failed_retrying')), writer.write(outcome('c', 'dead_letter', false))];
    release();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([['a'], ['b', 'c']]);
    expect(writer.stats()).toEqual({ attempts: 2, succeeded: 1, retried: 1, deadLettered: 1 });
  });

  it('retries a failed write, and gives up after a few tries only when shutting down', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const writer = new OutcomeWriter({
        logger,
        store: {
          complete: async () => {
            calls++;
            if (calls === 3) writer.beginShutdown();
            throw new Error('database down');
          },
        },
      });
      let written = false;
      const write = writer.write(outcome('a', 'succeeded')).then(() => (written = true));
      await vi.advanceTimersByTimeAsync(200 + 400); // two retries while running
      expect(calls).toBe(3);
      expect(written).toBe(false);
      await vi.runAllTimersAsync();
      await write;
      expect(calls).toBe(6); // given up after the sixth failure in a row, once shutting down
      await writer.flushed();
    } finally {
      vi.useRealTimers();
    }
  });
});
