/** The shared zod building blocks: date-times are refused outside the instants a store keeps (years 2 to 9999). */
import { describe, expect, it } from 'vitest';
import { isoDateTime } from './schemas.js';

describe('isoDateTime', () => {
  it('turns an ISO 8601 date-time with a zone into a Date', () => {
    expect(isoDateTime().parse('2027-03-01T10:00:00+01:00')).toEqual(new Date('2027-03-01T09:00:00Z'));
    expect(isoDateTime().parse('0002-01-01T00:00:00Z')).toEqual(new Date('0002-01-01T00:00:00Z'));
    expect(isoDateTime().parse('9999-12-31T23:59:59.999Z')).toEqual(new Date('9999-12-31T23:59:59.999Z'));
  });

  it('refuses instants in year 1 or before and after year 9999 (UTC)', () => {
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '0001-12-31T23:59:59Z',
      '0002-01-01T00:00:00+01:00',
      '9999-12-31T23:00:00-02:00',
    ]) {
      const result = isoDateTime().safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message, bad).toBe('must lie between the years 2 and 9999 (UTC)');
    }
  });
});
