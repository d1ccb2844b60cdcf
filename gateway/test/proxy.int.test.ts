/** Routing, upstream pass-through, 404s, upstream failures, request id and the ops endpoints. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_BODY } from '@studio/errors';
import { deadPort } from './support/echo-upstream.js';
import { OWNER, startHarness, type Harness } from './support/harness.js';

describe('gateway proxy', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('forwards every prefix of the route table, keeping the /api/v1 path and query', async () => {
    const paths = [
      '/api/v1/auth/whoami',
      '/api/v1/workspaces?limit=5',
      '/api/v1/shoots/abc',
      '/api/v1/clients',
      '/api/v1/orders',
      '/api/v1/invoices',
      '/api/v1/tasks',
      '/api/v1/mobile/dashboard',
      '/api/v1/galleries/x/photos?cursor=a%2Fb',
      '/api/v1/photos',
      '/api/v1/upload-sessions/1',
      '/api/v1/ai/jobs/1',
      '/api/v1/search?q=x',
      '/api/v1/webhook-endpoints',
      '/api/v1/webhook-deliveries/1/replay',
      '/api/v1/webhooks/subscriptions',
    ];
    for (const path of paths) {
      const res = await h.call(path, { token: OWNER });
      expect(res.status, path).toBe(200);
      expect(res.json.echo.url).toBe(path);
      expect(res.json.echo.method).toBe('GET');
    }
  });

  it('routes each prefix to its own service', async () => {
    const { startEchoUpstream } = await import('./support/echo-upstream.js');
    const upstreams = await Promise.all(['studio', 'gallery', 'upload', 'search', 'webhooks'].map((n) => startEchoUpstream(n)));
    const [studio, gallery, upload, search, webhooks] = upstreams;
    const routed = await startHarness({
      env: {
        STUDIO_HTTP_URL: studio!.url,
        GALLERY_HTTP_URL: gallery!.url,
        UPLOAD_HTTP_URL: upload!.url,
        SEARCH_HTTP_URL: search!.url,
        WEBHOOKS_HTTP_URL: webhooks!.url,
      },
    });
    try {
      const expectations: Array<[string, string]> = [
        ['/api/v1/shoots', 'studio'],
        ['/api/v1/mobile/dashboard', 'studio'],
        ['/api/v1/galleries', 'gallery'],
        ['/api/v1/client-sessions', 'gallery'],
        ['/api/v1/upload-sessions', 'upload'],
        ['/api/v1/ai/cull-jobs', 'upload'],
        ['/api/v1/search', 'search'],
        ['/api/v1/webhooks/subscriptions', 'webhooks'],
        ['/api/v1/webhook-deliveries', 'webhooks'],
      ];
      for (const [path, service] of expectations) {
        const res = await routed.call(path, { token: OWNER });
        expect(res.headers['x-upstream'], path).toBe(service);
      }
    } finally {
      await routed.close();
      await Promise.all(upstreams.map((u) => u.close()));
    }
  });

  it('answers unknown routes 404 with the exact shared bytes, without calling an upstream', async () => {
    const before = h.upstream.calls();
    for (const path of ['/api/v1/nope', '/api/v1', '/api/v1/', '/api/v2/shoots', '/', '/api/v1/shootsx', '/favicon.ico']) {
      for (const token of [OWNER, undefined]) {
        const res = await h.call(path, { token });
        expect(res.status, path).toBe(404);
        expect(res.text, path).toBe(NOT_FOUND_BODY);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
    }
    expect(h.upstream.calls()).toBe(before);
  });

  it('passes upstream 404 bodies through byte-identical', async () => {
    const res = await h.call('/api/v1/shoots/not-found', { token: OWNER });
    expect(res.status).toBe(404);
    expect(res.raw.equals(Buffer.from(NOT_FOUND_BODY))).toBe(true);
  });

  it('passes upstream 5xx answers through unchanged (the service owns its error body)', async () => {
    const res = await h.call('/api/v1/shoots/fail', { token: OWNER });
    expect(res.status).toBe(500);
  });

  it('keeps upstream connections alive (one shared keep-alive agent)', async () => {
    h.upstream.reset();
    for (let i = 0; i < 5; i++) await h.call('/api/v1/workspaces', { token: OWNER });
    const connections = new Set(h.upstream.requests.map((r) => r.headers.connection));
    expect(connections.has('close')).toBe(false);
  });

  it('uses the caller request id when it is well-formed, else makes one, and forwards it', async () => {
    const good = await h.call('/api/v1/workspaces', { token: OWNER, headers: { 'x-request-id': 'req:abc.123_X-9' } });
    expect(good.headers['x-request-id']).toBe('req:abc.123_X-9');
    expect(good.json.echo.headers['x-request-id']).toBe('req:abc.123_X-9');

    for (const bad of ['', 'has space', 'a'.repeat(129), 'semi;colon', 'é']) {
      const res = await h.call('/api/v1/workspaces', { token: OWNER, headers: { 'x-request-id': bad } });
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(res.json.echo.headers['x-request-id']).toBe(id);
    }
    const max = 'a'.repeat(128);
    expect((await h.call('/api/v1/workspaces', { token: OWNER, headers: { 'x-request-id': max } })).headers['x-request-id']).toBe(max);

    // Also on the gateway's own answers.
    const unauth = await h.call('/api/v1/workspaces', { headers: { 'x-request-id': 'mine-1' } });
    expect(unauth.status).toBe(401);
    expect(unauth.headers['x-request-id']).toBe('mine-1');
    const missing = await h.call('/nowhere', { headers: { 'x-request-id': 'mine-2' } });
    expect(missing.headers['x-request-id']).toBe('mine-2');
  });

  it('sets helmet security headers', async () => {
    const res = await h.call('/api/v1/workspaces', { token: OWNER });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves /healthz, /readyz and /metrics on the admin port without a bearer', async () => {
    const health = await h.admin('/healthz');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ ok: true });
    const ready = await h.admin('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ ok: true, checks: { redis: 'up', studio_grpc: 'up' } });
    const metrics = await h.admin('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('http_request_duration_seconds_bucket');
    expect(metrics.text).toContain('route="/api/v1/workspaces"');
    expect(metrics.text).toContain('gateway_auth_cache_lookups_total{result="hit"');
    expect(metrics.text).toContain('gateway_rate_limit_refusals_total');
  });

  it('answers the ops paths on the public port with the standard 404, with or without a bearer, before any upstream', async () => {
    const seen = h.upstream.requests.length;
    for (const path of ['/metrics', '/readyz', '/healthz', '/metrics?format=json', '/api/v1/metrics']) {
      for (const token of [undefined, OWNER]) {
        const res = await h.call(path, { token });
        expect(res.status, `${path} ${token ? 'with' : 'without'} a bearer`).toBe(404);
        expect(res.text).toBe('{"ok":false,"error":"not_found"}');
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
    expect(h.upstream.requests.length).toBe(seen);
    // Scans of unknown paths are counted under one bounded label, never by their raw path.
    const metrics = await h.admin('/metrics');
    expect(metrics.text).not.toContain('route="/metrics"');
    expect(metrics.text).toMatch(/http_request_duration_seconds_count\{[^}]*route="unmatched",status="404"/);
  });

  it('lets POST /client-sessions through without a bearer and without an identity', async () => {
    const res = await h.call('/api/v1/client-sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-studio-identity': 'forged' },
      body: '{"portal_token":"abc"}',
    });
    expect(res.status).toBe(201);
    expect(res.json.echo.headers['x-studio-identity']).toBeUndefined();
    expect(res.headers['ratelimit-limit']).toBe('10');
    // Other methods on the same path still need a bearer.
    expect((await h.call('/api/v1/client-sessions')).status).toBe(401);
  });
});

describe('gateway proxy with the upstream down', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ upstreamUrl: `http://127.0.0.1:${await deadPort()}` });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 503 unavailable with the request id and no upstream detail', async () => {
    const res = await h.call('/api/v1/workspaces', { token: OWNER, headers: { 'x-request-id': 'down-1' } });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ ok: false, error: 'unavailable', request_id: 'down-1' });
    expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|proxy/i);
    expect(res.headers['ratelimit-limit']).toBe('600');
    // Every 503 says when to retry (the fault matrix found the proxy's without it).
    expect(res.headers['retry-after']).toBe('1');
  });

  it('answers 503 for writes too, and keeps serving afterwards', async () => {
    const res = await h.call('/api/v1/shoots', {
      token: OWNER,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(res.status).toBe(503);
    expect(res.json.error).toBe('unavailable');
    expect(res.headers['retry-after']).toBe('1');
    expect((await h.admin('/healthz')).status).toBe(200);
  });
});

describe('gateway graceful stop', () => {
  it('finishes in-flight requests, then stops listening', async () => {
    const h = await startHarness({ env: { SHUTDOWN_GRACE_MS: '3000' } });
    try {
      const inFlight = h.call('/api/v1/shoots/slow?ms=400', { token: OWNER });
      await new Promise((r) => setTimeout(r, 100));
      const stopped = h.gateway.stop();
      const res = await inFlight;
      expect(res.status).toBe(200);
      await stopped;
      await expect(h.call('/api/v1/workspaces', { token: OWNER })).rejects.toThrow();
      await expect(h.admin('/healthz')).rejects.toThrow();
    } finally {
      await h.close();
    }
  });
});
