import { createHmac, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyIdentity } from '@studio/identity';
import { signJws } from '@studio/identity/jws';
import { testKeys } from '@studio/testkit/secrets';
import {
  CLIENT_BEARER_AUDIENCE,
  CLIENT_BEARER_ISSUER,
  ClientSessionVerifier,
  clientRouteGallery,
  isClientBearer,
} from './client-session.service.js';

const keys = testKeys();
const CLIENT_SESSION_PUBLIC_KEY = keys.env.CLIENT_SESSION_PUBLIC_KEY!;
const SID = '0b6f5a0e-2222-4333-8444-555566667777';
const GID = '6f1c3e0a-1111-4222-8333-444455556666';
const WID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

interface BearerOptions {
  issuer?: string;
  audience?: string;
  ttlSeconds?: number;
  nowMs?: number;
  key?: KeyObject;
}

/** A client bearer as gallery signs it (Ed25519 with CLIENT_SESSION_SIGNING_KEY); claims and options overridable. */
function bearer(claims: Record<string, unknown> = {}, opts: BearerOptions = {}): string {
  return signJws({ sub: SID, gid: GID, wid: WID, ...claims }, opts.key ?? keys.clientSessionSigningKey, {
    issuer: opts.issuer ?? CLIENT_BEARER_ISSUER,
    audience: opts.audience ?? CLIENT_BEARER_AUDIENCE,
    ttlSeconds: opts.ttlSeconds ?? 3600,
    nowMs: opts.nowMs,
  });
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An HS256 JWT with the bearer's claims, as the old shared-secret scheme signed them. */
function hs256Bearer(secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const input = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({
    sub: SID,
    gid: GID,
    wid: WID,
    iss: CLIENT_BEARER_ISSUER,
    aud: CLIENT_BEARER_AUDIENCE,
    iat: now,
    exp: now + 3600,
  })}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const verifier = () =>
  new ClientSessionVerifier({
    publicKey: createPublicKey({ key: Buffer.from(CLIENT_SESSION_PUBLIC_KEY, 'base64'), format: 'der', type: 'spki' }),
    identityKey: keys.identitySigningKey,
    maxEntries: 10,
  });

describe('client-session bearers', () => {
  it('tells a client bearer (a JWT) from an API token', () => {
    expect(isClientBearer(bearer())).toBe(true);
    expect(isClientBearer('stu_000000000001_secret')).toBe(false);
    expect(isClientBearer('stu_eyJ.a.b')).toBe(false);
    expect(isClientBearer('nope')).toBe(false);
  });

  it('opens only the gallery read, photos and favorites routes, naming the gallery id', () => {
    expect(clientRouteGallery('GET', `/api/v1/galleries/${GID}`)).toBe(GID);
    expect(clientRouteGallery('GET', `/api/v1/galleries/${GID.toUpperCase()}/photos`)).toBe(GID);
    expect(clientRouteGallery('POST', `/api/v1/galleries/${GID}/favorites`)).toBe(GID);
    expect(clientRouteGallery('DELETE', `/api/v1/galleries/${GID}/favorites`)).toBe(GID);
    for (const [method, path] of [
      ['GET', '/api/v1/galleries'],
      ['POST', '/api/v1/galleries'],
      ['POST', `/api/v1/galleries/${GID}/publish`],
      ['DELETE', `/api/v1/galleries/${GID}`],
      ['POST', `/api/v1/galleries/${GID}/photos`],
      ['GET', `/api/v1/galleries/${GID}/favorites`],
      ['GET', `/api/v1/galleries/${GID}/photos/x`],
      ['GET', '/api/v1/shoots'],
      ['GET', '/api/v1/auth/whoami'],
      ['HEAD', `/api/v1/galleries/${GID}`],
    ]) {
      expect(clientRouteGallery(method!, path!), `${method} ${path}`).toBeNull();
    }
  });

  it('verifies signature, issuer, audience, expiry and claims; forwards a ClientPrincipal identity per service', () => {
    const v = verifier();
    const caller = v.verify(bearer())!;
    expect(caller.principal).toEqual({ kind: 'client', sessionId: SID, galleryId: GID, workspaceId: WID });
    expect(verifyIdentity(caller.identity('gallery'), keys.identityPublicKey, 'gallery')).toEqual(caller.principal);
    expect(caller.identity('gallery')).toBe(caller.identity('gallery'));
    // Made for the service called: the gallery identity is no identity at studio.
    expect(verifyIdentity(caller.identity('gallery'), keys.identityPublicKey, 'studio')).toBeNull();

    expect(v.verify(bearer({}, { issuer: 'someone-else' }))).toBeNull();
    expect(v.verify(bearer({}, { audience: 'studio-gateway' }))).toBeNull();
    expect(v.verify(bearer({}, { ttlSeconds: 60, nowMs: Date.now() - 70_000 }))).toBeNull();
    expect(v.verify(bearer({}, { ttlSeconds: 24 * 3600 + 1 }))).toBeNull();
    expect(v.verify(bearer({ gid: 'not-a-uuid' }))).toBeNull();
    expect(v.verify(bearer({ wid: undefined }))).toBeNull();
    expect(v.verify(bearer({ sub: 42 }))).toBeNull();
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${bearer().split('.')[1]}.`;
    expect(v.verify(none)).toBeNull();
    const tampered = bearer().split('.');
    tampered[1] = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(tampered[1]!, 'base64url').toString()), gid: WID })).toString(
      'base64url',
    );
    expect(v.verify(tampered.join('.'))).toBeNull();
  });

  it('refuses a bearer signed HS256 with the old development secret, or with the public key as HMAC secret', () => {
    const v = verifier();
    expect(v.verify(hs256Bearer('dev-client-session-secret-change-me-0123456789'))).toBeNull();
    expect(v.verify(hs256Bearer(CLIENT_SESSION_PUBLIC_KEY))).toBeNull();
  });

  it('refuses a bearer signed by another Ed25519 key, or by the identity key', () => {
    const v = verifier();
    expect(v.verify(bearer({}, { key: generateKeyPairSync('ed25519').privateKey }))).toBeNull();
    expect(v.verify(bearer({}, { key: keys.identitySigningKey }))).toBeNull();
  });
});
