/**
 * Failed authentication is limited per client address (issues 14 and 26): only well-formed tokens studio refuses
 * count; past the budget such a refusal is 429 with Retry-After instead of 401. A valid token is never refused by
 * it (still looked up, and passes), and malformed or mistyped tokens are 401 without a lookup and never counted.
 * The client address is named by X-Forwarded-For from a trusted proxy (the test client on 127.0.0.1).
 */
import { mintApiToken } from '@studio/api-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, startHarness, type Harness } from './support/harness.js';
import { apiToken } from './support/tokens.js';

const BUDGET = 5;
/** A well-formed token studio does not know. */
const unknownToken = () => mintApiToken().token;

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

  it('refuses unknown tokens past the budget with 429 and Retry-After (still looked up)', async () => {
    const address = '198.51.100.1';
    await exhaust(address);
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
    expect(h.studio.calls.get(token)).toBe(1);
    expect(h.upstream.calls()).toBe(upstreamCalls);
  });

  it('answers malformed, mistyped and bad client-session credentials 401 without a lookup, and never counts them', async () => {
    const address = '198.51.100.8';
    const studioCalls = h.studio.totalCalls();
    const { token } = mintApiToken();
    const mistyped = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    for (let i = 0; i < BUDGET * 3; i++) {
      for (const headers of <Record<string, string>[]>[
        { authorization: `Bearer ${mistyped}` },
        { authorization: 'Bearer stu_short' },
        { authorization: `Bearer stu_0123456789ab_${'A'.repeat(42)}` },
        { authorization: 'Basic dXNlcjpwYXNz' },
        { authorization: 'Bearer eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2ln' },
        {},
      ]) {
        const res = await from(address, headers);
        expect(res.status, JSON.stringify(headers)).toBe(401);
      }
    }
    expect(h.studio.totalCalls()).toBe(studioCalls);
    // None of them counted: the whole budget is still there.
    await exhaust(address);
  });

  it('never refuses a valid token: cached, or looked up although its address is over budget', async () => {
    const address = '198.51.100.2';
    expect((await withToken(address, OWNER)).status).toBe(200);
    await exhaust(address);
    expect((await withToken(address, unknownToken())).status).toBe(429);

    // In the positive auth cache: passes without any lookup.
    const before = h.studio.calls.get(OWNER) ?? 0;
    expect((await withToken(address, OWNER)).status).toBe(200);
    expect(h.studio.calls.get(OWNER) ?? 0).toBe(before);

    // Not cached (another replica, or the entry expired): looked up, 200.
    h.gateway.services.auth.clear();
    expect((await withToken(address, OWNER)).status).toBe(200);
    expect(h.studio.calls.get(OWNER)).toBe(before + 1);

    // A token the gateway has never seen, from the over-budget address: looked up, 200.
    const fresh = apiToken('0000000000a2_fresh');
    h.studio.set(fresh, { profileId: 'p-fresh', tokenId: 't-fresh', memberships: {} });
    expect((await withToken(address, fresh)).status).toBe(200);
    expect(h.studio.calls.get(fresh)).toBe(1);
  });

  it('answers a revoked token 401, then 429 past the budget', async () => {
    const address = '198.51.100.3';
    const token = apiToken('0000000000a1_revoked');
    h.studio.set(token, { profileId: 'p-rev', tokenId: 't-rev', memberships: {} });
    expect((await withToken(address, token)).status).toBe(200);
    h.studio.revoke(token);
    h.gateway.services.auth.clear();
    await exhaust(address);
    expect((await withToken(address, token)).status).toBe(429);
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
