import { afterEach, describe, expect, it, vi } from 'vitest';
import jwt from 'jsonwebtoken';
import { verifyIdentity } from '@studio/identity';
import { testKeys } from '@studio/testkit/secrets';
import type { AuthenticatedToken, TokenAuthenticator, TokenLookup } from '../grpc/studio.client.js';
import { AuthService, tokenHash, type AuthResult } from './auth.service.js';

const { identitySigningKey, identityPublicKey } = testKeys();

function fakeAuthenticator(table: Map<string, AuthenticatedToken | 'down'>) {
  const calls: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  const authenticator: TokenAuthenticator = {
    async authenticate(token: string): Promise<TokenLookup> {
      calls.push(token);
      await gate;
      const t = table.get(token);
      if (t === 'down') return { kind: 'unavailable' };
      return t ? { kind: 'valid', token: t } : { kind: 'invalid' };
    },
  };
  return {
    authenticator,
    calls,
    hold() {
      let open!: () => void;
      gate = new Promise((r) => (open = r));
      return () => open();
    },
  };
}

const tok = (tokenId: string, extra: Partial<AuthenticatedToken> = {}): AuthenticatedToken => ({
  profileId: 'p',
  tokenId,
  scopeWorkspaceId: null,
  memberships: { w1: 'owner' },
  rateLimit: 0,
  ...extra,
});

function setup(ttl = 2000, maxEntries = 100) {
  const table = new Map<string, AuthenticatedToken | 'down'>([['good', tok('t1')]]);
  const fake = fakeAuthenticator(table);
  let now = Date.now(); // real time: the identities it signs are verified against the clock
  const counters = { hit: 0, miss: 0 };
  const auth = new AuthService({
    authenticator: fake.authenticator,
    identityKey: identitySigningKey,
    cacheTtlMs: ttl,
    maxEntries,
    now: () => now,
    onCacheHit: () => counters.hit++,
    onCacheMiss: () => counters.miss++,
  });
  return { auth, table, fake, counters, advance: (ms: number) => (now += ms) };
}

