/** zod building blocks for the public API's parameters (spec section 2 and 4). */
import { z } from 'zod';
import { withWireFormat } from './wire-format.js';

/**
 * A UUID of versions 1 to 8 with the standard variant, or the all-zero / all-f sentinels (spec section 2).
 * Lower-cased so keys compare equal however the caller spelled them.
 */
const UUID_RE =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;
/** UUID_RE as a JSON Schema pattern (JSON Schema has no `i` flag, so both cases are spelled out). */
export const UUID_PATTERN =
  '^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$';
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
