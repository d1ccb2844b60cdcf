/**
 * The client against a fake fetch: URLs, headers and bodies it sends, the Idempotency-Key (made once per call and
 * kept across retries), retries (429 with Retry-After, no answer, bounded), typed errors and cursor paging.
 */
import { describe, expect, it } from 'vitest';
import { createStudioClient, expandPath, queryString, type StudioClientOptions } from './client.js';
import { StudioApiError, StudioNetworkError } from './errors.js';
import { IDEMPOTENT_POSTS } from './generated/schema.js';

const BASE = 'https://studio.test/api/v1';
const WS = '0b9f3c70-1c7a-4d57-a7b2-0b5c2b8e9f10';

type Step = Response | Error | ((url: string, init: RequestInit) => Response);
interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

/** A fetch that answers with `steps` in order and records what it was sent. */
function fakeFetch(steps: Step[]) {
  const sent: Sent[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    sent.push({ url, method: init.method!, headers: new Headers(init.headers), body: init.body as string | undefined });
    const step = steps.shift();
    if (!step) throw new Error(`unexpected request ${init.method} ${url}`);
    if (step instanceof Error) throw step;
    return typeof step === 'function' ? step(url, init) : step;
  };
  return { fetch, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const networkError = () => new TypeError('fetch failed');

function client(steps: Step[], opts: Partial<StudioClientOptions> = {}) {
  const fake = fakeFetch(steps);
  return {
    ...fake,
    api: createStudioClient({ baseUrl: `${BASE}/`, token: 'stu_abc_secret', fetch: fake.fetch, retryBaseDelayMs: 1, ...opts }),
  };
}

const shoot = { ok: true, shoot: { id: 's1', slug: 'wedding' } };

describe('requests', () => {
  it('sends the bearer, the path and query parameters and the JSON body, and returns the parsed body', async () => {
    const { api, sent } = client([json(200, { ok: true, items: [], next_cursor: null }), json(200, { ok: true, favorite: {} })]);
    const page = await api.get('/clients', { params: { query: { workspace_id: WS, limit: 5, cursor: undefined } } });
    expect(page).toEqual({ ok: true, items: [], next_cursor: null });
    expect(sent[0]!.url).toBe(`${BASE}/clients?workspace_id=${WS}&limit=5`);
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer stu_abc_secret');
    expect(sent[0]!.headers.get('accept')).toBe('application/json');
    expect(sent[0]!.headers.has('content-type')).toBe(false);
    expect(sent[0]!.headers.has('user-agent')).toBe(false);
    expect(sent[0]!.body).toBeUndefined();

    await api.post('/galleries/{id}/favorites', { params: { path: { id: 'g 1/2' } }, body: { photo_id: 'p1' } });
    expect(sent[1]!.url).toBe(`${BASE}/galleries/g%201%2F2/favorites`);
    expect(sent[1]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent[1]!.body!)).toEqual({ photo_id: 'p1' });
    expect(sent[1]!.headers.has('idempotency-key')).toBe(false);
  });

  it('sends no Authorization without a token, the User-Agent when given, and extra headers', async () => {
    const { api, sent } = client([json(200, { ok: true, session: {} })], { token: undefined, userAgent: 'portal/1.0' });
    await api.post('/client-sessions', { body: { portal_token: 'gpt_x' }, headers: { 'X-Request-Id': 'req-1' } });
    expect(sent[0]!.headers.has('authorization')).toBe(false);
    expect(sent[0]!.headers.get('user-agent')).toBe('portal/1.0');
    expect(sent[0]!.headers.get('x-request-id')).toBe('req-1');
  });

  it('returns the answer metadata from request()', async () => {
    const { api } = client([json(201, shoot, { 'x-request-id': 'r-9', 'idempotent-replayed': 'true' })]);
    const res = await api.request('post', '/shoots', { body: { workspace_id: WS, title: 'Wedding' }, idempotencyKey: 'k-1' });
    expect(res).toMatchObject({ data: shoot, status: 201, requestId: 'r-9', replayed: true, idempotencyKey: 'k-1', attempts: 1 });
  });

  it('refuses a missing path parameter before sending anything', async () => {
    const { api, sent } = client([]);
    await expect(api.get('/shoots/{id}', { params: { path: { id: '' } } })).rejects.toThrow(/path parameter id is missing/);
    expect(sent).toHaveLength(0);
    expect(() => createStudioClient({ baseUrl: '' })).toThrow(TypeError);
  });

  it('builds paths and query strings', () => {
    expect(expandPath('/upload-sessions/{id}/files/{fileId}/abort', { id: 'a', fileId: 'b' })).toBe('/upload-sessions/a/files/b/abort');
    expect(queryString({ a: 1, b: undefined, c: null, d: ['x', 'y'], e: true })).toBe('?a=1&d=x&d=y&e=true');
    expect(queryString({})).toBe('');
  });
});

describe('Idempotency-Key', () => {
  it('is made fresh for every call of a POST the document marks as taking one, and only those', async () => {
    expect(IDEMPOTENT_POSTS).toEqual(expect.arrayContaining(['/shoots', '/clients']));
    const { api, sent } = client([json(201, shoot), json(201, shoot), json(201, { ok: true, gallery: {} })]);
    await api.post('/shoots', { body: { workspace_id: WS, title: 'A' } });
    await api.post('/shoots', { body: { workspace_id: WS, title: 'A' } });
    await api.post('/galleries', { body: { shoot_id: 's1' } });
    const [first, second] = sent.map((s) => s.headers.get('idempotency-key'));
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
    expect(sent[2]!.headers.has('idempotency-key')).toBe(false);
  });

  it("uses the caller's key, given as an option or as a header", async () => {
    const { api, sent } = client([json(201, shoot), json(201, shoot)]);
    await api.post('/shoots', { body: { workspace_id: WS, title: 'A' }, idempotencyKey: 'order-42' });
    await api.post('/shoots', { body: { workspace_id: WS, title: 'A' }, headers: { 'Idempotency-Key': 'order-43' } });
    expect(sent.map((s) => s.headers.get('idempotency-key'))).toEqual(['order-42', 'order-43']);
  });

  it('is the same on every attempt of one call', async () => {
    const { api, sent } = client([
      networkError(),
      json(429, { ok: false, error: 'rate_limited' }, { 'retry-after': '0' }),
      json(201, shoot),
    ]);
    const res = await api.request('post', '/shoots', { body: { workspace_id: WS, title: 'A' } });
    expect(res.attempts).toBe(3);
    const keys = sent.map((s) => s.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(1);
    expect(res.idempotencyKey).toBe(keys[0]);
    expect(new Set(sent.map((s) => s.body)).size).toBe(1);
  });
});

describe('retries', () => {
  it('waits Retry-After seconds on a 429 and then succeeds', async () => {
    const started = Date.now();
    const { api, sent } = client([json(429, { ok: false, error: 'rate_limited' }, { 'retry-after': '1' }), json(200, shoot)]);
    expect(await api.get('/shoots/{id}', { params: { path: { id: 's1' } } })).toEqual(shoot);
    expect(sent).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('gives up after maxRetries and throws the last 429 with its Retry-After', async () => {
    const limited = () =>
      json(429, { ok: false, error: 'rate_limited', message: 'slow down' }, { 'retry-after': '0', 'x-request-id': 'r-3' });
    const { api, sent } = client([limited(), limited(), limited()]);
    const err = await api.get('/auth/whoami').catch((e: unknown) => e);
    expect(sent).toHaveLength(3);
    expect(err).toBeInstanceOf(StudioApiError);
    expect(err).toMatchObject({ status: 429, code: 'rate_limited', message: 'slow down', requestId: 'r-3', retryAfterS: 0 });
  });

  it('does not wait out a Retry-After longer than maxRetryAfterS', async () => {
    const { api, sent } = client([json(429, { ok: false, error: 'rate_limited' }, { 'retry-after': '3600' })]);
    await expect(api.get('/auth/whoami')).rejects.toMatchObject({ code: 'rate_limited', retryAfterS: 3600 });
    expect(sent).toHaveLength(1);
  });

  it('retries a GET without an answer, but not a POST without an Idempotency-Key', async () => {
    const get = client([networkError(), json(200, shoot)]);
    expect(await get.api.get('/shoots/{id}', { params: { path: { id: 's1' } } })).toEqual(shoot);
    expect(get.sent).toHaveLength(2);

    const post = client([networkError()]);
    const err = await post.api.post('/galleries', { body: { shoot_id: 's1' } }).catch((e: unknown) => e);
    expect(post.sent).toHaveLength(1);
    expect(err).toBeInstanceOf(StudioNetworkError);
    expect((err as StudioNetworkError).cause).toBeInstanceOf(TypeError);
  });

  it('throws StudioNetworkError when no attempt gets an answer', async () => {
    const { api, sent } = client([networkError(), networkError(), networkError()], { maxRetries: 2 });
    await expect(api.get('/auth/whoami')).rejects.toBeInstanceOf(StudioNetworkError);
    expect(sent).toHaveLength(3);
  });

  it('asks again when the keyed first attempt is still running (409) after it got no answer', async () => {
    const { api, sent } = client([
      networkError(),
      json(409, { ok: false, error: 'conflict' }),
      json(201, shoot, { 'idempotent-replayed': 'true' }),
    ]);
    const res = await api.request('post', '/clients', { body: { workspace_id: WS, name: 'Ada' } });
    expect(res.replayed).toBe(true);
    expect(sent).toHaveLength(3);
  });

  it('does not retry other errors, nor at all with maxRetries 0', async () => {
    const bad = client([
      json(400, { ok: false, error: 'invalid_input', message: 'bad', issues: [{ path: 'body.title', message: 'Required' }] }),
    ]);
    const err = (await bad.api.post('/shoots', { body: { workspace_id: WS, title: '' } }).catch((e: unknown) => e)) as StudioApiError;
    expect(err).toMatchObject({
      status: 400,
      code: 'invalid_input',
      message: 'bad',
      issues: [{ path: 'body.title', message: 'Required' }],
    });
    expect(bad.sent).toHaveLength(1);

    const none = client([json(429, { ok: false, error: 'rate_limited' }, { 'retry-after': '0' })], { maxRetries: 0 });
    await expect(none.api.get('/auth/whoami')).rejects.toMatchObject({ code: 'rate_limited' });
    expect(none.sent).toHaveLength(1);
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    const { api } = client([json(429, { ok: false, error: 'rate_limited' }, { 'retry-after': '30' })]);
    const pending = api.get('/auth/whoami', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('gave up')), 20);
    await expect(pending).rejects.toThrow('gave up');
  });
});

describe('errors', () => {
  it("carry the API's code, message and request id", async () => {
    const { api } = client([json(404, { ok: false, error: 'not_found' }, { 'x-request-id': 'r-404' })]);
    const err = (await api.get('/shoots/{id}', { params: { path: { id: 'nope' } } }).catch((e: unknown) => e)) as StudioApiError;
    expect(err).toBeInstanceOf(StudioApiError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      name: 'StudioApiError',
      status: 404,
      code: 'not_found',
      requestId: 'r-404',
      retryAfterS: null,
      method: 'GET',
    });
    expect(err.path).toBe('/shoots/{id}');
    expect(err.message).toBe('GET /shoots/{id} answered 404 not_found');
    expect(err.body).toEqual({ ok: false, error: 'not_found' });
  });

  it('name an answer that is not the error envelope by its status', async () => {
    const { api } = client([new Response('<html>Bad gateway</html>', { status: 502 }), new Response('not json', { status: 200 })]);
    await expect(api.get('/auth/whoami')).rejects.toMatchObject({ status: 502, code: 'http_502', body: '<html>Bad gateway</html>' });
    await expect(api.get('/auth/whoami')).rejects.toMatchObject({ status: 200, code: 'invalid_response' });
  });
});

describe('paginate', () => {
  it('yields every item of every page, passing next_cursor until it is null', async () => {
    const { api, sent } = client([
      json(200, { ok: true, items: [{ id: 'a' }, { id: 'b' }], next_cursor: 'c1' }),
      json(200, { ok: true, items: [{ id: 'c' }], next_cursor: 'c2' }),
      json(200, { ok: true, items: [], next_cursor: null }),
    ]);
    const ids: string[] = [];
    for await (const item of api.paginate('/clients', { params: { query: { workspace_id: WS, limit: 2 } } })) ids.push(item.id);
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(sent.map((s) => new URL(s.url).search)).toEqual([
      `?workspace_id=${WS}&limit=2`,
      `?workspace_id=${WS}&limit=2&cursor=c1`,
      `?workspace_id=${WS}&limit=2&cursor=c2`,
    ]);
  });

  it('fetches only the pages the caller reads', async () => {
    const { api, sent } = client([json(200, { ok: true, items: [{ id: 'a' }, { id: 'b' }], next_cursor: 'c1' })]);
    for await (const item of api.paginate('/galleries/{id}/photos', { params: { path: { id: 'g1' } } })) {
      expect(item.id).toBe('a');
      break;
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`${BASE}/galleries/g1/photos`);
  });

  it('starts from a given cursor and refuses a cursor that does not move', async () => {
    const { api } = client([json(200, { ok: true, items: [{ id: 'a' }], next_cursor: 'same' })]);
    const read = async () => {
      for await (const _ of api.paginate('/workspaces', { params: { query: { cursor: 'same' } } })) {
        /* drain */
      }
    };
    await expect(read()).rejects.toThrow(/next_cursor/);
  });
});
