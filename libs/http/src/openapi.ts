/**
 * OpenAPI 3.1 from the route registries (docs/decisions/0008-openapi.md).
 *
 * The zod schemas a route validates with ARE its documentation: `openApiFragment` turns a registry into a
 * complete OpenAPI 3.1 document (request parts with `io: 'input'`, success bodies with `io: 'output'`, both
 * as JSON Schema draft 2020-12, the dialect of OpenAPI 3.1). Each service serves its fragment on
 * GET /internal/openapi (`serveOpenApiFragment`, never proxied by the gateway); the gateway merges the
 * fragments with its own routes into the public document (`mergeOpenApi`).
 *
 * Rules the generator enforces (it throws, so a service's spec fails, rather than print a wrong document):
 * - express paths `/a/:id` become `/a/{id}`; every path placeholder must be a property of the params schema;
 * - query/path/header schemas must be zod objects (each property becomes one parameter);
 * - a schema that has no JSON Schema form (a bare transform, a custom check) is an error, never `{}`;
 * - a zod schema with `.meta({ id })` becomes the named component `#/components/schemas/<id>`; two different
 *   schemas under one name are an error (the merge renames clashes between services instead).
 */
import type { IRouter, NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { ERROR_TABLE, type ErrorKind } from '@studio/errors';
import { deprecationHeaders } from './deprecation.js';
import { entityOf, exampleOf, type JsonObject } from './openapi-example.js';
import type { AnyRouteDef, RouteRegistry } from './route.js';
import { wireFormatOf } from './wire-format.js';

export { exampleUuid, type JsonObject } from './openapi-example.js';

export const OPENAPI_VERSION = '3.1.1';
/** Where each service serves its fragment (outside /api/v1, so the gateway never proxies it). */
export const INTERNAL_OPENAPI_PATH = '/internal/openapi';
/** The public base path; document paths are relative to it (the spec's {base_url}). */
export const PUBLIC_API_BASE = '/api/v1';

export interface OpenApiComponents {
  schemas: Record<string, JsonObject>;
  responses: Record<string, JsonObject>;
  parameters: Record<string, JsonObject>;
  headers: Record<string, JsonObject>;
  securitySchemes: Record<string, JsonObject>;
}

export interface OpenApiDocument {
  openapi: string;
  info: {
    title: string;
    version: string;
    description?: string;
    contact?: { name?: string; url?: string; email?: string };
    license?: { name: string; url?: string; identifier?: string };
  };
  servers?: { url: string; description?: string }[];
  security?: Record<string, string[]>[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, JsonObject>>;
  /** OpenAPI 3.1: the requests the API itself sends (webhook deliveries), by name; each a Path Item. */
  webhooks?: Record<string, Record<string, JsonObject>>;
  components: OpenApiComponents;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

// ---------------------------------------------------------------------------------------------------------
// Shared components: error bodies, error responses, headers, the Idempotency-Key parameter, security schemes.

/** Component names of the error answers, one per error kind (spec section 7 plus our 409/500/503). */
export const ERROR_RESPONSES: Record<ErrorKind, string> = {
  invalid_input: 'InvalidInput',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  not_found: 'NotFound',
  conflict: 'Conflict',
  idempotency_conflict: 'IdempotencyConflict',
  rate_limited: 'RateLimited',
  unavailable: 'Unavailable',
  internal: 'Internal',
};

const ERROR_DESCRIPTIONS: Record<ErrorKind, string> = {
  invalid_input: 'Malformed or missing input (body, query, path, headers, cursor).',
  unauthorized: 'Missing, malformed, unknown or revoked bearer (or an invalid portal token on POST /client-sessions).',
  forbidden:
    "The caller's role in its own workspace is too low for this operation, or the token is read-only and the operation is not a GET.",
  not_found:
    'The record does not exist, belongs to another tenant, or the caller does not reach its workspace. The body is always exactly {"ok":false,"error":"not_found"}.',
  conflict: 'The record is in a state that does not allow this (or a request with the same Idempotency-Key is still running).',
  idempotency_conflict: 'The Idempotency-Key was used before with a different request body.',
  rate_limited: 'The rate limit is exhausted, or the limiter is unavailable (fail-closed). Retry after Retry-After seconds.',
  unavailable:
    'A dependency is unreachable, or the server is at capacity (refused at once); nothing was done. Retry after Retry-After seconds.',
  internal: 'An unexpected error; the request id names the log line.',
};

const EXAMPLE_REQUEST_ID = '5b0e6f1c-3c2d-4a8e-9f47-2d1b8c6e7a90';

/** One realistic body of each error kind (the message is for people and not stable). */
const ERROR_EXAMPLES: Record<ErrorKind, JsonObject> = {
  invalid_input: {
    ok: false,
    error: 'invalid_input',
    message: 'body.title: Too small: expected string to have >=1 characters',
    issues: [{ path: 'body.title', message: 'Too small: expected string to have >=1 characters' }],
  },
  unauthorized: { ok: false, error: 'unauthorized', message: 'a valid bearer is required' },
  forbidden: { ok: false, error: 'forbidden', message: 'this needs the admin role in the workspace' },
  not_found: { ok: false, error: 'not_found' },
  conflict: { ok: false, error: 'conflict', message: 'the gallery is already published' },
  idempotency_conflict: {
    ok: false,
    error: 'idempotency_conflict',
    message: 'this Idempotency-Key was used with a different request',
  },
  rate_limited: { ok: false, error: 'rate_limited', message: 'the rate limit is exhausted; retry after Retry-After seconds' },
  unavailable: { ok: false, error: 'unavailable', message: 'a dependency is unreachable; retry later', request_id: EXAMPLE_REQUEST_ID },
  internal: { ok: false, error: 'internal', message: 'internal error', request_id: EXAMPLE_REQUEST_ID },
};

/** Errors every public route can answer (spec sections 4 and 7; 5xx: docs/decisions/0001). */
export const COMMON_ERRORS: readonly ErrorKind[] = [
  'invalid_input',
  'unauthorized',
  'not_found',
  'rate_limited',
  'internal',
  'unavailable',
];

const issueSchema = z.object({ path: z.string(), message: z.string() });

/** The body of one error kind, as zod (so it is documented the same way as every other schema). */
export function errorBodySchema(kind: ErrorKind): z.ZodType {
  if (kind === 'not_found') return z.strictObject({ ok: z.literal(false), error: z.literal('not_found') });
  const shape: Record<string, z.ZodType> = {
    ok: z.literal(false),
    error: z.literal(kind),
    message: z.string().optional().describe('For people; not stable.'),
  };
  if (kind === 'invalid_input') shape.issues = z.array(issueSchema).optional().describe('Each invalid input, e.g. path `body.title`.');
  if (kind === 'unauthorized') {
    shape.reason = z
      .string()
      .optional()
      .describe(
        'Why, where an operation says more: POST /client-sessions answers portal_invalid, portal_expired or portal_suspended (only a holder of the real portal token learns the last two).',
      );
  }
  if (ERROR_TABLE[kind].http >= 500) shape.request_id = z.string().describe('The X-Request-Id of the request, for the operator.');
  return z.object(shape);
}

const HEADERS: Record<string, JsonObject> = {
  'X-Request-Id': {
    description: "The request id (the caller's X-Request-Id when it is 1..128 of [A-Za-z0-9._:-], else a new UUID).",
    schema: { type: 'string' },
  },
  'RateLimit-Limit': { description: 'Requests allowed in the current window.', schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the current window ends.', schema: { type: 'integer', minimum: 0 } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
  Deprecation: {
    description: 'RFC 9745: this operation (or the form of input the request used) is deprecated since this date, as `@<unix seconds>`.',
    schema: { type: 'string', pattern: '^@-?\\d+$' },
  },
  Sunset: {
    description: 'RFC 8594: from this date (an HTTP date) the deprecated operation or input stops working.',
    schema: { type: 'string' },
  },
  Link: {
    description: 'With `rel="deprecation"` (RFC 9745): the migration guide, a section of the HTML API reference (`type="text/html"`).',
    schema: { type: 'string' },
  },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** A reference to one of the shared response headers (components.headers). */
export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
/** The RateLimit-* headers every rate-limited answer carries. */
export const rateLimitHeaders = () => ({
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
});

export const SECURITY_SCHEMES: Record<string, JsonObject> = {
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'stu_<prefix>_<secret>',
    description: 'An API token of a member (created by an operator). A token scoped to one workspace reaches only that workspace.',
  },
  clientSession: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "A gallery customer's short-lived bearer from POST /client-sessions. Accepted only on GET /galleries/{id}, GET /galleries/{id}/photos and POST/DELETE /galleries/{id}/favorites of that one gallery.",
  },
};

/** The components every fragment and the public document share. */
export function commonComponents(): OpenApiComponents {
  const schemas: Record<string, JsonObject> = {};
  const responses: Record<string, JsonObject> = {};
  for (const [kind, name] of Object.entries(ERROR_RESPONSES) as [ErrorKind, string][]) {
    const schemaName = `${name}Error`;
    // Error bodies are exact (additionalProperties: false is kept): nothing but these members is ever sent.
    schemas[schemaName] = toJsonSchema(errorBodySchema(kind), 'output', schemas, `error ${kind}`, { keepClosedObjects: true });
    const headers: JsonObject = { 'X-Request-Id': headerRef('X-Request-Id') };
    if (kind === 'rate_limited') Object.assign(headers, { 'Retry-After': headerRef('Retry-After') }, rateLimitHeaders());
    // Every 503 says when to come back: a dependency down, or the server at capacity (docs/decisions/0019).
    if (kind === 'unavailable') headers['Retry-After'] = headerRef('Retry-After');
    responses[name] = {
      description: `${ERROR_TABLE[kind].http} ${kind}: ${ERROR_DESCRIPTIONS[kind]}`,
      headers,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` }, example: ERROR_EXAMPLES[kind] } },
    };
  }
  return {
    schemas,
    responses,
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.',
        schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x20-\\x7e]{1,200}$' },
        example: '9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c',
      },
    },
    headers: structuredClone(HEADERS),
    securitySchemes: structuredClone(SECURITY_SCHEMES),
  };
}

// ---------------------------------------------------------------------------------------------------------
// zod -> JSON Schema

export interface ToJsonSchemaOptions {
  /** Keep `additionalProperties: false` on output objects (error bodies). Success bodies drop it: see 0008. */
  keepClosedObjects?: boolean;
}

/**
 * One zod schema as an OpenAPI 3.1 Schema Object. Named sub-schemas (`.meta({ id })`) are moved into
 * `components` (refs rewritten to `#/components/schemas/<id>`); a clash of two different schemas under one
 * name throws. `io: 'input'` documents what a request may send (before transforms and defaults apply).
 */
export function toJsonSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  components: Record<string, JsonObject>,
  where: string,
  opts: ToJsonSchemaOptions = {},
): JsonObject {
  let json: JsonObject;
  try {
    json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'throw', override: documentSchema }) as JsonObject;
  } catch (err) {
    throw new Error(`${where}: the zod schema has no JSON Schema form (${(err as Error).message})`);
  }
  const { $schema: _dialect, $defs, ...rest } = json;
  const closeOpen = io === 'output' && !opts.keepClosedObjects;
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonObject>)) {
    if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('__schema')) {
      throw new Error(`${where}: give the shared or recursive sub-schema a name with .meta({ id }) (got "${name}")`);
    }
    addComponent(components, name, normalise(def, closeOpen, where), where);
  }
  return normalise(rest, closeOpen, where);
}

