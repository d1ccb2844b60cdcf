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
    expect(verifyIdentity(jwt.sign({ p: principal }, SECRET, { algorithm: 'HS256', expiresIn: -1, issuer: 'studio-gateway' }), SECRET)).toBeNull();
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
});
