/** The API client over a fake fetch and storage: the exchange, the bearer's reuse and renewal, and the failures. */
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiError, createApi, refusalKind, retryAfterSeconds, type SessionStore } from './api.js';
import { isReusable, parseSession, sessionFromAnswer } from './session.js';
import { sessionKey } from './token.js';

const TOKEN = `gpt_0123456789ab_${'A'.repeat(43)}`;
const GID = 'g-1';
const HOUR = 3_600_000;

interface Call {
  method: string;
  url: string;
  auth: string | null;
  body: unknown;
}

let now = Date.parse('2026-11-28T12:00:00Z');
let calls: Call[];
let answers: ((call: Call) => Response | Error)[];
let issued: number;
let storage: SessionStore & { items: Map<string, string> };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** Answers the exchange with a fresh bearer (b1, b2, ...) valid for an hour; other calls from `answers`, in order. */
async function fakeFetch(url: string, init?: RequestInit): Promise<Response> {
  const headers = (init?.headers ?? {}) as Record<string, string>;
  const call = {
    method: init?.method ?? 'GET',
    url,
    auth: headers.authorization ?? null,
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  };
  calls.push(call);
  const next = answers.shift();
  const answer = next ? next(call) : url.endsWith('/client-sessions') ? exchangeOk() : json(200, { ok: true });
  if (answer instanceof Error) throw answer;
  return answer;
}
const exchangeOk = () =>
  json(200, { ok: true, session: { bearer: `b${++issued}`, expires_at: new Date(now + HOUR).toISOString(), gallery_id: GID } });

const api = () => createApi({ token: TOKEN, fetch: fakeFetch, storage, now: () => now });
const exchanges = () => calls.filter((c) => c.url === '/api/v1/client-sessions');