/**
 * An example value of what `schema` outputs, derived exactly as the document's examples are (openapi-example.ts):
 * the same fixed values, and one UUID per entity, so `id` and `<entity>_id` agree when `entity` (e.g. `Gallery`) is
 * given. Used where a service needs sample data outside the document (webhooks' test deliveries).
 */
export function exampleOfZod(schema: z.ZodType, entity?: string): unknown {
  const components: Record<string, JsonObject> = {};
  return exampleOf(toJsonSchema(schema, 'output', components, entity ?? 'example'), components, undefined, entity);
}

/** The per-node pass over zod's JSON Schema: zod's own integer limits dropped, documented wire formats applied. */
function documentSchema(ctx: { zodSchema: unknown; jsonSchema: JsonObject }): void {
  dropDefaultIntegerBounds(ctx.jsonSchema);
  applyWireFormat(ctx);
}

/**
 * `z.int()` without limits comes out as minimum -(2^53 - 1) and maximum 2^53 - 1: not a bound anyone chose, only
 * what a JavaScript number holds exactly, and tools show it as if it were one (it was in 99 places). Integers keep
 * the bounds their schema states (int32 columns, limits, sizes) and carry none otherwise.
 */
function dropDefaultIntegerBounds(json: JsonObject): void {
  if (json.type !== 'integer') return;
  if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
  if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
}

