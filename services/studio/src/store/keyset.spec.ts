import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_COLUMNS } from './client.store.js';
import { SHOOT_COLUMNS } from './shoot.store.js';

const SCHEMA = readFileSync(path.resolve(import.meta.dirname, '../../prisma/schema.prisma'), 'utf8');
const ENUMS = new Set([...SCHEMA.matchAll(/^enum (\w+) \{/gm)].map((m) => m[1]!));

/** The scalar fields of a model in schema.prisma: name, column (its @map, else its name) and whether it is an enum. */
function scalarFields(model: string): { field: string; column: string; isEnum: boolean }[] {
  const body = new RegExp(`^model ${model} \\{\\n([\\s\\S]*?)^\\}`, 'm').exec(SCHEMA)?.[1];
  if (!body) throw new Error(`no model ${model} in schema.prisma`);
  return body.split('\n').flatMap((line) => {
    const m = /^\s+(\w+)\s+(\w+)(\?|\[\])?\s*(.*)$/.exec(line);
    if (!m || m[3] === '[]' || m[4]!.includes('@relation')) return [];
    const [, field, type, , attributes] = m as unknown as [string, string, string, string, string];
    const isScalar = /^(String|Int|BigInt|Boolean|DateTime|Float|Decimal|Json|Bytes)$/.test(type) || ENUMS.has(type);
    if (!isScalar) return [];
    return [{ field, column: /@map\("(\w+)"\)/.exec(attributes)?.[1] ?? field, isEnum: ENUMS.has(type) }];
  });
}

describe('the column lists of the raw statements', () => {
  it.each([
    ['Shoot', SHOOT_COLUMNS],
    ['Client', CLIENT_COLUMNS],
  ])('read every scalar field of %s from its @map column, enums as text', (model, columns) => {
    const expected = scalarFields(model).map((f) => `${f.column}${f.isEnum ? '::text' : ''} AS "${f.field}"`);
    expect(columns.text).toBe(expected.join(', '));
  });
});
