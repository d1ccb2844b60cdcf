/**
 * The client-session bearer: a short-lived HS256 JWT signed with CLIENT_SESSION_SECRET. The gateway verifies it
 * with the same secret (gateway/src/services/client-session.service.ts) and forwards a ClientPrincipal; nothing
 * else accepts it. It is told apart from API tokens by its form (three base64url parts, `eyJ...`; API tokens are
 * `stu_...`).
 *
 * Claims: iss `studio-gallery`, aud `studio-client-session`, sub = client session id, gid = gallery id,
 * wid = workspace id, iat, exp. Keep this file and the gateway's verifier in step.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export const CLIENT_BEARER_ISSUER = 'studio-gallery';
export const CLIENT_BEARER_AUDIENCE = 'studio-client-session';

export interface ClientBearerClaims {
  sessionId: string;
  galleryId: string;
  workspaceId: string;
}

export class ClientBearerSigner {
  private readonly key: KeyObject;

  constructor(secret: string) {
    // A KeyObject spares jsonwebtoken its PEM parsing attempt on every call (see @studio/identity).
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** Signs a bearer that expires at `expiresAtSeconds` (unix seconds). */
  sign(c: ClientBearerClaims, issuedAtSeconds: number, expiresAtSeconds: number): string {
    return jwt.sign({ gid: c.galleryId, wid: c.workspaceId, iat: issuedAtSeconds, exp: expiresAtSeconds }, this.key, {
      algorithm: 'HS256',
      issuer: CLIENT_BEARER_ISSUER,
      audience: CLIENT_BEARER_AUDIENCE,
      subject: c.sessionId,
    });
  }

  /** The claims of a valid bearer, or null (tests and tools; the gateway has its own verifier). */
  verify(token: string): ClientBearerClaims | null {
    try {
      const p = jwt.verify(token, this.key, {
        algorithms: ['HS256'],
        issuer: CLIENT_BEARER_ISSUER,
        audience: CLIENT_BEARER_AUDIENCE,
      }) as jwt.JwtPayload;
      if (typeof p.sub !== 'string' || typeof p.gid !== 'string' || typeof p.wid !== 'string') return null;
      return { sessionId: p.sub, galleryId: p.gid, workspaceId: p.wid };
    } catch {
      return null;
    }
  }
}
