import { describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { verifyIdentity } from '@studio/identity';
import {
  CLIENT_BEARER_AUDIENCE,
  CLIENT_BEARER_ISSUER,
  ClientSessionVerifier,
  clientRouteGallery,
  isClientBearer,
} from './client-session.service.js';

const SECRET = 'client-session-secret-for-the-spec-0123456789';
const IDENTITY = 'identity-secret-for-the-spec-0123456789abcdef';
const SID = '0b6f5a0e-2222-4333-8444-555566667777';
const GID = '6f1c3e0a-1111-4222-8333-444455556666';
const WID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function bearer(claims: Record<string, unknown> = {}, opts: jwt.SignOptions = {}, secret = SECRET): string {
  return jwt.sign({ gid: GID, wid: WID, ...claims }, secret, {
    algorithm: 'HS256',
    issuer: CLIENT_BEARER_ISSUER,
    audience: CLIENT_BEARER_AUDIENCE,
    subject: SID,
    expiresIn: 3600,
    ...opts,
  });
}

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

  it('verifies signature, issuer, audience, expiry and claims; forwards a ClientPrincipal identity', () => {
    const v = new ClientSessionVerifier({ secret: SECRET, identitySecret: IDENTITY, maxEntries: 10 });
    const caller = v.verify(bearer())!;
    expect(caller.principal).toEqual({ kind: 'client', sessionId: SID, galleryId: GID, workspaceId: WID });
    expect(verifyIdentity(caller.identity(), IDENTITY)).toEqual(caller.principal);
    expect(caller.identity()).toBe(caller.identity());

    expect(v.verify(bearer({}, {}, 'another-secret-of-enough-length-0123456789'))).toBeNull();
    expect(v.verify(bearer({}, { issuer: 'someone-else' }))).toBeNull();
    expect(v.verify(bearer({}, { audience: 'studio-gateway' }))).toBeNull();
    expect(v.verify(bearer({}, { expiresIn: -10 }))).toBeNull();
    expect(v.verify(bearer({ gid: 'not-a-uuid' }))).toBeNull();
    expect(v.verify(bearer({ wid: undefined }))).toBeNull();
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${bearer().split('.')[1]}.`;
    expect(v.verify(none)).toBeNull();
    const tampered = bearer().split('.');
    tampered[1] = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(tampered[1]!, 'base64url').toString()), gid: WID })).toString(
      'base64url',
    );
    expect(v.verify(tampered.join('.'))).toBeNull();
  });
});
