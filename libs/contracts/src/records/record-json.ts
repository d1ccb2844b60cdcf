/**
 * One schema per public record (issue 25). A record's zod schema (in `*.records.ts` beside this file) is the only
 * place its members are written: the OpenAPI response schema is that schema, an event's `data` extends it, and its
 * serializer is derived from it here, so adding a member to a record touches the schema, the store and a migration.
 *
 * The serializer maps a store row to the record's JSON (docs/decisions/0001): each member `snake_case` of the schema
 * is read from the row's `camelCase` property, a Date becomes its ISO 8601 UTC string with milliseconds, and every
 * other value is copied as it is (nested objects included: compose them before, e.g. `{ ...row, shotList: counts }`).
 * The row's type is checked against the schema at compile time: a member the row lacks, or holds in another type,
 * fails `tsc`. Members the row has beyond the schema (storage keys, soft-delete columns) are never copied.
 */
import type { z } from 'zod';

/** `shot_list_items` -> `shotListItems`. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** A member as a store row may hold it: where the JSON has a string (a timestamp), the row may hold a Date. */
type RowValue<V> = V extends string ? V | Date : V;

/** The store row a record's serializer accepts: every member of the schema, camelCased, Dates for timestamps. */
export type RecordRow<S extends z.ZodObject> = {
  [K in keyof z.output<S> & string as CamelCase<K>]: RowValue<z.output<S>[K]>;
};

/** The JSON of a record, as its schema's output type. */
export type RecordJson<S extends z.ZodObject> = z.output<S>;

const camelCase = (member: string) => member.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** [json member, row property] pairs of a schema, computed once per schema. */
const membersCache = new WeakMap<z.ZodObject, readonly (readonly [string, string])[]>();

function membersOf(schema: z.ZodObject): readonly (readonly [string, string])[] {
  let members = membersCache.get(schema);
  if (!members) {
    members = Object.keys(schema.shape).map((member) => [member, camelCase(member)] as const);
    membersCache.set(schema, members);
  }
  return members;
}

/** Maps one store row to the record's JSON (see the module comment). */
export function toRecordJson<S extends z.ZodObject>(schema: S, row: RecordRow<S>): RecordJson<S> {
  const source = row as Record<string, unknown>;
  const json: Record<string, unknown> = {};
  for (const [member, property] of membersOf(schema)) {
    const value = source[property];
    json[member] = value instanceof Date ? value.toISOString() : value;
  }
  return json as RecordJson<S>;
}

/** The serializer of one record: `export const serializeShoot = recordSerializer(shootRecord)`. */
export function recordSerializer<S extends z.ZodObject>(schema: S): (row: RecordRow<S>) => RecordJson<S> {
  return (row) => toRecordJson(schema, row);
}