beforeEach(() => {
  now = Date.parse('2026-11-28T12:00:00Z');
  calls = [];
  answers = [];
  issued = 0;
  const items = new Map<string, string>();
  storage = {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
});

describe('the session reuse decision', () => {
  it('a bearer is reused only while it has more than a minute left', () => {
    const s = { bearer: 'b', galleryId: GID, expiresAt: now + 61_000 };
    expect(isReusable(s, now)).toBe(true);
    expect(isReusable(s, now + 1000)).toBe(false);
    expect(isReusable(null, now)).toBe(false);
  });

  it('reads only well-formed answers and stored values', () => {
    expect(sessionFromAnswer({ session: { bearer: 'b', expires_at: '2026-11-28T13:00:00Z', gallery_id: GID } })).toEqual({
      bearer: 'b',
      expiresAt: Date.parse('2026-11-28T13:00:00Z'),
      galleryId: GID,
    });
    expect(sessionFromAnswer({ session: { bearer: 'b', expires_at: 'soon', gallery_id: GID } })).toBeNull();
    expect(sessionFromAnswer(null)).toBeNull();
    expect(parseSession('{"bearer":"b","galleryId":"g","expiresAt":1}')).toEqual({ bearer: 'b', galleryId: 'g', expiresAt: 1 });
    for (const bad of [null, '', 'nope', '{}', '{"bearer":1,"galleryId":"g","expiresAt":1}', 'null']) expect(parseSession(bad)).toBeNull();
  });
});

describe('the API client', () => {
  it('exchanges the token once, calls with the bearer, keeps it in sessionStorage under the prefix key', async () => {
    const a = api();
    expect(await a.galleryId()).toBe(GID);
    await a.call('GET', `/galleries/${GID}?photos_limit=60`);
    expect(calls.map((c) => [c.method, c.url, c.auth])).toEqual([
      ['POST', '/api/v1/client-sessions', null],
      ['GET', `/api/v1/galleries/${GID}?photos_limit=60`, 'Bearer b1'],
    ]);
    expect(calls[0]!.body).toEqual({ portal_token: TOKEN });
    expect([...storage.items.keys()]).toEqual([sessionKey(TOKEN)]);
    expect(storage.items.get(sessionKey(TOKEN))).not.toContain(TOKEN);
  });

  it('a reload reuses the stored bearer while it has more than 60 s left, else exchanges again', async () => {
    await api().galleryId();
    now += HOUR - 120_000;
    const reloaded = api();
    await reloaded.call('GET', '/x');
    expect(exchanges()).toHaveLength(1);
    expect(calls.at(-1)!.auth).toBe('Bearer b1');
    now += 61_000;
    await reloaded.call('GET', '/x');
    expect(exchanges()).toHaveLength(2);
    expect(calls.at(-1)!.auth).toBe('Bearer b2');
  });

  it('calls at the same time share one exchange', async () => {
    const a = api();
    await Promise.all([a.call('GET', '/a'), a.call('GET', '/b'), a.galleryId()]);
    expect(exchanges()).toHaveLength(1);
  });

  it('a 401 from a gallery route: exchange again once and retry once', async () => {
    const a = api();
    await a.galleryId();
    answers.push(() => json(401, { ok: false, error: 'unauthorized' }));
    expect(await a.call('POST', '/galleries/g-1/favorites', { photo_id: 'p' })).toEqual({ ok: true });
    expect(calls.map((c) => `${c.method} ${c.url} ${c.auth}`)).toEqual([
      'POST /api/v1/client-sessions null',
      'POST /api/v1/galleries/g-1/favorites Bearer b1',
      'POST /api/v1/client-sessions null',
      'POST /api/v1/galleries/g-1/favorites Bearer b2',
    ]);
    expect(calls.at(-1)!.body).toEqual({ photo_id: 'p' });
  });

  it('a second 401 is not retried again', async () => {
    const a = api();
    await a.galleryId();
    answers.push(
      () => json(401, {}),
      exchangeOk,
      () => json(401, {}),
    );
    await expect(a.call('GET', '/x')).rejects.toMatchObject({ kind: 'invalid' });
    expect(calls).toHaveLength(4);
  });

  it("the re-exchange's refusal names the link's state (suspended meanwhile)", async () => {
    const a = api();
    await a.galleryId();
    answers.push(
      () => json(401, {}),
      () => json(401, { ok: false, error: 'unauthorized', reason: 'portal_suspended' }),
    );
    await expect(a.call('GET', '/x')).rejects.toMatchObject({ kind: 'suspended' });
    expect(storage.items.size).toBe(0);
  });

  it('exchange failures: reason -> kind, 429 with Retry-After, 5xx and network -> unreachable', async () => {
    const cases: [() => Response | Error, Partial<ApiError>][] = [
      [() => json(401, { reason: 'portal_expired' }), { kind: 'expired' }],
      [() => json(401, { reason: 'portal_suspended' }), { kind: 'suspended' }],
      [() => json(401, { reason: 'portal_invalid' }), { kind: 'invalid' }],
      [() => json(401, {}), { kind: 'invalid' }],
      [() => json(429, { error: 'rate_limited' }, { 'retry-after': '17' }), { kind: 'rate_limited', retryAfter: 17 }],
      [() => json(503, { error: 'unavailable' }), { kind: 'unreachable' }],
      [() => new TypeError('Failed to fetch'), { kind: 'unreachable' }],
      [() => new Response('<html>', { status: 200 }), { kind: 'unreachable' }],
    ];
    for (const [answer, expected] of cases) {
      answers = [answer];
      await expect(api().galleryId()).rejects.toMatchObject(expected);
    }
  });

  it('gallery route failures: 404, 429, 5xx', async () => {
    const a = api();
    await a.galleryId();
    answers.push(() => json(404, {}));
    await expect(a.call('GET', '/x')).rejects.toMatchObject({ kind: 'not_found' });
    answers.push(() => json(429, {}, { 'retry-after': '3' }));
    await expect(a.call('GET', '/x')).rejects.toMatchObject({ kind: 'rate_limited', retryAfter: 3 });
    answers.push(() => json(502, {}));
    await expect(a.call('GET', '/x')).rejects.toMatchObject({ kind: 'unreachable' });
  });

  it('works without storage (memory only) and when storage throws', async () => {
    const a = createApi({ token: TOKEN, fetch: fakeFetch, storage: null, now: () => now });
    await a.call('GET', '/x');
    await a.call('GET', '/y');
    const throwing: SessionStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    const b = createApi({ token: TOKEN, fetch: fakeFetch, storage: throwing, now: () => now });
    await b.call('GET', '/z');
    expect(exchanges()).toHaveLength(2);
  });
});

describe('a call without an answer', () => {
  it('is abandoned after the timeout as unreachable', async () => {
    const hang = (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const a = createApi({ token: TOKEN, fetch: hang, storage: null, now: () => now, timeoutMs: 20 });
    await expect(a.galleryId()).rejects.toMatchObject({ kind: 'unreachable' });
  });
});

describe('reading the refusal', () => {
  it('reason and Retry-After', () => {
    expect(refusalKind(null)).toBe('invalid');
    expect(refusalKind({ reason: 'other' })).toBe('invalid');
    expect(retryAfterSeconds('17')).toBe(17);
    expect(retryAfterSeconds(null)).toBe(0);
    expect(retryAfterSeconds('soon')).toBe(0);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 12:00:30 GMT', Date.parse('2026-11-28T12:00:00Z'))).toBe(30);
  });
});
