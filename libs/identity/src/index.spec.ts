import { describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { signIdentity, verifyIdentity, type TokenPrincipal } from './index.js';

const SECRET = 'spec-secret-spec-secret-spec-secret-0123';
const principal: TokenPrincipal = { kind: 'token', profileId: 'p', tokenId: 't', scopeWorkspaceId: null, memberships: { w: 'owner' } };

describe('identity JWT', () => {
  it('round-trips a principal', () => {
    expect(verifyIdentity(signIdentity(principal, SECRET), SECRET)).toEqual(principal);
  });

  it('is the same HS256 as signing with the plain string secret (the cached key object changes nothing)', () => {
    const plain = jwt.sign({ p: principal }, SECRET, { algorithm: 'HS256', expiresIn: 60, issuer: 'studio-gateway' });
    expect(verifyIdentity(plain, SECRET)).toEqual(principal);
    const ours = signIdentity(principal, SECRET);
    expect((jwt.verify(ours, SECRET, { algorithms: ['HS256'], issuer: 'studio-gateway' }) as { p: unknown }).p).toEqual(principal);
  });

  it('rejects a wrong secret, an expired token, another algorithm, another issuer and garbage', () => {
    expect(verifyIdentity(signIdentity(principal, SECRET), `${SECRET}-other`)).toBeNull();
    expect(
      verifyIdentity(jwt.sign({ p: principal }, SECRET, { algorithm: 'HS256', expiresIn: -1, issuer: 'studio-gateway' }), SECRET),
    ).toBeNull();
    expect(verifyIdentity(jwt.sign({ p: principal }, SECRET, { algorithm: 'HS512', issuer: 'studio-gateway' }), SECRET)).toBeNull();
    expect(verifyIdentity(jwt.sign({ p: principal }, SECRET, { algorithm: 'HS256', issuer: 'someone-else' }), SECRET)).toBeNull();
    expect(verifyIdentity('not.a.jwt', SECRET)).toBeNull();
    expect(verifyIdentity(undefined, SECRET)).toBeNull();
  });

  it('keeps different secrets apart', () => {
    const other = 'another-secret-another-secret-0123456789';
    expect(verifyIdentity(signIdentity(principal, other), other)).toEqual(principal);
    expect(verifyIdentity(signIdentity(principal, other), SECRET)).toBeNull();
  });

  it('answers a repeated identity from the verified cache until its own expiry, never a forged one', () => {
    const now = Date.now();
    const token = signIdentity(principal, SECRET, 60);
    const first = verifyIdentity(token, SECRET, now);
    expect(first).toEqual(principal);
    expect(verifyIdentity(token, SECRET, now + 1000)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Past its exp the cached entry is refused like a fresh verify would refuse it.
    expect(verifyIdentity(token, SECRET, now + 61_000)).toBeNull();
    // The cache is per secret and a tampered string is verified (and refused), never looked up as valid.
    expect(verifyIdentity(token, `${SECRET}-other`, now)).toBeNull();
    const [h, , sig] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        p: { ...principal, memberships: { w: 'owner', x: 'owner' } },
        iss: 'studio-gateway',
        exp: Math.floor(now / 1000) + 60,
      }),
    ).toString('base64url');
    expect(verifyIdentity(`${h}.${forgedPayload}.${sig}`, SECRET, now)).toBeNull();
  });
});
