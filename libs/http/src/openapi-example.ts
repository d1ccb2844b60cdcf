/**
 * Example values for the OpenAPI document (issue 16): every operation shows a request and a response a caller can
 * read at a glance, derived from the same JSON Schema the document states, so an example cannot drift from its
 * schema. A schema that knows better says so with `.meta({ examples: [...] })` (zod carries it into the JSON
 * Schema), and that value is used as it is. Otherwise:
 * - ids (`format: uuid`) are stable per entity: `id` of `Shoot` and `shoot_id` anywhere are the same UUID, so the
 *   examples of one document agree with each other;
 * - dates, e-mail addresses and URLs have a fixed, plausible value (on the reserved .example domain);
 * - numbers sit inside their bounds; enums take their first value; unions their first non-null branch;
 * - other strings come from a short table of common member names, else from the member's name.
 * Contract linters (Redocly, Spectral) validate every example against its schema in CI.
 */
import { createHash } from 'node:crypto';

/**
 * A JSON Schema or OpenAPI object. Defined in this module, which imports nothing of openapi.ts, so the two do not
 * import each other: openapi.ts uses the examples and re-exports this type.
 */
export type JsonObject = Record<string, unknown>;

const MAX_DEPTH = 12;
const DATE_TIME = '2026-11-24T10:30:00Z';
const DATE = '2026-11-24';

/** Plausible text for members that recur across the API (a member's own `examples` still wins). */
const TEXT_BY_NAME: Readonly<Record<string, string>> = {
  title: 'Anna & Ben: wedding',
  name: 'Anna Weber',
  display_name: 'Anna Weber',
  company: 'Weber & Co',
  description: 'Ceremony at 14:00, portraits in the park after.',
  notes: 'Prefers natural light; no flash during the ceremony.',
  note: 'Prefers natural light.',
  location: 'Stadtpark, Hamburg',
  phone: '+49 40 1234567',
  q: 'weber',
  query: 'weber',
  cursor: 'eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ',
  next_cursor: 'eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ',
  filename: 'DSC_0042.jpg',
  content_type: 'image/jpeg',
  message: 'A human-readable explanation.',
  reason: 'sharp and well exposed',
  currency: 'EUR',
  role: 'owner',
  label: 'Ceremony',
  text: 'Ceremony',
  slug: 'anna-ben-wedding',
  email: 'anna.weber@example.com',
  types: 'client,shoot',
};

/** Plausible numbers for members that recur (others are 1, or 42 for counts and sizes, inside their bounds). */
const NUMBER_BY_NAME: Readonly<Record<string, number>> = { width: 6000, height: 4000, quantity: 2, size: 24_117_248 };

/** `galleries` -> `Gallery`, `cull-jobs` -> `CullJob`, `shoot_list_items` -> `ShootListItem`. */
export function entityOf(plural: string): string {
  const words = plural.split(/[-_]/).filter(Boolean);
  const last = words.pop() ?? '';
  const one = last.endsWith('ies') ? `${last.slice(0, -3)}y` : last.endsWith('s') && !last.endsWith('ss') ? last.slice(0, -1) : last;
  return pascal([...words, one].join('_'));
}

/** A stable UUID (version 4 layout) for `entity` (e.g. `Shoot`), the same every time. */
export function exampleUuid(entity: string): string {
  const h = createHash('sha256').update(entity).digest('hex');
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const pascal = (snake: string) =>
  snake
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

interface Walk {
  components: Readonly<Record<string, JsonObject>>;
  /** The member's name, when the value is a member of an object. */
  name?: string;
  /** The name of the member holding the object this value is in (`gallery` for `gallery.id`). */
  parent?: string;
  /** The nearest named schema (component) around the value. */
  entity?: string;
  depth: number;
}

/**
 * An example value that `schema` accepts (resolving `#/components/schemas/...` in `components`); `name` is the
 * member or parameter it is for. Throws when a string pattern is not met by any value derived here: give that schema
 * an example with `.meta({ examples: [...] })`.
 */
export function exampleOf(schema: JsonObject, components: Readonly<Record<string, JsonObject>>, name?: string, entity?: string): unknown {
  return walk(schema, { components, name, entity, depth: 0 });
}

function walk(schema: JsonObject, at: Walk): unknown {
  if (at.depth > MAX_DEPTH) return undefined;
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const entity = ref.slice(ref.lastIndexOf('/') + 1);
    const target = at.components[entity];
    if (!target) throw new Error(`example: ${ref} is not a component`);
    return walk(target, { ...at, entity, depth: at.depth + 1 });
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return structuredClone(schema.examples[0]);
  if ('example' in schema) return structuredClone(schema.example);
  if ('const' in schema) return structuredClone(schema.const);
  if ('default' in schema) return structuredClone(schema.default);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return structuredClone(schema.enum.find((v) => v !== null) ?? schema.enum[0]);
  // An object that states its members and then constrains which are required (anyOf of `required` lists) is shown
  // with its members; a union of forms is shown by its first non-null form.
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key] as JsonObject[] | undefined;
    if (Array.isArray(branches) && branches.length > 0 && !schema.properties) {
      const branch = branches.find((b) => b.type !== 'null') ?? branches[0]!;
      return walk(branch, { ...at, depth: at.depth + 1 });
    }
  }
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as JsonObject[]).map((s) => walk(s, { ...at, depth: at.depth + 1 }));
    return parts.every((p) => p && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'object':
      return objectExample(schema, at);
    case 'array':
      return arrayExample(schema, at);
    case 'string':
      return stringExample(schema, at);
    case 'integer':
      return numberExample(schema, true, at);
    case 'number':
      return numberExample(schema, false, at);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (schema.properties) return objectExample(schema, at);
      return {};
  }
}

