import { generateKeyPairSync, sign } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { signIdentity, verifyIdentity, type TokenPrincipal } from './index.js';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
/** The shared HS256 secret the identity used to be signed with (the old dev default). */
const OLD_SECRET = 'dev-internal-jwt-secret-change-me-0123456789';
const principal: TokenPrincipal = { kind: 'token', profileId: 'p', tokenId: 't', scopeWorkspaceId: null, memberships: { w: 'owner' } };

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A JWS hand-built with the pinned header and an Ed25519 signature, with exactly `claims`. */
function handSigned(claims: Record<string, unknown>, key = privateKey): string {
  const input = `${b64url({ alg: 'EdDSA', typ: 'JWT' })}.${b64url(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`;
}
const nowS = () => Math.floor(Date.now() / 1000);

describe('identity JWS (Ed25519)', () => {
  it('round-trips a principal signed with the gateway key for the verifying service', () => {
    expect(verifyIdentity(signIdentity(principal, privateKey, 'studio'), publicKey, 'studio')).toEqual(principal);
    expect(
      verifyIdentity(
        handSigned({ p: principal, iss: 'studio-gateway', aud: 'studio', iat: nowS(), exp: nowS() + 60 }),
        publicKey,
        'studio',
      ),
    ).toEqual(principal);
  });

  it('refuses an HS256 identity, whatever the secret (the old shared-secret scheme and HMAC-with-the-public-key)', () => {
    const claims = { p: principal, aud: 'studio' };
    expect(
      verifyIdentity(jwt.sign(claims, OLD_SECRET, { algorithm: 'HS256', expiresIn: 60, issuer: 'studio-gateway' }), publicKey, 'studio'),
    ).toBeNull();
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(
      verifyIdentity(jwt.sign(claims, pem, { algorithm: 'HS256', expiresIn: 60, issuer: 'studio-gateway' }), publicKey, 'studio'),
    ).toBeNull();
  });

  it('refuses alg none, even with the Ed25519 signature of the same input', () => {
    const claims = { p: principal, iss: 'studio-gateway', aud: 'studio', iat: nowS(), exp: nowS() + 60 };
    const input = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}`;
    expect(verifyIdentity(`${input}.`, publicKey, 'studio')).toBeNull();
    expect(verifyIdentity(`${input}.${sign(null, Buffer.from(input), privateKey).toString('base64url')}`, publicKey, 'studio')).toBeNull();
    expect(verifyIdentity(jwt.sign(claims, '', { algorithm: 'none' }), publicKey, 'studio')).toBeNull();
  });

  it('refuses an identity signed by another Ed25519 key', () => {
    expect(verifyIdentity(signIdentity(principal, other.privateKey, 'studio'), publicKey, 'studio')).toBeNull();
    expect(verifyIdentity(signIdentity(principal, privateKey, 'studio'), other.publicKey, 'studio')).toBeNull();
  });

  it('refuses an identity made for another service (audience), or with no audience', () => {
    const token = signIdentity(principal, privateKey, 'studio');
    expect(verifyIdentity(token, publicKey, 'gallery')).toBeNull();
    expect(
      verifyIdentity(handSigned({ p: principal, iss: 'studio-gateway', iat: nowS(), exp: nowS() + 60 }), publicKey, 'studio'),
    ).toBeNull();
  });

  it('refuses another issuer', () => {
    expect(
      verifyIdentity(
        handSigned({ p: principal, iss: 'studio-gallery', aud: 'studio', iat: nowS(), exp: nowS() + 60 }),
        publicKey,
        'studio',
      ),
    ).toBeNull();
  });

  it('refuses an identity without exp, or without iat', () => {
    expect(verifyIdentity(handSigned({ p: principal, iss: 'studio-gateway', aud: 'studio', iat: nowS() }), publicKey, 'studio')).toBeNull();
    expect(
      verifyIdentity(handSigned({ p: principal, iss: 'studio-gateway', aud: 'studio', exp: nowS() + 30 }), publicKey, 'studio'),
    ).toBeNull();
  });

  it('refuses an expired identity', () => {
    const now = Date.now();
    const token = signIdentity(principal, privateKey, 'studio', 60, now - 61_000);
    expect(verifyIdentity(token, publicKey, 'studio', now)).toBeNull();
    expect(
      verifyIdentity(
        handSigned({ p: principal, iss: 'studio-gateway', aud: 'studio', iat: nowS() - 10, exp: nowS() - 1 }),
        publicKey,
        'studio',
      ),
    ).toBeNull();
  });

  it('refuses a lifetime over 60 s (and never signs one)', () => {
    expect(
      verifyIdentity(
        handSigned({ p: principal, iss: 'studio-gateway', aud: 'studio', iat: nowS(), exp: nowS() + 61 }),
        publicKey,
        'studio',
      ),
    ).toBeNull();
    expect(
      verifyIdentity(
        handSigned({ p: principal, iss: 'studio-gateway', aud: 'studio', iat: nowS(), exp: nowS() + 3600 }),
        publicKey,
        'studio',
      ),
    ).toBeNull();
    const long = signIdentity(principal, privateKey, 'studio', 3600);
    const claims = JSON.parse(Buffer.from(long.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(60);
  });

  it('refuses a principal of an unknown kind and garbage', () => {
    expect(
      verifyIdentity(
        handSigned({ p: { kind: 'root' }, iss: 'studio-gateway', aud: 'studio', iat: nowS(), exp: nowS() + 60 }),
        publicKey,
        'studio',
      ),
    ).toBeNull();
    expect(verifyIdentity('not.a.jwt', publicKey, 'studio')).toBeNull();
    expect(verifyIdentity(undefined, publicKey, 'studio')).toBeNull();
  });

  it('answers a repeated identity from the verified cache until its own expiry, never a forged one', () => {
    const now = Date.now();
    const token = signIdentity(principal, privateKey, 'studio', 60, now);
    const first = verifyIdentity(token, publicKey, 'studio', now);
    expect(first).toEqual(principal);
    expect(verifyIdentity(token, publicKey, 'studio', now + 1000)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // The cache is per public key and audience: a hit for one is no pass for another.
    expect(verifyIdentity(token, other.publicKey, 'studio', now)).toBeNull();
    expect(verifyIdentity(token, publicKey, 'gallery', now)).toBeNull();
    // A tampered payload under the cached token's signature is verified (and refused), never looked up as valid.
    const [h, , sig] = token.split('.');
    const forged = b64url({
      p: { ...principal, memberships: { w: 'owner', x: 'owner' } },
      iss: 'studio-gateway',
      aud: 'studio',
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + 60,
    });
    expect(verifyIdentity(`${h}.${forged}.${sig}`, publicKey, 'studio', now)).toBeNull();
    // Past its exp the cached entry is refused like a fresh verify would refuse it.
    expect(verifyIdentity(token, publicKey, 'studio', now + 61_000)).toBeNull();
  });
});