function applyWireFormat(ctx: { zodSchema: unknown; jsonSchema: JsonObject }): void {
  const wire = wireFormatOf(ctx.zodSchema as z.ZodType);
  if (!wire) return;
  let json: JsonObject;
  if (wire instanceof z.ZodType) {
    // Documented by another zod schema (e.g. the union of the forms a preprocess accepts). Named sub-schemas
    // are inlined here: the conversion in progress has no place to put new components.
    const {
      $schema: _dialect,
      $defs,
      ...rest
    } = z.toJSONSchema(wire, { target: 'draft-2020-12', io: 'input', unrepresentable: 'throw', override: documentSchema }) as JsonObject;
    json = inlineDefs(rest, ($defs ?? {}) as Record<string, JsonObject>, 0);
  } else {
    json = structuredClone(wire);
  }
  const description = ctx.jsonSchema.description;
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  Object.assign(ctx.jsonSchema, json);
  if (description !== undefined && json.description === undefined) ctx.jsonSchema.description = description;
}

function inlineDefs<T>(value: T, defs: Record<string, JsonObject>, depth: number): T {
  if (depth > 32) throw new Error('a documented wire format is recursive; name it with .meta({ id }) instead');
  if (Array.isArray(value)) return value.map((v) => inlineDefs(v, defs, depth)) as T;
  if (!value || typeof value !== 'object') return value;
  const ref = (value as JsonObject).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    const { $ref: _ref, ...siblings } = value as JsonObject;
    return { ...inlineDefs(defs[ref.slice('#/$defs/'.length)], defs, depth + 1), ...siblings } as T;
  }
  return Object.fromEntries(Object.entries(value as JsonObject).map(([k, v]) => [k, inlineDefs(v, defs, depth)])) as T;
}

