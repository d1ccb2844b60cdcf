import { randomBytes } from 'node:crypto';
import { mintApiToken } from '@studio/api-token';
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { inject } from 'vitest';
import { api } from './support/client.js';
import { admin, createToken, tenant } from './support/operator.js';
import { startGatewayReplica } from './support/gateway-replica.js';
import { startTcpProxy, type TcpProxy } from '@studio/testkit/tcp-proxy';

describe('rate limit: 600 requests per 60 s per token', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  beforeAll(async () => {
    t = await tenant(['owner']);
  });

  it('sends RateLimit headers on every answer and refuses the 601st request with 429', async () => {
    const first = await api('GET', '/auth/whoami', { token: t.tokens.owner });
    expect(first.headers.get('ratelimit-limit')).toBe('600');
    expect(first.headers.get('ratelimit-remaining')).toBe('599');
    const reset = Number(first.headers.get('ratelimit-reset'));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
    // Requests 2..600, 50 at a time.
    let remaining = 599;
    for (let sent = 1; sent < 600; ) {
      const batch = Math.min(50, 600 - sent);
      const results = await Promise.all(Array.from({ length: batch }, () => api('GET', '/auth/whoami', { token: t.tokens.owner })));
      for (const r of results) {
        expect(r.status).toBe(200);
        remaining = Math.min(remaining, Number(r.headers.get('ratelimit-remaining')));
      }
      sent += batch;
    }
    expect(remaining).toBe(0);
    const refused = await api('GET', '/auth/whoami', { token: t.tokens.owner });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ ok: false, error: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    // Another token of the same profile has its own budget.
    const other = await admin<{ token: string }>('create-token', '--profile', t.profiles.owner);
    expect((await api('GET', '/auth/whoami', { token: other.token })).status).toBe(200);
  });

  it("an operator can raise one token's limit", async () => {
    const raised = await admin<{ token: string }>('create-token', '--profile', t.profiles.owner, '--rate-limit', '5000');
    const res = await api('GET', '/auth/whoami', { token: raised.token });
    expect(res.headers.get('ratelimit-limit')).toBe('5000');
  });

  it('a low per-token limit refuses the request after it', async () => {
    const low = await admin<{ token: string }>('create-token', '--profile', t.profiles.owner, '--rate-limit', '3');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api('GET', '/auth/whoami', { token: low.token })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('rate limit is fail-closed', () => {
  let proxy: TcpProxy;
  let replica: Awaited<ReturnType<typeof startGatewayReplica>>;
  let token: string;

  beforeAll(async () => {
    const redis = new URL(inject('redisUrl'));
    proxy = await startTcpProxy(redis.hostname, Number(redis.port || 6379));
    replica = await startGatewayReplica({ REDIS_URL: `redis://127.0.0.1:${proxy.port}${redis.pathname}` });
    token = (await tenant(['owner'])).tokens.owner;
  });
  afterAll(async () => {
    await replica?.stop();
    await proxy?.close();
  });

  it('refuses with 429 when Redis is unreachable or stalled, and recovers when it returns', async () => {
    expect((await api('GET', '/auth/whoami', { token }, replica.baseUrl)).status).toBe(200);

    proxy.cut();
    for (let i = 0; i < 5; i++) {
      const res = await api('GET', '/auth/whoami', { token }, replica.baseUrl);
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ ok: false, error: 'rate_limited' });
    }

    proxy.restore();
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await api('GET', '/auth/whoami', { token }, replica.baseUrl)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);

    proxy.stall();
    const started = Date.now();
    const slow = await api('GET', '/auth/whoami', { token }, replica.baseUrl);
    expect(slow.status).toBe(429);
    expect(Date.now() - started).toBeLessThan(5000);

    proxy.restore();
    status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await api('GET', '/auth/whoami', { token }, replica.baseUrl)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });
});

describe('failed authentication is limited per client address', () => {
  // A gateway replica with a small budget; it trusts the test client (127.0.0.1) to name the client address, so
  // this test's addresses (a random IPv6 /64 each) share no counter with any other test.
  let replica: Awaited<ReturnType<typeof startGatewayReplica>>;
  let t: Awaited<ReturnType<typeof tenant>>;
  const prefix = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
  /** A well-formed token (valid checksum) that studio does not know. */
  const guess = () => mintApiToken().token;

  beforeAll(async () => {
    replica = await startGatewayReplica({
      REDIS_URL: inject('redisUrl'),
      AUTH_FAILURE_LIMIT_PER_MINUTE: '3',
      TRUSTED_PROXIES: '127.0.0.1',
    });
    t = await tenant(['owner']);
  });
  afterAll(async () => {
    await replica?.stop();
  });

  const whoami = (address: string, bearer: string) =>
    api('GET', '/auth/whoami', { token: bearer, headers: { 'x-forwarded-for': address } }, replica.baseUrl);

  it('answers refused well-formed tokens 429 past the budget, keeps a valid token working, and leaves other addresses alone', async () => {
    const address = `${prefix()}::1`;
    expect((await whoami(address, t.tokens.owner)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await whoami(address, guess())).status).toBe(401);

    const refused = await whoami(address, guess());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ ok: false, error: 'rate_limited' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');

    // The valid token from the same address still works.
    expect((await whoami(address, t.tokens.owner)).status).toBe(200);
    // Another client address has its own budget.
    expect((await whoami(`${prefix()}::1`, guess())).status).toBe(401);
  });

  it('never refuses a valid token the gateway has not seen, even from an address over its budget', async () => {
    const address = `${prefix()}::1`;
    for (let i = 0; i < 4; i++) await whoami(address, guess());
    expect((await whoami(address, guess())).status).toBe(429);
    const fresh = await createToken(t.profiles.owner);
    const res = await whoami(address, fresh.token);
    expect(res.status).toBe(200);
    expect(res.body.profile.id).toBe(t.profiles.owner);
  });

  it('does not count malformed or mistyped tokens: 30 and more of them, then a valid token and the whole budget are still there', async () => {
    const address = `${prefix()}::1`;
    const good = t.tokens.owner;
    const mistyped = good.slice(0, -1) + (good.endsWith('0') ? '1' : '0');
    for (let i = 0; i < 12; i++) {
      for (const bearer of [mistyped, 'stu_not-a-token', `stu_${good.slice(4, 30)}`]) {
        const res = await whoami(address, bearer);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ ok: false, error: 'unauthorized' });
      }
    }
    expect((await whoami(address, good)).status).toBe(200);
    // Not one of the 36 counted: three refused well-formed guesses are still 401, the fourth 429.
    for (let i = 0; i < 3; i++) expect((await whoami(address, guess())).status).toBe(401);
    expect((await whoami(address, guess())).status).toBe(429);
  });
});
