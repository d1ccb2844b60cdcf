/**
 * The public OpenAPI document (issue 7 part 4, docs/decisions/0008-openapi.md) through the running stack:
 * - GET /api/v1/openapi.json needs no bearer, is a valid OpenAPI 3.1 document (standard validator, every schema
 *   strict JSON Schema 2020-12), version 1.0.0;
 * - its routes are exactly the routes of section 4 of the spec (parsed from the spec's own markdown tables) plus
 *   the extensions listed in docs/decisions/0008-openapi.md, and what the spec states about each route (bearer,
 *   Idempotency-Key, role 403, 201, limit bounds, required workspace_id, error codes) is in the document;
 * - every documented route is served through the gateway: a request built from the document to violate its
 *   documented input reaches that route's own validation (400 invalid_input naming the part), never the
 *   unknown-route 404; every undocumented method on a documented path, and made-up paths, get the unknown-route
 *   404; the document is the union of the services' own fragments, generated from the registries they mount;
 * - what the document says about Idempotency-Key and the bearer is what the gateway does;
 * - real answers of every documented route match its documented success schema, with no undocumented member.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { responseChecker, validateOpenApi, webhookChecker, type ResponseCheck } from '@studio/testkit/openapi';
import { baseUrl, NOT_FOUND_TEXT } from './support/client.js';
import { admin, tenant } from './support/operator.js';
import { loopbackAddress } from './support/gallery.js';
import { eventually, makeJpeg, putTo, sha256Hex } from './support/photos.js';
import { EVENT_TYPES } from './support/webhooks.js';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The spec lives in shared/ beside the repository (CI clones it there too). */
/**
 * The contract: the shared spec beside the project when it is there (the source of truth), else the copy the
 * project keeps of it in docs/spec/ (a clone elsewhere); scripts/spec-copy.spec.ts keeps the two identical.
 */
const SHARED_SPEC = path.resolve(ROOT, '../shared/spec/public-api.md');
const SPEC_PATH =
  process.env.STUDIO_PUBLIC_API_SPEC ?? (existsSync(SHARED_SPEC) ? SHARED_SPEC : path.join(ROOT, 'docs/spec/public-api.md'));
const DECISION_PATH = path.join(ROOT, 'docs/decisions/0008-openapi.md');

type Json = Record<string, any>;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

// ------------------------------------------------------------------------------------------ markdown sources

interface TableRoute {
  method: string;
  path: string;
  text: string;
  /** From the spec's "Routes with stated details" table. */
  detailed: boolean;
}

function section(markdown: string, heading: RegExp): string {
  const start = markdown.search(heading);
  if (start < 0) throw new Error(`no section ${heading}`);
  const rest = markdown.slice(start);
  const next = rest.slice(3).search(/\n## /);
  return next < 0 ? rest : rest.slice(0, next + 3);
}

/** Every `| METHOD | /path | text |` row of a markdown section. */
function routeRows(markdown: string): TableRoute[] {
  const rows: TableRoute[] = [];
  let detailed = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('### ')) detailed = /stated details/i.test(line);
    const m = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*(\/[^\s|]*)\s*\|(.*)\|\s*$/.exec(line);
    if (m) rows.push({ method: m[1]!, path: m[2]!, text: m[3]!.trim(), detailed });
  }
  return rows;
}

