/**
 * Generates docs/events.md from the event catalog (@studio/contracts/events) and the human text around it
 * (scripts/events-doc.template.md): the catalog table, the entity shapes and the data of every type come from the
 * zod schemas, so the document cannot drift from what producers are checked against.
 *
 *   npm run events:docs                       # rewrite docs/events.md
 *   npx tsx scripts/events-doc.ts --write     # the same
 *   npx tsx scripts/events-doc.ts --check     # exit 1 when docs/events.md is stale
 *   npx tsx scripts/events-doc.ts             # print the document
 *
 * scripts/events-doc.spec.ts (unit tier, run in CI) fails while the committed docs/events.md differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { EVENT_CATALOG, EVENT_ENTITIES, EVENT_TYPES, isPublicEventType, type EventType } from '@studio/contracts/events';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const EVENTS_DOC = path.join(ROOT, 'docs/events.md');
export const TEMPLATE = path.join(ROOT, 'scripts/events-doc.template.md');
export const REGENERATE_COMMAND = 'npm run events:docs';

const WIDTH = 120;

/** The subset of JSON Schema that z.toJSONSchema writes for the event schemas. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  description?: string;
}

const json = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema) as JsonSchema;

const isSafeIntegerBound = (n: number | undefined) => n === undefined || Math.abs(n) === Number.MAX_SAFE_INTEGER;

/**
 * A member's type as the document writes it (markdown): `uuid`, `ISO`, `int`, `string`, literal values and nested
 * objects in code spans (`` `"a" | "b"` ``, `` `{ total: int }` ``), and ` | null` for a nullable member.
 */
export function typeText(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeText).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.map((type) => typeText({ type })).join(' | ');
  const plain = plainTypeText(schema);
  return schema.enum || schema.const !== undefined || schema.properties ? `\`${plain}\`` : plain;
}

/** The type of a member inside a code span: the same words, without markdown. */
function plainTypeText(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(plainTypeText).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.map((type) => plainTypeText({ type })).join(' | ');
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  switch (schema.type) {
    case 'null':
      return 'null';
    case 'boolean':
      return 'boolean';
    case 'integer':
      return isSafeIntegerBound(schema.minimum) && isSafeIntegerBound(schema.maximum)
        ? 'int'
        : `int (${schema.minimum}..${schema.maximum})`;
    case 'number':
      return 'number';
    case 'string':
      if (schema.format === 'uuid') return 'uuid';
      if (schema.format === 'date-time') return 'ISO';
      if (schema.minLength === 3 && schema.maxLength === 3) return 'string (ISO 4217)';
      return 'string';
    case 'object': {
      if (schema.properties)
        return `{ ${Object.entries(schema.properties)
          .map(([name, member]) => `${name}: ${plainTypeText(member)}`)
          .join(', ')} }`;
      const values = schema.additionalProperties;
      return typeof values === 'object' && Object.keys(values).length > 0 ? `object of ${plainTypeText(values)}` : 'object';
    }
    default:
      return 'any JSON';
  }
}

/** One member: `` `name` type `` and its description in brackets. */
function memberText(name: string, schema: z.ZodType): string {
  const js = json(schema);
  return `\`${name}\` ${typeText(js)}${js.description ? ` (${js.description})` : ''}`;
}

function membersText(shape: Record<string, z.ZodType>, names: string[]): string {
  return names.map((name) => memberText(name, shape[name]!)).join(', ');
}

/** Greedy word wrap of one paragraph. */
export function wrap(text: string, width = WIDTH): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

const tableCell = (text: string) => text.replaceAll('|', '\\|');

function catalogTable(): string {
  const rows = EVENT_TYPES.map((type) => {
    const { producer, description } = EVENT_CATALOG[type];
    return `| \`${type}\` | ${producer} | ${isPublicEventType(type) ? 'public' : '*internal*'} | ${tableCell(description)} |`;
  });
  const counts = `${EVENT_TYPES.filter(isPublicEventType).length} public and ${EVENT_TYPES.filter((t) => !isPublicEventType(t)).length} internal types`;
  return [
    `${counts}; the public ones in the order of spec section 6.`,
    '',
    '| type | producer | delivered | emitted when |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function entityShapes(): string {
  return Object.entries(EVENT_ENTITIES)
    .map(([name, schema]) => {
      const note = json(schema).description;
      const shape = schema.shape as Record<string, z.ZodType>;
      return wrap(`**${name}**${note ? ` (${note})` : ''}: ${membersText(shape, Object.keys(shape))}.`);
    })
    .join('\n\n');
}

/** The entity whose JSON the data carries whole (its member schemas are the very ones the entity declares). */
function carriedEntity(data: z.ZodObject): [string, z.ZodObject] | undefined {
  return Object.entries(EVENT_ENTITIES).find(([, entity]) =>
    Object.entries(entity.shape).every(([name, member]) => data.shape[name] === member),
  );
}

function dataText(data: z.ZodObject): string {
  const shape = data.shape as Record<string, z.ZodType>;
  const entity = carriedEntity(data);
  const own = Object.keys(shape).filter((name) => !entity || !(name in entity[1].shape));
  const members = membersText(shape, own);
  const body = entity ? `The ${entity[0]}${members ? ` + ${members}` : ''}.` : `${members}.`;
  const note = json(data).description;
  return wrap(note ? `${body} ${note}` : body);
}

function eventData(): string {
  const groups = new Map<z.ZodObject, EventType[]>();
  for (const type of EVENT_TYPES) {
    const data: z.ZodObject = EVENT_CATALOG[type].data;
    groups.set(data, [...(groups.get(data) ?? []), type]);
  }
  return [...groups]
    .map(([data, types]) => {
      const heading = types.map((type) => (isPublicEventType(type) ? type : `${type} (internal)`)).join(', ');
      return `### ${heading}\n${dataText(data)}`;
    })
    .join('\n\n');
}

/** docs/events.md as the catalog and the template make it. */
export function renderEventsDoc(template = readFileSync(TEMPLATE, 'utf8')): string {
  const sections: Record<string, () => string> = { catalog: catalogTable, entities: entityShapes, data: eventData };
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const section = sections[name];
    if (!section) throw new Error(`${path.relative(ROOT, TEMPLATE)}: unknown placeholder ${placeholder}`);
    return section();
  });
}

function main(): void {
  const mode = process.argv[2];
  const doc = renderEventsDoc();
  if (mode === '--write') {
    writeFileSync(EVENTS_DOC, doc);
    process.stdout.write(`[events-doc] wrote ${path.relative(ROOT, EVENTS_DOC)}\n`);
  } else if (mode === '--check') {
    if (readFileSync(EVENTS_DOC, 'utf8') !== doc) {
      process.stderr.write(`[events-doc] ${path.relative(ROOT, EVENTS_DOC)} is stale: run \`${REGENERATE_COMMAND}\` and commit it\n`);
      process.exit(1);
    }
  } else if (mode === undefined) {
    process.stdout.write(doc);
  } else {
    process.stderr.write('usage: npx tsx scripts/events-doc.ts [--write | --check]\n');
    process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