function objectExample(schema: JsonObject, at: Walk): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  for (const [key, property] of Object.entries(properties)) {
    const value = walk(property, { ...at, name: key, parent: at.name, depth: at.depth + 1 });
    if (value !== undefined) out[key] = value;
  }
  const extra = schema.additionalProperties;
  if (Object.keys(properties).length === 0 && extra && typeof extra === 'object') {
    const names = (schema.propertyNames ?? {}) as JsonObject;
    const key =
      names.format === 'uuid'
        ? exampleUuid(pascal(at.name ?? 'Key'))
        : String(walk(names, { ...at, name: 'key', depth: at.depth + 1 }) ?? 'key');
    out[typeof key === 'string' && key ? key : 'key'] = walk(extra as JsonObject, { ...at, depth: at.depth + 1 });
  }
  return out;
}

function arrayExample(schema: JsonObject, at: Walk): unknown[] {
  if (Array.isArray(schema.prefixItems)) return (schema.prefixItems as JsonObject[]).map((s) => walk(s, { ...at, depth: at.depth + 1 }));
  const items = (schema.items ?? {}) as JsonObject;
  const count = Math.max(1, Number(schema.minItems ?? 1));
  const first = walk(items, { ...at, depth: at.depth + 1 });
  if (first === undefined) return [];
  const out: unknown[] = [first];
  for (let i = 1; i < count; i++) out.push(walk(items, { ...at, name: `${at.name ?? 'item'}_${i}`, depth: at.depth + 1 }));
  return out;
}

function stringExample(schema: JsonObject, at: Walk): string {
  const name = at.name ?? '';
  let value: string;
  switch (schema.format) {
    case 'uuid':
      value = exampleUuid(
        name === 'id' || !name
          ? idEntity(at)
          : name.endsWith('_id')
            ? pascal(name.slice(0, -3))
            : /[a-z]Id$/.test(name)
              ? pascal(name.slice(0, -2))
              : pascal(name),
      );
      break;
    case 'date-time':
      value = DATE_TIME;
      break;
    case 'date':
      value = DATE;
      break;
    case 'email':
      value = 'anna.weber@example.com';
      break;
    case 'uri':
    case 'url':
      value = `https://hooks.example.com/${name.replace(/_url$/, '') || 'studio'}`;
      break;
    default:
      value =
        TEXT_BY_NAME[name] ??
        (name === 'url' || name.endsWith('_url')
          ? `https://files.studio.example/${name}`
          : name.endsWith('cursor')
            ? TEXT_BY_NAME.cursor!
            : name
              ? name.replace(/_/g, ' ')
              : 'text');
  }
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Number.POSITIVE_INFINITY);
  if (value.length < min) value = value.padEnd(min, 'x');
  if (value.length > max) value = value.slice(0, max);
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
    throw new Error(
      `example: "${value}" does not match the pattern of ${name || 'a string'} (${schema.pattern}); give it .meta({ examples })`,
    );
  }
  return value;
}

/** Whose `id` this is: the member holding it (`gallery`, `items` aside), else the named schema around it. */
function idEntity(at: Walk): string {
  if (at.parent && !['items', 'data', 'item'].includes(at.parent)) return entityOf(at.parent);
  return at.entity ?? 'Id';
}

function numberExample(schema: JsonObject, integer: boolean, at: Walk): number {
  const lo =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + (integer ? 1 : 0.5)
        : undefined;
  const hi =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - (integer ? 1 : 0.5)
        : undefined;
  const wanted = NUMBER_BY_NAME[at.name ?? ''] ?? (/count|total|size|bytes/.test(at.name ?? '') ? 42 : 1);
  let value = wanted;
  if (lo !== undefined && value < lo) value = lo;
  if (hi !== undefined && value > hi) value = hi;
  return integer ? Math.round(value) : value;
}
