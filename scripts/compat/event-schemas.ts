/**
 * Compatibility of the event catalog's data schemas with a release's (issue 29): a consumer built against the
 * release (a webhook subscriber, or the release's own search and upload worker running beside HEAD during an
 * upgrade) must be able to read every event HEAD sends. Each type's `data` is turned into JSON Schema
 * (`z.toJSONSchema`, as packages/webhooks' generator does) and compared member by member. Incompatible:
 * - an event type the release had is gone;
 * - a member is gone, or was always present and is now optional;
 * - a member's type changed to one the release did not allow (string -> integer, or now nullable), or its format
 *   (uuid, date-time) changed.
 * Compatible: new event types, new members, enum values added (consumers must tolerate unknown values, as with
 * Stripe's and GitHub's events), a type narrowed (nullable -> never null).
 */
import { z } from 'zod';

export type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  [key: string]: unknown;
};

export interface CatalogEntry {
  data: z.ZodType;
}

/** Each type's data schema as JSON Schema. */
export function catalogSchemas(catalog: Record<string, CatalogEntry>): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(catalog).map(([type, entry]) => [type, z.toJSONSchema(entry.data, { io: 'output' }) as JsonSchema]),
  );
}

const jsonType = (value: unknown): string => (value === null ? 'null' : Number.isInteger(value) ? 'integer' : typeof value);

/** The alternatives of a schema (anyOf / oneOf flattened). */
function variants(s: JsonSchema): JsonSchema[] {
  const alts = s.anyOf ?? s.oneOf;
  return alts ? alts.flatMap(variants) : [s];
}

/** The JSON types a schema admits. */
function typesOf(s: JsonSchema): Set<string> {
  const out = new Set<string>();
  for (const v of variants(s)) {
    if (v.type !== undefined) for (const t of [v.type].flat()) out.add(t);
    else if (v.enum) for (const e of v.enum) out.add(jsonType(e));
    else if ('const' in v) out.add(jsonType(v.const));
    else out.add('any');
  }
  return out;
}

/** Does the release's reader accept a value of `type`? (An integer is a number.) */
const accepts = (old: Set<string>, type: string) => old.has('any') || old.has(type) || (type === 'integer' && old.has('number'));

const variantOf = (s: JsonSchema, type: string) => variants(s).find((v) => typesOf(v).has(type));

/** Problems that make `next` unreadable by a consumer of `prev`, at `at` (a JSON path). */
export function compareSchemas(prev: JsonSchema, next: JsonSchema, at: string): string[] {
  const problems: string[] = [];
  const was = typesOf(prev);
  const is = typesOf(next);
  const widened = [...is].filter((t) => !accepts(was, t));
  if (widened.length > 0) problems.push(`${at}: retyped: was ${[...was].sort().join(' | ')}, is ${[...is].sort().join(' | ')}`);
  for (const type of [...is].filter((t) => accepts(was, t))) {
    const a = variantOf(prev, type) ?? variantOf(prev, 'number');
    const b = variantOf(next, type);
    if (!a || !b) continue;
    if (type === 'string' && a.format !== undefined && a.format !== b.format) {
      problems.push(`${at}: format changed from ${a.format} to ${b.format ?? 'none'}`);
    }
    if (type === 'object') {
      const required = new Set(b.required ?? []);
      for (const [name, member] of Object.entries(a.properties ?? {})) {
        const path = `${at}.${name}`;
        const now = b.properties?.[name];
        if (!now) {
          if (b.additionalProperties === false || b.properties) problems.push(`${path}: removed`);
          continue;
        }
        if ((a.required ?? []).includes(name) && !required.has(name)) problems.push(`${path}: was always present, is now optional`);
        problems.push(...compareSchemas(member, now, path));
      }
    }
    if (type === 'array' && a.items && b.items) problems.push(...compareSchemas(a.items, b.items, `${at}[]`));
  }
  return problems;
}

/** Every incompatibility of HEAD's catalog (`next`) with a release's (`prev`). */
export function compareCatalogs(prev: Record<string, JsonSchema>, next: Record<string, JsonSchema>): string[] {
  const problems: string[] = [];
  for (const [type, schema] of Object.entries(prev)) {
    const now = next[type];
    if (!now) problems.push(`${type}: the event type is gone`);
    else problems.push(...compareSchemas(schema, now, `${type}.data`));
  }
  return problems;
}
