import { describe, expect, it } from 'vitest';
import {
  LEASE_HORIZON_MS,
  LEASE_MIN_HITS,
  LEASE_TAIL,
  RATE_STALE_MS,
  decide,
  decideBatch,
  leaseSize,
  leasedWithinLimit,
  nextRate,
} from './rate-limit.service.js';

describe('rate limit decisions', () => {
  it('allows up to the limit, then refuses with remaining 0', () => {
    expect(decide(1, 3, 60)).toEqual({ kind: 'allowed', limit: 3, remaining: 2, resetSeconds: 60 });
    expect(decide(3, 3, 60)).toEqual({ kind: 'allowed', limit: 3, remaining: 0, resetSeconds: 60 });
    expect(decide(4, 3, 60)).toEqual({ kind: 'limited', limit: 3, remaining: 0, resetSeconds: 60 });
  });

  it('gives a batch of n the counts count-n+1 .. count in arrival order, as n INCRs in a row would', () => {
    // Five hits counted together brought the window to 7: they were hits 3..7 of a limit of 5.
    const decisions = decideBatch([7, 30_500], [5, 5, 5, 5, 5]);
    expect(decisions.map((d) => d.kind)).toEqual(['allowed', 'allowed', 'allowed', 'limited', 'limited']);
    expect(decisions.map((d) => (d.kind === 'unavailable' ? null : d.remaining))).toEqual([2, 1, 0, 0, 0]);
    // The reset rounds the milliseconds left up to whole seconds, at least 1.
    expect(decisions.every((d) => d.kind !== 'unavailable' && d.resetSeconds === 31)).toBe(true);
    expect(decideBatch([1, 0], [10])).toEqual([{ kind: 'allowed', limit: 10, remaining: 9, resetSeconds: 1 }]);
  });

  it('keeps each hit its own limit', () => {
    const [a, b] = decideBatch([2, 1000], [1, 600]);
    expect(a).toMatchObject({ kind: 'allowed', limit: 1, remaining: 0 });
    expect(b).toMatchObject({ kind: 'allowed', limit: 600, remaining: 598 });
  });

  it('answers unavailable for every hit of a reply that is not a pair of numbers', () => {
    for (const reply of [null, undefined, 'OK', [1], ['x', 5], [5, 'y'], {}])
      expect(decideBatch(reply, [5, 5])).toEqual([{ kind: 'unavailable' }, { kind: 'unavailable' }]);
  });

  it("leaves a command's leased units out of its hits' RateLimit-Remaining (they come after the hits)", () => {
    // Two hits and a lease of 10 brought the window to 32 of 600: the hits were 21 and 22.
    const decisions = decideBatch([32, 60_000], [600, 600], 10);
    expect(decisions).toEqual([
      { kind: 'allowed', limit: 600, remaining: 569, resetSeconds: 60 },
      { kind: 'allowed', limit: 600, remaining: 568, resetSeconds: 60 },
    ]);
    // A lease never turns a hit within the limit into a refusal: the hits are counted first.
    expect(decideBatch([14, 1000], [5], 9)[0]).toMatchObject({ kind: 'allowed', remaining: 0 });
  });
});

describe('lease sizes', () => {
  const fraction = 0.02;
  it('leases nothing for a slow key, a small limit or a budget near its end', () => {
    // A few requests a minute: the rate brings no whole unit in the horizon.
    expect(leaseSize(3 / 60_000, 1, 600, fraction, 600)).toBe(0);
    // 2 % of a limit of 99 is one unit: not worth a lease.
    expect(leaseSize(10, 1, 99, fraction, 99)).toBe(0);
    // Fewer than LEASE_TAIL leases' worth left (cap 12 of 600): counted exactly.
    expect(leaseSize(10, 1, 600, fraction, LEASE_TAIL * 12)).toBe(0);
    expect(leaseSize(10, 1, 600, fraction, LEASE_TAIL * 12 + 1)).toBe(11);
    expect(leaseSize(10, 1, 600, 0, 600)).toBe(0);
  });

  it('follows the rate, up to the fraction of the limit with the hits', () => {
    // 0.1 hit per ms: the next LEASE_HORIZON_MS bring 5.
    expect(leaseSize(0.1, 1, 10_000, fraction, 10_000)).toBe(Math.floor(0.1 * LEASE_HORIZON_MS));
    // 10 hits per ms would bring 500; the cap is 2 % of 10,000 = 200, three of them hits.
    expect(leaseSize(10, 3, 10_000, fraction, 10_000)).toBe(197);
    expect(leaseSize(10, 250, 10_000, fraction, 10_000)).toBe(0);
  });

  it('keeps of a lease only the units within the limit', () => {
    expect(leasedWithinLimit([30, 1000], 600, 10)).toBe(10);
    expect(leasedWithinLimit([605, 1000], 600, 10)).toBe(5);
    expect(leasedWithinLimit([700, 1000], 600, 10)).toBe(0);
    expect(leasedWithinLimit(null, 600, 10)).toBe(0);
  });

  it('measures a rate over enough hits, smooths it while busy, and forgets it once the key went quiet', () => {
    // Too few hits, too soon: not measured yet.
    expect(nextRate(0, LEASE_MIN_HITS - 1, 10)).toBeNull();
    expect(nextRate(0, 100, 0.5)).toBeNull();
    // Busy: 32 hits in 8 ms is 4 per ms; then 2 per ms smooths to 3.
    expect(nextRate(0, 32, 8)).toBe(4);
    expect(nextRate(4, 32, 16)).toBe(3);
    // A hot key that went quiet: 5 hits in 2 s replace a rate of 4 per ms at once (no lease at that rate).
    const cooled = nextRate(4, 5, 2 * RATE_STALE_MS)!;
    expect(cooled).toBe(5 / (2 * RATE_STALE_MS));
    expect(leaseSize(cooled, 1, 1000, 0.02, 1000)).toBe(0);
  });
});
