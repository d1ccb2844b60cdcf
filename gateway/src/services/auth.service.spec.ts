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
  readOnly: false,
  validUntil: null,
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

  it("never serves an entry past the token's valid_until, and does not cache one already past it", async () => {
    const { auth, table, fake, advance } = setup();
    const start = Date.now();
    // setup's clock starts at about Date.now(); valid_until 500 ms later is before the 2 s TTL ends.
    table.set('ending', tok('t9', { validUntil: start + 500, readOnly: true }));
    const first = (await auth.authenticate('ending')) as Extract<AuthResult, { kind: 'ok' }>;
    expect(first.caller.readOnly).toBe(true);
    expect((await auth.authenticate('ending')).kind).toBe('ok');
    expect(fake.calls).toEqual(['ending']);
    advance(600);
    table.delete('ending');
    expect((await auth.authenticate('ending')).kind).toBe('unauthorized');
    expect(fake.calls).toEqual(['ending', 'ending']);
    // An answer whose secret has already stopped working is used once and not kept.
    table.set('over', tok('t8', { validUntil: start - 1 }));
    expect((await auth.authenticate('over')).kind).toBe('ok');
    await auth.authenticate('over');
    expect(fake.calls.filter((c) => c === 'over')).toHaveLength(2);
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

describe('AuthService refresh-ahead and single flight', () => {
  /** Lets the settled lookups run their continuations (no clock involved). */
  const settle = () => new Promise((r) => setImmediate(r));
  const isOk = (r: AuthResult | Promise<AuthResult>) => !(r instanceof Promise) && r.kind === 'ok';

  it('refreshes a hot entry in the background before it expires, serving the cached answer meanwhile', async () => {
    const { auth, fake, advance, counters } = setup(2000); // refresh ahead: the last 1000 ms
    await auth.authenticate('good');
    advance(999);
    expect(isOk(auth.authenticate('good'))).toBe(true);
    expect(fake.calls).toHaveLength(1); // not due yet
    advance(2); // 1001 ms after the question: due
    const open = fake.hold();
    expect(isOk(auth.authenticate('good'))).toBe(true); // answered from the entry, not waiting
    expect(fake.calls).toHaveLength(2);
    for (let i = 0; i < 5; i++) expect(isOk(auth.authenticate('good'))).toBe(true);
    expect(auth.cachedCaller('good')).not.toBeNull();
    expect(fake.calls).toHaveLength(2); // one refresh at a time
    expect(auth.inflightCount).toBe(1);
    open();
    await settle();
    expect(auth.inflightCount).toBe(0);
    advance(999); // 2000 ms: the first entry's end; the refreshed one (asked at 1001) is not even due
    expect(isOk(auth.authenticate('good'))).toBe(true);
    expect(fake.calls).toHaveLength(2);
    expect(counters.miss).toBe(1); // every request was answered from the cache
  });

  it('never serves an entry past its TTL: requests after it share the refresh still running', async () => {
    const { auth, fake, advance } = setup(2000);
    await auth.authenticate('good');
    advance(1500);
    const open = fake.hold();
    expect(isOk(auth.authenticate('good'))).toBe(true); // starts the refresh
    advance(501); // the entry has expired; the refresh has not answered
    const waiting = Array.from({ length: 5 }, () => auth.authenticate('good'));
    expect(waiting.every((w) => w instanceof Promise)).toBe(true);
    expect(auth.cachedCaller('good')).toBeNull();
    expect(fake.calls).toHaveLength(2);
    open();
    expect((await Promise.all(waiting)).every((r) => r.kind === 'ok')).toBe(true);
    expect(fake.calls).toHaveLength(2);
  });

  it('counts the TTL from the question, not from the answer', async () => {
    const { auth, fake, advance } = setup(2000);
    const open = fake.hold();
    const pending = auth.authenticate('good');
    advance(800); // a slow answer
    open();
    expect((await pending).kind).toBe('ok');
    advance(1201); // 2001 ms after the question
    expect(auth.authenticate('good')).toBeInstanceOf(Promise);
  });

  it('keeps the entry until its TTL when studio cannot answer a refresh, and tries again on the next hit', async () => {
    const { auth, table, fake, advance } = setup(2000);
    await auth.authenticate('good');
    table.set('good', 'down');
    advance(1500);
    expect(isOk(auth.authenticate('good'))).toBe(true);
    await settle();
    expect(fake.calls).toHaveLength(2);
    expect(isOk(auth.authenticate('good'))).toBe(true); // still the old entry; a second refresh starts
    await settle();
    expect(fake.calls).toHaveLength(3);
    advance(501);
    expect(await auth.authenticate('good')).toEqual({ kind: 'unavailable' }); // expired: the usual error answer
  });

  it('ends a revoked token as soon as a refresh learns of it', async () => {
    const { auth, table, advance } = setup(2000);
    await auth.authenticate('good');
    table.delete('good');
    advance(1200);
    expect(isOk(auth.authenticate('good'))).toBe(true);
    await settle();
    expect(auth.authenticate('good')).toEqual({ kind: 'unauthorized' });
    expect(auth.cachedCaller('good')).toBeNull();
  });

  it('refreshes from cachedCaller as well (the failed-authentication guard path)', async () => {
    const { auth, fake, advance } = setup(2000);
    await auth.authenticate('good');
    advance(1200);
    expect(auth.cachedCaller('good')).not.toBeNull();
    expect(fake.calls).toHaveLength(2);
    expect(auth.cachedCaller('good')).not.toBeNull();
    expect(fake.calls).toHaveLength(2);
  });

  it('shares one lookup between concurrent misses, and with a refresh, per token', async () => {
    const { auth, fake } = setup(2000);
    const open = fake.hold();
    const a = [auth.authenticate('good'), auth.authenticate('good'), auth.authenticate('bad'), auth.authenticate('bad')];
    expect(fake.calls).toEqual(['good', 'bad']);
    expect(auth.inflightCount).toBe(2);
    open();
    expect((await Promise.all(a)).map((r) => r.kind)).toEqual(['ok', 'ok', 'unauthorized', 'unauthorized']);
  });

  it("gives a refresh the entry's remaining time on top of the usual deadline, and a miss none", async () => {
    const seen: (number | undefined)[] = [];
    let now = Date.now();
    const auth = new AuthService({
      authenticator: {
        async authenticate(_token, options) {
          seen.push(options?.graceMs);
          return { kind: 'valid', token: tok('t1') };
        },
      },
      identityKey: identitySigningKey,
      cacheTtlMs: 2000,
      maxEntries: 10,
      now: () => now,
    });
    await auth.authenticate('good');
    now += 1300;
    auth.authenticate('good');
    await settle();
    expect(seen).toEqual([undefined, 700]);
  });

  it('does not refresh a negative answer ahead', async () => {
    const { auth, fake, advance } = setup(2000);
    expect((await auth.authenticate('bad')).kind).toBe('unauthorized');
    advance(1500);
    expect(auth.authenticate('bad')).toEqual({ kind: 'unauthorized' });
    expect(auth.cachedCaller('bad')).toBeNull();
    expect(fake.calls).toEqual(['bad']);
  });

  it('does not refresh ahead with refreshAheadMs 0', async () => {
    const fake = fakeAuthenticator(new Map([['good', tok('t1')]]));
    let now = Date.now();
    const auth = new AuthService({
      authenticator: fake.authenticator,
      identityKey: identitySigningKey,
      cacheTtlMs: 2000,
      refreshAheadMs: 0,
      maxEntries: 10,
      now: () => now,
    });
    await auth.authenticate('good');
    now += 1999;
    expect(isOk(auth.authenticate('good'))).toBe(true);
    expect(fake.calls).toHaveLength(1);
    now += 1;
    expect(auth.authenticate('good')).toBeInstanceOf(Promise);
  });
});
