import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@studio/errors';
import { createLogger } from '@studio/logger';
import { defineRoute, okResponse } from '@studio/http';
import { listOperations, openApiFragment, type OpenApiDocument } from '@studio/http/openapi';
import { validateOpenApi } from '@studio/testkit/openapi';
import { API_BASE, PREFIX_TABLE, PUBLIC_ROUTES, RouteTable, UPSTREAMS, type RouteKey, type Upstream } from '../http/route-table.js';
import { buildPublicDocument, OpenApiService, type UpstreamFragment } from './openapi.service.js';

const logger = createLogger({ service: 'spec', level: 'silent' });
const noop = () => ({ ok: true });

function fragment(title: string, routes: Parameters<typeof defineRoute>[0][]): OpenApiDocument {
  return openApiFragment(
    routes.map((r) => defineRoute(r)),
    { title },
  );
}

const route = (method: 'get' | 'post', path: string, operationId: string, extra: Partial<Parameters<typeof defineRoute>[0]> = {}) => ({
  method,
  path,
  operationId,
  summary: operationId,
  auth: 'token' as const,
  response: okResponse({ id: z.string() }),
  handler: noop,
  ...extra,
});

/** The gateway's tables with the Idempotency-Key routes the fragments below document (the real table names more). */
const IDEMPOTENT: RouteKey[] = [
  { method: 'POST', path: `${API_BASE}/shoots` },
  { method: 'POST', path: `${API_BASE}/galleries/{id}/publish` },
  { method: 'POST', path: `${API_BASE}/webhooks/subscriptions` },
];
const routeTable = (idempotent: RouteKey[] = IDEMPOTENT) => new RouteTable(PREFIX_TABLE, PUBLIC_ROUTES, idempotent);

function fragments(over: Partial<Record<Upstream, OpenApiDocument>> = {}): UpstreamFragment[] {
  const base: Record<Upstream, OpenApiDocument> = {
    studio: fragment('studio', [
      route('get', '/shoots', 'listShoots'),
      route('post', '/shoots', 'createShoot', { idempotent: true, status: 201 }),
    ]),
    gallery: fragment('gallery', [
      route('post', '/client-sessions', 'openClientSession', { auth: 'none' }),
      route('post', '/galleries/:id/publish', 'publishGallery', { idempotent: true, params: z.object({ id: z.string() }) }),
    ]),
    upload: fragment('upload', [route('get', '/photos/:id', 'getPhoto', { params: z.object({ id: z.string() }) })]),
    search: fragment('search', [route('get', '/search', 'search')]),
    webhooks: fragment('webhooks', [route('post', '/webhooks/subscriptions', 'subscribe', { idempotent: true })]),
  };
  return UPSTREAMS.map((upstream) => ({ upstream, doc: over[upstream] ?? base[upstream] }));
}