const spec = readFileSync(SPEC_PATH, 'utf8');
const SPEC_ROUTES = routeRows(section(spec, /^## 4\. /m));
/** Section 7: HTTP status -> error code. */
const SPEC_ERRORS = new Map(
  [...section(spec, /^## 7\. /m).matchAll(/^\|\s*(\d{3})\s*\|\s*([a-z_]+)\s*\|/gm)].map((m) => [m[1]!, m[2]!] as const),
);
const EXTENSIONS = routeRows(section(readFileSync(DECISION_PATH, 'utf8'), /^## Routes beyond the spec/m));
const key = (method: string, p: string) => `${method.toUpperCase()} ${p}`;

// ------------------------------------------------------------------------------------------------- HTTP

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: any;
}

interface SendOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  localAddress?: string;
}

/** One request to the gateway (`p` under /api/v1, or absolute). */
function send(method: string, p: string, opts: SendOptions = {}): Promise<Answer> {
  const url = new URL(p.startsWith('http') ? p : baseUrl() + p);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const payload = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (payload !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, localAddress: opts.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// ------------------------------------------------------------------------------------------- the document

interface Operation {
  method: string;
  path: string;
  op: Json;
}

let doc: Json;
let operations: Operation[];

function deref(value: Json): Json {
  let v = value;
  while (typeof v?.$ref === 'string')
    v = (v.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Json, k) => node[k], doc);
  return v;
}
const paramsOf = (operation: Operation): Json[] => ((operation.op.parameters as Json[] | undefined) ?? []).map(deref);
const findOp = (method: string, p: string) => operations.find((operation) => key(operation.method, operation.path) === key(method, p));
const takesKey = (operation: Operation) => paramsOf(operation).some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
const successStatus = (operation: Operation) => Number(Object.keys(operation.op.responses).find((s) => s.startsWith('2')));

beforeAll(async () => {
  const res = await send('GET', '/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
  operations = Object.entries(doc.paths as Record<string, Json>).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([m]) => (METHODS as readonly string[]).includes(m.toUpperCase()))
      .map(([m, op]) => ({ method: m.toUpperCase(), path: p, op: op as Json })),
  );
});

describe('GET /api/v1/openapi.json', () => {
  it('is served without a bearer, as a valid OpenAPI 3.1 document at version 1.0.0, cacheable', async () => {
    const res = await send('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const check = await validateOpenApi(res.body);
    expect(check.errors).toEqual([]);
    expect(res.body.openapi).toMatch(/^3\.1\.\d+$/);
    expect(res.body.info.version).toBe('1.0.0');
    expect(res.body.servers).toEqual([{ url: '/api/v1' }]);
    expect(res.body.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(res.body.components.securitySchemes.clientSession).toMatchObject({ type: 'http', scheme: 'bearer' });
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await send('GET', '/openapi.json', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // A bearer is not needed, and a bad one does not matter either.
    expect((await send('GET', '/openapi.json', { token: 'stu_nope' })).status).toBe(200);
  });

  it('lists exactly the routes of spec section 4 plus the documented extensions', () => {
    expect(SPEC_ROUTES.length).toBeGreaterThanOrEqual(40); // the parser found the tables
    expect(EXTENSIONS.length).toBeGreaterThan(0);
    const documented = operations.map((operation) => key(operation.method, operation.path)).sort();
    const expected = [...SPEC_ROUTES, ...EXTENSIONS].map((r) => key(r.method, r.path)).sort();
    expect(new Set(expected).size).toBe(expected.length);
    expect(documented).toEqual(expected);
  });

  it('is the union of the fragments the services generate from the route registries they mount, plus its own route', async () => {
    const ports = inject('ports');
    const fragments = await Promise.all(
      [ports.studioHttp, ports.galleryHttp, ports.uploadHttp, ports.searchHttp, ports.webhooksHttp].map(async (port) => {
        const res = await fetch(`http://127.0.0.1:${port}/internal/openapi`);
        expect(res.status).toBe(200);
        const fragment = (await res.json()) as Json;
        expect((await validateOpenApi(fragment)).errors).toEqual([]);
        return fragment;
      }),
    );
    const fromServices = fragments.flatMap((f) =>
      Object.entries(f.paths as Json).flatMap(([p, item]) => Object.keys(item as Json).map((m) => key(m, p))),
    );
    const own = EXTENSIONS.filter((e) => e.path === '/openapi.json').map((e) => key(e.method, e.path));
    expect([...fromServices, ...own].sort()).toEqual(operations.map((operation) => key(operation.method, operation.path)).sort());
    // The fragments are internal: the gateway does not serve them.
    const token = (await tenant(['owner'])).tokens.owner;
    for (const p of ['/internal/openapi', '/../internal/openapi']) {
      const res = await send('GET', p, { token });
      expect(res.status).toBe(404);
      expect(res.text).toBe(NOT_FOUND_TEXT);
    }
  });
});

describe('webhooks: what the API sends to subscribers (issue 24 item 8)', () => {
  it('documents each of the 28 public event types as an OpenAPI 3.1 webhook: envelope, its data, the delivery headers', () => {
    const webhooks = doc.webhooks as Record<string, Json>;
    expect(Object.keys(webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) {
      const op = webhooks[type]!.post as Json;
      expect(Object.keys(webhooks[type]!), type).toEqual(['post']);
      expect(op.security, type).toEqual([]);
      expect(op.description, type).toMatch(/\w{3,}.*signed POST/);
      const headers = Object.fromEntries(((op.parameters ?? []) as Json[]).map(deref).map((p) => [p.name, p]));
      for (const name of ['X-Service-Signature', 'X-Service-Event-Id', 'X-Service-Event-Type'])
        expect(headers[name], `${type} ${name}`).toMatchObject({ in: 'header', required: true });
      expect(headers['X-Service-Event-Type']!.schema, type).toMatchObject({ const: type });
      expect(headers['X-Service-Test'], type).toMatchObject({ in: 'header', required: false });
      const body = deref(op.requestBody.content['application/json'].schema);
      expect(body.required, type).toEqual(['id', 'type', 'created_at', 'workspace_id', 'api_version', 'data']);
      expect(body.properties.type, type).toMatchObject({ const: type });
      expect(deref(body.properties.data).type, type).toBe('object');
      expect(Object.keys(op.responses).sort(), type).toEqual(['2XX', '429', '4XX', '5XX']);
    }
    // Spec section 6 states gallery.created's data exactly.
    const created = deref(deref(webhooks['gallery.created']!.post.requestBody.content['application/json'].schema).properties.data);
    expect(Object.keys(created.properties).sort()).toEqual(['gallery_id', 'photo_count', 'shoot_id', 'slug', 'title']);
    // The rules of a delivery are stated where the events are listed.
    const tag = (doc.tags as Json[]).find((t) => t.name === webhooks['gallery.created']!.post.tags[0]);
    for (const rule of ['X-Service-Signature', 'HMAC-SHA256', '5 minutes', '30 s, 2 min, 10 min, 30 min and 2 h', 'dead_letter'])
      expect(tag?.description).toContain(rule);
  });
});

describe('what documentation tools need (issue 16 item 3, first part)', () => {
  it('names a contact and a license, and describes every tag it uses', () => {
    const info = doc.info as Json;
    expect(info.contact).toMatchObject({ name: expect.any(String), email: expect.stringContaining('@') });
    expect(info.license).toMatchObject({ name: expect.any(String) });
    const webhookOps = Object.values((doc.webhooks ?? {}) as Record<string, Json>).flatMap((item) => Object.values(item) as Json[]);
    const used = new Set(
      [...operations.map((operation) => operation.op), ...webhookOps].flatMap((op) => (op.tags as string[] | undefined) ?? []),
    );
    const tags = doc.tags as { name: string; description?: string }[];
    expect(tags.map((t) => t.name).sort()).toEqual([...used].sort());
    for (const tag of tags) expect(tag.description, tag.name).toMatch(/\w{3,}/);
  });

  it('carries no zod default integer bound (+-(2^53 - 1)): an integer states its real bounds or none', () => {
    expect(JSON.stringify(doc)).not.toContain('9007199254740991');
  });

  it('has no prefixItems tuple: every array schema says what its items are', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('prefixItems');
    expect(text).not.toContain('"items":false');
  });

  it('describes every operation in a sentence or more (at least 40 characters), beyond its summary', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) {
      const name = key(operation.method, operation.path);
      const { summary, description } = operation.op as { summary?: string; description?: string };
      expect(typeof description, name).toBe('string');
      expect((description as string).trim().length, name).toBeGreaterThanOrEqual(40);
      expect((description as string).trim(), name).not.toBe(summary?.trim());
    }
  });
});

describe('what the spec states is in the document', () => {
  it('every route answers 400, 401, 404 and 429 with the error body of section 7; 429 carries Retry-After', () => {
    expect(SPEC_ERRORS.get('400')).toBe('invalid_input');
    for (const operation of operations.filter((x) => x.path !== '/openapi.json')) {
      const name = key(operation.method, operation.path);
      for (const status of ['400', '401', '404', '429']) expect(operation.op.responses, `${name} ${status}`).toHaveProperty(status);
    }
    for (const operation of operations) {
      for (const [status, ref] of Object.entries(operation.op.responses as Json)) {
        if (status.startsWith('2')) continue;
        const response = deref(ref as Json);
        const schema = deref(response.content['application/json'].schema);
        expect(schema.properties.ok, `${key(operation.method, operation.path)} ${status}`).toMatchObject({ const: false });
        const code = SPEC_ERRORS.get(status);
        if (code) expect(schema.properties.error, `${key(operation.method, operation.path)} ${status}`).toMatchObject({ const: code });
        if (status === '429')
          expect(Object.keys(response.headers)).toEqual(
            expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
          );
      }
    }
  });

  it('bearer: every route needs the API token except POST /client-sessions; the client bearer only on its four gallery routes', () => {
    const clientRow = SPEC_ROUTES.find((r) => key(r.method, r.path) === 'POST /client-sessions')!;
    expect(clientRow.text).toMatch(/No bearer needed/);
    // "The returned bearer works only for GET /galleries/{id}, GET /galleries/{id}/photos, and POST and DELETE /galleries/{id}/favorites"
    const clientRoutes = [
      'GET /galleries/{id}',
      'GET /galleries/{id}/photos',
      'POST /galleries/{id}/favorites',
      'DELETE /galleries/{id}/favorites',
    ];
    for (const r of clientRoutes) expect(clientRow.text).toContain(r.split(' ')[1]);
    for (const r of SPEC_ROUTES) {
      const operation = findOp(r.method, r.path)!;
      const schemes = (operation.op.security as Json[]).flatMap((s) => Object.keys(s)).sort();
      if (/No bearer needed/.test(r.text)) expect(schemes, key(r.method, r.path)).toEqual([]);
      else if (clientRoutes.includes(key(r.method, r.path))) expect(schemes, key(r.method, r.path)).toEqual(['apiToken', 'clientSession']);
      else expect(schemes, key(r.method, r.path)).toEqual(['apiToken']);
    }
  });

  it('Idempotency-Key (with 422) on the routes the spec names and every other POST that acts; 403 on role routes; 201 where the spec says so', () => {
    for (const r of SPEC_ROUTES) {
      const operation = findOp(r.method, r.path)!;
      const where = key(r.method, r.path);
      // The spec names the key on four routes; issue 24 (docs/decisions/0001) extends it to every POST that creates or
      // acts: every POST but the bearer-less /client-sessions (test/idempotency.test.ts checks all of the document's).
      const idempotent = /Idempotency-Key/.test(r.text) || (where.startsWith('POST ') && where !== 'POST /client-sessions');
      expect(takesKey(operation), where).toBe(idempotent);
      if (idempotent) expect(operation.op.responses, where).toHaveProperty('422');
      else expect(operation.op.responses, where).not.toHaveProperty('422');
      if (/admin\+/i.test(r.text)) expect(operation.op.responses, where).toHaveProperty('403');
      if (r.detailed && /\b201\b/.test(r.text)) expect(successStatus(operation), where).toBe(201);
    }
    const key8 = /Idempotency-Key length \| 1 to 200 characters \| ([^|]+)\|/.exec(spec)![1]!;
    for (const p of key8.split(',').map((s) => s.trim().replace(/^POST /, ''))) expect(takesKey(findOp('POST', p)!), p).toBe(true);
    const header = doc.components.parameters.IdempotencyKey;
    expect(header).toMatchObject({ in: 'header', name: 'Idempotency-Key', required: false, schema: { minLength: 1, maxLength: 200 } });
  });

  it('query parameters: required workspace_id and q, limit bounds and defaults, cursor', () => {
    for (const r of SPEC_ROUTES.filter((x) => x.detailed && /Query:/.test(x.text))) {
      const where = key(r.method, r.path);
      const params = new Map(
        paramsOf(findOp(r.method, r.path)!)
          .filter((p) => p.in === 'query')
          .map((p) => [p.name as string, p]),
      );
      if (/workspace_id \(required\)/.test(r.text)) expect(params.get('workspace_id'), where).toMatchObject({ required: true });
      if (/\bq \(required/.test(r.text)) expect(params.get('q'), where).toMatchObject({ required: true });
      if (/\bcursor\b/.test(r.text))
        expect(params.get('cursor'), where).toMatchObject({ required: false, schema: { type: 'string', minLength: 1 } });
      if (/\blimit\b/.test(r.text)) {
        const bounds = /limit 1 to (\d+)(?: \(default (\d+)\))?/.exec(r.text);
        const limit = params.get('limit')!;
        expect(limit, where).toMatchObject({
          required: false,
          schema: { type: 'integer', minimum: 1, maximum: bounds ? Number(bounds[1]) : 100 },
        });
        if (bounds?.[2]) expect(limit.schema.default, where).toBe(Number(bounds[2]));
      }
    }
  });
});

describe('every documented route is served through the gateway, and nothing else is', () => {
  let token: string;
  beforeAll(async () => {
    token = (await tenant(['owner'])).tokens.owner;
  });

  /** A request that violates the operation's documented input; `issue` is where the 400 must point. */
  function invalidRequest(operation: Operation): { path: string; opts: SendOptions; issue: RegExp | null } {
    const params = paramsOf(operation);
    const pub = (operation.op.security as Json[]).length === 0;
    const base: SendOptions = pub ? { localAddress: loopbackAddress() } : { token };
    if (params.some((p) => p.in === 'path'))
      return { path: operation.path.replace(/\{\w+\}/g, 'not-a-uuid'), opts: base, issue: /^params\./ };
    const required = params.filter((p) => p.in === 'query' && p.required).map((p) => p.name as string);
    if (required.length) return { path: operation.path, opts: base, issue: new RegExp(`^query\\.(${required.join('|')})$`) };
    if (operation.op.requestBody) return { path: operation.path, opts: { ...base, body: [] }, issue: /^body/ };
    const typed = params.find((p) => p.in === 'query' && (p.schema?.type === 'integer' || p.schema?.pattern));
    if (typed)
      return { path: operation.path, opts: { ...base, query: { [typed.name]: 'x' } }, issue: new RegExp(`^query\\.${typed.name}$`) };
    return { path: operation.path, opts: base, issue: null };
  }

  it('a request that breaks a documented input reaches that route and is refused by its own validation', async () => {
    for (const operation of operations) {
      const probe = invalidRequest(operation);
      const res = await send(operation.method, probe.path, probe.opts);
      const where = `${key(operation.method, operation.path)} -> ${res.status} ${res.text.slice(0, 200)}`;
      if (probe.issue === null) {
        expect(res.status, where).toBe(successStatus(operation));
        continue;
      }
      expect(res.status, where).toBe(400);
      expect(res.body.error, where).toBe('invalid_input');
      expect(res.body.issues?.[0]?.path, where).toMatch(probe.issue);
    }
  });

  it('an undocumented method on a documented path, and a made-up path, get the unknown-route 404', async () => {
    const paths = [...new Set(operations.map((operation) => operation.path))];
    let probes = 0;
    for (const p of paths) {
      const concrete = p.replace(/\{\w+\}/g, 'not-a-uuid');
      for (const method of METHODS) {
        if (findOp(method, p)) continue;
        const res = await send(method, concrete, { token, ...(method === 'GET' ? {} : { body: [] }) });
        expect(res.status, `${method} ${p} -> ${res.text}`).toBe(404);
        expect(res.text).toBe(NOT_FOUND_TEXT);
        probes++;
      }
    }
    expect(probes).toBeGreaterThan(100);
    for (const [method, p] of [
      ['GET', '/nope'],
      ['GET', '/webhooks'],
      ['GET', '/ai/jobs'],
      ['POST', '/shoots/not-a-uuid/archive'],
      ['GET', '/galleries/not-a-uuid/photos/not-a-uuid'],
      ['GET', '/openapi'],
      ['GET', '/openapi.yaml'],
    ] as const) {
      const res = await send(method, p, { token });
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.text).toBe(NOT_FOUND_TEXT);
    }
  });

  it('Idempotency-Key is honoured exactly where documented: a malformed key is refused there, ignored elsewhere; a 400 is never stored', async () => {
    for (const operation of operations.filter((x) => x.method !== 'GET')) {
      const probe = invalidRequest(operation);
      const where = key(operation.method, operation.path);
      const k = `openapi-${randomUUID()}`;
      const first = await send(operation.method, probe.path, { ...probe.opts, body: [], headers: { 'idempotency-key': k } });
      expect(first.status, where).toBe(400);
      // A refusal is not stored (decision 0001), so another body under the same key is validated again, not a 422.
      const second = await send(operation.method, probe.path, { ...probe.opts, body: [1], headers: { 'idempotency-key': k } });
      expect(second.status, where).toBe(400);
      expect(second.headers['idempotent-replayed'], where).toBeUndefined();
      // The gateway checks the key only where it honours it.
      const malformed = await send(operation.method, probe.path, {
        ...probe.opts,
        body: [],
        headers: { 'idempotency-key': 'k'.repeat(201) },
      });
      expect(malformed.status, where).toBe(400);
      if (takesKey(operation)) expect(malformed.body.message, where).toMatch(/Idempotency-Key/);
      else expect(String(malformed.body.message ?? ''), where).not.toMatch(/Idempotency-Key/);
    }
  });

  it('the bearer is required exactly where the document says so', async () => {
    for (const operation of operations) {
      const probe = invalidRequest(operation);
      const { token: _t, ...anonymous } = probe.opts;
      const res = await send(operation.method, probe.path, { ...anonymous, localAddress: loopbackAddress() });
      if ((operation.op.security as Json[]).length === 0) expect(res.status, key(operation.method, operation.path)).not.toBe(401);
      else {
        expect(res.status, key(operation.method, operation.path)).toBe(401);
        expect(res.body.error).toBe('unauthorized');
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      }
    }
  });
});

describe('real answers match the documented success schemas', () => {
  let check: ResponseCheck;
  const covered = new Set<string>();
  let owner: string;
  let workspaceId: string;
  let receiver: http.Server;
  let receiverUrl: string;
  const s: Record<string, any> = {};
  /** Every webhook delivery the receiver got (real events, replays, the test delivery). */
  const delivered: { type: string; body: string }[] = [];

  /** Sends, asserts the documented success status and that the body matches the documented schema. */
  async function documented(
    method: string,
    template: string,
    opts: SendOptions & { params?: Record<string, string> } = {},
  ): Promise<Answer> {
    const operation = findOp(method, template);
    expect(operation, `${method} ${template} is documented`).toBeTruthy();
    const concrete = template.replace(/\{(\w+)\}/g, (_m, name: string) => opts.params?.[name] ?? '');
    const res = await send(method, concrete, { token: owner, ...opts });
    expect(res.status, `${method} ${concrete} -> ${res.text.slice(0, 300)}`).toBe(successStatus(operation!));
    expect(check(method, template, res.status, res.body)).toEqual([]);
    covered.add(key(method, template));
    return res;
  }

  beforeAll(async () => {
    check = responseChecker(doc);
    const t = await tenant(['owner']);
    owner = t.tokens.owner;
    workspaceId = t.workspaceId;
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        delivered.push({ type: String(req.headers['x-service-event-type']), body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });

  afterAll(async () => {
    await new Promise<void>((r) => receiver.close(() => r()));
  });

  it('studio: whoami, workspaces, shoots, shot list, clients, orders, invoices, tasks, dashboard, search', async () => {
    await documented('GET', '/auth/whoami');
    await documented('GET', '/workspaces', { query: { limit: 10 } });
    const shoot = await documented('POST', '/shoots', {
      body: {
        workspace_id: workspaceId,
        title: 'OpenAPI shoot',
        shot_list: ['wide', 'detail'],
        scheduled_start: '2031-05-01T10:00:00Z',
        scheduled_end: '2031-05-01T12:00:00Z',
      },
      headers: { 'idempotency-key': randomUUID() },
    });
    s.shootId = shoot.body.shoot.id;
    await documented('GET', '/shoots', { query: { workspace_id: workspaceId } });
    await documented('GET', '/shoots/{id}', { params: { id: s.shootId } });
    await documented('PATCH', '/shoots/{id}/shot-list', {
      params: { id: s.shootId },
      body: { item_id: shoot.body.shoot.shot_list_items[0].id, done: true },
    });
    await documented('POST', '/clients', {
      body: { workspace_id: workspaceId, name: 'Ada Lovelace', email: 'ADA@Example.test', phone: '+44 1' },
    });
    await documented('GET', '/clients', { query: { workspace_id: workspaceId } });
    // The demo workspace has orders, invoices, tasks and a full dashboard.
    const demo = await admin<{ workspace_id: string; token: string }>('seed-demo');
    for (const p of ['/orders', '/invoices', '/tasks']) {
      const res = await documented('GET', p, { token: demo.token, query: { workspace_id: demo.workspace_id } });
      expect(res.body.items.length, p).toBeGreaterThan(0);
    }
    const dash = await documented('GET', '/mobile/dashboard', { token: demo.token, query: { workspace_id: demo.workspace_id } });
    expect(dash.body.dashboard.recent_orders.length).toBeGreaterThan(0);
    const found = await eventually(
      () => send('GET', '/search', { token: owner, query: { workspace_id: workspaceId, q: 'Lovelace' } }),
      (r) => r.status === 200 && r.body.items.length > 0,
      20_000,
    );
    expect(check('GET', '/search', 200, found.body)).toEqual([]);
    covered.add('GET /search');
  }, 90_000);

  it('uploads: single-shot photo, multipart session (sign, record, pause, unpause, resume, complete, abort, finalize)', async () => {
    const jpeg = await makeJpeg({ width: 800, height: 600, seed: 21 });
    const created = await documented('POST', '/photos', {
      body: { shoot_id: s.shootId, file_name: 'a.jpg', content_type: 'image/jpeg', size: jpeg.length, sha256: sha256Hex(jpeg) },
    });
    const photoId = created.body.photo.id;
    expect((await documented('GET', '/photos/{id}', { params: { id: photoId } })).body.upload).not.toBeNull();
    expect((await putTo(created.body.upload, jpeg)).status).toBe(200);
    await documented('POST', '/photos/{id}/finalize', { params: { id: photoId } });
    const ready = await eventually(
      () => send('POST', `/photos/${photoId}/finalize`, { token: owner }),
      (r) => ['ready', 'failed'].includes(r.body?.photo?.state),
    );
    expect(ready.body.photo.state).toBe('ready');
    expect(check('POST', '/photos/{id}/finalize', 200, ready.body)).toEqual([]);
    s.photoId = photoId;

    const session = await documented('POST', '/upload-sessions', { body: { shoot_id: s.shootId } });
    const sid = session.body.session.id;
    const part = await makeJpeg({ width: 640, height: 480, seed: 22 });
    const reg = await documented('POST', '/upload-sessions/{id}/files', {
      params: { id: sid },
      body: { file_name: 'b.jpg', size: part.length, content_type: 'image/jpeg' },
    });
    const fileId = reg.body.files[0].id;
    const signed = await documented('POST', '/upload-sessions/{id}/files/{fileId}/parts/sign', {
      params: { id: sid, fileId },
      body: { part_numbers: [1] },
    });
    const put = await putTo(signed.body.parts[0], part);
    expect(put.status).toBe(200);
    await documented('POST', '/upload-sessions/{id}/files/{fileId}/parts/complete', {
      params: { id: sid, fileId },
      body: { part_number: 1, etag: put.headers.get('etag') },
    });
    await documented('GET', '/upload-sessions/{id}', { params: { id: sid } });
    await documented('POST', '/upload-sessions/{id}/pause', { params: { id: sid } });
    await documented('POST', '/upload-sessions/{id}/unpause', { params: { id: sid } });
    await documented('POST', '/upload-sessions/{id}/resume', { params: { id: sid } });
    await documented('POST', '/upload-sessions/{id}/files/{fileId}/complete', { params: { id: sid, fileId } });
    const other = await documented('POST', '/upload-sessions/{id}/files', {
      params: { id: sid },
      body: {
        files: [
          { file_name: 'c.jpg', size: 100, content_type: 'image/jpeg' },
          { file_name: 'd.jpg', size: 100, content_type: 'image/jpeg' },
        ],
      },
    });
    await documented('POST', '/upload-sessions/{id}/files/{fileId}/abort', { params: { id: sid, fileId: other.body.files[0].id } });
    const fin = await documented('POST', '/upload-sessions/{id}/finalize', { params: { id: sid } });
    expect(fin.body.incomplete_files).toHaveLength(1);
  }, 90_000);

  it('webhooks: legacy endpoint, rotation, subscription (registered before the gallery events they receive)', async () => {
    const ep = await documented('POST', '/webhook-endpoints', {
      body: { workspace_id: workspaceId, url: receiverUrl, event_types: ['gallery.published'] },
      headers: { 'idempotency-key': randomUUID() },
    });
    s.endpointId = ep.body.webhook_endpoint.id;
    await documented('GET', '/webhook-endpoints', { query: { workspace_id: workspaceId } });
    await documented('POST', '/webhook-endpoints/{id}/rotate-secret', { params: { id: s.endpointId } });
    const sub = await documented('POST', '/webhooks/subscriptions', {
      body: { workspace_id: workspaceId, target_url: `${receiverUrl}/sub`, event: 'gallery.created' },
    });
    s.subscriptionId = sub.body.subscription.id;
  });

  it('galleries and client sessions: create, list, read, photos, favorites, publish, open a session, read as the client', async () => {
    const created = await documented('POST', '/galleries', { body: { shoot_id: s.shootId, title: 'OpenAPI gallery' } });
    const id = created.body.gallery.id;
    await documented('GET', '/galleries', { query: { workspace_id: workspaceId } });
    const read = await documented('GET', '/galleries/{id}', { params: { id } });
    expect(read.body.gallery.photos.length).toBeGreaterThan(0);
    expect(read.body.gallery.photos[0].original_url).toEqual(expect.any(String));
    await documented('GET', '/galleries/{id}/photos', { params: { id }, query: { limit: 1 } });
    await documented('POST', '/galleries/{id}/favorites', { params: { id }, body: { photo_id: s.photoId } });
    const fav = await documented('GET', '/galleries/{id}', { params: { id } });
    expect(fav.body.gallery.photos.find((p: Json) => p.id === s.photoId).favorite).toBe(true);
    await documented('DELETE', '/galleries/{id}/favorites', { params: { id }, query: { photo_id: s.photoId } });
    const published = await documented('POST', '/galleries/{id}/publish', { params: { id } });
    const session = await documented('POST', '/client-sessions', {
      token: undefined,
      localAddress: loopbackAddress(),
      body: { portal_token: published.body.gallery.portal_token },
    });
    const bearer = session.body.session.bearer;
    const asClient = await documented('GET', '/galleries/{id}', { token: bearer, params: { id } });
    expect(asClient.body.gallery.photos[0]).not.toHaveProperty('original_url');
    await documented('GET', '/galleries/{id}/photos', { token: bearer, params: { id } });
    s.galleryId = id;
  }, 60_000);

  it('AI jobs: start a cull and poll it to its result', async () => {
    const job = await documented('POST', '/ai/cull-jobs', { body: { shoot_id: s.shootId } });
    await documented('GET', '/ai/jobs/{id}', { params: { id: job.body.job.id } });
    const done = await eventually(
      () => send('GET', `/ai/jobs/${job.body.job.id}`, { token: owner }),
      (r) => ['succeeded', 'failed'].includes(r.body?.job?.state),
    );
    expect(done.body.job.state).toBe('succeeded');
    expect(check('GET', '/ai/jobs/{id}', 200, done.body)).toEqual([]);
  }, 60_000);

  it('webhook deliveries: history, one delivery, replay, a test delivery; then unsubscribe and delete', async () => {
    const history = await eventually(
      () => send('GET', `/webhook-endpoints/${s.endpointId}/deliveries`, { token: owner }),
      (r) => r.status === 200 && r.body.items.some((d: Json) => d.state === 'succeeded'),
      30_000,
    );
    expect(check('GET', '/webhook-endpoints/{id}/deliveries', 200, history.body)).toEqual([]);
    covered.add('GET /webhook-endpoints/{id}/deliveries');
    const deliveryId = history.body.items.find((d: Json) => d.state === 'succeeded').id;
    await documented('GET', '/webhook-deliveries/{id}', { params: { id: deliveryId } });
    await documented('POST', '/webhook-deliveries/{id}/replay', { params: { id: deliveryId } });
    const test = await documented('POST', '/webhook-endpoints/{id}/test', { params: { id: s.endpointId } });
    expect(test.body.delivery).toMatchObject({ endpoint_id: s.endpointId, test: true });
    const gone = await documented('DELETE', '/webhooks/subscriptions', { body: { id: s.subscriptionId } });
    expect(gone.body.deleted).toBe(true);
    const again = await documented('DELETE', '/webhooks/subscriptions', { body: { id: s.subscriptionId } });
    expect(again.body.deleted).toBe(false);
    await documented('DELETE', '/webhook-endpoints/{id}', { params: { id: s.endpointId } });
    // Every delivery received matches the document's webhook of its type, with no undocumented member.
    const checkWebhook = webhookChecker(doc);
    await eventually(
      async () => delivered.filter((d) => d.type === 'gallery.published').length,
      (n) => n >= 2, // the event and the test delivery (or the replay)
      30_000,
    );
    for (const d of delivered) expect(['gallery.created', 'gallery.published']).toContain(d.type);
    for (const d of delivered) {
      const body = JSON.parse(d.body) as Json;
      expect(body.type).toBe(d.type);
      expect(checkWebhook(d.type, body)).toEqual([]);
    }
  }, 60_000);

  it('covered every documented route', () => {
    covered.add('GET /openapi.json'); // validated as a whole above
    expect(operations.map((operation) => key(operation.method, operation.path)).filter((k) => !covered.has(k))).toEqual([]);
  });
});
