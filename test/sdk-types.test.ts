/**
 * Issue 16 item 1, the CI check of @studio/sdk's generated types: the committed packages/sdk/src/generated/schema.ts
 * must be exactly what the generator makes of the OpenAPI document the gateway serves. A route whose schemas
 * changed without `npm run sdk:generate` fails here.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { generateSchemaSource, REGENERATE_COMMAND, SCHEMA_FILE } from '../packages/sdk/scripts/generate.js';
import { baseUrl } from './support/client.js';

/** Where two texts first differ, as `line N: "<a>" != "<b>"`; '' when they are equal. */
function firstDifference(a: string, b: string): string {
  const left = a.split('\n');
  const right = b.split('\n');
  const i = left.findIndex((line, n) => line !== right[n]);
  const at = i === -1 ? left.length : i;
  return a === b ? '' : `line ${at + 1}: ${JSON.stringify(left[at] ?? '<end>')} != ${JSON.stringify(right[at] ?? '<end>')}`;
}

it('the committed SDK types are a fresh generation of the served OpenAPI document', async () => {
  const res = await fetch(`${baseUrl()}/openapi.json`);
  expect(res.status).toBe(200);
  const generated = await generateSchemaSource((await res.json()) as object);
  const committed = readFileSync(SCHEMA_FILE, 'utf8');
  expect(
    firstDifference(committed, generated),
    `packages/sdk/src/generated/schema.ts is stale (committed != served): run \`${REGENERATE_COMMAND}\` against a running stack and commit it`,
  ).toBe('');
});
