/**
 * @studio/uuid: what a UUID is, once (spec section 2): an RFC 9562 UUID in text form, versions 1 to 8 with the
 * standard variant, or the nil and max sentinels; any case. Every id the services make is one (randomUUID,
 * PostgreSQL's gen_random_uuid); checking it before a `uuid` column turns a bad id into invalid_input instead of
 * a database error.
 */
import { z } from 'zod';

/** A UUID in either case. */
export const UUID_RE =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

/**
 * A UUID in canonical form: lower case, as randomUUID and PostgreSQL write it. For ids the system issued itself
 * and compares as strings (a signed claim, a cursor): any other spelling is not one of ours.
 */
export const CANONICAL_UUID_RE = new RegExp(UUID_RE.source);

/** UUID_RE as a JSON Schema pattern (JSON Schema has no `i` flag, so both cases are spelled out). */
export const UUID_PATTERN =
  '^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$';

/** True for a UUID in either case (a CLI argument, a gRPC field, an event member). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}

/** True for a UUID in canonical (lower-case) form. */
export function isCanonicalUuid(value: unknown): value is string {
  return typeof value === 'string' && CANONICAL_UUID_RE.test(value);
}

/**
 * The zod schema of a UUID member in records and event data: zod's own `z.uuid()`, the same set as UUID_RE except
 * that zod spells the max sentinel in lower case only. Its JSON Schema (`format: uuid` and zod's pattern) is
 * what the OpenAPI document and docs/events.md publish for those members.
 */
export const uuid = () => z.uuid();
