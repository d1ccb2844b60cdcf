/**
 * The client-session bearer: an Ed25519-signed JWT (EdDSA, @studio/identity/jws) made with gallery's
 * CLIENT_SESSION_SIGNING_KEY. The gateway verifies it with the public half (CLIENT_SESSION_PUBLIC_KEY,
 * gateway/src/services/client-session.service.ts) and forwards a ClientPrincipal; nothing else accepts it, and
 * nothing but gallery can make one. It is told apart from API tokens by its form (three base64url parts,
 * `eyJ...`; API tokens are `stu_...`).
 *
 * Claims: iss `studio-gallery`, aud `studio-client-session`, sub = client session id, gid = gallery id,
 * wid = workspace id, iat, exp (at most CLIENT_BEARER_MAX_TTL_SECONDS after iat). Keep this file and the
 * gateway's verifier in step.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { signJws, verifyJws } from '@studio/identity/jws';

export const CLIENT_BEARER_ISSUER = 'studio-gallery';
export const CLIENT_BEARER_AUDIENCE = 'studio-client-session';
/** The longest bearer lifetime (CLIENT_SESSION_TTL is at most 24 h). */
export const CLIENT_BEARER_MAX_TTL_SECONDS = 24 * 3600;

export interface ClientBearerClaims {
  sessionId: string;
  galleryId: string;
  workspaceId: string;
}

export class ClientBearerSigner {
  private readonly publicKey: KeyObject;

  constructor(private readonly signingKey: KeyObject) {
    this.publicKey = createPublicKey(signingKey);
  }

  /** Signs a bearer issued at `issuedAtSeconds` that expires at `expiresAtSeconds` (unix seconds). */
  sign(c: ClientBearerClaims, issuedAtSeconds: number, expiresAtSeconds: number): string {
    return signJws({ sub: c.sessionId, gid: c.galleryId, wid: c.workspaceId }, this.signingKey, {
      issuer: CLIENT_BEARER_ISSUER,
      audience: CLIENT_BEARER_AUDIENCE,
      ttlSeconds: expiresAtSeconds - issuedAtSeconds,
      nowMs: issuedAtSeconds * 1000,
    });
  }

  /** The claims of a valid bearer, or null (tests and tools; the gateway has its own verifier). */
  verify(token: string, nowMs = Date.now()): ClientBearerClaims | null {
    const p = verifyJws<{ sub?: unknown; gid?: unknown; wid?: unknown }>(token, this.publicKey, {
      issuer: CLIENT_BEARER_ISSUER,
      audience: CLIENT_BEARER_AUDIENCE,
      maxTtlSeconds: CLIENT_BEARER_MAX_TTL_SECONDS,
      nowMs,
    });
    if (!p || typeof p.sub !== 'string' || typeof p.gid !== 'string' || typeof p.wid !== 'string') return null;
    return { sessionId: p.sub, galleryId: p.gid, workspaceId: p.wid };
  }
}
