/**
 * Failed authentication is limited per client address (issue 14): past the budget, a credential the gateway cannot
 * vouch for is refused with 429 before studio is asked; valid tokens from the same address keep working.
 * The client address is named by X-Forwarded-For from a trusted proxy (the test client on 127.0.0.1).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, startHarness, type Harness } from './support/harness.js';

const BUDGET = 5;
const unknownToken = () => `stu_${randomBytes(6).toString('hex')}_guess`;

describe('gateway failed-authentication limit per client address', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      env: {
        AUTH_FAILURE_LIMIT_PER_MINUTE: String(BUDGET),
        TRUSTED_PROXIES: '127.0.0.1',
        // Long enough that the positive cache is certain to hold a token within a test; cleared where it must not.
        AUTH_CACHE_TTL_MS: '600000',
      },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const from = (address: string, headers: Record<string, string> = {}) =>
    h.call('/api/v1/workspaces', { headers: { 'x-forwarded-for': address, ...headers } });
  const withToken = (address: string, token: string) => from(address, { authorization: `Bearer ${token}` });

  /** Uses up the budget of `address` with unknown tokens, each looked up once (401). */
  async function exhaust(address: string): Promise<void> {
    for (let i = 0; i < BUDGET; i++) {
      const token = unknownToken();
      const res = await withToken(address, token);
      expect(res.status).toBe(401);
      expect(h.studio.calls.get(token)).toBe(1);
    }
  }

  it('refuses unknown, malformed and bad client-session credentials with 429 and Retry-After, without a lookup', async () => {
    const address = '198.51.100.1';
    await exhaust(address);
    const studioCalls = h.studio.totalCalls();
    const upstreamCalls = h.upstream.calls();

    const token = unknownToken();
    const refused = await withToken(address, token);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ ok: false, error: 'rate_limited' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-limit']).toBe(String(BUDGET));
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-reset']).toBe(refused.headers['retry-after']);
    expect(h.studio.calls.get(token)).toBeUndefined();

    // A malformed bearer and a forged client-session bearer are refused the same way.
    expect((await from(address, { authorization: 'Basic dXNlcjpwYXNz' })).status).toBe(429);
    expect((await withToken(address, 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2ln')).status).toBe(429);
    // No credential at all costs nothing and stays a plain 401.
    expect((await from(address)).status).toBe(401);

    expect(h.studio.totalCalls()).toBe(studioCalls);
    expect(h.upstream.calls()).toBe(upstreamCalls);
  });

  it('lets a valid token from the same address through: cached, or accepted by studio before', async () => {
    const address = '198.51.100.2';
    expect((await withToken(address, OWNER)).status).toBe(200);
    await exhaust(address);
    expect((await withToken(address, unknownToken())).status).toBe(429);

    // In the positive auth cache: passes without any lookup.
    const before = h.studio.calls.get(OWNER) ?? 0;
    expect((await withToken(address, OWNER)).status).toBe(200);
    expect(h.studio.calls.get(OWNER) ?? 0).toBe(before);

    // Not cached any more (another replica, or the entry expired), but studio accepted it recently: looked up, 200.
    h.gateway.services.auth.clear();
    expect((await withToken(address, OWNER)).status).toBe(200);
    expect(h.studio.calls.get(OWNER)).toBe(before + 1);
  });

  it('looks a remembered token up once more when it was revoked, then forgets it', async () => {
    const address = '198.51.100.3';
    const token = 'stu_0000000000a1_revoked';
    h.studio.set(token, { profileId: 'p-rev', tokenId: 't-rev', memberships: {} });
    expect((await withToken(address, token)).status).toBe(200);
    await exhaust(address);
    h.studio.revoke(token);
    h.gateway.services.auth.clear();
    expect((await withToken(address, token)).status).toBe(401);
    expect((await withToken(address, token)).status).toBe(429);
    expect(h.studio.calls.get(token)).toBe(2);
  });

  it('refuses a valid token studio never accepted before while its address is over budget (by design)', async () => {
    // Telling it from a guess takes the lookup the limit saves; it gets Retry-After and works after the window.
    const address = '198.51.100.4';
    const token = 'stu_0000000000a2_fresh';
    h.studio.set(token, { profileId: 'p-fresh', tokenId: 't-fresh', memberships: {} });
    await exhaust(address);
    const res = await withToken(address, token);
    expect(res.status).toBe(429);
    expect(h.studio.calls.get(token)).toBeUndefined();
    // From an address within its budget the same token works at once.
    expect((await withToken('198.51.100.5', token)).status).toBe(200);
  });

  it('does not affect another address, nor an IPv6 neighbour outside the /64', async () => {
    await exhaust('198.51.100.6');
    const token = unknownToken();
    expect((await withToken('198.51.100.7', token)).status).toBe(401);
    expect(h.studio.calls.get(token)).toBe(1);

    // IPv6: one /64 is one client.
    await exhaust('2001:db8:1:1::1');
    expect((await withToken('2001:db8:1:1:ffff::2', unknownToken())).status).toBe(429);
    expect((await withToken('2001:db8:1:2::1', unknownToken())).status).toBe(401);
  });
});

describe('gateway failed-authentication window', () => {
  it('starts a new budget when the window ends', async () => {
    const h = await startHarness({
      env: { AUTH_FAILURE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_WINDOW_MS: '1000', AUTH_CACHE_TTL_MS: '0' },
    });
    try {
      const call = (token: string) => h.call('/api/v1/workspaces', { token });
      expect((await call(unknownToken())).status).toBe(401);
      expect((await call(unknownToken())).status).toBe(401);
      const refused = await call(unknownToken());
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      await new Promise((r) => setTimeout(r, 1100));
      const token = unknownToken();
      expect((await call(token)).status).toBe(401);
      expect(h.studio.calls.get(token)).toBe(1);
    } finally {
      await h.close();
    }
  });
});
