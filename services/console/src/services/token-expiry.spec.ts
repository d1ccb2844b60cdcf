import { describe, expect, it } from 'vitest';
import { customDayRange, tokenExpiry } from './token-expiry.js';

describe('tokenExpiry', () => {
  const now = new Date('2026-11-28T12:00:00Z');

  it('7, 30 and 90 days from now; none is null', () => {
    expect(tokenExpiry('7', '', now)).toEqual({ ok: true, expiresAt: new Date('2026-12-05T12:00:00Z') });
    expect(tokenExpiry('90', 'ignored', now)).toEqual({ ok: true, expiresAt: new Date('2027-02-26T12:00:00Z') });
    expect(tokenExpiry('none', '', now)).toEqual({ ok: true, expiresAt: null });
  });

  it('a custom day ends at its last second (UTC), today to a year ahead', () => {
    expect(tokenExpiry('custom', '2026-11-28', now)).toEqual({ ok: true, expiresAt: new Date('2026-11-28T23:59:59Z') });
    const { min, max } = customDayRange(now);
    expect([min, max]).toEqual(['2026-11-28', '2027-11-27']);
    expect(tokenExpiry('custom', max, now).ok).toBe(true);
    expect(tokenExpiry('custom', '2027-11-29', now)).toEqual({ ok: false, message: 'Choose a date at most a year from today.' });
    expect(tokenExpiry('custom', '2026-11-27', now)).toEqual({ ok: false, message: 'Choose a date in the future.' });
    for (const bad of ['', 'tomorrow', '2026-02-30', '2026-13-01', '28/11/2026'])
      expect(tokenExpiry('custom', bad, now), bad).toEqual({ ok: false, message: 'Enter a date like 2027-01-31.' });
  });
});
