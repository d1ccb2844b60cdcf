import express from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateOpenApi } from '@studio/testkit/openapi';
import { UUID_PATTERN } from '@studio/uuid';
import { createLogger } from '@studio/logger';
import {
  commonComponents,
  listOperations,
  mergeOpenApi,
  openApiFragment,
  openApiPath,
  operationFor,
  serveOpenApiFragment,
  toJsonSchema,
  type JsonObject,
  type OpenApiDocument,
  type WebhookDef,
} from './openapi.js';
import { deprecation } from './deprecation.js';
import { defineRoute, type AnyRouteDef } from './route.js';
import { idParams, int32, limit, listQuery, listResponse, okResponse, uuid } from './schemas.js';
import { createHttpApp, finishHttpApp, startHttpServer } from './server.js';
import { createMetrics } from './metrics.js';
import { withWireFormat } from './wire-format.js';

const noop = () => ({ ok: true });
type Op = JsonObject & { parameters?: JsonObject[]; responses: Record<string, JsonObject>; requestBody?: JsonObject };
const op = (def: AnyRouteDef, schemas: Record<string, JsonObject> = {}) => operationFor(def, schemas).operation as Op;
const param = (operation: Op, name: string) => operation.parameters!.find((p) => p.name === name)!;
const successSchema = (operation: Op, status = '200') =>
  ((operation.responses[status]!.content as JsonObject)['application/json'] as JsonObject).schema as JsonObject;
const bodySchema = (operation: Op) =>
  ((operation.requestBody!.content as JsonObject)['application/json'] as JsonObject).schema as JsonObject;

const specThing = z.object({ id: z.uuid(), name: z.string(), at: z.iso.datetime().nullable() }).meta({ id: 'SpecThing' });

describe('openApiPath', () => {
  it('turns express placeholders into OpenAPI ones', () => {
    expect(openApiPath('/shoots')).toEqual({ path: '/shoots', names: [] });
    expect(openApiPath('/upload-sessions/:id/files/:fileId/parts/sign')).toEqual({
      path: '/upload-sessions/{id}/files/{fileId}/parts/sign',
      names: ['id', 'fileId'],
    });
  });

  it('refuses express syntax it cannot describe', () => {
    expect(() => openApiPath('/files/*splat')).toThrow(/only plain segments/);
    expect(() => openApiPath('/a{/:b}')).toThrow();
    expect(() => openApiPath('/a/:b-c')).toThrow(/unsupported placeholder/);
  });
});

