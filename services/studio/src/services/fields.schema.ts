/**
 * The zod vocabulary studio's operation inputs are written in (the services' `*.schema.ts`, on top of @studio/http's
 * `uuid`): one rule per kind of member, so the HTTP routes, the internal gRPC operations and the operator CLI refuse
 * and normalise input alike. Members are named as in the JSON and the proto messages (snake_case); `operationInput`
 * hands the services the same members in camelCase.
 * An optional member that is absent stays absent (a create stores null, an update leaves it unchanged); null clears.
 */
import { z } from 'zod';
import { INT32_MAX, int32, isoDateTime, uuid } from '@studio/http';

// PostgreSQL text cannot hold U+0000: refuse it at the edge (400) instead of failing in the database (500).
const NO_NUL = /^[^\u0000]*$/;

/** Required text: trimmed, `min` to `max` characters, no NUL character. */
export const text = (min: number, max: number) => z.string().trim().min(min).max(max).regex(NO_NUL, 'must not contain NUL characters');

/** Optional free text of at most `max` characters: null or blank mean null. */
export const optionalText = (max: number) =>
  text(0, max)
    .nullable()
    .transform((v) => (v ? v : null))
    .optional();

/** An ISO 8601 timestamp with a zone that is also a real calendar instant (no 30 February), as a Date. */
export const timestamp = () => isoDateTime().refine((d) => !Number.isNaN(d.getTime()), 'must be a valid date-time');

/** An e-mail address: trimmed, lower-cased and validated. */
export const email = () => z.string().trim().toLowerCase().pipe(z.email('must be a valid e-mail address').max(254));

/** An optional e-mail address: trimmed, lower-cased and validated. */
export const optionalEmail = () => email().nullish();

/**
 * The first members of a new record for a client or a lead of the workspace (bookings, proposals): which one, and
 * the title; oneOf() checks exactly one of the two is given.
 */
export const clientOrLeadMembers = () => ({
  workspace_id: uuid(),
  client_id: uuid().nullish(),
  lead_id: uuid().nullish(),
  title: text(1, 200),
});

/** The first members of a new numbered billing record (invoices, print orders), the client optional. */
export const numberedMembers = () => ({ workspace_id: uuid(), client_id: uuid().nullish(), number: text(1, 64) });

/** The stored values of numberedMembers as operationInput hands them over: an absent client is none (null). */
export const numberedValues = (input: { workspaceId: string; clientId?: string | null; number: string }) => ({
  workspaceId: input.workspaceId,
  clientId: input.clientId ?? null,
  number: input.number,
});

/** The stored contact details of a client or a lead as operationInput hands them over: absent ones are null. */
export const contactValues = (input: { name: string; email?: string | null; phone?: string | null; notes?: string | null }) => ({
  name: input.name,
  email: input.email ?? null,
  phone: input.phone ?? null,
  notes: input.notes ?? null,
});

/** An amount in cents: a whole number from 0 to 2^31 - 1 (an Int column, a PostgreSQL integer). */
export const cents = () => int32(0, INT32_MAX, `must be a whole number of cents from 0 to ${INT32_MAX}`);

/** An ISO 4217 currency code such as EUR (upper case). */
export const currency = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR');

/** Checks of a whole input that name a member: the message and the member it is reported on. */
export interface MemberCheck<T> {
  check: (input: T) => boolean;
  params: { path: string[]; message: string };
}

/** A schedule is in order: when both ends are given, scheduled_end lies after scheduled_start. */
export const endAfterStart: MemberCheck<{ scheduled_start?: Date | null; scheduled_end?: Date | null }> = {
  check: (input) => !input.scheduled_start || !input.scheduled_end || input.scheduled_end > input.scheduled_start,
  params: { path: ['scheduled_end'], message: 'must be after scheduled_start' },
};

/** Names in a message: "a", "a or b", "a, b or c". */
export function spelledOut(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? '');
}

/** At least one of `members` is given (neither absent nor null): `what` needs one of them, e.g. "a booking". */
export function oneOf<T extends object>(what: string, members: (keyof T & string)[]): MemberCheck<T> {
  return {
    check: (input) => members.some((m) => input[m] !== undefined && input[m] !== null),
    params: { path: [], message: `${what} needs ${spelledOut(members)}` },
  };
}

/** An update changes something: at least one of `members` is present (null counts: it clears the member). */
export function changesSomething<T extends object>(members: (keyof T & string)[]): MemberCheck<T> {
  return {
    check: (input) => members.some((m) => input[m] !== undefined),
    params: { path: [], message: `nothing to update: give ${spelledOut(members)}` },
  };
}

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** T with its snake_case keys in camelCase (`workspace_id` -> `workspaceId`). */
export type CamelCaseKeys<T> = { [K in keyof T as K extends string ? CamelCase<K> : K]: T[K] };

/** The same object with its snake_case keys in camelCase. */
export function camelCaseKeys<T extends object>(value: T): CamelCaseKeys<T> {
  const camelCase = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
  return Object.fromEntries(Object.entries(value).map(([key, member]) => [camelCase(key), member])) as CamelCaseKeys<T>;
}

/**
 * The input schema of one operation: `members` (named as in the JSON and the proto message) checked by `checks`, with
 * the parsed value in camelCase, as the service takes it.
 */
export function operationInput<Shape extends z.ZodRawShape>(members: Shape, ...checks: MemberCheck<z.output<z.ZodObject<Shape>>>[]) {
  let schema = z.object(members);
  for (const { check, params } of checks) schema = schema.refine(check, params);
  return schema.transform(camelCaseKeys);
}
