/**
 * The client against a fake fetch: URLs, headers and bodies it sends, the Idempotency-Key (made once per call and
 * kept across retries), the timeout per attempt, retries (429 with Retry-After, 502/503/504 and no answer when safe to
 * repeat, bounded) and the hooks that report them, typed errors and cursor paging. Waits run on fake timers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStudioClient, expandPath, queryString, type RetryInfo, type StudioClientOptions } from './client.js';
import { StudioApiError, StudioNetworkError } from './errors.js';
import { IDEMPOTENT_POSTS } from './generated/schema.js';

const BASE = 'https://studio.test/api/v1';
const WS = '0b9f3c70-1c7a-4d57-a7b2-0b5c2b8e9f10';

type Step = Response | Error | ((url: string, init: RequestInit) => Response | Promise<Response>);
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
/** An attempt that never answers: it ends only when its signal aborts (the timeout, or the caller). */
const hang = () => (_url: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal!.addEventListener('abort', () => reject(init.signal!.reason), { once: true });
  });
const unavailable = (headers: Record<string, string> = {}) =>
  json(503, { ok: false, error: 'unavailable', request_id: 'r-503' }, { 'x-request-id': 'r-503', ...headers });

afterEach(() => {
  vi.useRealTimers();
});

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
    // Every POST that acts takes an Idempotency-Key, favorites included (issue 24).
    expect(sent[1]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
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
    expect(IDEMPOTENT_POSTS).toEqual(expect.arrayContaining(['/shoots', '/clients', '/galleries', '/photos']));
    expect(IDEMPOTENT_POSTS).not.toContain('/client-sessions');
    const { api, sent } = client([json(201, shoot), json(201, shoot), json(201, { ok: true, session: {} })]);
    await api.post('/shoots', { body: { workspace_id: WS, title: 'A' } });
    await api.post('/shoots', { body: { workspace_id: WS, title: 'A' } });
    await api.post('/client-sessions', { body: { portal_token: 'p1' } });
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
  it('waits Retry-After seconds on a 429 and then succeeds, reporting the wait', async () => {
    vi.useFakeTimers();
    const retries: RetryInfo[] = [];
    const { api, sent } = client(
      [json(429, { ok: false, error: 'rate_limited' }, { 'retry-after': '1', 'x-request-id': 'r-1' }), json(200, shoot)],
      {
        onRetry: (info) => retries.push(info),
      },
    );
    const pending = api.get('/shoots/{id}', { params: { path: { id: 's1' } } });
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    expect(retries).toEqual([
      expect.objectContaining({
        kind: 'rate_limited',
        method: 'GET',
        path: '/shoots/{id}',
        attempt: 1,
        delayMs: 1000,
        status: 429,
        requestId: 'r-1',
      }),
    ]);
    expect(retries[0]!.error).toBeInstanceOf(StudioApiError);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual(shoot);
    expect(sent).toHaveLength(2);
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
    const err = await post.api.post('/client-sessions', { body: { portal_token: 'p1' } }).catch((e: unknown) => e);
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

describe('502, 503 and 504', () => {
  it('retries a GET after a 503 and a 502, and gives up after maxRetries with the last answer', async () => {
    const ok = client([unavailable(), json(502, { ok: false, error: 'unavailable' }), json(200, shoot)]);
    expect(await ok.api.get('/shoots/{id}', { params: { path: { id: 's1' } } })).toEqual(shoot);
    expect(ok.sent).toHaveLength(3);

    const down = client([unavailable(), unavailable(), json(504, { ok: false, error: 'unavailable' })]);
    await expect(down.api.get('/auth/whoami')).rejects.toMatchObject({ status: 504, code: 'unavailable' });
    expect(down.sent).toHaveLength(3);
  });

  it('retries a keyed POST with the same key, but not a POST without one', async () => {
    const keyed = client([unavailable(), json(201, shoot)]);
    const res = await keyed.api.request('post', '/shoots', { body: { workspace_id: WS, title: 'A' } });
    expect(res.attempts).toBe(2);
    expect(keyed.sent[0]!.headers.get('idempotency-key')).toBe(keyed.sent[1]!.headers.get('idempotency-key'));

    const plain = client([unavailable()]);
    await expect(plain.api.post('/client-sessions', { body: { portal_token: 'p1' } })).rejects.toMatchObject({
      status: 503,
      code: 'unavailable',
    });
    expect(plain.sent).toHaveLength(1);
  });

  it('does not retry a 500', async () => {
    const { api, sent } = client([json(500, { ok: false, error: 'internal' })]);
    await expect(api.get('/auth/whoami')).rejects.toMatchObject({ status: 500, code: 'internal' });
    expect(sent).toHaveLength(1);
  });

  it("honours a 503's Retry-After (an HTTP date too) and reports the wait", async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-28T06:00:00Z') });
    const retries: RetryInfo[] = [];
    const { api, sent } = client([unavailable({ 'retry-after': 'Sat, 28 Nov 2026 06:00:03 GMT' }), json(200, shoot)], {
      onRetry: (info) => retries.push(info),
    });
    const pending = api.get('/auth/whoami');
    await vi.advanceTimersByTimeAsync(2999);
    expect(sent).toHaveLength(1);
    expect(retries).toEqual([expect.objectContaining({ kind: 'status', status: 503, delayMs: 3000, attempt: 1, requestId: 'r-503' })]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual(shoot);
  });
});

describe('timeout', () => {
  it('cuts off an attempt after timeoutMs and retries a GET', async () => {
    vi.useFakeTimers();
    const retries: RetryInfo[] = [];
    const { api, sent } = client([hang(), json(200, shoot)], { timeoutMs: 5000, onRetry: (info) => retries.push(info) });
    const pending = api.get('/auth/whoami');
    await vi.advanceTimersByTimeAsync(4999);
    expect(retries).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(retries).toEqual([expect.objectContaining({ kind: 'timeout', status: null, attempt: 1 })]);
    expect(retries[0]!.error).toMatchObject({ name: 'StudioNetworkError', timedOut: true });
    await vi.advanceTimersByTimeAsync(retries[0]!.delayMs);
    expect(await pending).toEqual(shoot);
    expect(sent).toHaveLength(2);
  });

  it('defaults to 60 seconds and covers reading the body', async () => {
    vi.useFakeTimers();
    const slowBody = (_url: string, init: RequestInit) =>
      new Response(
        new ReadableStream({
          start(c) {
            init.signal!.addEventListener('abort', () => c.error(init.signal!.reason), { once: true });
          },
        }),
        { status: 200 },
      );
    const { api } = client([slowBody], { maxRetries: 0 });
    const pending = api.get('/auth/whoami').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    await vi.advanceTimersByTimeAsync(1);
    const err = await pending;
    expect(err).toBeInstanceOf(StudioNetworkError);
    expect(err).toMatchObject({ timedOut: true, method: 'GET', path: '/auth/whoami' });
    expect((err as Error).message).toBe('GET /auth/whoami: no answer within 60000 ms (timed out)');
  });

  it('throws StudioNetworkError with timedOut when every attempt times out, and does not retry a POST without a key', async () => {
    vi.useFakeTimers();
    const get = client([hang(), hang(), hang()], { timeoutMs: 100 });
    const pending = get.api.get('/auth/whoami').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ name: 'StudioNetworkError', timedOut: true });
    expect(get.sent).toHaveLength(3);

    const post = client([hang()], { timeoutMs: 100 });
    const posting = post.api.post('/client-sessions', { body: { portal_token: 'p1' } }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await posting).toMatchObject({ timedOut: true });
    expect(post.sent).toHaveLength(1);
  });

  it("rejects with the caller's abort reason during an attempt, and does not retry it", async () => {
    const controller = new AbortController();
    const { api, sent } = client([hang(), json(200, shoot)]);
    const pending = api.get('/auth/whoami', { signal: controller.signal });
    await Promise.resolve();
    controller.abort(new Error('user left'));
    await expect(pending).rejects.toThrow('user left');
    expect(sent).toHaveLength(1);
  });

  it('takes a per-call timeoutMs and maxRetries over the client options', async () => {
    vi.useFakeTimers();
    const { api, sent } = client([hang(), hang(), hang()], { timeoutMs: 60_000 });
    const pending = api.get('/auth/whoami', { timeoutMs: 200, maxRetries: 1 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ timedOut: true, message: 'GET /auth/whoami: no answer within 200 ms (timed out)' });
    expect(sent).toHaveLength(2);
  });

  it('is off with timeoutMs 0', async () => {
    vi.useFakeTimers();
    const { api } = client([hang()], { timeoutMs: 0 });
    const controller = new AbortController();
    const pending = api.get('/auth/whoami', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3_600_000);
    controller.abort(new Error('done waiting'));
    expect(await pending).toMatchObject({ message: 'done waiting' });
  });
});

describe('hooks', () => {
  it('report every attempt, every answer and every wait', async () => {
    const events: string[] = [];
    const { api } = client([networkError(), unavailable(), json(200, shoot, { 'x-request-id': 'r-ok' })], {
      onRequest: (i) => events.push(`request ${i.method} ${i.path} #${i.attempt}`),
      onResponse: (i) => events.push(`response ${i.status} #${i.attempt} ${i.requestId}`),
      onRetry: (i) => events.push(`retry ${i.kind} after #${i.attempt}`),
    });
    await api.get('/shoots/{id}', { params: { path: { id: 's1' } } });
    expect(events).toEqual([
      'request GET /shoots/{id} #1',
      'retry network after #1',
      'request GET /shoots/{id} #2',
      'response 503 #2 r-503',
      'retry status after #2',
      'request GET /shoots/{id} #3',
      'response 200 #3 r-ok',
    ]);
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
    const { api } = client([new Response('<html>Bad gateway</html>', { status: 502 }), new Response('not json', { status: 200 })], {
      maxRetries: 0,
    });
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