describe('operationFor', () => {
  const listRoute = defineRoute({
    method: 'get',
    path: '/things',
    operationId: 'listThings',
    summary: 'List things',
    tags: ['things'],
    auth: 'token',
    query: listQuery({ workspaceRequired: true }),
    response: listResponse(specThing),
    handler: noop,
  });

  it('makes one parameter per query property, with the wire form of text-encoded values', () => {
    const operation = op(listRoute);
    expect(operation.parameters!.map((p) => [p.name, p.in, p.required])).toEqual([
      ['workspace_id', 'query', true],
      ['limit', 'query', false],
      ['cursor', 'query', false],
    ]);
    // limit arrives as text but is documented as the integer it is, with its bounds and default.
    expect(param(operation, 'limit').schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
    expect(param(operation, 'limit').description).toMatch(/1 to 100/);
    expect(param(operation, 'workspace_id').schema).toEqual({ type: 'string', format: 'uuid', pattern: UUID_PATTERN });
  });

  it('documents the UUID pattern exactly as the validator accepts (both cases, sentinels)', () => {
    const re = new RegExp(UUID_PATTERN);
    const samples = [
      '6f1c2a8e-4b1d-4c3a-9f0e-1a2b3c4d5e6f',
      '6F1C2A8E-4B1D-4C3A-9F0E-1A2B3C4D5E6F',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
      '6f1c2a8e-4b1d-9c3a-9f0e-1a2b3c4d5e6f', // version 9
      '6f1c2a8e-4b1d-4c3a-cf0e-1a2b3c4d5e6f', // variant c
      'not-a-uuid',
      '6f1c2a8e4b1d4c3a9f0e1a2b3c4d5e6f',
    ];
    for (const s of samples) expect(re.test(s), s).toBe(uuid().safeParse(s).success);
  });

  it('moves named schemas into components and refers to them; success bodies stay open to new members', () => {
    const schemas: Record<string, JsonObject> = {};
    const operation = op(listRoute, schemas);
    const body = successSchema(operation);
    expect(body.properties).toMatchObject({
      ok: { const: true },
      items: { type: 'array', items: { $ref: '#/components/schemas/SpecThing' } },
    });
    expect(body.additionalProperties).toBeUndefined();
    expect(schemas.SpecThing).toMatchObject({ type: 'object', required: ['id', 'name', 'at'] });
    expect(schemas.SpecThing!.additionalProperties).toBeUndefined();
    expect(JSON.stringify(operation)).not.toContain('$defs');
  });

  it('adds the common errors to every route, 403 for role routes, 409 and 422 with Idempotency-Key', () => {
    expect(Object.keys(op(listRoute).responses)).toEqual(['200', '400', '401', '404', '429', '500', '503']);
    const create = op(
      defineRoute({
        method: 'post',
        path: '/things',
        operationId: 'createThing',
        summary: 'Create a thing',
        auth: 'token',
        body: z.object({ name: z.string().min(1) }),
        status: 201,
        idempotent: true,
        errors: ['forbidden'],
        response: okResponse({ thing: specThing }),
        handler: noop,
      }),
    );
    expect(Object.keys(create.responses)).toEqual(['201', '400', '401', '403', '404', '409', '422', '429', '500', '503']);
    expect(create.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(create.responses['422']).toEqual({ $ref: '#/components/responses/IdempotencyConflict' });
    expect(create.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(create.responses['201']!.headers).toHaveProperty('Idempotent-Replayed');
    expect(create.requestBody).toMatchObject({ required: true });
    expect(bodySchema(create)).toEqual({ type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] });
  });

  it('sets security by auth mode', () => {
    const base = { method: 'get' as const, path: '/x', operationId: 'x', summary: 'x', handler: noop };
    expect(op(defineRoute({ ...base, auth: 'token' })).security).toEqual([{ apiToken: [] }]);
    expect(op(defineRoute({ ...base, auth: 'token_or_client' })).security).toEqual([{ apiToken: [] }, { clientSession: [] }]);
    expect(op(defineRoute({ ...base, auth: 'none' })).security).toEqual([]);
  });

  it('documents request parts as they are sent (io input): transforms, defaults, nullish, optional bodies', () => {
    const operation = op(
      defineRoute({
        method: 'post',
        path: '/things/:id/move',
        operationId: 'moveThing',
        summary: 'Move',
        auth: 'token',
        params: idParams,
        body: z
          .object({
            email: z
              .string()
              .trim()
              .toLowerCase()
              .pipe(z.email())
              .nullish()
              .transform((v) => v ?? null),
            speed: z.enum(['slow', 'fast']).optional().default('slow'),
            at: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
          })
          .optional(),
        bodyOptional: true,
        handler: noop,
      }),
    );
    expect(operation.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'string', format: 'uuid', pattern: UUID_PATTERN },
        example: expect.stringMatching(UUID_PATTERN),
      },
    ]);
    expect(operation.requestBody).toMatchObject({ required: false });
    const body = bodySchema(operation);
    expect(body.required).toEqual(['at']);
    expect(body.properties).toMatchObject({
      email: { type: ['string', 'null'] },
      speed: { type: 'string', enum: ['slow', 'fast'], default: 'slow' },
      at: { type: 'string', format: 'date-time' },
    });
  });

  it('documents a preprocess by the zod schema registered as its wire form', () => {
    const one = z.object({ file: z.string() });
    const many = z.object({ files: z.array(one).min(1) });
    const body = withWireFormat(
      z.preprocess((b) => (b && typeof b === 'object' && !('files' in b) ? { files: [b] } : b), many),
      z.union([many, one]),
    );
    const operation = op(defineRoute({ method: 'post', path: '/f', operationId: 'f', summary: 'f', auth: 'token', body, handler: noop }));
    expect(bodySchema(operation).anyOf).toEqual([
      {
        type: 'object',
        properties: {
          files: { type: 'array', minItems: 1, items: { type: 'object', properties: { file: { type: 'string' } }, required: ['file'] } },
        },
        required: ['files'],
      },
      { type: 'object', properties: { file: { type: 'string' } }, required: ['file'] },
    ]);
  });

  it('refuses routes whose schemas would print a wrong document', () => {
    const base = { method: 'get' as const, operationId: 'x', summary: 'x', auth: 'token' as const, handler: noop };
    expect(() => op(defineRoute({ ...base, path: '/x/:id', params: z.object({ other: z.string() }) }))).toThrow(
      /:id is not in the params schema/,
    );
    expect(() => op(defineRoute({ ...base, path: '/x/:id', params: z.object({ id: z.string(), extra: z.string() }) }))).toThrow(/extra/);
    expect(() => op(defineRoute({ ...base, path: '/x', query: z.string() }))).toThrow(/must be a zod object/);
    // A bare transform has no JSON Schema: an error naming the route, never a silent `{}`.
    expect(() => op(defineRoute({ ...base, path: '/x', response: z.object({ a: z.string() }).transform((v) => v.a) }))).toThrow(
      /GET \/x response: the zod schema has no JSON Schema form/,
    );
    expect(() => op(defineRoute({ ...base, path: '/x', response: z.object({ a: z.custom<string>() }) }))).toThrow(/no JSON Schema form/);
    expect(
      () =>
        op(defineRoute({ ...base, path: '/x' }), {}) && operationFor(defineRoute({ ...base, path: '/x' }), {}, { requireResponses: true }),
    ).toThrow(/no response schema/);
  });

  it('refuses two different schemas under one component name', () => {
    const schemas: Record<string, JsonObject> = {};
    toJsonSchema(z.object({ a: z.string() }).meta({ id: 'SpecClash' }), 'output', schemas, 'first');
    expect(() => toJsonSchema(z.object({ b: z.string() }).meta({ id: 'SpecClash' }), 'output', schemas, 'second')).toThrow(
      /second: two different schemas are named "SpecClash"/,
    );
  });
});

