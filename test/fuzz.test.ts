/**
 * Bad-input fuzz through the gateway (issue 14, item 10: no 5xx for bad input). Walks every write route (POST, PUT,
 * PATCH, DELETE) of the served OpenAPI document and sends, for every body member (also members of objects inside
 * arrays, e.g. files[].size), every query parameter and every path parameter, a generated corpus of bad values:
 * lone surrogates, NUL, 100k-character strings, dates outside what a store keeps, integers beyond 32 and 53 bits,
 * -0, 1e308, fractions, wrong types, unknown enum values, nesting 600 levels deep, very long arrays; and bad whole
 * bodies. Path parameters name real records made first (a shoot with a ready photo, its gallery, a client, an
 * upload session with a registered file, a pending photo, a webhook endpoint on loopback) and bad ids. Each body
 * case is sent once plainly and once with an Idempotency-Key (the gateway fingerprints the body for it).
 *
 * Every answer must be below 500, within a per-request bound (a hang fails), and every 4xx must be the error
 * envelope of the spec (section 7: `{ ok: false, error: <machine code> }`). Requests run 8 at a time with a token
 * whose own rate limit is high; the public POST /client-sessions is sent from rotating loopback source addresses
 * (its limit is per client IP). At least 5,000 requests are sent and nearly all are evaluated (not 429).
 * Every URL is the gateway's on 127.0.0.1; every valid-looking URL in the corpus is a loopback one.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl } from './support/client.js';
import { createGallery, loopbackAddress, shootWithKeepers } from './support/gallery.js';
import { admin, tenant } from './support/operator.js';

type Json = Record<string, any>;

/** Upper bound of one request (a bound against a hang, not a timing assertion). */
const REQUEST_BOUND_MS = 10_000;
const CONCURRENCY = 8;
const MIN_REQUESTS = 5_000;
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;
/** A valid-looking URL: loopback only (port 9, discard, where nothing listens). */
const LOOPBACK_URL = 'http://127.0.0.1:9/fuzz';

// ----------------------------------------------------------------------------------------------- the corpus

