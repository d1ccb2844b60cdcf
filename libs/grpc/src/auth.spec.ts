/** Service tokens on internal gRPC: the server's check (checkCaller) and the caller's signer, without a network. */
import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { signJws } from '@studio/identity/jws';
import { describe, expect, it } from 'vitest';
import { checkCaller, ServiceTokenSigner, type GrpcServerAuth } from './auth.js';

const gateway = generateKeyPairSync('ed25519');
const gallery = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');

const GET_SHOOT = '/studio.v1.StudioInternal/GetShoot';
const AUTHENTICATE = '/studio.v1.StudioInternal/AuthenticateToken';
const STREAM = '/index.v1.IndexSource/StreamDocuments';

const auth: GrpcServerAuth = {
  audience: 'studio',
  keyring: new Map([
    ['gateway', gateway.publicKey],
    ['gallery', gallery.publicKey],
  ]),
  allow: {
    'studio.v1.StudioInternal/GetShoot': ['gallery'],
    'studio.v1.StudioInternal/AuthenticateToken': ['gateway'],
    'index.v1.IndexSource': ['gallery'],
  },
};

function metadata(authorization?: string): grpc.Metadata {
  const m = new grpc.Metadata();
  if (authorization !== undefined) m.set('authorization', authorization);
  return m;
}
const bearer = (caller: string, key = gallery.privateKey, audience = 'studio', nowMs?: number, ttlSeconds = 60) =>
  metadata(`Bearer ${signJws({}, key, { issuer: caller, audience, ttlSeconds, nowMs })}`);

const UNAUTHENTICATED = { ok: false, code: grpc.status.UNAUTHENTICATED };
const PERMISSION_DENIED = { ok: false, code: grpc.status.PERMISSION_DENIED };