describe('integer bounds', () => {
  it("drops zod's default +-(2^53 - 1) and keeps the bounds a schema states", () => {
    const json = toJsonSchema(
      z.object({ free: z.int(), count: z.int().min(0), column: int32(), page: limit(100, 50) }),
      'input',
      {},
      'spec',
    ) as { properties: Record<string, JsonObject> };
    expect(json.properties.free).toEqual({ type: 'integer' });
    expect(json.properties.count).toEqual({ type: 'integer', minimum: 0 });
    expect(json.properties.column).toMatchObject({ type: 'integer', minimum: -2147483648, maximum: 2147483647 });
    expect(json.properties.page).toMatchObject({ minimum: 1, maximum: 100 });
    expect(JSON.stringify(json)).not.toContain('9007199254740991');
  });
});

describe('openApiFragment', () => {
  const routes = [
    defineRoute({
      method: 'get',
      path: '/things',
      operationId: 'listThings',
      summary: 'List',
      tags: ['things'],
      auth: 'token',
      query: listQuery({ workspaceRequired: false }),
      response: listResponse(specThing),
      handler: noop,
    }),
    defineRoute({
      method: 'get',
      path: '/things/:id',
      operationId: 'getThing',
      summary: 'Get',
      tags: ['things'],
      auth: 'token_or_client',
      params: idParams,
      deprecatedInput: {
        what: 'An old id form',
        deprecation: deprecation({ since: '2026-11-01', sunset: '2027-05-01', guide: 'Migrating-from-ids' }),
      },
      response: okResponse({ thing: specThing }),
      handler: noop,
    }),
    defineRoute({
      method: 'delete',
      path: '/things/:id',
      operationId: 'deleteThing',
      summary: 'Delete',
      tags: ['things'],
      auth: 'token',
      params: idParams,
      deprecated: deprecation({ since: '2026-11-01', sunset: '2027-05-01', guide: 'Migrating-from-things' }),
      errors: ['forbidden'],
      response: okResponse({ deleted: z.boolean() }),
      handler: noop,
    }),
    defineRoute({
      method: 'post',
      path: '/sessions',
      operationId: 'openSession',
      summary: 'Open',
      tags: ['sessions'],
      auth: 'none',
      body: z.object({ token: z.string() }),
      response: okResponse({ bearer: z.string() }),
      handler: noop,
    }),
  ];

  it('is a valid OpenAPI 3.1 document (official schema, every $ref resolved, every schema strict JSON Schema 2020-12)', async () => {
    const doc = openApiFragment(routes, { title: 'spec service' });
    const check = await validateOpenApi(doc);
    expect(check.errors).toEqual([]);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    expect(doc.tags).toEqual([{ name: 'sessions' }, { name: 'things' }]);
    const deprecated = doc.paths['/things/{id}']!.delete!;
    expect(deprecated.deprecated).toBe(true);
    expect(Object.keys((deprecated.responses as any)['200'].headers)).toEqual(expect.arrayContaining(['Deprecation', 'Sunset', 'Link']));
    expect(deprecated.description).toContain('[the migration guide](/api/v1/docs#section/Migrating-from-things)');
    const partly = doc.paths['/things/{id}']!.get!;
    expect(partly.deprecated).toBeUndefined();
    expect(Object.keys((partly.responses as any)['200'].headers)).toEqual(expect.arrayContaining(['Deprecation', 'Sunset', 'Link']));
    expect(partly.description).toContain('**Deprecated input:** An old id form is deprecated since 2026-11-01');
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['apiToken', 'clientSession']);
    // Error bodies are exact; not_found has no member besides ok and error.
    expect(doc.components.schemas.NotFoundError).toEqual({
      type: 'object',
      properties: { ok: { type: 'boolean', const: false }, error: { type: 'string', const: 'not_found' } },
      required: ['ok', 'error'],
      additionalProperties: false,
    });
    expect(doc.components.responses.RateLimited!.headers).toHaveProperty('Retry-After');
  });

  it('the validator catches what the generator must never print', async () => {
    const doc = openApiFragment(routes, { title: 'spec service' }) as unknown as {
      paths: Record<string, Record<string, Op>>;
      components: OpenApiDocument['components'];
    };
    const broken = structuredClone(doc);
    broken.paths['/things']!.get!.responses['404'] = { $ref: '#/components/responses/Missing' };
    expect((await validateOpenApi(broken)).valid).toBe(false);
    const badSchema = structuredClone(doc);
    badSchema.components.schemas.SpecThing = { type: 'object', properties: { id: { type: 'uuid' } } };
    expect((await validateOpenApi(badSchema)).valid).toBe(false);
  });

  it('refuses a path and method or an operationId defined twice', () => {
    expect(() => openApiFragment([routes[0]!, routes[0]!], { title: 'x' })).toThrow(/defined twice/);
    expect(() => openApiFragment([routes[0]!, { ...routes[1]!, operationId: 'listThings' }], { title: 'x' })).toThrow(
      /operationId listThings/,
    );
  });
});

