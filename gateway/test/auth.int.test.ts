/** Bearer authentication, the auth cache, identity headers and studio outages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { IDENTITY_HEADER, verifyIdentity, type TokenPrincipal } from '@studio/identity';
import { testKeys } from '@studio/testkit/secrets';
import { OTHER, OWNER, SCOPED, WS1, WS2, startHarness, times, type Harness } from './support/harness.js';
import { apiToken } from './support/tokens.js';

/** The public half of the IDENTITY_SIGNING_KEY the harness gives the gateway. */
const IDENTITY_KEY = testKeys().identityPublicKey;

describe('gateway authentication', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { AUTH_CACHE_TTL_MS: '300' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 401 for a missing, malformed or unknown bearer, without calling the upstream', async () => {
    const before = h.upstream.calls();
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: `Token ${OWNER}` },
      { authorization: 'Bearer a b' },
      { authorization: 'Bearer <script>' },
      { authorization: `Bearer ${'x'.repeat(600)}` },
      { authorization: `Bearer ${apiToken('ffffffffffff_unknown')}` },
    ];
    for (const headers of cases) {
      const res = await h.call('/api/v1/workspaces', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.json).toEqual({ ok: false, error: 'unauthorized' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
    expect(h.upstream.calls()).toBe(before);
  });

  it('accepts the scheme case-insensitively', async () => {
    const res = await h.call('/api/v1/workspaces', { headers: { authorization: `bearer ${OWNER}` } });
    expect(res.status).toBe(200);
  });

  it('strips every incoming x-studio-* header and forwards a valid signed identity instead of the bearer', async () => {
    const res = await h.call('/api/v1/workspaces', {
      token: OWNER,
      headers: { 'x-studio-identity': 'forged.jwt.value', 'x-studio-anything': 'nope', 'X-Studio-Role': 'owner' },
    });
    expect(res.status).toBe(200);
    const forwarded = res.json.echo.headers as Record<string, string>;
    expect(Object.keys(forwarded).filter((k) => k.startsWith('x-studio-'))).toEqual([IDENTITY_HEADER]);
    expect(forwarded[IDENTITY_HEADER]).not.toBe('forged.jwt.value');
    expect(forwarded.authorization).toBeUndefined();
    const principal = verifyIdentity(forwarded[IDENTITY_HEADER], IDENTITY_KEY, 'studio') as TokenPrincipal;
    expect(principal).toEqual({
      kind: 'token',
      profileId: 'p-owner',
      tokenId: 't-owner',
      scopeWorkspaceId: null,
      memberships: { [WS1]: 'owner', [WS2]: 'viewer' },
    });
    expect(verifyIdentity(forwarded[IDENTITY_HEADER], generateKeyPairSync('ed25519').publicKey, 'studio')).toBeNull();
  });

  it('signs the forwarded identity for the upstream called: valid at that service only', async () => {
    const shoots = (await h.call('/api/v1/shoots', { token: OWNER })).json.echo.headers[IDENTITY_HEADER] as string;
    expect(verifyIdentity(shoots, IDENTITY_KEY, 'studio')).toMatchObject({ tokenId: 't-owner' });
    expect(verifyIdentity(shoots, IDENTITY_KEY, 'gallery')).toBeNull();
    const claims = JSON.parse(Buffer.from(shoots.split('.')[1]!, 'base64url').toString()) as { aud: string; iss: string };
    expect(claims).toMatchObject({ aud: 'studio', iss: 'studio-gateway' });
    const galleries = (await h.call(`/api/v1/galleries?workspace_id=${WS1}`, { token: OWNER })).json.echo.headers[
      IDENTITY_HEADER
    ] as string;
    expect(galleries).not.toBe(shoots);
    expect(verifyIdentity(galleries, IDENTITY_KEY, 'gallery')).toMatchObject({ tokenId: 't-owner' });
    expect(verifyIdentity(galleries, IDENTITY_KEY, 'studio')).toBeNull();
    // Ed25519, not the old shared-secret HMAC.
    expect(JSON.parse(Buffer.from(shoots.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'EdDSA', typ: 'JWT' });
  });

  it('forwards the scope and the narrowed memberships of a scoped token', async () => {
    const res = await h.call('/api/v1/workspaces', { token: SCOPED });
    const principal = verifyIdentity(res.json.echo.headers[IDENTITY_HEADER], IDENTITY_KEY, 'studio') as TokenPrincipal;
    expect(principal.scopeWorkspaceId).toBe(WS1);
    expect(principal.memberships).toEqual({ [WS1]: 'owner' });
  });

  it('signs a 60 s identity and reuses it across requests instead of signing each time', async () => {
    const a = await h.call('/api/v1/workspaces', { token: OTHER });
    const b = await h.call('/api/v1/workspaces', { token: OTHER });
    const jwtA = a.json.echo.headers[IDENTITY_HEADER] as string;
    expect(b.json.echo.headers[IDENTITY_HEADER]).toBe(jwtA);
    const claims = JSON.parse(Buffer.from(jwtA.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(60);
    // Still the same JWT after the auth cache refreshed (the principal did not change).
    await new Promise((r) => setTimeout(r, 350));
    const c = await h.call('/api/v1/workspaces', { token: OTHER });
    expect(c.json.echo.headers[IDENTITY_HEADER]).toBe(jwtA);
  });

  it('caches answers: repeated calls within the TTL do not reach studio', async () => {
    const token = apiToken('00000000000a_cache');
    h.studio.set(token, { profileId: 'p-c', tokenId: 't-cache', memberships: {} });
    for (let i = 0; i < 5; i++) expect((await h.call('/api/v1/workspaces', { token })).status).toBe(200);
    expect(h.studio.calls.get(token)).toBe(1);
  });

  it('caches negative answers too', async () => {
    const token = apiToken('00000000000b_nope');
    for (let i = 0; i < 5; i++) expect((await h.call('/api/v1/workspaces', { token })).status).toBe(401);
    expect(h.studio.calls.get(token)).toBe(1);
  });

  it('de-duplicates concurrent lookups of one token into one gRPC call', async () => {
    const token = apiToken('00000000000c_dedupe');
    h.studio.set(token, { profileId: 'p-d', tokenId: 't-dedupe', memberships: {} });
    h.studio.delay(100);
    try {
      const answers = await times(20, 20, () => h.call('/api/v1/workspaces', { token }));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(h.studio.calls.get(token)).toBe(1);
    } finally {
      h.studio.delay(0);
    }
  });

  it('stops a revoked token once the cache entry expires', async () => {
    const token = apiToken('00000000000d_revoke');
    h.studio.set(token, { profileId: 'p-r', tokenId: 't-revoke', memberships: {} });
    expect((await h.call('/api/v1/workspaces', { token })).status).toBe(200);
    h.studio.revoke(token);
    await new Promise((r) => setTimeout(r, 350));
    const res = await h.call('/api/v1/workspaces', { token });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ ok: false, error: 'unauthorized' });
  });

  it('picks up changed memberships after the cache entry expires', async () => {
    const token = apiToken('00000000000e_change');
    h.studio.set(token, { profileId: 'p-m', tokenId: 't-change', memberships: { [WS1]: 'viewer' } });
    const first = await h.call('/api/v1/workspaces', { token });
    h.studio.set(token, { profileId: 'p-m', tokenId: 't-change', memberships: { [WS1]: 'admin' } });
    await new Promise((r) => setTimeout(r, 350));
    const second = await h.call('/api/v1/workspaces', { token });
    const p1 = verifyIdentity(first.json.echo.headers[IDENTITY_HEADER], IDENTITY_KEY, 'studio') as TokenPrincipal;
    const p2 = verifyIdentity(second.json.echo.headers[IDENTITY_HEADER], IDENTITY_KEY, 'studio') as TokenPrincipal;
    expect(p1.memberships[WS1]).toBe('viewer');
    expect(p2.memberships[WS1]).toBe('admin');
  });

  it('answers a malformed or mistyped stu_ token 401 without asking studio', async () => {
    const good = apiToken('00000000000f_typo');
    h.studio.set(good, { profileId: 'p-t', tokenId: 't-typo', memberships: {} });
    const mistyped = good.slice(0, -1) + (good.endsWith('0') ? '1' : '0');
    const before = h.studio.totalCalls();
    for (const token of [mistyped, 'stu_nonsense', `stu_${good.slice(4, 20)}`]) {
      const res = await h.call('/api/v1/workspaces', { token });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ ok: false, error: 'unauthorized' });
    }
    expect(h.studio.totalCalls()).toBe(before);
  });

  it('lets a read-only token GET and HEAD, and answers every other method 403 forbidden without the upstream', async () => {
    const token = apiToken('000000000010_readonly');
    h.studio.set(token, { profileId: 'p-ro', tokenId: 't-ro', memberships: { [WS1]: 'owner' }, readOnly: true });
    expect((await h.call('/api/v1/workspaces', { token })).status).toBe(200);
    expect((await h.call('/api/v1/workspaces', { token, method: 'HEAD' })).status).toBe(200);
    const before = h.upstream.calls();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await h.call('/api/v1/shoots', { token, method, body: '{}', headers: { 'content-type': 'application/json' } });
      expect(res.status, method).toBe(403);
      expect(res.json).toMatchObject({ ok: false, error: 'forbidden', message: 'this token is read-only' });
    }
    expect(h.upstream.calls()).toBe(before);
  });

  it('never serves a cached answer past the valid_until studio gave', async () => {
    const token = apiToken('000000000011_ending');
    h.studio.set(token, {
      profileId: 'p-e',
      tokenId: 't-ending',
      memberships: {},
      validUntil: new Date(Date.now() + 150).toISOString(),
    });
    expect((await h.call('/api/v1/workspaces', { token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    h.studio.revoke(token);
    // The TTL (300 ms) has not run out, but the secret's validity has: studio is asked again.
    expect((await h.call('/api/v1/workspaces', { token })).status).toBe(401);
    expect(h.studio.calls.get(token)).toBe(2);
  });

  it('never forwards a cookie to a service', async () => {
    const res = await h.call('/api/v1/workspaces', { token: OWNER, headers: { cookie: 'studio_console=secret' } });
    expect(res.status).toBe(200);
    expect(res.json.echo.headers.cookie).toBeUndefined();
  });

  it('does not keep the raw token in its cache (keys are hashes)', () => {
    const cache = (h.gateway.services.auth as unknown as { cache: Map<string, unknown> }).cache;
    for (const key of cache.keys()) {
      expect(key).not.toContain('stu_');
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });
});

describe('gateway authentication with studio down', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { AUTH_CACHE_TTL_MS: '200', AUTH_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 503 unavailable (never passes the request through) and recovers nothing from a stale negative', async () => {
    expect((await h.call('/api/v1/workspaces', { token: OWNER })).status).toBe(200);
    await h.studio.close();
    await new Promise((r) => setTimeout(r, 250));
    const before = h.upstream.calls();
    const res = await h.call('/api/v1/workspaces', { token: OWNER, headers: { 'x-request-id': 'auth-down' } });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ ok: false, error: 'unavailable', request_id: 'auth-down' });
    const unknown = await h.call('/api/v1/workspaces', { token: apiToken('0000000000ff_x') });
    expect(unknown.status).toBe(503);
    expect(h.upstream.calls()).toBe(before);
    const ready = await h.admin('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json.checks.studio_grpc).toBe('down');
  });
});