describe('checkCaller', () => {
  it('answers UNAUTHENTICATED without a token, or with one not in Bearer form', () => {
    expect(checkCaller(auth, GET_SHOOT, metadata())).toMatchObject(UNAUTHENTICATED);
    expect(checkCaller(auth, GET_SHOOT, metadata(''))).toMatchObject(UNAUTHENTICATED);
    expect(checkCaller(auth, GET_SHOOT, metadata('Bearer '))).toMatchObject(UNAUTHENTICATED);
    const token = signJws({}, gallery.privateKey, { issuer: 'gallery', audience: 'studio', ttlSeconds: 60 });
    expect(checkCaller(auth, GET_SHOOT, metadata(token))).toMatchObject(UNAUTHENTICATED);
    expect(checkCaller(auth, GET_SHOOT, metadata(`Basic ${token}`))).toMatchObject(UNAUTHENTICATED);
  });

  it('answers UNAUTHENTICATED for a caller not in the keyring, even one the allowlist names', () => {
    const open = { ...auth, allow: { 'studio.v1.StudioInternal': ['search'] } };
    expect(checkCaller(open, GET_SHOOT, bearer('search', stranger.privateKey))).toMatchObject(UNAUTHENTICATED);
  });

  it('answers UNAUTHENTICATED for a token signed by another key than the named caller’s', () => {
    // A known name, a stranger's key: the issuer picks the key, the signature must still verify with it.
    expect(checkCaller(auth, GET_SHOOT, bearer('gallery', stranger.privateKey))).toMatchObject(UNAUTHENTICATED);
    // gateway's key claiming to be gallery (to reach a method only gallery may call).
    expect(checkCaller(auth, GET_SHOOT, bearer('gallery', gateway.privateKey))).toMatchObject(UNAUTHENTICATED);
  });

  it('answers UNAUTHENTICATED for a token made for another audience', () => {
    expect(checkCaller(auth, GET_SHOOT, bearer('gallery', gallery.privateKey, 'upload'))).toMatchObject(UNAUTHENTICATED);
  });

  it('answers UNAUTHENTICATED for an expired token, or one living longer than 60 s', () => {
    const now = Date.now();
    expect(
      checkCaller({ ...auth, nowMs: () => now }, GET_SHOOT, bearer('gallery', gallery.privateKey, 'studio', now - 61_000)),
    ).toMatchObject(UNAUTHENTICATED);
    expect(checkCaller(auth, GET_SHOOT, bearer('gallery', gallery.privateKey, 'studio', undefined, 3600))).toMatchObject(UNAUTHENTICATED);
    // The same token passes before its expiry (the clock is what refused it).
    const token = bearer('gallery', gallery.privateKey, 'studio', now);
    expect(checkCaller({ ...auth, nowMs: () => now + 59_000 }, GET_SHOOT, token)).toMatchObject({ ok: true });
    expect(checkCaller({ ...auth, nowMs: () => now + 61_000 }, GET_SHOOT, token)).toMatchObject(UNAUTHENTICATED);
  });

  it('answers UNAUTHENTICATED for an HS256 or alg-none token naming a known caller', () => {
    const now = Math.floor(Date.now() / 1000);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const claims = b64({ iss: 'gallery', aud: 'studio', iat: now, exp: now + 60 });
    const hsInput = `${b64({ alg: 'HS256', typ: 'JWT' })}.${claims}`;
    const hs = `${hsInput}.${createHmac('sha256', 'dev-internal-jwt-secret-change-me-0123456789').update(hsInput).digest('base64url')}`;
    expect(checkCaller(auth, GET_SHOOT, metadata(`Bearer ${hs}`))).toMatchObject(UNAUTHENTICATED);
    const input = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: 'gallery', aud: 'studio', iat: now, exp: now + 60 })}`;
    expect(checkCaller(auth, GET_SHOOT, metadata(`Bearer ${input}.`))).toMatchObject(UNAUTHENTICATED);
    const signedNone = `${input}.${sign(null, Buffer.from(input), gallery.privateKey).toString('base64url')}`;
    expect(checkCaller(auth, GET_SHOOT, metadata(`Bearer ${signedNone}`))).toMatchObject(UNAUTHENTICATED);
  });

  it('answers PERMISSION_DENIED for a verified caller the method does not admit', () => {
    expect(checkCaller(auth, GET_SHOOT, bearer('gateway', gateway.privateKey))).toMatchObject(PERMISSION_DENIED);
    expect(checkCaller(auth, STREAM, bearer('gateway', gateway.privateKey))).toMatchObject(PERMISSION_DENIED);
    expect(checkCaller(auth, AUTHENTICATE, bearer('gallery'))).toMatchObject(PERMISSION_DENIED);
    // Default deny: a method (and service) found in no entry admits nobody.
    expect(checkCaller(auth, '/studio.v1.StudioOperations/CreateShoot', bearer('gallery'))).toMatchObject(PERMISSION_DENIED);
    expect(checkCaller(auth, '/studio.v1.StudioInternal/ListShoots', bearer('gallery'))).toMatchObject(PERMISSION_DENIED);
  });

  it('admits a caller listed under the method, or under its whole service', () => {
    expect(checkCaller(auth, GET_SHOOT, bearer('gallery'))).toEqual({ ok: true, caller: 'gallery' });
    expect(checkCaller(auth, AUTHENTICATE, bearer('gateway', gateway.privateKey))).toEqual({ ok: true, caller: 'gateway' });
    expect(checkCaller(auth, STREAM, bearer('gallery'))).toEqual({ ok: true, caller: 'gallery' });
    expect(checkCaller(auth, '/index.v1.IndexSource/Other', bearer('gallery'))).toEqual({ ok: true, caller: 'gallery' });
  });

  it('a method entry overrides the service entry (it is not merged)', () => {
    const split = { ...auth, allow: { 'index.v1.IndexSource': ['gateway'], 'index.v1.IndexSource/StreamDocuments': ['gallery'] } };
    expect(checkCaller(split, STREAM, bearer('gallery'))).toMatchObject({ ok: true });
    expect(checkCaller(split, STREAM, bearer('gateway', gateway.privateKey))).toMatchObject(PERMISSION_DENIED);
  });
});

describe('ServiceTokenSigner', () => {
  it('signs tokens the server admits: issuer the caller’s name, audience the service called', () => {
    const signer = new ServiceTokenSigner({ name: 'gallery', signingKey: gallery.privateKey });
    expect(checkCaller(auth, GET_SHOOT, metadata(`Bearer ${signer.token('studio')}`))).toEqual({ ok: true, caller: 'gallery' });
    expect(checkCaller(auth, GET_SHOOT, metadata(`Bearer ${signer.token('upload')}`))).toMatchObject(UNAUTHENTICATED);
  });

  it('caches one token per audience and re-signs when under 30 s of it remain', () => {
    let now = 1_700_000_000_000; // on a whole second
    const signer = new ServiceTokenSigner({ name: 'gallery', signingKey: gallery.privateKey }, () => now);
    const first = signer.token('studio');
    const forUpload = signer.token('upload');
    expect(forUpload).not.toBe(first);
    now += 29_000;
    expect(signer.token('studio')).toBe(first);
    expect(signer.token('upload')).toBe(forUpload);
    now += 1_000; // 30 s left: still kept
    expect(signer.token('studio')).toBe(first);
    now += 1; // under 30 s left: re-signed
    const second = signer.token('studio');
    expect(second).not.toBe(first);
    expect(checkCaller({ ...auth, nowMs: () => now + 45_000 }, GET_SHOOT, metadata(`Bearer ${second}`))).toMatchObject({ ok: true });
    expect(checkCaller({ ...auth, nowMs: () => now + 45_000 }, GET_SHOOT, metadata(`Bearer ${first}`))).toMatchObject(UNAUTHENTICATED);
    now += 1_000;
    expect(signer.token('studio')).toBe(second);
  });

  it('counts the remaining time from the whole second the token was issued in', () => {
    let now = 1_700_000_000_900; // 0.9 s into a second: iat rounds down, exp is 59.1 s away
    const signer = new ServiceTokenSigner({ name: 'gallery', signingKey: gallery.privateKey }, () => now);
    const first = signer.token('studio');
    now += 29_100; // exactly 30 s left
    expect(signer.token('studio')).toBe(first);
    now += 1;
    expect(signer.token('studio')).not.toBe(first);
  });
});