/** A value sent as this exact JSON text (for what JSON.stringify cannot say: -0, 1e400, nesting, big integers). */
class RawJson {
  constructor(readonly text: string) {}
}
const raw = (text: string) => new RawJson(text);
const deepArray = (levels: number) => raw(`${'['.repeat(levels)}1${']'.repeat(levels)}`);
const deepObject = (levels: number) => raw(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

/** Bad values for a JSON member, named for the failure report. */
const BAD_VALUES: [name: string, value: unknown][] = [
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', '\udfff'],
  ['lone surrogate in text', 'Smith \ud800 Wedding'],
  ['reversed surrogate pair', '\udc00\ud800'],
  ['NUL', '\u0000'],
  ['NUL in text', 'a\u0000b'],
  ['control characters', '\u0001\u001f\u007f'],
  ['100k characters', 'x'.repeat(100_000)],
  ['100k astral characters', '📷'.repeat(50_000)],
  ['empty string', ''],
  ['blanks', '   '],
  ['date 0000-01-01', '0000-01-01'],
  ['date-time year 0', '0000-01-01T00:00:00Z'],
  ['date-time year -1', '-000001-01-01T00:00:00Z'],
  ['date 275760-09-14', '275760-09-14'],
  ['date-time +275760', '+275760-09-14T00:00:00Z'],
  ['date-time 24:00', '9999-12-31T24:00:00Z'],
  ['date-time 30 February', '2027-02-30T10:00:00Z'],
  ['date-time offset +24:00', '2027-01-01T10:00:00+24:00'],
  ['2^31', 2 ** 31],
  ['-2^31-1', -(2 ** 31) - 1],
  ['2^53+1', raw('9007199254740993')],
  ['2^63', raw('9223372036854775808')],
  ['2^64 digits', raw('18446744073709551617')],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['1e400 (Infinity)', raw('1e400')],
  ['-0', raw('-0')],
  ['-0.0', raw('-0.0')],
  ['tiny float', raw('5e-324')],
  ['-1', -1],
  ['0', 0],
  ['float 1.5', 1.5],
  ['float 0.1', 0.1],
  ['NaN as string', 'NaN'],
  ['Infinity as string', 'Infinity'],
  ['number as string', '2147483648'],
  ['null', null],
  ['true', true],
  ['false', false],
  ['empty array', []],
  ['empty object', {}],
  ['array of numbers', [1, 2, 3]],
  ['array of strings', ['a', 'b']],
  ['object', { a: 1 }],
  ['object with __proto__', raw('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}')],
  ['unknown enum value', 'UNKNOWN_ENUM_VALUE'],
  ['upper-case enum-like', 'PLANNED'],
  ['array nested 600 deep', deepArray(600)],
  ['object nested 600 deep', deepObject(600)],
  ['array of 20k strings', Array.from({ length: 20_000 }, () => 'gallery.published')],
  ['array of 20k numbers', Array.from({ length: 20_000 }, (_, i) => i + 1)],
  ['array of 5k objects', Array.from({ length: 5_000 }, () => ({ a: 1 }))],
  ['nil uuid', '00000000-0000-0000-0000-000000000000'],
  ['max uuid', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
  ['unknown uuid', randomUUID()],
  ['uuid with NUL', `${randomUUID().slice(0, 35)}\u0000`],
  ['loopback URL', LOOPBACK_URL],
  ['javascript URL', 'javascript:alert(1)'],
  ['path traversal', '../../../etc/passwd'],
  ['emoji', '📷🏛️'],
];

/** Bad whole bodies (the body itself, not a member). */
const BAD_BODIES: [name: string, value: unknown][] = [
  ['null body', null],
  ['array body', []],
  ['string body', 'x'],
  ['number body', 1],
  ['-0 body', raw('-0')],
  ['empty object body', {}],
  ['body nested 600 deep', deepObject(600)],
  ['array body nested 100k deep', deepArray(100_000)],
  ['object with a lone surrogate key', raw('{"\\ud800":1}')],
  ['object with a NUL key', raw('{"\\u0000":1}')],
  ['object with 20k keys', Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))],
  ['duplicate keys', raw('{"a":1,"a":2}')],
];