/** Rewrites `#/$defs/X` refs to components; drops `additionalProperties: false` of success bodies when asked. */
function normalise<T>(value: T, dropClosed: boolean, where: string): T {
  if (Array.isArray(value)) return value.map((v) => normalise(v, dropClosed, where)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value as JsonObject)) {
    if (key === '$ref' && typeof v === 'string') {
      if (!v.startsWith('#/$defs/')) throw new Error(`${where}: unsupported reference ${v} (name recursive schemas with .meta({ id }))`);
      out.$ref = `#/components/schemas/${v.slice('#/$defs/'.length)}`;
      continue;
    }
    if (dropClosed && key === 'additionalProperties' && v === false) continue;
    out[key] = normalise(v, dropClosed, where);
  }
  return out as T;
}

function addComponent(components: Record<string, JsonObject>, name: string, schema: JsonObject, where: string): void {
  const existing = components[name];
  if (existing && !sameJson(existing, schema)) throw new Error(`${where}: two different schemas are named "${name}"`);
  components[name] = schema;
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value as JsonObject)
      .sort()
      .map((k) => [k, canonical((value as JsonObject)[k])]),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Routes -> operations

/** `/upload-sessions/:id/files/:fileId` -> `/upload-sessions/{id}/files/{fileId}` and the placeholder names. */
export function openApiPath(expressPath: string): { path: string; names: string[] } {
  const names: string[] = [];
  const segments = expressPath.split('/').map((segment) => {
    if (!segment.startsWith(':')) {
      if (/[:*{}()?+]/.test(segment)) throw new Error(`${expressPath}: only plain segments and :name placeholders are supported`);
      return segment;
    }
    const name = segment.slice(1);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`${expressPath}: unsupported placeholder ${segment}`);
    names.push(name);
    return `{${name}}`;
  });
  return { path: segments.join('/'), names };
}

