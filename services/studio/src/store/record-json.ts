/**
 * A record's JSON written by PostgreSQL (issue 30): the select expression that makes a row's public JSON as text, so
 * the hottest lists send their items as read instead of parsing every column into JS values, mapping them through
 * the record's serializer and stringifying them again.
 *
 * Derived from the record's zod schema, the one definition of its members (@studio/contracts, record-json.ts), by the
 * same rules as its serializer: each member is the column of that snake_case name, a timestamp is written as its
 * ISO 8601 UTC string with milliseconds (truncated, as a JS Date truncates the microseconds pg reads), every other
 * value as PostgreSQL writes it in JSON. `row_to_json` writes the members in the schema's order with no spaces, so the
 * text is the bytes JSON.stringify writes for the serializer's object (record-json.int.test.ts proves it on awkward
 * text). Members whose JSON the two could write differently (numbers beyond integers, nested objects, arrays) are
 * refused when the expression is built, at start.
 */
import type { z } from 'zod';
import { Prisma } from './generated/client.js';
import { assertTableName } from './keyset.js';

/** The zod types a member may have here (nullable or not): strings of any format, booleans, integers, enums. */
const PLAIN = new Set(['string', 'boolean', 'enum']);

/** `to_char` of a timestamptz in UTC as `2026-11-29T17:27:57.123Z`, the form of Date.prototype.toISOString. */
const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface ZodDef {
  type: string;
  format?: string;
  innerType?: { _zod: { def: ZodDef } };
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
}

function memberSql(member: string, schema: z.ZodType, table: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(member)) throw new Error(`record member ${member} is not a column name`);
  let def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  if (def.type === 'nullable') def = def.innerType!._zod.def;
  const column = `${table}.${member}`;
  if (def.type === 'string' && def.format === 'datetime') return `${isoUtc(column)} AS ${member}`;
  const integer = def.type === 'number' && (def.format === 'safeint' || def.checks?.some((c) => c._zod.def.format === 'safeint'));
  if (PLAIN.has(def.type) || integer) return `${column} AS ${member}`;
  throw new Error(`record member ${member} (${def.type}) has no JSON written by the database here`);
}

/**
 * `row_to_json((SELECT j FROM (SELECT <members>) j))::text`: the JSON text of `record` for the current row of
 * `table` (a constant of the store). Built once per store; the text never changes, so the statement is prepared once.
 */
export function recordJsonSql(record: z.ZodObject, table: string): Prisma.Sql {
  assertTableName(table);
  const members = Object.entries(record.shape).map(([member, schema]) => memberSql(member, schema as z.ZodType, `"${table}"`));
  return Prisma.raw(`row_to_json((SELECT j FROM (SELECT ${members.join(', ')}) j))::text`);
}

declare const jsonOf: unique symbol;

/**
 * The JSON text of a value of type `J` (a string to the runtime). The type stays with the text from the record schema
 * the statement was built from to the page the route sends, so the compiler still checks what a route answers
 * against what its OpenAPI schema documents (http/openapi.spec.ts).
 */
export type JsonTextOf<J> = string & { readonly [jsonOf]?: J };

/** A row of a list read in its JSON shape: the keyset columns for the next cursor, and the record's JSON text. */
export interface JsonRow<J> {
  createdAt: Date;
  id: string;
  json: JsonTextOf<J>;
}

/** The select list of a JsonRow (for keysetPageStatement). */
export function jsonRowColumns(record: z.ZodObject, table: string): Prisma.Sql {
  return Prisma.sql`id, created_at AS "createdAt", ${recordJsonSql(record, table)} AS json`;
}
