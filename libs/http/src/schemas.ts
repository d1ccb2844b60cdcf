/** zod building blocks for the public API's parameters (spec section 2 and 4). */
import { UUID_PATTERN, UUID_RE } from '@studio/uuid';
import { z } from 'zod';
import { withWireFormat } from './wire-format.js';

/**
 * A UUID parameter (@studio/uuid: versions 1 to 8 with the standard variant, or the all-zero / all-f sentinels,
 * spec section 2). Lower-cased so keys compare equal however the caller spelled them.
 */
export const uuid = () =>
  withWireFormat(
    z
      .string()
      .regex(UUID_RE, 'must be a UUID')
      .transform((s) => s.toLowerCase()),
    { type: 'string', format: 'uuid', pattern: UUID_PATTERN },
  );

/** `limit`: an integer in [1, max], default `def`. Query strings arrive as text. */
export const limit = (max = 100, def = 50) =>
  withWireFormat(
    z
      .string()
      .regex(/^\d{1,4}$/, `must be an integer from 1 to ${max}`)
      .transform(Number)
      .pipe(z.number().int().min(1).max(max))
      .optional()
      .transform((v) => v ?? def),
    // OpenAPI: the page size as the integer it is (the text form above is only how query strings arrive).
    { type: 'integer', minimum: 1, maximum: max, default: def, description: `Page size, 1 to ${max} (default ${def}).` },
  );

/**
 * Integers the stores can hold. A Prisma `Int` is a PostgreSQL `integer` (32-bit signed); a Prisma `BigInt` is 64-bit,
 * but a JSON number is exact only up to 2^53 - 1, so an input member bound for a BigInt column stops there. Decision
 * (issue 14, item 10): every integer member of every input is bounded by what its column stores (or tighter), so an
 * out-of-range number is a 400 invalid_input at the edge instead of a 500 from the database. zod's `z.int()` already
 * refuses fractions, NaN, infinities and unsafe integers (beyond 2^53 - 1); these helpers add the column's range.
 */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
/** The largest (and, negated, the smallest) integer a JSON number carries exactly: 2^53 - 1. */
export const SAFE_INT_MAX = Number.MAX_SAFE_INTEGER;

/** An integer from `min` to `max`, refused with one message that names the range (or `message`). */
export const intBetween = (min: number, max: number, message = `must be an integer from ${min} to ${max}`) => {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) throw new Error(`bad integer range [${min}, ${max}]`);
  return z.int(message).min(min, message).max(max, message);
};

/** An integer for a Prisma `Int` column: [min, max] inside the 32-bit signed range (the whole range by default). */
export const int32 = (min = INT32_MIN, max = INT32_MAX, message?: string) => {
  if (min < INT32_MIN || max > INT32_MAX) throw new Error(`[${min}, ${max}] is outside a 32-bit integer column`);
  return intBetween(min, max, message);
};

/** An integer for a Prisma `BigInt` column: [min, max] inside what JSON carries exactly, +-(2^53 - 1). */
export const int53 = (min = -SAFE_INT_MAX, max = SAFE_INT_MAX, message?: string) => intBetween(min, max, message);

export const cursor = () => z.string().min(1).max(1024).optional();

/** Standard list query: workspace_id, limit, cursor. */
export const listQuery = (opts: { workspaceRequired: boolean; max?: number; def?: number }) =>
  z.object({
    workspace_id: opts.workspaceRequired ? uuid() : uuid().optional(),
    limit: limit(opts.max ?? 100, opts.def ?? 50),
    cursor: cursor(),
  });

export const idParams = z.object({ id: uuid() });

/**
 * The instants a date-time member may name: from 0002-01-01T00:00:00Z up to, not including, 10000-01-01T00:00:00Z.
 * Decision (issue 14, item 10): an instant in year 1 or before (`0000-...`, or `0001-01-01T00:00:00+02:00`, which is
 * year 0 in UTC) failed in the database or on its way back (500); one after 9999 (`9999-12-31T23:00:00-02:00`) has no
 * four-digit ISO 8601 form for answers. Both are refused at the edge (400); no shoot, invoice or expiry needs them.
 */
export const EARLIEST_INSTANT = new Date('0002-01-01T00:00:00Z');
export const END_OF_INSTANTS = new Date('+010000-01-01T00:00:00Z');

/** `date` lies in [EARLIEST_INSTANT, END_OF_INSTANTS) (an invalid Date lies nowhere). */
export const isStorableInstant = (date: Date) => date >= EARLIEST_INSTANT && date < END_OF_INSTANTS;

/** ISO 8601 timestamp with a zone, turned into a Date; refused outside years 2 to 9999 (see EARLIEST_INSTANT). */
export const isoDateTime = () =>
  z.iso
    .datetime({ offset: true })
    .transform((s) => new Date(s))
    .refine((date) => Number.isNaN(date.getTime()) || isStorableInstant(date), 'must lie between the years 2 and 9999 (UTC)');

/** Output: a timestamp as the services write it, ISO 8601 UTC with milliseconds (`Date#toISOString()`). */
export const isoTimestamp = () => z.iso.datetime();

/** Shape of every success answer that is not a list: `{ ok: true, ...members }`. */
export const okResponse = <S extends z.ZodRawShape>(shape: S) => z.object({ ok: z.literal(true), ...shape });

/** Shape of every list answer. */
export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ ok: z.literal(true), items: z.array(item), next_cursor: z.string().nullable() });

/**
 * An answer already written as JSON text: a route handler returns it and the route sends its text as it is (200 or
 * the route's status, `application/json`). For the hottest lists, whose items the database writes in their JSON shape
 * (issue 30): nothing parses them into objects only to stringify them again. The text must be the JSON of the route's
 * response schema; whoever builds it proves that against the serializer (a test, not a runtime check).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A list answer (listResponse's shape) from items already in JSON text: the same bytes JSON.stringify writes for
 * `{ ok: true, items, next_cursor }` when each item's text is JSON.stringify of the item.
 */
export function listText(items: readonly string[], nextCursor: string | null): JsonText {
  return new JsonText(`{"ok":true,"items":[${items.join(',')}],"next_cursor":${JSON.stringify(nextCursor)}}`);
}