function objectProperties(json: JsonObject, where: string): { properties: Record<string, JsonObject>; required: Set<string> } {
  if (json.type !== 'object' || !json.properties || typeof json.properties !== 'object') {
    throw new Error(`${where}: must be a zod object (each property is one parameter)`);
  }
  return { properties: json.properties as Record<string, JsonObject>, required: new Set((json.required as string[] | undefined) ?? []) };
}

function parametersOf(
  location: 'path' | 'query' | 'header',
  schema: z.ZodType | undefined,
  components: Record<string, JsonObject>,
  where: string,
  /** What `{id}` names: `Gallery` on /galleries/{id} (for its example). */
  entity?: string,
): JsonObject[] {
  if (!schema) return [];
  const { properties, required } = objectProperties(
    toJsonSchema(schema, 'input', components, `${where} ${location}`),
    `${where} ${location}`,
  );
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' ? true : required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
      example: exampleOf(rest, components, name, entity),
    };
  });
}

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

export interface OperationOptions {
  /** Throw when a route has no `response` schema (services' specs turn this on). */
  requireResponses?: boolean;
}

/** One route definition as an OpenAPI operation (named sub-schemas are added to `components`). */
export function operationFor(
  def: AnyRouteDef,
  components: Record<string, JsonObject>,
  opts: OperationOptions = {},
): { path: string; method: string; operation: JsonObject } {
  const where = `${def.method.toUpperCase()} ${def.path}`;
  const { path, names } = openApiPath(def.path);

  const segments = path.split('/');
  const idOf = segments[segments.indexOf('{id}') - 1];
  const pathParams = parametersOf('path', def.params as z.ZodType | undefined, components, where, idOf ? entityOf(idOf) : undefined);
  const declared = new Set(pathParams.map((p) => p.name));
  for (const name of names) {
    if (!declared.has(name)) {
      if (def.params) throw new Error(`${where}: path placeholder :${name} is not in the params schema`);
      pathParams.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  const extra = pathParams.filter((p) => !names.includes(p.name as string));
  if (extra.length) throw new Error(`${where}: params schema has ${extra.map((p) => p.name).join(', ')}, which the path does not`);

  const parameters: JsonObject[] = [
    ...pathParams,
    ...parametersOf('query', def.query as z.ZodType | undefined, components, where),
    ...parametersOf('header', def.headers as z.ZodType | undefined, components, where),
  ];
  if (def.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });

  const operation: JsonObject = {
    operationId: def.operationId,
    summary: def.summary,
    ...(def.description ? { description: def.description } : {}),
    ...(def.tags?.length ? { tags: def.tags } : {}),
    ...(def.deprecated ? { deprecated: true } : {}),
    security: def.auth === 'none' ? [] : def.auth === 'token_or_client' ? [{ apiToken: [] }, { clientSession: [] }] : [{ apiToken: [] }],
  };
  if (parameters.length) operation.parameters = parameters;

  if (def.body) {
    const body = def.body as z.ZodType;
    const optional = def.bodyOptional === true || body.safeParse(undefined).success;
    const schema = toJsonSchema(body, 'input', components, `${where} body`);
    operation.requestBody = {
      required: !optional,
      content: { 'application/json': { schema, example: def.example?.request ?? exampleOf(schema, components) } },
    };
  }

  if (!def.response && opts.requireResponses) throw new Error(`${where}: no response schema`);
  const status = def.status ?? 200;
  const headers: JsonObject = { 'X-Request-Id': headerRef('X-Request-Id'), ...rateLimitHeaders() };
  if (def.idempotent) headers['Idempotent-Replayed'] = headerRef('Idempotent-Replayed');
  const deprecation = def.deprecated ?? def.deprecatedInput?.deprecation;
  if (deprecation) {
    for (const name of Object.keys(deprecationHeaders(deprecation))) headers[name] = headerRef(name);
    const note = def.deprecated ? deprecationNote(def.deprecated) : deprecatedInputNote(def.deprecatedInput!);
    operation.description = `${operation.description ?? ''}${operation.description ? '\n\n' : ''}${note}`;
  }
  const responseSchema = def.response
    ? toJsonSchema(def.response, 'output', components, `${where} response`)
    : { type: 'object', properties: { ok: { const: true } }, required: ['ok'] };
  const responses: JsonObject = {
    [String(status)]: {
      description: SUCCESS_DESCRIPTIONS[status] ?? 'Success',
      headers,
      content: {
        'application/json': { schema: responseSchema, example: def.example?.response ?? exampleOf(responseSchema, components) },
      },
    },
  };
  const kinds = new Set<ErrorKind>([...COMMON_ERRORS, ...((def.errors ?? []) as ErrorKind[])]);
  // The gateway answers a key still in flight with 409 and a reused key with another body with 422.
  if (def.idempotent) kinds.add('conflict').add('idempotency_conflict');
  for (const kind of [...kinds].sort((a, b) => ERROR_TABLE[a].http - ERROR_TABLE[b].http)) {
    responses[String(ERROR_TABLE[kind].http)] = { $ref: `#/components/responses/${ERROR_RESPONSES[kind]}` };
  }
  operation.responses = responses;
  return { path, method: def.method, operation };
}

/** What a deprecated operation's description says of its dates and guide (Redoc renders the link). */
function deprecationNote(d: NonNullable<AnyRouteDef['deprecated']>): string {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return `**Deprecated** since ${day(d.since)}; it stops working on ${day(d.sunset)}. Its answers, its own refusals included, carry \`Deprecation\`, \`Sunset\` and a \`Link\` to [the migration guide](${d.link}).`;
}

/** What the description of an operation with a deprecated form of input says of it. */
function deprecatedInputNote({ what, deprecation: d }: NonNullable<AnyRouteDef['deprecatedInput']>): string {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return `**Deprecated input:** ${what} is deprecated since ${day(d.since)} and stops working on ${day(d.sunset)}; the answers to a request that uses it carry \`Deprecation\`, \`Sunset\` and a \`Link\` to [the migration guide](${d.link}).`;
}

export interface FragmentOptions extends OperationOptions {
  /** `info.title` of the fragment, e.g. "studio service". */
  title: string;
  version?: string;
  description?: string;
  /** The outbound requests this service sends (OpenAPI 3.1 `webhooks`): webhook-dispatch's deliveries. */
  webhooks?: readonly WebhookDef[];
}

/** One outbound request the API sends to a subscriber (an OpenAPI 3.1 `webhooks` entry). */
export interface WebhookDef {
  /** Its key in `webhooks`: the event type, e.g. `gallery.published`. */
  name: string;
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  /** The JSON body that is sent (documented as output: what the subscriber receives). */
  body: z.ZodType;
  /** The request headers that are sent: a zod object, each property one header parameter. */
  headers?: z.ZodType;
  /** What each answer of the subscriber means, by status or range (`2XX`). */
  responses: Record<string, string>;
}

/** One webhook as an OpenAPI Path Item with a `post` operation (named sub-schemas are added to `components`). */
export function webhookFor(def: WebhookDef, components: Record<string, JsonObject>): Record<string, JsonObject> {
  const where = `webhook ${def.name}`;
  const schema = toJsonSchema(def.body, 'output', components, `${where} body`);
  const parameters = parametersOf('header', def.headers, components, where);
  const operation: JsonObject = {
    operationId: def.operationId,
    summary: def.summary,
    ...(def.description ? { description: def.description } : {}),
    ...(def.tags?.length ? { tags: def.tags } : {}),
    // The subscriber authenticates the request by its signature header, not by a bearer of ours.
    security: [],
    ...(parameters.length ? { parameters } : {}),
    requestBody: { required: true, content: { 'application/json': { schema, example: exampleOf(schema, components) } } },
    responses: Object.fromEntries(Object.entries(def.responses).map(([status, description]) => [status, { description }])),
  };
  return { post: operation };
}

/** A complete, valid OpenAPI 3.1 document of one registry (one service's part of the public API). */
export function openApiFragment(routes: RouteRegistry | readonly AnyRouteDef[], opts: FragmentOptions): OpenApiDocument {
  const defs = 'routes' in routes ? routes.routes : routes;
  const components = commonComponents();
  const paths: Record<string, Record<string, JsonObject>> = {};
  const operationIds = new Set<string>();
  for (const def of defs) {
    const { path, method, operation } = operationFor(def, components.schemas, opts);
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`${method.toUpperCase()} ${path} is defined twice`);
    if (operationIds.has(def.operationId)) throw new Error(`operationId ${def.operationId} is used twice`);
    operationIds.add(def.operationId);
    item[method] = operation;
  }
  const webhooks: NonNullable<OpenApiDocument['webhooks']> = {};
  for (const def of opts.webhooks ?? []) {
    if (webhooks[def.name]) throw new Error(`webhook ${def.name} is defined twice`);
    if (operationIds.has(def.operationId)) throw new Error(`operationId ${def.operationId} is used twice`);
    operationIds.add(def.operationId);
    webhooks[def.name] = webhookFor(def, components.schemas);
  }
  return finishDocument(
    { title: opts.title, version: opts.version ?? '1.0.0', description: opts.description },
    paths,
    components,
    {},
    webhooks,
  );
}