describe('mergeOpenApi', () => {
  const photoA = z.object({ id: z.uuid(), url: z.string() }).meta({ id: 'SpecPhoto' });
  const photoB = z.object({ id: z.uuid(), size: z.number().int() }).meta({ id: 'SpecPhoto' });
  const fragment = (path: string, operationId: string, schema: z.ZodType) =>
    openApiFragment(
      [
        defineRoute({
          method: 'get',
          path,
          operationId,
          summary: operationId,
          auth: 'token',
          response: okResponse({ photo: schema }),
          handler: noop,
        }),
      ],
      { title: operationId },
    );

  it('merges webhooks (OpenAPI 3.1) like paths: refs renamed with their schemas, one name documented once', async () => {
    const hook = (name: string, operationId: string, schema: z.ZodType): WebhookDef => ({
      name,
      operationId,
      summary: name,
      tags: ['events'],
      body: z.object({ type: z.literal(name), photo: schema }),
      headers: z.object({ 'X-Signature': z.string() }),
      responses: { '2XX': 'Acknowledged.', '5XX': 'Retried.' },
    });
    const withHooks = (path: string, id: string, schema: z.ZodType, hooks: WebhookDef[]) => ({
      ...fragment(path, id, schema),
      webhooks: openApiFragment([], { title: id, webhooks: hooks }).webhooks!,
    });
    const upload = withHooks('/a', 'a', photoB, [hook('photo.uploaded', 'onPhotoUploaded', photoB)]);
    expect(upload.webhooks['photo.uploaded']!.post!.parameters).toEqual([
      expect.objectContaining({ name: 'X-Signature', in: 'header', required: true }),
    ]);
    const merged = mergeOpenApi({ title: 'All', version: '1.0.0' }, [
      { name: 'gallery', doc: fragment('/b', 'b', photoA) },
      { name: 'upload', doc: upload },
    ]);
    expect(Object.keys(merged.webhooks ?? {})).toEqual(['photo.uploaded']);
    expect(JSON.stringify(merged.webhooks)).toContain('#/components/schemas/UploadSpecPhoto');
    expect(merged.tags).toEqual([{ name: 'events' }]);
    expect((await validateOpenApi(merged)).errors).toEqual([]);
    expect(
      mergeOpenApi({ title: 'None', version: '1.0.0' }, [{ name: 'gallery', doc: fragment('/b', 'b', photoA) }]).webhooks,
    ).toBeUndefined();
    expect(() =>
      mergeOpenApi({ title: 'All', version: '1.0.0' }, [
        { name: 'upload', doc: upload },
        { name: 'again', doc: withHooks('/c', 'c', photoB, [hook('photo.uploaded', 'onPhotoUploadedAgain', photoB)]) },
      ]),
    ).toThrow(/webhook photo.uploaded is documented by two services/);
  });

  it('unions paths and schemas; a clashing schema name of a later fragment is renamed with its source', async () => {
    const merged = mergeOpenApi({ title: 'All', version: '1.0.0' }, [
      { name: 'gallery', doc: fragment('/b', 'b', photoA) },
      { name: 'upload', doc: fragment('/a', 'a', photoB) },
      { name: 'again', doc: fragment('/c', 'c', photoA) },
    ]);
    expect(Object.keys(merged.paths)).toEqual(['/a', '/b', '/c']);
    expect(merged.components.schemas.SpecPhoto).toMatchObject({ properties: { url: { type: 'string' } } });
    expect(merged.components.schemas.UploadSpecPhoto).toMatchObject({ properties: { size: { type: 'integer' } } });
    expect(JSON.stringify(merged.paths['/a'])).toContain('#/components/schemas/UploadSpecPhoto');
    expect(JSON.stringify(merged.paths['/c'])).toContain('#/components/schemas/SpecPhoto"');
    expect(merged.info).toEqual({ title: 'All', version: '1.0.0' });
    expect(listOperations(merged).map((entry) => entry.operation.operationId)).toEqual(['a', 'b', 'c']);
    expect((await validateOpenApi(merged)).errors).toEqual([]);
  });

  it('refuses one path and method, or one operationId, from two fragments', () => {
    expect(() =>
      mergeOpenApi({ title: 'x', version: '1' }, [
        { name: 'p', doc: fragment('/a', 'a', photoA) },
        { name: 'q', doc: fragment('/a', 'b', photoA) },
      ]),
    ).toThrow(/documented by two services/);
    expect(() =>
      mergeOpenApi({ title: 'x', version: '1' }, [
        { name: 'p', doc: fragment('/a', 'a', photoA) },
        { name: 'q', doc: fragment('/b', 'a', photoA) },
      ]),
    ).toThrow(/operationId a is used by p and q/);
  });

  it('takes the shared components from this library, not from the fragments', () => {
    const old = fragment('/a', 'a', photoA);
    old.components.responses.NotFound = { description: 'stale copy' };
    const merged = mergeOpenApi({ title: 'x', version: '1' }, [{ name: 'p', doc: old }]);
    expect(merged.components.responses.NotFound).toEqual(commonComponents().responses.NotFound);
  });
});

describe('serveOpenApiFragment', () => {
  it('serves the fragment on GET /internal/openapi, outside /api/v1', async () => {
    const logger = createLogger({ service: 'spec', level: 'silent' });
    const app = createHttpApp({ logger, metrics: createMetrics('spec') });
    const routes = [
      defineRoute({
        method: 'get',
        path: '/things',
        operationId: 'listThings',
        summary: 'List',
        auth: 'token',
        query: z.object({ limit: limit() }),
        response: okResponse({}),
        handler: noop,
      }),
    ];
    const router = express.Router();
    app.use('/api/v1', router);
    serveOpenApiFragment(app, routes, { title: 'spec service' });
    finishHttpApp(app, logger);
    const server = await startHttpServer(app, 0);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/internal/openapi`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const doc = (await res.json()) as OpenApiDocument;
      expect(doc.info.title).toBe('spec service');
      expect(Object.keys(doc.paths)).toEqual(['/things']);
      expect((await fetch(`http://127.0.0.1:${server.port}/api/v1/internal/openapi`)).status).toBe(404);
    } finally {
      await server.close(100);
    }
  });
});