describe('AuthService', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('caches positive and negative answers for the TTL', async () => {
    const { auth, fake, advance, counters } = setup();
    expect((await auth.authenticate('good')).kind).toBe('ok');
    expect((await auth.authenticate('good')).kind).toBe('ok');
    expect((await auth.authenticate('bad')).kind).toBe('unauthorized');
    expect((await auth.authenticate('bad')).kind).toBe('unauthorized');
    expect(fake.calls).toEqual(['good', 'bad']);
    expect(counters).toEqual({ hit: 2, miss: 2 });
    advance(2001);
    await auth.authenticate('good');
    expect(fake.calls).toEqual(['good', 'bad', 'good']);
  });

  it('answers synchronously from the cache', async () => {
    const { auth } = setup();
    await auth.authenticate('good');
    expect(auth.authenticate('good')).not.toBeInstanceOf(Promise);
  });

  it('de-duplicates concurrent lookups of the same token', async () => {
    const { auth, fake } = setup();
    const open = fake.hold();
    const pending = Array.from({ length: 10 }, () => auth.authenticate('good'));
    open();
    const results = (await Promise.all(pending)) as AuthResult[];
    expect(results.every((r) => r.kind === 'ok')).toBe(true);
    expect(fake.calls).toEqual(['good']);
  });

  it('never caches "unavailable" and never turns it into a principal', async () => {
    const { auth, table, fake } = setup();
    table.set('flaky', 'down');
    expect((await auth.authenticate('flaky')).kind).toBe('unavailable');
    table.set('flaky', tok('t2'));
    expect((await auth.authenticate('flaky')).kind).toBe('ok');
    expect(fake.calls).toEqual(['flaky', 'flaky']);
  });

  it('treats a throwing authenticator as unavailable', async () => {
    const auth = new AuthService({
      authenticator: { authenticate: () => Promise.reject(new Error('boom')) },
      identityKey: identitySigningKey,
      cacheTtlMs: 1000,
      maxEntries: 10,
    });
    expect(await auth.authenticate('x')).toEqual({ kind: 'unavailable' });
  });

  it('keys the cache by a hash, never the raw token', async () => {
    const { auth } = setup();
    await auth.authenticate('good');
    const keys = [...(auth as unknown as { cache: Map<string, unknown> }).cache.keys()];
    expect(keys).toEqual([tokenHash('good')]);
    expect(keys[0]).not.toContain('good');
  });

  it('signs a verifiable 60 s identity, reuses it, and re-signs when under 30 s remain', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00.000Z'));
    const auth = new AuthService({
      authenticator: fakeAuthenticator(new Map([['good', tok('t1')]])).authenticator,
      identityKey: identitySigningKey,
      cacheTtlMs: 3_600_000,
      maxEntries: 10,
    });
    const result = (await auth.authenticate('good')) as Extract<AuthResult, { kind: 'ok' }>;
    const first = result.caller.identity('studio');
    expect(verifyIdentity(first, identityPublicKey, 'studio')).toEqual({
      kind: 'token',
      profileId: 'p',
      tokenId: 't1',
      scopeWorkspaceId: null,
      memberships: { w1: 'owner' },
    });
    const claims = jwt.decode(first) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(60);
    vi.advanceTimersByTime(20_000);
    expect(result.caller.identity('studio')).toBe(first);
    vi.advanceTimersByTime(15_000); // 35 s after signing: 25 s left
    const second = result.caller.identity('studio');
    expect(second).not.toBe(first);
    expect((jwt.decode(second) as { iat: number }).iat).toBe(claims.iat + 35);
  });

  it('keeps the identity across a refresh when the principal is unchanged, and drops it when it changed', async () => {
    const { auth, table, advance } = setup(1000);
    const a = (await auth.authenticate('good')) as Extract<AuthResult, { kind: 'ok' }>;
    const jwtA = a.caller.identity('studio');
    advance(1001);
    const b = (await auth.authenticate('good')) as Extract<AuthResult, { kind: 'ok' }>;
    expect(b.caller).not.toBe(a.caller);
    expect(b.caller.identity('studio')).toBe(jwtA);
    table.set('good', tok('t1', { memberships: { w1: 'viewer' } }));
    advance(1001);
    const c = (await auth.authenticate('good')) as Extract<AuthResult, { kind: 'ok' }>;
    expect(c.caller.principal.memberships).toEqual({ w1: 'viewer' });
    expect(verifyIdentity(c.caller.identity('studio'), identityPublicKey, 'studio')).toMatchObject({ memberships: { w1: 'viewer' } });
  });

  it('signs one identity per service called, valid only for that service, each cached on its own', async () => {
    const { auth } = setup();
    const { caller } = (await auth.authenticate('good')) as Extract<AuthResult, { kind: 'ok' }>;
    const forStudio = caller.identity('studio');
    const forGallery = caller.identity('gallery');
    expect(forGallery).not.toBe(forStudio);
    expect(caller.identity('studio')).toBe(forStudio);
    expect(caller.identity('gallery')).toBe(forGallery);
    expect(verifyIdentity(forStudio, identityPublicKey, 'studio')).toMatchObject({ tokenId: 't1' });
    expect(verifyIdentity(forStudio, identityPublicKey, 'gallery')).toBeNull();
    expect(verifyIdentity(forGallery, identityPublicKey, 'gallery')).toMatchObject({ tokenId: 't1' });
    expect(verifyIdentity(forGallery, identityPublicKey, 'studio')).toBeNull();
    expect(jwt.decode(forStudio, { complete: true })?.header).toEqual({ alg: 'EdDSA', typ: 'JWT' });
  });

  it('carries the token rate limit', async () => {
    const { auth, table } = setup();
    table.set('limited', tok('t3', { rateLimit: 42 }));
    const r = (await auth.authenticate('limited')) as Extract<AuthResult, { kind: 'ok' }>;
    expect(r.caller.rateLimit).toBe(42);
    expect(r.caller.tokenId).toBe('t3');
  });

  it('bounds the cache, evicting the oldest entries', async () => {
    const { auth } = setup(10_000, 3);
    for (const t of ['a', 'b', 'c', 'd', 'e']) await auth.authenticate(t);
    expect(auth.size).toBe(3);
  });

  it('does not cache at all with a TTL of 0', async () => {
    const { auth, fake } = setup(0);
    await auth.authenticate('good');
    await auth.authenticate('good');
    expect(fake.calls).toEqual(['good', 'good']);
  });
});