function finishDocument(
  info: OpenApiDocument['info'],
  paths: OpenApiDocument['paths'],
  components: OpenApiComponents,
  tagDescriptions: Readonly<Record<string, string>> = {},
  webhooks: NonNullable<OpenApiDocument['webhooks']> = {},
): OpenApiDocument {
  const sorted: OpenApiDocument['paths'] = {};
  for (const path of Object.keys(paths).sort()) {
    const item = paths[path]!;
    sorted[path] = Object.fromEntries(HTTP_METHODS.filter((m) => item[m]).map((m) => [m, item[m]!]));
  }
  const items = [...Object.values(sorted), ...Object.values(webhooks)];
  const tags = [...new Set(items.flatMap((item) => Object.values(item).flatMap((op) => (op.tags as string[] | undefined) ?? [])))].sort();
  const doc: OpenApiDocument = {
    openapi: OPENAPI_VERSION,
    info: Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined)) as OpenApiDocument['info'],
    servers: [{ url: PUBLIC_API_BASE }],
    security: [{ apiToken: [] }],
    tags: tags.map((name) => (tagDescriptions[name] ? { name, description: tagDescriptions[name] } : { name })),
    paths: sorted,
    ...(Object.keys(webhooks).length ? { webhooks } : {}),
    components: {
      ...components,
      schemas: Object.fromEntries(
        Object.keys(components.schemas)
          .sort()
          .map((k) => [k, components.schemas[k]!]),
      ),
    },
  };
  return doc;
}

