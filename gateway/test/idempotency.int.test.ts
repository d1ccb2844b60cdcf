/** Idempotency-Key: replay, conflicts, concurrency, path patterns, 4xx/5xx release and waiting, against real Redis. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER, OWNER, startHarness, times, type Harness } from './support/harness.js';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('gateway Idempotency-Key', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { IDEMPOTENCY_WAIT_MS: '2000' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (path: string, key: string | undefined, body: string, token = OWNER) =>
    h.call(path, { token, method: 'POST', headers: key === undefined ? JSON_HEADERS : { ...JSON_HEADERS, 'idempotency-key': key }, body });

  it('runs the first request and replays its status and body for a retry, without calling upstream again', async () => {
    const first = await post('/api/v1/shoots', 'key-replay-1', '{"title":"A","workspace_id":"w"}');
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const calls = h.upstream.calls();

    // Same body with other whitespace and key order: same fingerprint.
    const retry = await post('/api/v1/shoots', 'key-replay-1', '{ "workspace_id": "w",\n  "title": "A" }');
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.raw.equals(first.raw)).toBe(true);
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(retry.headers['ratelimit-limit']).toBe('600');
    expect(retry.headers['x-request-id']).toBeDefined();
    expect(h.upstream.calls()).toBe(calls);
  });

  it("replays a deprecated route's Deprecation, Sunset and Link with its answer", async () => {
    const deprecation = {
      deprecation: '@1793491200',
      sunset: 'Sat, 01 May 2027 00:00:00 GMT',
      link: '</api/v1/docs#section/Migrating-from-webhook-endpoints>; rel="deprecation"; type="text/html"',
    };
    h.upstream.on('/api/v1/webhook-endpoints', (_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'x-upstream-only': 'first', ...deprecation });
      res.end('{"ok":true,"endpoint":{"id":"e1"}}');
    });
    const first = await post('/api/v1/webhook-endpoints', 'key-deprecated', '{"url":"https://example.test/hook"}');
    expect(first.status).toBe(201);
    expect(first.headers).toMatchObject(deprecation);
    const calls = h.upstream.calls();
    const retry = await post('/api/v1/webhook-endpoints', 'key-deprecated', '{"url":"https://example.test/hook"}');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers).toMatchObject(deprecation);
    // Only those: other upstream headers are not part of the stored answer.
    expect(retry.headers['x-upstream-only']).toBeUndefined();
    expect(h.upstream.calls()).toBe(calls);
  });

  it('answers 422 idempotency_conflict for the same key with a different body', async () => {
    expect((await post('/api/v1/clients', 'key-conflict', '{"name":"A"}')).status).toBe(201);
    const calls = h.upstream.calls();
    const res = await post('/api/v1/clients', 'key-conflict', '{"name":"B"}');
    expect(res.status).toBe(422);
    expect(res.json.ok).toBe(false);
    expect(res.json.error).toBe('idempotency_conflict');
    // An absent body is different from an empty object.
    expect((await post('/api/v1/clients', 'key-conflict', '')).status).toBe(422);
    expect(h.upstream.calls()).toBe(calls);
  });

  it('scopes keys per token: another token with the same key is independent', async () => {
    const a = await post('/api/v1/shoots', 'key-scope', '{"title":"x"}');
    const b = await post('/api/v1/shoots', 'key-scope', '{"title":"x"}', OTHER);
    const c = await post('/api/v1/clients', 'key-scope', '{"title":"y"}', OTHER);
    for (const res of [a, b]) {
      expect(res.status).toBe(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(b.json.echo.id).not.toBe(a.json.echo.id);
    // OTHER's key now names its POST /shoots, not the owner's.
    expect(c.status).toBe(422);
    expect(c.json.error).toBe('idempotency_conflict');
  });

  it('answers 422 idempotency_conflict for the same key on another route, with another body or the same one', async () => {
    expect((await post('/api/v1/shoots', 'key-cross-route', '{"title":"S"}')).status).toBe(201);
    const calls = h.upstream.calls();
    const otherBody = await post('/api/v1/clients', 'key-cross-route', '{"name":"C"}');
    expect(otherBody.status).toBe(422);
    expect(otherBody.json).toMatchObject({ ok: false, error: 'idempotency_conflict' });
    expect((await post('/api/v1/clients', 'key-cross-route', '{"title":"S"}')).status).toBe(422);
    expect(h.upstream.calls()).toBe(calls);
    // The original request still replays.
    const again = await post('/api/v1/shoots', 'key-cross-route', '{"title":"S"}');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('treats a trailing slash as the same route and key', async () => {
    const first = await post('/api/v1/clients', 'key-slash', '{"name":"S"}');
    const again = await post('/api/v1/clients/', 'key-slash', '{"name":"S"}');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.raw.equals(first.raw)).toBe(true);
  });

  it('validates the key: 1..200 printable ASCII characters', async () => {
    const calls = h.upstream.calls();
    for (const key of ['', 'k'.repeat(201)]) {
      const res = await post('/api/v1/shoots', key, '{}');
      expect(res.status, `length ${key.length}`).toBe(400);
      expect(res.json.error).toBe('invalid_input');
    }
    const tab = await h.call('/api/v1/shoots', {
      token: OWNER,
      method: 'POST',
      headers: { ...JSON_HEADERS, 'idempotency-key': 'a\tb' },
      body: '{}',
    });
    expect(tab.status).toBe(400);
    expect(h.upstream.calls()).toBe(calls);
    expect((await post('/api/v1/shoots', 'k'.repeat(200), '{}')).status).toBe(201);
    expect((await post('/api/v1/shoots', 'with spaces and ~!@#$%^&*()', '{}')).status).toBe(201);
  });

  it('ignores Idempotency-Key on routes that do not take it (only POSTs that act do)', async () => {
    for (const [method, path] of [
      ['PATCH', '/api/v1/shoots/s1/shot-list'],
      ['DELETE', '/api/v1/webhooks/subscriptions'],
      ['DELETE', '/api/v1/galleries/g1/favorites'],
    ] as const) {
      const send = () =>
        h.call(path, { token: OWNER, method, headers: { ...JSON_HEADERS, 'idempotency-key': 'key-other-route' }, body: '{"x":1}' });
      const a = await send();
      const b = await send();
      expect(a.status, `${method} ${path}`).toBe(200);
      expect(b.headers['idempotent-replayed'], `${method} ${path}`).toBeUndefined();
      expect(b.json.echo.id).not.toBe(a.json.echo.id);
    }
  });

  it('honours the key on path patterns: a publish and an upload-session action replay, per path', async () => {
    for (const path of [
      '/api/v1/galleries/g-1/publish',
      '/api/v1/upload-sessions/s-1/files/f-1/parts/sign',
      '/api/v1/webhook-deliveries/d-1/replay',
      '/api/v1/webhook-endpoints/e-1/test',
    ]) {
      const calls = h.upstream.calls();
      const first = await post(path, `key-pattern${path}`, '{"part_numbers":[1]}');
      const again = await post(path, `key-pattern${path}`, '{"part_numbers":[1]}');
      expect(first.status, path).toBe(201);
      expect(again.headers['idempotent-replayed'], path).toBe('true');
      expect(again.raw.equals(first.raw), path).toBe(true);
      expect(h.upstream.calls() - calls, path).toBe(1);
    }
    // Another id is another path: the same key is then another request (422), not a replay.
    const other = await post('/api/v1/galleries/g-2/publish', 'key-pattern/api/v1/galleries/g-1/publish', '{"part_numbers":[1]}');
    expect(other.status).toBe(422);
    expect(other.json.error).toBe('idempotency_conflict');
    // The services route ignoring case: so does the key (and the differently cased path is another request).
    const upper = await post('/api/v1/galleries/g-3/PUBLISH', 'key-pattern-upper', '{}');
    const upperAgain = await post('/api/v1/galleries/g-3/PUBLISH', 'key-pattern-upper', '{}');
    expect(upper.status).toBe(201);
    expect(upperAgain.headers['idempotent-replayed']).toBe('true');
    // An invalid key on a pattern route is refused by the gateway before the upstream is called.
    const calls = h.upstream.calls();
    const bad = await post('/api/v1/upload-sessions/s-1/pause', 'k'.repeat(201), '{}');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/Idempotency-Key/);
    expect(h.upstream.calls()).toBe(calls);
  });

  it('covers the webhook registration routes too', async () => {
    for (const path of ['/api/v1/webhook-endpoints', '/api/v1/webhooks/subscriptions']) {
      const first = await post(path, `key-webhooks${path}`, '{"url":"https://example.com"}');
      const again = await post(path, `key-webhooks${path}`, '{"url":"https://example.com"}');
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.raw.equals(first.raw)).toBe(true);
    }
  });

  it('20 concurrent POST /shoots with one key: upstream called once, 20 identical answers', async () => {
    let calls = 0;
    h.upstream.on('/api/v1/shoots', (req, res) => {
      calls++;
      setTimeout(() => {
        res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ ok: true, shoot: { id: `shoot-${calls}`, body: req.body.toString() } }));
      }, 150);
    });
    try {
      const answers = await times(20, 20, () => post('/api/v1/shoots', 'key-twenty', '{"title":"Twenty"}'));
      expect(calls).toBe(1);
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    } finally {
      h.upstream.on('/api/v1/shoots', defaultCreate);
    }
  });

  it('does not store 5xx answers: the key is released and a retry runs again', async () => {
    let calls = 0;
    h.upstream.on('/api/v1/clients', (_req, res) => {
      calls++;
      if (calls === 1) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"ok":false,"error":"unavailable"}');
      } else {
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true,"client":{"id":"c1"}}');
      }
    });
    try {
      const first = await post('/api/v1/clients', 'key-5xx', '{"name":"n"}');
      expect(first.status).toBe(503);
      const second = await post('/api/v1/clients', 'key-5xx', '{"name":"n"}');
      expect(second.status).toBe(201);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      const third = await post('/api/v1/clients', 'key-5xx', '{"name":"n"}');
      expect(third.status).toBe(201);
      expect(third.headers['idempotent-replayed']).toBe('true');
      expect(calls).toBe(2);
    } finally {
      h.upstream.on('/api/v1/clients', defaultCreate);
    }
  });

  it.each([
    [400, 'invalid_input'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [422, 'idempotency_conflict'],
    [429, 'rate_limited'],
  ])('does not store a %i answer: the key is released, the same request runs again, and its success is stored', async (status, error) => {
    let calls = 0;
    h.upstream.on('/api/v1/clients', (_req, res) => {
      calls++;
      if (calls <= 2) res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error }));
      else res.writeHead(201, { 'content-type': 'application/json' }).end(`{"ok":true,"client":{"id":"c${calls}"}}`);
    });
    try {
      const key = `key-${status}`;
      const first = await post('/api/v1/clients', key, '{"name":"n"}');
      expect(first.status).toBe(status);
      expect(first.json.error).toBe(error);
      // Not a replay: the upstream answers again.
      const second = await post('/api/v1/clients', key, '{"name":"n"}');
      expect(second.status).toBe(status);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      // Nor does a refusal bind the key to its body: another body with the same key runs (no 422).
      const corrected = await post('/api/v1/clients', key, '{"name":"corrected"}');
      expect(corrected.status).toBe(201);
      expect(corrected.headers['idempotent-replayed']).toBeUndefined();
      const replay = await post('/api/v1/clients', key, '{"name":"corrected"}');
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.raw.equals(corrected.raw)).toBe(true);
      expect(calls).toBe(3);
    } finally {
      h.upstream.on('/api/v1/clients', defaultCreate);
    }
  });

  it('a waiting twin runs the request itself when the first one was refused with a 4xx', async () => {
    let calls = 0;
    h.upstream.on('/api/v1/galleries/g-twin/publish', (_req, res) => {
      calls++;
      const n = calls;
      setTimeout(() => {
        if (n === 1) res.writeHead(409, { 'content-type': 'application/json' }).end('{"ok":false,"error":"conflict"}');
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"gallery":{"id":"g-twin"}}');
      }, 100);
    });
    // Whichever reaches the upstream first is refused; the other (waiting on the key, or after it) then runs itself.
    const answers = await Promise.all([0, 1].map(() => post('/api/v1/galleries/g-twin/publish', 'key-twin-4xx', '')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] !== undefined)).toEqual([]);
    expect(calls).toBe(2);
  });

  it('a waiting twin takes over when the first request failed with a 5xx', async () => {
    let calls = 0;
    h.upstream.on('/api/v1/shoots', (_req, res) => {
      calls++;
      const n = calls;
      setTimeout(() => {
        if (n === 1) res.writeHead(500, { 'content-type': 'application/json' }).end('{"ok":false,"error":"internal"}');
        else res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true,"shoot":{"id":"s2"}}');
      }, 100);
    });
    try {
      const [a, b] = await Promise.all([
        post('/api/v1/shoots', 'key-takeover', '{"t":1}'),
        new Promise((r) => setTimeout(r, 30)).then(() => post('/api/v1/shoots', 'key-takeover', '{"t":1}')),
      ]);
      expect(a.status).toBe(500);
      expect(b.status).toBe(201);
      expect(calls).toBe(2);
    } finally {
      h.upstream.on('/api/v1/shoots', defaultCreate);
    }
  });

  it('answers 409 conflict when the first request is still running after IDEMPOTENCY_WAIT_MS', async () => {
    h.upstream.on('/api/v1/shoots', (_req, res) => {
      setTimeout(() => res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}'), 3000);
    });
    try {
      const first = post('/api/v1/shoots', 'key-slow', '{"t":2}');
      await new Promise((r) => setTimeout(r, 50));
      const started = Date.now();
      const twin = await post('/api/v1/shoots', 'key-slow', '{"t":2}');
      expect(twin.status).toBe(409);
      expect(twin.json.error).toBe('conflict');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      // A different body is refused at once, even while the first is running.
      const other = await post('/api/v1/shoots', 'key-slow', '{"t":3}');
      expect(other.status).toBe(422);
      expect((await first).status).toBe(201);
      const replay = await post('/api/v1/shoots', 'key-slow', '{"t":2}');
      expect(replay.headers['idempotent-replayed']).toBe('true');
    } finally {
      h.upstream.on('/api/v1/shoots', defaultCreate);
    }
  });

  it('releases the key when the upstream is unreachable', async () => {
    h.upstream.on('/api/v1/clients', (_req, res) => {
      res.socket?.destroy();
    });
    try {
      const first = await post('/api/v1/clients', 'key-reset', '{"x":1}');
      expect(first.status).toBe(503);
      expect(first.json).toMatchObject({ ok: false, error: 'unavailable' });
    } finally {
      h.upstream.on('/api/v1/clients', defaultCreate);
    }
    const second = await post('/api/v1/clients', 'key-reset', '{"x":1}');
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps records for IDEMPOTENCY_TTL_SECONDS', async () => {
    await post('/api/v1/clients', 'key-ttl', '{"x":2}');
    const key = [...(await h.gateway.redis.keys(`${h.prefix}idem:*`))][0]!;
    const ttl = await h.gateway.redis.ttl(key);
    expect(ttl).toBeGreaterThan(86_000);
    expect(ttl).toBeLessThanOrEqual(86_400);
  });
});

function defaultCreate(req: { body: Buffer }, res: import('node:http').ServerResponse): void {
  res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ ok: true, echo: { body: req.body.toString(), id: Math.random().toString(36).slice(2) } }));
}
