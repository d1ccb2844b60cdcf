/** The vocabulary of operation inputs: each kind of member's normalisation and refusals, and operationInput. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  camelCaseKeys,
  cents,
  changesSomething,
  currency,
  email,
  endAfterStart,
  oneOf,
  operationInput,
  optionalEmail,
  optionalText,
  text,
  timestamp,
} from './fields.schema.js';

const ok = <S extends z.ZodType>(schema: S, value: unknown) => schema.parse(value);
const refused = (schema: z.ZodType, value: unknown) => !schema.safeParse(value).success;

describe('member kinds', () => {
  it('text: trimmed, bounded, no NUL', () => {
    expect(ok(text(1, 5), '  abc ')).toBe('abc');
    for (const bad of ['', '   ', 'abcdef', 'a\u0000b', 5, null, undefined]) expect(refused(text(1, 5), bad), String(bad)).toBe(true);
  });

  it('optionalText: null or blank mean null, absent stays absent', () => {
    const schema = z.object({ notes: optionalText(3) });
    expect(ok(schema, {})).toEqual({});
    expect(ok(schema, { notes: null })).toEqual({ notes: null });
    expect(ok(schema, { notes: '  ' })).toEqual({ notes: null });
    expect(ok(schema, { notes: ' ab ' })).toEqual({ notes: 'ab' });
    expect(refused(schema, { notes: 'abcd' })).toBe(true);
    expect(refused(schema, { notes: '\u0000' })).toBe(true);
  });

  it('email: trimmed and lower-cased; required', () => {
    expect(ok(email(), ' Jane.Smith@Example.COM ')).toBe('jane.smith@example.com');
    for (const bad of ['', 'not-an-email', `${'a'.repeat(250)}@x.io`, null, undefined])
      expect(refused(email(), bad), String(bad)).toBe(true);
  });

  it('optionalEmail: trimmed and lower-cased; "" is not an address', () => {
    expect(ok(optionalEmail(), ' Jane.Smith@Example.COM ')).toBe('jane.smith@example.com');
    expect(ok(optionalEmail(), null)).toBeNull();
    expect(ok(optionalEmail(), undefined)).toBeUndefined();
    for (const bad of ['', 'not-an-email', `${'a'.repeat(250)}@x.io`]) expect(refused(optionalEmail(), bad), bad).toBe(true);
  });

  it('timestamp: ISO 8601 with a zone that is a real instant, as a Date', () => {
    expect(ok(timestamp(), '2027-03-01T10:00:00+01:00')).toEqual(new Date('2027-03-01T09:00:00Z'));
    expect(ok(timestamp(), '2028-02-29T10:00:00.123Z')).toEqual(new Date('2028-02-29T10:00:00.123Z'));
    for (const bad of ['2027-03-01T10:00:00', '2027-02-30T10:00:00Z', '2027-02-29T10:00:00Z', 'next tuesday', '']) {
      expect(refused(timestamp(), bad), bad).toBe(true);
    }
  });

  it('cents: a whole number from 0 to 2^31 - 1', () => {
    expect(ok(cents(), 0)).toBe(0);
    expect(ok(cents(), 2_147_483_647)).toBe(2_147_483_647);
    for (const bad of [-1, 12.5, 2_147_483_648, '100', Number.NaN]) expect(refused(cents(), bad), String(bad)).toBe(true);
  });

  it('currency: three upper-case letters (trimmed)', () => {
    expect(ok(currency(), ' EUR ')).toBe('EUR');
    for (const bad of ['eur', 'EURO', 'E1R', '']) expect(refused(currency(), bad), bad).toBe(true);
  });
});

describe('checks of a whole input', () => {
  it('endAfterStart reports on scheduled_end when both ends are given and out of order', () => {
    const schema = z
      .object({ scheduled_start: timestamp().nullish(), scheduled_end: timestamp().nullish() })
      .refine(endAfterStart.check, endAfterStart.params);
    expect(refused(schema, { scheduled_start: '2027-01-02T00:00:00Z', scheduled_end: '2027-01-02T00:00:00Z' })).toBe(true);
    expect(
      schema.safeParse({ scheduled_start: '2027-01-02T00:00:00Z', scheduled_end: '2027-01-01T00:00:00Z' }).error?.issues[0],
    ).toMatchObject({
      path: ['scheduled_end'],
      message: 'must be after scheduled_start',
    });
    expect(refused(schema, { scheduled_end: '2027-01-01T00:00:00Z' })).toBe(false);
  });

  it('oneOf needs a member that is neither absent nor null; changesSomething counts null (it clears)', () => {
    const needs = oneOf<{ client_id?: string | null; lead_id?: string | null }>('a booking', ['client_id', 'lead_id']);
    expect(needs.params.message).toBe('a booking needs client_id or lead_id');
    expect([needs.check({}), needs.check({ client_id: null }), needs.check({ lead_id: 'x' })]).toEqual([false, false, true]);
    const changes = changesSomething<{ name?: string; notes?: string | null }>(['name', 'notes']);
    expect(changes.params.message).toBe('nothing to update: give name or notes');
    expect([changes.check({}), changes.check({ notes: null })]).toEqual([false, true]);
  });
});

describe('operationInput', () => {
  const schema = operationInput(
    { workspace_id: z.string(), amount_cents: cents(), author_name: optionalText(10) },
    oneOf('a test', ['author_name']),
  );

  it('parses the snake_case members and hands them over in camelCase', () => {
    const input = { workspace_id: 'w', amount_cents: 5, author_name: ' Ada ', other: 1 };
    expect(schema.parse(input)).toEqual({ workspaceId: 'w', amountCents: 5, authorName: 'Ada' });
    expect(camelCaseKeys({ a_b_c: 1, shot_list: 2, v2_x: 3 })).toEqual({ aBC: 1, shotList: 2, v2X: 3 });
  });

  it('runs its checks after the members', () => {
    expect(schema.safeParse({ workspace_id: 'w', amount_cents: 5 }).error?.issues[0]?.message).toBe('a test needs author_name');
  });
});