// ---------------------------------------------------------------------------------------------------------
// Merging fragments (the gateway)

export interface FragmentSource {
  /** Who served it (an upstream name); used to rename a clashing component, e.g. `Photo` -> `GalleryPhoto`. */
  name: string;
  doc: OpenApiDocument;
}

/**
 * Merges fragments into one document. The shared components come from this library (not from the fragments),
 * paths, webhooks and named schemas from the fragments. A schema name two fragments use for different schemas is
 * renamed in the later fragment (`<Source><Name>`); the same path and method, or one operationId, in two
 * fragments is an error.
 */
export function mergeOpenApi(
  info: OpenApiDocument['info'],
  sources: readonly FragmentSource[],
  /** A description per tag, shown by documentation tools beside each group of operations. */
  tagDescriptions: Readonly<Record<string, string>> = {},
): OpenApiDocument {
  const components = commonComponents();
  const common = new Set(Object.keys(components.schemas));
  const paths: OpenApiDocument['paths'] = {};
  const webhooks: NonNullable<OpenApiDocument['webhooks']> = {};
  const operationIds = new Map<string, string>();
  for (const source of sources) {
    const renames = new Map<string, string>();
    const own = source.doc.components?.schemas ?? {};
    for (const [name, schema] of Object.entries(own)) {
      if (common.has(name)) continue;
      const existing = components.schemas[name];
      if (existing && !sameJson(existing, renameRefs(schema, renames))) {
        const renamed = `${pascal(source.name)}${name}`;
        if (components.schemas[renamed]) throw new Error(`${source.name}: cannot rename schema ${name}: ${renamed} exists too`);
        renames.set(name, renamed);
      }
    }
    for (const [name, schema] of Object.entries(own)) {
      if (common.has(name)) continue;
      components.schemas[renames.get(name) ?? name] = renameRefs(schema, renames);
    }
    for (const [path, item] of Object.entries(source.doc.paths ?? {})) {
      const merged = (paths[path] ??= {});
      for (const [method, operation] of Object.entries(item)) {
        if (merged[method]) throw new Error(`${method.toUpperCase()} ${path} is documented by two services`);
        const id = operation.operationId as string;
        if (operationIds.has(id)) throw new Error(`operationId ${id} is used by ${operationIds.get(id)} and ${source.name}`);
        operationIds.set(id, source.name);
        merged[method] = renameRefs(operation, renames);
      }
    }
    for (const [name, item] of Object.entries(source.doc.webhooks ?? {})) {
      if (webhooks[name]) throw new Error(`webhook ${name} is documented by two services`);
      for (const operation of Object.values(item)) {
        const id = operation.operationId as string;
        if (operationIds.has(id)) throw new Error(`operationId ${id} is used by ${operationIds.get(id)} and ${source.name}`);
        operationIds.set(id, source.name);
      }
      webhooks[name] = renameRefs(item, renames);
    }
  }
  return finishDocument(info, paths, components, tagDescriptions, webhooks);
}

