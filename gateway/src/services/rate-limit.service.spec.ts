import { describe, expect, it } from 'vitest';
import { decide, decideBatch } from './rate-limit.service.js';

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
});