describe('buildPublicDocument', () => {
  it('merges every fragment with the gateway route into one valid OpenAPI 3.1 document, version 1.0.0', async () => {
    const { doc, problems } = buildPublicDocument(fragments(), routeTable());
    expect(problems).toEqual([]);
    expect(doc.info.version).toBe('1.0.0');
    expect((await validateOpenApi(doc)).errors).toEqual([]);
    expect(listOperations(doc).map((operation) => `${operation.method} ${operation.path}`)).toEqual([
      'post /client-sessions',
      'post /galleries/{id}/publish',
      'get /openapi.json',
      'get /photos/{id}',
      'get /search',
      'get /shoots',
      'post /shoots',
      'post /webhooks/subscriptions',
    ]);
    expect(doc.paths['/openapi.json']!.get!.security).toEqual([]);
  });

  it('leaves out an operation the gateway would not send to the service that documents it', () => {
    const studio = fragment('studio', [
      route('get', '/shoots', 'listShoots'),
      route('get', '/galleries', 'strayGalleries'),
      route('get', '/nowhere', 'nowhere'),
    ]);
    const { doc, problems } = buildPublicDocument(fragments({ studio }), routeTable());
    expect(doc.paths['/galleries']).toBeUndefined();
    expect(doc.paths['/nowhere']).toBeUndefined();
    expect(problems).toEqual([
      'GET /galleries (studio): the gateway routes this path to gallery; left out of the document',
      'GET /nowhere (studio): the gateway routes this path to nothing; left out of the document',
      // This studio fragment has no POST /shoots any more, which the gateway still takes Idempotency-Key on.
      'POST /shoots: the gateway honours Idempotency-Key on it, but no service documents it',
    ]);
  });

  it("documents Idempotency-Key and the bearer as the gateway's own tables say", () => {
    const studio = fragment('studio', [
      route('get', '/shoots', 'listShoots', { idempotent: true }),
      route('post', '/shoots', 'createShoot', { status: 201 }),
    ]);
    const gallery = fragment('gallery', [route('post', '/client-sessions', 'openClientSession')]);
    const { doc, problems } = buildPublicDocument(fragments({ studio, gallery }), routeTable());
    // GET /shoots flagged, POST /shoots not, /client-sessions not public; and this gallery fragment lacks publish.
    expect(problems).toHaveLength(4);
    expect(problems[3]).toBe('POST /galleries/{id}/publish: the gateway honours Idempotency-Key on it, but no service documents it');
    const list = doc.paths['/shoots']!.get!;
    expect(list.parameters).toBeUndefined();
    expect(list.responses).not.toHaveProperty('422');
    const create = doc.paths['/shoots']!.post!;
    expect(create.parameters).toEqual([{ $ref: '#/components/parameters/IdempotencyKey' }]);
    expect(create.responses).toHaveProperty('422');
    expect(doc.paths['/client-sessions']!.post!.security).toEqual([]);
  });

  it('lists 403 on every bearer operation that is not a GET (a read-only token is refused there), and only there', () => {
    const { doc } = buildPublicDocument(fragments(), routeTable());
    const forbidden = { $ref: '#/components/responses/Forbidden' };
    for (const [path, method] of [
      ['/shoots', 'post'],
      ['/galleries/{id}/publish', 'post'],
      ['/webhooks/subscriptions', 'post'],
    ] as const) {
      expect(doc.paths[path]![method]!.responses, `${method} ${path}`).toHaveProperty('403', forbidden);
    }
    // Reads and the public operations are untouched.
    for (const [path, method] of [
      ['/shoots', 'get'],
      ['/photos/{id}', 'get'],
      ['/client-sessions', 'post'],
      ['/openapi.json', 'get'],
    ] as const) {
      expect(doc.paths[path]![method]!.responses, `${method} ${path}`).not.toHaveProperty('403');
    }
  });

  it('matches path patterns of the table to the documented operations, whatever their parameter names', () => {
    const gallery = fragment('gallery', [
      route('post', '/client-sessions', 'openClientSession', { auth: 'none' }),
      // Not flagged by the service, but the gateway honours the key on /galleries/{id}/publish: documented as it is.
      route('post', '/galleries/:galleryId/publish', 'publishGallery', { params: z.object({ galleryId: z.string() }) }),
      // Flagged, but the gateway does not honour a key on /galleries/{id}/archive: not documented.
      route('post', '/galleries/:id/archive', 'archiveGallery', { idempotent: true, params: z.object({ id: z.string() }) }),
    ]);
    const { doc, problems } = buildPublicDocument(fragments({ gallery }), routeTable());
    expect(problems).toEqual([
      'POST /galleries/{galleryId}/publish (gallery): Idempotency-Key is handled by the gateway; documented as it is handled',
      'POST /galleries/{id}/archive (gallery): Idempotency-Key is not handled by the gateway; documented as it is handled',
    ]);
    const publish = doc.paths['/galleries/{galleryId}/publish']!.post!;
    expect(publish.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(publish.responses).toHaveProperty('422');
    const archive = doc.paths['/galleries/{id}/archive']!.post!;
    expect(archive.parameters).not.toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(archive.responses).not.toHaveProperty('422');
  });

  it('reports a route the gateway honours Idempotency-Key on that no service documents (a table entry gone stale or early)', () => {
    const table = routeTable([
      ...IDEMPOTENT,
      { method: 'POST', path: `${API_BASE}/webhook-endpoints/{id}/test` },
      { method: 'POST', path: `${API_BASE}/shoots/{id}/archive` },
    ]);
    const { problems } = buildPublicDocument(fragments(), table);
    expect(problems).toEqual([
      'POST /webhook-endpoints/{id}/test: the gateway honours Idempotency-Key on it, but no service documents it',
      'POST /shoots/{id}/archive: the gateway honours Idempotency-Key on it, but no service documents it',
    ]);
  });

  it("with the gateway's real table, flags every POST of a service that does not declare the key", () => {
    const studio = fragment('studio', [route('post', '/shoots', 'createShoot', { status: 201 })]);
    const upload = fragment('upload', [
      route('post', '/upload-sessions/:id/files/:fileId/parts/sign', 'signUploadParts', {
        params: z.object({ id: z.string(), fileId: z.string() }),
      }),
    ]);
    const { doc, problems } = buildPublicDocument(fragments({ studio, upload }), new RouteTable());
    expect(problems).toContain('POST /shoots (studio): Idempotency-Key is handled by the gateway; documented as it is handled');
    expect(problems).toContain(
      'POST /upload-sessions/{id}/files/{fileId}/parts/sign (upload): Idempotency-Key is handled by the gateway; documented as it is handled',
    );
    expect(doc.paths['/upload-sessions/{id}/files/{fileId}/parts/sign']!.post!.parameters).toContainEqual({
      $ref: '#/components/parameters/IdempotencyKey',
    });
  });
});

describe('OpenApiService', () => {
  const targets = Object.fromEntries(UPSTREAMS.map((u) => [u, `http://${u}.test`])) as Record<Upstream, string>;
  const docs = Object.fromEntries(fragments().map((f) => [f.upstream, f.doc])) as Record<Upstream, OpenApiDocument>;

  function harness(opts: { fail?: (upstream: string, call: number) => boolean } = {}) {
    let now = 1_000_000;
    const calls: string[] = [];
    const fetchFn = (async (url: string) => {
      const upstream = new URL(url).hostname.replace('.test', '') as Upstream;
      calls.push(`${upstream}${new URL(url).pathname}`);
      if (opts.fail?.(upstream, calls.length)) throw new Error('connect ECONNREFUSED');
      return new Response(JSON.stringify(docs[upstream]), { status: 200 });
    }) as typeof fetch;
    const service = new OpenApiService({
      targets,
      table: routeTable(),
      logger,
      ttlMs: 60_000,
      fetchTimeoutMs: 100,
      retryAfterMs: 5000,
      fetch: fetchFn,
      now: () => now,
    });
    return { service, calls, advance: (ms: number) => (now += ms) };
  }

  it('builds once from every /internal/openapi, however many ask at the same time, and serves it from memory', async () => {
    const { service, calls } = harness();
    const [a, b] = await Promise.all([service.document(), service.document()]);
    expect(a).toBe(b);
    expect(calls.sort()).toEqual(UPSTREAMS.map((u) => `${u}/internal/openapi`).sort());
    await service.document();
    expect(calls).toHaveLength(UPSTREAMS.length);
    expect(JSON.parse(a.body.toString()).info.version).toBe('1.0.0');
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('retries a fragment once, then answers unavailable rather than a partial document', async () => {
    const once = harness({ fail: (u, n) => u === 'search' && n <= UPSTREAMS.length });
    await expect(once.service.document()).resolves.toBeDefined();
    const down = harness({ fail: (u) => u === 'search' });
    await expect(down.service.document()).rejects.toEqual(expect.objectContaining({ kind: 'unavailable' }));
    await expect(down.service.document()).rejects.toBeInstanceOf(AppError);
  });

  it('after the TTL rebuilds in the background and keeps serving the last complete document when a service is down', async () => {
    let searchDown = false;
    const h = harness({ fail: (u) => searchDown && u === 'search' });
    const first = await h.service.document();
    h.advance(61_000);
    searchDown = true;
    expect(await h.service.document()).toBe(first); // stale, refresh started
    await new Promise((r) => setTimeout(r, 400));
    const before = h.calls.length;
    expect(await h.service.document()).toBe(first); // refresh failed: still the complete one, and backing off
    expect(h.calls.length).toBe(before);
    searchDown = false;
    h.advance(6000);
    await h.service.document();
    await new Promise((r) => setTimeout(r, 50));
    expect(await h.service.document()).not.toBe(first);
  });
});