function renameRefs<T>(value: T, renames: Map<string, string>): T {
  if (renames.size === 0) return value;
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, renames)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value as JsonObject)) {
    if (key === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
      const name = v.slice('#/components/schemas/'.length);
      out.$ref = `#/components/schemas/${renames.get(name) ?? name}`;
    } else out[key] = renameRefs(v, renames);
  }
  return out as T;
}

const pascal = (s: string) => s.replace(/(^|[-_ ])([a-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase());

/** The operations of a document as `METHOD /path` pairs (tests and the gateway's checks). */
export function listOperations(doc: Pick<OpenApiDocument, 'paths'>): { method: string; path: string; operation: JsonObject }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => (HTTP_METHODS as readonly string[]).includes(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Serving a service's fragment

/**
 * Mounts GET /internal/openapi: the service's fragment, built once on first request. Outside /api/v1, so the
 * gateway never proxies it; only the gateway (and operators) read it.
 */
export function serveOpenApiFragment(app: IRouter, routes: RouteRegistry | readonly AnyRouteDef[], opts: FragmentOptions): void {
  let body: string | null = null;
  app.get(INTERNAL_OPENAPI_PATH, (_req: Request, res: Response, next: NextFunction) => {
    try {
      body ??= JSON.stringify(openApiFragment(routes, opts));
    } catch (err) {
      next(err);
      return;
    }
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('cache-control', 'no-cache');
    res.end(body);
  });
}