/** Bad query values, as they go on the wire (already percent-encoded). */
const BAD_QUERY: [name: string, encoded: string][] = [
  ['empty', ''],
  ['lone surrogate (CESU bytes)', '%ED%A0%80'],
  ['invalid UTF-8', '%FF%FE'],
  ['NUL', '%00'],
  ['bad percent-encoding', '%zz'],
  ['lone percent', '%'],
  ['10k characters', 'x'.repeat(10_000)],
  ['2^31', '2147483648'],
  ['-2^31-1', '-2147483649'],
  ['2^53+1', '9007199254740993'],
  ['1e308', '1e308'],
  ['-0', '-0'],
  ['-1', '-1'],
  ['0', '0'],
  ['1.5', '1.5'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['true', 'true'],
  ['null', 'null'],
  ['JSON array', encodeURIComponent('[1,2]')],
  ['JSON object', encodeURIComponent('{"a":1}')],
  ['unknown enum value', 'UNKNOWN_ENUM_VALUE'],
  ['date year 0', '0000-01-01T00:00:00Z'],
  ['date 275760', '%2B275760-09-14T00:00:00Z'],
  ['nil uuid', '00000000-0000-0000-0000-000000000000'],
  ['unknown uuid', randomUUID()],
  ['blank', '%20%20'],
];

/** Bad path parameter values, as they go on the wire. */
const BAD_IDS: [name: string, encoded: string][] = [
  ['not a uuid', 'not-a-uuid'],
  ['nil uuid', '00000000-0000-0000-0000-000000000000'],
  ['max uuid', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'],
  ['unknown uuid', randomUUID()],
  ['lone surrogate (CESU bytes)', '%ED%A0%80'],
  ['invalid UTF-8', '%FF'],
  ['NUL', '%00'],
  ['bad percent-encoding', '%zz'],
  ['lone percent', '%'],
  ['5k characters', 'x'.repeat(5_000)],
  ['encoded slash', '..%2F..%2Fetc'],
  ['-1', '-1'],
  ['2^31', '2147483648'],
  ['1e308', '1e308'],
  ['NaN', 'NaN'],
  ['null', 'null'],
  ['blank', '%20'],
  ['uuid with suffix', `${randomUUID()}x`],
];

// ------------------------------------------------------------------------------------------- the document

function resolve(doc: Json, schema: Json | undefined): Json {
  let s = schema ?? {};
  for (let hops = 0; typeof s.$ref === 'string' && hops < 20; hops++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
}

/** The object forms of a schema: itself and its anyOf / oneOf / allOf branches (resolved). */
function objectForms(doc: Json, schema: Json | undefined): Json[] {
  const s = resolve(doc, schema);
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].map((b: Json) => resolve(doc, b));
  return [s, ...branches].filter((f) => f.properties);
}

/** The member paths of a body schema: its properties, and the properties of objects in its arrays (one level). */
function memberPaths(doc: Json, schema: Json | undefined): (string | number)[][] {
  const paths: (string | number)[][] = [];
  const seen = new Set<string>();
  const add = (p: (string | number)[]) => {
    const key = JSON.stringify(p);
    if (!seen.has(key)) {
      seen.add(key);
      paths.push(p);
    }
  };
  for (const form of objectForms(doc, schema)) {
    for (const [name, prop] of Object.entries<Json>(form.properties)) {
      add([name]);
      const items = resolve(doc, resolve(doc, prop).items);
      for (const itemForm of objectForms(doc, items)) for (const inner of Object.keys(itemForm.properties)) add([name, 0, inner]);
    }
  }
  return paths;
}

// -------------------------------------------------------------------------------------------- the wire

interface Answer {
  status: number;
  text: string;
}

interface Case {
  method: string;
  /** The route as documented, for the report. */
  route: string;
  /** Path and query as sent. */
  path: string;
  what: string;
  body?: string;
  idempotencyKey?: string;
  /** Public routes: the loopback source address (their rate limit is per client IP). */
  localAddress?: string;
}

/** JSON text of `value`, with RawJson members spliced in as their exact text. */
function serialise(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

function send(base: URL, token: string | undefined, c: Case): Promise<Answer> {
  return new Promise((resolveAnswer, reject) => {
    const headers: Record<string, string | number> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (c.idempotencyKey) headers['idempotency-key'] = c.idempotencyKey;
    if (c.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(c.body);
    }
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: base.pathname + c.path,
        method: c.method,
        headers,
        localAddress: c.localAddress,
        signal: AbortSignal.timeout(REQUEST_BOUND_MS),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(c.body);
  });
}

/** Runs `items` through `work`, `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

// ------------------------------------------------------------------------------------------------ the test

describe('fuzz: every write route answers bad input with a 4xx envelope, never a 5xx or a hang', () => {
  let doc: Json;
  let token: string;
  const ids: Record<string, string> = {};
  const base: Record<string, unknown> = {};

  beforeAll(async () => {
    const t = await tenant(['owner']);
    // A token of its own with a high limit: the corpus is evaluated, not rate-limited.
    token = (await admin<{ token: string }>('create-token', '--profile', t.profiles.owner, '--rate-limit', '1000000')).token;
    const owner = t.tokens.owner;
    const { shootId, photoIds } = await shootWithKeepers(owner, t.workspaceId, 1);
    const gallery = await createGallery(owner, shootId, 'Fuzz gallery');
    const client = await api('POST', '/clients', { token: owner, body: { workspace_id: t.workspaceId, name: 'Fuzz client' } });
    expect(client.status).toBe(201);
    const session = await api('POST', '/upload-sessions', { token: owner, body: { shoot_id: shootId } });
    expect(session.status).toBe(201);
    const files = await api('POST', `/upload-sessions/${session.body.session.id}/files`, {
      token: owner,
      body: { files: [{ file_name: 'fuzz.jpg', size: 12 * 1024 * 1024, content_type: 'image/jpeg' }] },
    });
    expect(files.status).toBe(201);
    const pending = await api('POST', '/photos', {
      token: owner,
      body: { shoot_id: shootId, file_name: 'pending.jpg', content_type: 'image/jpeg', size: 1000 },
    });
    expect(pending.status).toBe(201);
    const endpoint = await api('POST', '/webhook-endpoints', {
      token: owner,
      body: { workspace_id: t.workspaceId, url: LOOPBACK_URL, event_types: ['gallery.published'] },
    });
    expect(endpoint.status).toBe(201);
    const served = await api('GET', '/openapi.json');
    expect(served.status).toBe(200);
    doc = served.body;

    // Path parameters by the collection they name; ids of records the routes find.
    Object.assign(ids, {
      shoots: shootId,
      galleries: gallery.id,
      photos: pending.body.photo.id,
      'upload-sessions': session.body.session.id,
      fileId: files.body.files[0].id,
      'webhook-endpoints': endpoint.body.webhook_endpoint.id,
    });
    // Valid-looking members a base body is made of (a mutated member replaces one of them).
    Object.assign(base, {
      workspace_id: t.workspaceId,
      shoot_id: shootId,
      photo_id: photoIds[0],
      client_id: client.body.client.id,
      url: LOOPBACK_URL,
      target_url: LOOPBACK_URL,
      file_name: 'fuzz.jpg',
      content_type: 'image/jpeg',
      size: 1000,
      etag: '"abc"',
      part_number: 1,
      part_numbers: [1],
    });
  }, 180_000);

  /** A plausible value for a member the route requires, so that a case reaches the member it mutates. */
  function plausible(name: string, schema: Json, depth = 0): unknown {
    if (name in base) return base[name];
    const s = resolve(doc, schema);
    if (s.enum) return s.enum[0];
    if (s.const !== undefined) return s.const;
    const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
    if (s.format === 'uuid') return randomUUID();
    if (s.format === 'date-time') return '2027-01-01T10:00:00Z';
    if (type === 'integer' || type === 'number') return s.minimum ?? 1;
    if (type === 'boolean') return true;
    if (type === 'array') return depth < 3 ? [plausible(name, s.items ?? {}, depth + 1)] : [];
    if (type === 'object' || s.properties) return depth < 3 ? requiredMembers(s, depth + 1) : {};
    if (s.anyOf?.[0]) return plausible(name, s.anyOf[0], depth + 1);
    return 'Fuzz';
  }

  function requiredMembers(schema: Json, depth = 0): Record<string, unknown> {
    const form = objectForms(doc, schema)[0];
    if (!form) return {};
    const out: Record<string, unknown> = {};
    for (const name of form.required ?? []) out[name] = plausible(name, form.properties[name] ?? {}, depth);
    return out;
  }

  function withMember(body: Record<string, unknown>, path: (string | number)[], value: unknown): unknown {
    const copy = structuredClone(body) as Json;
    let at: Json = copy;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      const nextKey = path[i + 1]!;
      if (at[key] === undefined || at[key] === null || typeof at[key] !== 'object') at[key] = typeof nextKey === 'number' ? [] : {};
      if (typeof nextKey === 'number' && at[key][nextKey] === undefined) at[key][nextKey] = {};
      at = at[key];
    }
    at[path[path.length - 1]!] = value;
    return copy;
  }

  function buildCases(): Case[] {
    const cases: Case[] = [];
    const routes: [string, string, Json][] = [];
    for (const [route, item] of Object.entries<Json>(doc.paths))
      for (const method of WRITE_METHODS) if (item[method]) routes.push([method.toUpperCase(), route, item[method]]);
    // Deletes last, so the records they remove are there for the other routes first.
    routes.sort((a, b) => Number(a[0] === 'DELETE') - Number(b[0] === 'DELETE'));

    for (const [method, route, op] of routes) {
      const params: Json[] = [...(op.parameters ?? [])].map((p: Json) =>
        p.$ref ? doc.components.parameters[p.$ref.replace('#/components/parameters/', '')] : p,
      );
      const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name as string);
      const queryParams = params.filter((p) => p.in === 'query').map((p) => p.name as string);
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      const realId = (name: string) => {
        if (ids[name]) return ids[name]!;
        const collection = route.split('/')[1] ?? '';
        return ids[collection] ?? randomUUID();
      };
      const pathWith = (bad?: [name: string, encoded: string]) =>
        route.replace(/\{([^}]+)\}/g, (_m, name: string) => (bad && bad[0] === name ? bad[1] : encodeURIComponent(realId(name))));
      const add = (c: Omit<Case, 'method' | 'route'>) =>
        cases.push({ method, route, ...c, ...(isPublic ? { localAddress: loopbackAddress() } : {}) });

      const schema = op.requestBody?.content?.['application/json']?.schema as Json | undefined;
      const goodBody = schema ? requiredMembers(schema) : undefined;
      const goodText = goodBody ? serialise(goodBody) : undefined;

      // Path parameters: bad ids, the others real.
      for (const name of pathParams)
        for (const [what, encoded] of BAD_IDS) add({ path: pathWith([name, encoded]), what: `path ${name}: ${what}`, body: goodText });

      // Query parameters: bad values (with the real path and a plausible body), and repeated or bracketed names.
      for (const name of queryParams) {
        for (const [what, encoded] of BAD_QUERY)
          add({ path: `${pathWith()}?${encodeURIComponent(name)}=${encoded}`, what: `query ${name}: ${what}`, body: goodText });
        add({ path: `${pathWith()}?${name}=1&${name}=2`, what: `query ${name}: repeated`, body: goodText });
        add({ path: `${pathWith()}?${name}[a]=1`, what: `query ${name}: bracketed`, body: goodText });
      }

      // Body members and whole bodies, each plainly and with an Idempotency-Key.
      if (schema && goodBody) {
        const bodies: [what: string, text: string][] = [];
        for (const member of memberPaths(doc, schema))
          for (const [what, value] of BAD_VALUES)
            bodies.push([`body ${member.join('.')}: ${what}`, serialise(withMember(goodBody, member, value))]);
        for (const [what, value] of BAD_BODIES) bodies.push([`body: ${what}`, serialise(value)]);
        for (const [what, text] of bodies) {
          add({ path: pathWith(), what, body: text });
          add({ path: pathWith(), what: `${what} (Idempotency-Key)`, body: text, idempotencyKey: randomUUID() });
        }
      }
    }
    return cases;
  }

  it('sends at least 5,000 bad requests and gets no 5xx, no hang and only enveloped 4xx', async () => {
    const cases = buildCases();
    const gateway = new URL(baseUrl());
    expect(gateway.hostname).toBe('127.0.0.1');
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const routesSeen = new Set<string>();
    let sent = 0;
    let rateLimited = 0;

    await pool(cases, CONCURRENCY, async (c) => {
      sent++;
      routesSeen.add(`${c.method} ${c.route}`);
      const label = `${c.method} ${c.route} [${c.what}]`;
      let answer: Answer;
      try {
        answer = await send(gateway, token, c);
      } catch (err) {
        const name = (err as Error).name;
        failures.push(
          `${label}: ${name === 'AbortError' || name === 'TimeoutError' ? `no answer within ${REQUEST_BOUND_MS} ms` : (err as Error).message}`,
        );
        return;
      }
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 429) rateLimited++;
      if (answer.status >= 500) {
        failures.push(`${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
        return;
      }
      if (answer.status >= 400) {
        let body: Json | undefined;
        try {
          body = JSON.parse(answer.text);
        } catch {
          body = undefined;
        }
        if (body?.ok !== false || typeof body.error !== 'string' || !/^[a-z_]+$/.test(body.error))
          failures.push(`${label}: ${answer.status} without the error envelope: ${answer.text.slice(0, 200)}`);
      }
    });

    const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.info(`fuzz: ${sent} requests over ${routesSeen.size} write routes; statuses ${summary.join(', ')}`);
    expect(failures.slice(0, 40), `${failures.length} failures`).toEqual([]);
    expect(sent).toBe(cases.length);
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    // Every write route of the document was walked, and nearly every request was evaluated, not rate-limited.
    const writeRoutes = Object.values<Json>(doc.paths).reduce((n, item) => n + WRITE_METHODS.filter((m) => item[m]).length, 0);
    expect(routesSeen.size).toBe(writeRoutes);
    expect(rateLimited).toBeLessThan(sent * 0.05);
  }, 300_000);
});
