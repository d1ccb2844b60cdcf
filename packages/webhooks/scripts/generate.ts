/**
 * `npm run webhooks:generate`: writes packages/webhooks/src/generated/events.ts from the event catalog
 * (`@studio/contracts/events`, the one declaration of every event type and the zod schema of its `data`), so the
 * published package types each public event's `data` without depending on the catalog at run time.
 *
 *   npm run webhooks:generate                                  # rewrite the file
 *   node scripts/run.mjs tsx packages/webhooks/scripts/generate.ts --check   # exit 1 when it is stale
 *
 * Each public type's data schema becomes JSON Schema (`z.toJSONSchema`) and then TypeScript through
 * openapi-typescript, as the SDK's types are made from the OpenAPI document. `generateEventsSource()` is the whole
 * transformation; packages/webhooks/src/events.spec.ts (unit tier, so CI) fails while the committed file differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EVENT_CATALOG, PUBLIC_EVENT_TYPES } from '@studio/contracts/events';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { z } from 'zod';

export const EVENTS_FILE = path.resolve(import.meta.dirname, '../src/generated/events.ts');
export const REGENERATE_COMMAND = 'npm run webhooks:generate';

const HEADER = `// Generated from the event catalog (libs/contracts/src/events/event-catalog.ts) by packages/webhooks/scripts/generate.ts.
// Do not edit: run \`${REGENERATE_COMMAND}\` and commit the result. packages/webhooks/src/events.spec.ts fails while
// this file and the catalog disagree.
`;

/** The JSON Schema of one public type's data, its JSDoc text being the catalog's line on when it is emitted. */
function dataSchema(type: (typeof PUBLIC_EVENT_TYPES)[number]): Record<string, unknown> {
  const { $schema: _dialect, description, ...schema } = z.toJSONSchema(EVENT_CATALOG[type].data) as Record<string, unknown>;
  const text = [EVENT_CATALOG[type].description, typeof description === 'string' ? description : undefined].filter(Boolean);
  return { ...schema, description: text.join(' ') };
}

/** The members of `components.schemas` in openapi-typescript's output: one property per event type. */
function schemaMembers(nodes: readonly ts.Node[]): ts.NodeArray<ts.TypeElement> {
  const components = nodes.find((n): n is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(n) && n.name.text === 'components');
  const schemas = components?.members.find(
    (m): m is ts.PropertySignature => ts.isPropertySignature(m) && ts.isIdentifier(m.name) && m.name.text === 'schemas',
  );
  if (!schemas?.type || !ts.isTypeLiteralNode(schemas.type)) throw new Error('openapi-typescript wrote no components.schemas');
  return schemas.type.members;
}

/** The source of src/generated/events.ts: deterministic, so the committed file can be compared byte for byte. */
export async function generateEventsSource(): Promise<string> {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Studio webhook events', version: '1' },
    paths: {},
    components: { schemas: Object.fromEntries(PUBLIC_EVENT_TYPES.map((type) => [type, dataSchema(type)])) },
  };
  const nodes = await openapiTS(document as unknown as OpenAPI3, { silent: true });
  const dataMap = ts.factory.createInterfaceDeclaration(
    [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)],
    'WebhookEventDataMap',
    undefined,
    undefined,
    schemaMembers(nodes),
  );
  const types = PUBLIC_EVENT_TYPES.map((type) => `  ${JSON.stringify(type)},\n`).join('');
  return `${HEADER}
/** The ${PUBLIC_EVENT_TYPES.length} public event types (spec section 6), in the order of the catalog. */
export const WEBHOOK_EVENT_TYPES = [
${types}] as const;

/** The \`data\` of each public event type, by type. */
${astToString([dataMap])}`;
}

/** Writes the file (or, with `--check`, fails when the committed one is stale). */
async function main(): Promise<void> {
  const source = await generateEventsSource();
  const relative = path.relative(process.cwd(), EVENTS_FILE);
  if (process.argv.includes('--check')) {
    if (readFileSync(EVENTS_FILE, 'utf8') !== source) throw new Error(`${relative} is stale: run \`${REGENERATE_COMMAND}\``);
    return;
  }
  writeFileSync(EVENTS_FILE, source);
  console.log(`[webhooks:generate] wrote ${relative}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: Error) => {
    console.error(`[webhooks:generate] ${err.message}`);
    process.exitCode = 1;
  });
}
