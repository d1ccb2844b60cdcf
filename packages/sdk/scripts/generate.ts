/**
 * `npm run sdk:generate [-- --url <document url>]`: regenerates packages/sdk/src/generated/schema.ts from the
 * OpenAPI document a running gateway serves (default: the `npm start` stack). Run it after changing a route's
 * schemas and commit the result; test/sdk-types.test.ts fails while the committed file and the document the
 * black-box stack serves disagree.
 *
 * `generateSchemaSource(document)` is the whole transformation (the test calls it on the served document):
 * openapi-typescript's types of every path, operation and component, plus IDEMPOTENT_POSTS, the POST paths whose
 * operation takes the Idempotency-Key header, so the client adds a key without reading the document at run time.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

export const SCHEMA_FILE = path.resolve(import.meta.dirname, '../src/generated/schema.ts');
export const DEFAULT_DOCUMENT_URL = 'http://127.0.0.1:8080/api/v1/openapi.json';
export const REGENERATE_COMMAND = 'npm run sdk:generate';

const IDEMPOTENCY_KEY_PARAMETER = '#/components/parameters/IdempotencyKey';

const HEADER = `// Generated from the OpenAPI document the gateway serves (GET /api/v1/openapi.json) by openapi-typescript.
// Do not edit: run \`${REGENERATE_COMMAND}\` against a running stack (\`npm start\`; \`-- --url <document url>\` for
// another one) and commit the result. test/sdk-types.test.ts fails while this file and the served document disagree.
`;

type Json = Record<string, unknown>;

/** The POST paths whose operation (or path item) takes the Idempotency-Key header, sorted. */
export function idempotentPosts(document: Json): string[] {
  const paths = (document.paths ?? {}) as Record<string, Json>;
  const takesKey = (parameters: unknown) =>
    Array.isArray(parameters) &&
    parameters.some(
      (p: Json) => p?.$ref === IDEMPOTENCY_KEY_PARAMETER || (p?.in === 'header' && String(p?.name).toLowerCase() === 'idempotency-key'),
    );
  return Object.entries(paths)
    .filter(([, item]) => item.post && (takesKey((item.post as Json).parameters) || takesKey(item.parameters)))
    .map(([p]) => p)
    .sort();
}

/**
 * `{ properties, anyOf: [{ required: [a] }, { required: [b] }] }` ("a or b must be given") as
 * `{ anyOf: [{ properties, required: [a] }, { properties, required: [b] }] }`: the same JSON Schema, which
 * openapi-typescript types as a union (it types the first form as `unknown`).
 */
export function spreadRequiredAlternatives<T>(value: T): T {
  if (Array.isArray(value)) return value.map(spreadRequiredAlternatives) as T;
  if (!value || typeof value !== 'object') return value;
  const node = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, spreadRequiredAlternatives(v)])) as Json;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const alternatives = node[keyword];
    const onlyRequired = (a: Json) => Object.keys(a).length === 1 && Array.isArray(a.required);
    if (!node.properties || !Array.isArray(alternatives) || !alternatives.every(onlyRequired)) continue;
    const { [keyword]: _alternatives, description, ...shape } = node;
    const required = (shape.required as string[] | undefined) ?? [];
    return {
      ...(description === undefined ? {} : { description }),
      [keyword]: alternatives.map((a: Json) => ({ ...shape, required: [...new Set([...required, ...(a.required as string[])])] })),
    } as T;
  }
  return node as T;
}

/** The source of src/generated/schema.ts for `document`: deterministic, so the committed file can be compared byte for byte. */
export async function generateSchemaSource(document: object): Promise<string> {
  const doc = spreadRequiredAlternatives(document) as Json;
  const types = astToString(await openapiTS(doc as unknown as OpenAPI3, { silent: true }));
  const posts = idempotentPosts(doc)
    .map((p) => `    ${JSON.stringify(p)},\n`)
    .join('');
  return `${HEADER}
${types}
/** The POST paths that take an Idempotency-Key header: the client sends a fresh key on each call unless given one. */
export const IDEMPOTENT_POSTS = [
${posts}] as const;
`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string', default: DEFAULT_DOCUMENT_URL } } });
  const url = values.url!;
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (err) {
    throw new Error(`cannot reach ${url} (${(err as Error).message}): start the stack with \`npm start\`, or pass -- --url <document url>`);
  }
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  const source = await generateSchemaSource((await res.json()) as object);
  writeFileSync(SCHEMA_FILE, source);
  console.log(`[sdk:generate] wrote ${path.relative(process.cwd(), SCHEMA_FILE)} from ${url}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: Error) => {
    console.error(`[sdk:generate] ${err.message}`);
    process.exitCode = 1;
  });
}
