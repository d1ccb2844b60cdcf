/** The shared zod building blocks: date-times are refused outside the instants a store keeps (years 2 to 9999). */
import { describe, expect, it } from 'vitest';
import { int32, int53, intBetween, INT32_MAX, INT32_MIN, isoDateTime, limit, listText, SAFE_INT_MAX } from './schemas.js';

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

describe('bounded integers', () => {
  const refused = (schema: { safeParse: (v: unknown) => { success: boolean } }, values: unknown[]) =>
    values.filter((v) => schema.safeParse(v).success);

  it('int32 takes the whole 32-bit signed range of a Prisma Int column, nothing beyond', () => {
    expect(int32().parse(INT32_MAX)).toBe(2_147_483_647);
    expect(int32().parse(INT32_MIN)).toBe(-2_147_483_648);
    expect(int32().parse(0)).toBe(0);
    expect(refused(int32(), [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e308, 1.5, Number.NaN, Infinity, '1', null, [], {}, true])).toEqual([]);
  });

  it('int32 with a range refuses outside it with one message naming the range', () => {
    const position = int32(0, 10_000);
    expect(position.parse(10_000)).toBe(10_000);
    const result = position.safeParse(-1);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be an integer from 0 to 10000');
    expect(position.safeParse(0.5).error?.issues[0]?.message).toBe('must be an integer from 0 to 10000');
    expect(int32(1, 5, 'must be a rating from 1 to 5').safeParse(6).error?.issues[0]?.message).toBe('must be a rating from 1 to 5');
  });

  it('int32 cannot be declared wider than the column', () => {
    expect(() => int32(0, INT32_MAX + 1)).toThrow(/outside a 32-bit integer column/);
    expect(() => int32(INT32_MIN - 1)).toThrow(/outside a 32-bit integer column/);
    expect(() => intBetween(5, 1)).toThrow(/bad integer range/);
  });

  it('int53 (a BigInt column) stops where JSON numbers stop being exact', () => {
    expect(int53().parse(SAFE_INT_MAX)).toBe(SAFE_INT_MAX);
    expect(int53(1).parse(2 ** 31)).toBe(2 ** 31);
    expect(refused(int53(), [2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, 0.1])).toEqual([]);
    expect(refused(int53(1), [0, -0, -1])).toEqual([]);
  });

  it('limit refuses huge, negative, fractional and non-numeric text', () => {
    for (const bad of ['2147483648', '-1', '0', '1.5', '1e3', 'NaN', '', ' 5', '101'])
      expect(limit(100, 50).safeParse(bad).success, bad).toBe(false);
    expect(limit(100, 50).parse('100')).toBe(100);
  });
});

describe('listText', () => {
  const items = [{ id: 'a', name: 'Quote " \\ \n \u0001 📷 \u2028', n: 1, ok: false, none: null }, { id: 'b' }];

  it('is the bytes JSON.stringify writes for the list answer, when each item is its JSON.stringify', () => {
    for (const next_cursor of ['abc.def', null]) {
      expect(
        listText(
          items.map((i) => JSON.stringify(i)),
          next_cursor,
        ).text,
      ).toBe(JSON.stringify({ ok: true, items, next_cursor }));
    }
  });

  it('writes an empty page', () => {
    expect(listText([], null).text).toBe('{"ok":true,"items":[],"next_cursor":null}');
  });
});
