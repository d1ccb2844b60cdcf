import { describe, expect, it } from 'vitest';
import { createLogger } from '@studio/logger';
import type { ClaimedDelivery } from '../../store/delivery.store.js';
import { failureBackoffMs } from './backoff.js';
import { ClaimLoop, claimSize, waitAfterEmptyClaim, type ClaimTarget } from './claim-loop.js';
import type { HeldDelivery } from './endpoint-queues.js';

describe('claimSize', () => {
  it('claims up to a batch of the free slots', () => {
    expect(claimSize(32, 0, 32)).toBe(32);
    expect(claimSize(32, 0, 8)).toBe(8);
    expect(claimSize(32, 28, 8)).toBe(4);
  });

  it('waits when nothing is free, or, with work in hand, until a quarter of a batch is free', () => {
    expect(claimSize(32, 32, 32)).toBe(0);
    expect(claimSize(32, 40, 32)).toBe(0);
    expect(claimSize(32, 25, 32)).toBe(0); // 7 free < 8
    expect(claimSize(32, 24, 32)).toBe(8);
    expect(claimSize(2, 1, 2)).toBe(1); // a quarter of a tiny batch is still one row
  });
});

describe('waitAfterEmptyClaim', () => {
  it('sleeps until the next due time, or the poll interval when sooner or nothing is scheduled', () => {
    expect(waitAfterEmptyClaim(1000, null, false)).toBe(1000);
    expect(waitAfterEmptyClaim(1000, 200, false)).toBe(201);
    expect(waitAfterEmptyClaim(1000, 5000, false)).toBe(1000);
  });

  it('retries soon for a due row it just missed, but polls when due rows belong to saturated endpoints', () => {
    expect(waitAfterEmptyClaim(1000, 0, false)).toBe(10);
    expect(waitAfterEmptyClaim(1000, -50, true)).toBe(1000);
  });
});

describe('failureBackoffMs', () => {
  it('doubles from 200 ms up to 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(failureBackoffMs)).toEqual([200, 400, 800, 1600, 3200, 5000, 5000]);
  });
});

describe('ClaimLoop', () => {
  it('claims with one token, hands rows to the target, hands back expired rows and stops on request', async () => {
    const claims: { limit: number; token: string; skip: readonly string[] }[] = [];
    const released: { ids: readonly string[]; token: string }[] = [];
    const accepted: { ids: string[]; token: string }[] = [];
    const expired: HeldDelivery[] = [{ row: { id: 'old' } as ClaimedDelivery, claimToken: 'earlier', claimedAt: 0 }];
    const target: ClaimTarget = {
      held: 0,
      saturatedEndpoints: () => ['busy'],
      takeExpired: () => expired.splice(0),
      accept: (rows, token) => accepted.push({ ids: rows.map((r) => r.id), token }),
    };
    const due = [{ id: 'd1' }, { id: 'd2' }] as ClaimedDelivery[];
    const loop = new ClaimLoop({
      store: {
        claimDue: async (limit, _leaseMs, token, skip = []) => {
          claims.push({ limit, token, skip });
          return due.splice(0, limit);
        },
        nextDueInMs: async () => null,
        release: async (ids, token) => {
          released.push({ ids, token });
        },
      },
      target,
      logger: createLogger({ service: 'spec', level: 'silent' }),
      concurrency: 8,
      batchSize: 4,
      pollMs: 5000,
      leaseMs: 60_000,
    });
    loop.start();
    await new Promise((r) => setTimeout(r, 20));
    await loop.stop();
    expect(released).toEqual([{ ids: ['old'], token: 'earlier' }]);
    expect(claims[0]).toMatchObject({ limit: 4, skip: ['busy'] });
    expect(accepted[0]).toEqual({ ids: ['d1', 'd2'], token: claims[0]!.token });
    expect(claims).toHaveLength(1); // a short claim, then asleep until the poll or a wake-up
    expect(due).toEqual([]);
    expect(expired).toEqual([]);
  });
});
