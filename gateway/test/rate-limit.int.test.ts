/** Per-token rate limiting in real Redis, its headers, and FAIL-CLOSED behaviour behind a faulty TCP link. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, testConfig, type TcpProxy } from '@studio/testkit';
import { startFreezableProxy, type FreezableProxy } from './support/freezable-proxy.js';
import { OWNER, startHarness, times, waitUntil, type Harness } from './support/harness.js';
import { apiToken } from './support/tokens.js';

const redisTarget = new URL(testConfig.TEST_REDIS_URL);

describe('gateway rate limit', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      tokens: {
        [apiToken('000000000001_owner')]: { profileId: 'p', tokenId: 't-default', memberships: {} },
        [apiToken('000000000010_fullwin')]: { profileId: 'p', tokenId: 't-full', memberships: {} },
        [apiToken('000000000011_raised')]: { profileId: 'p', tokenId: 't-raised', memberships: {}, rateLimit: 650 },
        [apiToken('000000000012_lowered')]: { profileId: 'p', tokenId: 't-lowered', memberships: {}, rateLimit: 3 },
        [apiToken('000000000013_burst')]: { profileId: 'p', tokenId: 't-burst', memberships: {}, rateLimit: 5 },
      },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sets RateLimit headers on every authenticated answer, including upstream answers and 4xx', async () => {
    const ok = await h.call('/api/v1/workspaces', { token: OWNER });
    expect(ok.status).toBe(200);
    expect(ok.headers['ratelimit-limit']).toBe('600');
    expect(ok.headers['ratelimit-remaining']).toBe('599');
    expect(Number(ok.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(59);
    expect(Number(ok.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);

    const upstream404 = await h.call('/api/v1/shoots/not-found', { token: OWNER });
    expect(upstream404.status).toBe(404);
    expect(upstream404.headers['ratelimit-remaining']).toBe('598');

    const bad = await h.call('/api/v1/shoots', { token: OWNER, method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.headers['ratelimit-remaining']).toBe('597');
  });

  it('refuses the 601st request of a window with 429 rate_limited and Retry-After', async () => {
    const token = apiToken('000000000010_fullwin');
    const answers = await times(600, 25, () => h.call('/api/v1/workspaces', { token }));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const remaining = answers.map((a) => Number(a.headers['ratelimit-remaining'])).sort((a, b) => a - b);
    expect(remaining[0]).toBe(0);
    expect(remaining[599]).toBe(599);

    const before = h.upstream.calls();
    const refused = await h.call('/api/v1/workspaces', { token });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ ok: false, error: 'rate_limited' });
    expect(refused.headers['ratelimit-limit']).toBe('600');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-reset']).toBe(refused.headers['retry-after']);
    expect(h.upstream.calls()).toBe(before);

    // Another token is not affected.
    expect((await h.call('/api/v1/workspaces', { token: OWNER })).status).toBe(200);
  });

  it("uses a token's own limit when it has one (raised and lowered)", async () => {
    const raised = apiToken('000000000011_raised');
    const answers = await times(650, 25, () => h.call('/api/v1/workspaces', { token: raised }));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers[0]!.headers['ratelimit-limit']).toBe('650');
    expect((await h.call('/api/v1/workspaces', { token: raised })).status).toBe(429);

    const lowered = apiToken('000000000012_lowered');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await h.call('/api/v1/workspaces', { token: lowered })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts a burst of concurrent requests on one token exactly (hits coalesced into one INCRBY stay one count each)', async () => {
    const token = apiToken('000000000013_burst');
    const answers = await Promise.all(Array.from({ length: 12 }, () => h.call('/api/v1/workspaces', { token })));
    const allowed = answers.filter((a) => a.status === 200);
    expect(allowed).toHaveLength(5);
    expect(allowed.map((a) => Number(a.headers['ratelimit-remaining'])).sort()).toEqual([0, 1, 2, 3, 4]);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.headers['ratelimit-remaining']).toBe('0');
    // Every hit was counted: the next request is the 13th of the window.
    expect((await h.call('/api/v1/workspaces', { token })).status).toBe(429);
  });

  it('starts a new window when the old one ends', async () => {
    const w = await startHarness({
      env: { RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_WINDOW_MS: '1000' },
      tokens: { [apiToken('000000000013_window')]: { profileId: 'p', tokenId: 't-window', memberships: {} } },
    });
    try {
      const token = apiToken('000000000013_window');
      expect((await w.call('/api/v1/workspaces', { token })).status).toBe(200);
      expect((await w.call('/api/v1/workspaces', { token })).status).toBe(200);
      const refused = await w.call('/api/v1/workspaces', { token });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      await new Promise((r) => setTimeout(r, 1100));
      const again = await w.call('/api/v1/workspaces', { token });
      expect(again.status).toBe(200);
      expect(again.headers['ratelimit-remaining']).toBe('1');
    } finally {
      await w.close();
    }
  });
});

describe('gateway rate limit fails closed', () => {
  let proxy: TcpProxy;
  let h: Harness;
  beforeAll(async () => {
    proxy = await startTcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
    const url = new URL(testConfig.TEST_REDIS_URL);
    url.host = `127.0.0.1:${proxy.port}`;
    h = await startHarness({ redisUrl: url.toString() });
  });
  afterAll(async () => {
    await h?.close();
    await proxy?.close();
  });

  async function refusedClosed(): Promise<void> {
    const before = h.upstream.calls();
    const res = await h.call('/api/v1/workspaces', { token: OWNER });
    expect(res.status).toBe(429);
    expect(res.json.error).toBe('rate_limited');
    expect(res.headers['retry-after']).toBe('1');
    expect(res.headers['ratelimit-limit']).toBeUndefined();
    expect(h.upstream.calls()).toBe(before);
  }

  it('serves normally through the healthy link', async () => {
    expect((await h.call('/api/v1/workspaces', { token: OWNER })).status).toBe(200);
  });

  it('refuses with 429 when Redis is cut off, and never passes the request through', async () => {
    proxy.cut();
    for (let i = 0; i < 5; i++) await refusedClosed();
    // Writes are refused too, before anything reaches a service.
    const before = h.upstream.calls();
    const write = await h.call('/api/v1/shoots', {
      token: OWNER,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k1' },
      body: '{}',
    });
    expect(write.status).toBe(429);
    expect(h.upstream.calls()).toBe(before);
    const ready = await h.admin('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json.checks.redis).toBe('down');
  });

  it('recovers by itself when the link is restored', async () => {
    proxy.restore();
    const recovered = await waitUntil(async () => (await h.call('/api/v1/workspaces', { token: OWNER })).status === 200, 10_000);
    expect(recovered).toBe(true);
  });

  it('refuses with 429 within about RATE_LIMIT_TIMEOUT_MS when Redis stalls', async () => {
    proxy.stall();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.call('/api/v1/workspaces', { token: OWNER })));
    const elapsed = Date.now() - started;
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(429));
    expect(elapsed).toBeLessThan(250 + 400);
    await refusedClosed();
    const metrics = await h.admin('/metrics');
    expect(metrics.text).toMatch(/gateway_rate_limit_refusals_total\{reason="unavailable",service="gateway"\} [1-9]/);
  });

  it('recovers after a stall once the link is restored', async () => {
    proxy.restore();
    const recovered = await waitUntil(async () => (await h.call('/api/v1/workspaces', { token: OWNER })).status === 200, 10_000);
    expect(recovered).toBe(true);
  });
});

describe('gateway rate limit fails closed when Redis hangs on an open connection', () => {
  let proxy: FreezableProxy;
  let h: Harness;
  beforeAll(async () => {
    proxy = await startFreezableProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
    const url = new URL(testConfig.TEST_REDIS_URL);
    url.host = `127.0.0.1:${proxy.port}`;
    h = await startHarness({ redisUrl: url.toString() });
  });
  afterAll(async () => {
    await h?.close();
    await proxy?.close();
  });

  it('refuses with 429 after RATE_LIMIT_TIMEOUT_MS, then reconnects and recovers when Redis answers again', async () => {
    expect((await h.call('/api/v1/workspaces', { token: OWNER })).status).toBe(200);
    proxy.freeze();
    const before = h.upstream.calls();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.call('/api/v1/workspaces', { token: OWNER })));
    const elapsed = Date.now() - started;
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(429));
    expect(answers.every((a) => a.headers['retry-after'] === '1')).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(250 + 400);
    expect(h.upstream.calls()).toBe(before);

    // Redis answers again on the same connection: the late replies are matched and service resumes.
    proxy.thaw();
    expect(await waitUntil(async () => (await h.call('/api/v1/workspaces', { token: OWNER })).status === 200, 10_000)).toBe(true);
  });

  it('tears down a connection that stays hung and reconnects when Redis is back', async () => {
    proxy.freeze();
    expect((await h.call('/api/v1/workspaces', { token: OWNER })).status).toBe(429);
    // Longer than the socket timeout: the hung connection is destroyed; new ones hang in the handshake.
    await new Promise((r) => setTimeout(r, 1500));
    const started = Date.now();
    expect((await h.call('/api/v1/workspaces', { token: OWNER })).status).toBe(429);
    expect(Date.now() - started).toBeLessThan(250 + 400);
    proxy.thaw();
    expect(await waitUntil(async () => (await h.call('/api/v1/workspaces', { token: OWNER })).status === 200, 10_000)).toBe(true);
  });
});

describe('gateway started while Redis is unreachable', () => {
  let proxy: TcpProxy;
  let h: Harness;
  beforeAll(async () => {
    proxy = await startTcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
    proxy.cut();
    const url = new URL(testConfig.TEST_REDIS_URL);
    url.host = `127.0.0.1:${proxy.port}`;
    h = await startHarness({ redisUrl: url.toString(), env: { IDEMPOTENCY_WAIT_MS: '3000' } });
  });
  afterAll(async () => {
    await h?.close();
    await proxy?.close();
  });

  it('refuses until Redis is reachable, then serves, idempotency waiting included', async () => {
    expect((await h.call('/api/v1/workspaces', { token: OWNER })).status).toBe(429);
    proxy.restore();
    expect(await waitUntil(async () => (await h.call('/api/v1/workspaces', { token: OWNER })).status === 200, 10_000)).toBe(true);

    let calls = 0;
    h.upstream.on('/api/v1/shoots', (_req, res) => {
      calls++;
      setTimeout(() => res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true,"shoot":{"id":"late"}}'), 200);
    });
    const send = () =>
      h.call('/api/v1/shoots', {
        token: OWNER,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'after-outage' },
        body: '{"t":1}',
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(calls).toBe(1);
  });
});
