/**
 * Client-session bearers (issued by the gallery service on POST /client-sessions to a gallery's customer).
 *
 * - Form: an Ed25519-signed JWT (EdDSA) made with gallery's CLIENT_SESSION_SIGNING_KEY and verified here with
 *   its public half, CLIENT_SESSION_PUBLIC_KEY (services/gallery/src/services/client-bearer.ts):
 *   iss `studio-gallery`, aud `studio-client-session`, sub = client session id, gid = gallery id, wid = workspace
 *   id, exp. Told apart from API tokens (`stu_...`) by its form, so it never costs a call to studio.
 * - Verified here, locally; forwarded as a ClientPrincipal in the signed identity (60 s, made for the service
 *   called, re-signed when under 30 s remain, cached per session and service). The bearer itself is not forwarded.
 * - Works only on GET /galleries/{id}, GET /galleries/{id}/photos, POST and DELETE /galleries/{id}/favorites of
 *   its own gallery: another gallery id on those routes is 404 (the same bytes as a missing gallery), any other
 *   route is 401. The gallery service checks the same again (and that the session and its portal still hold).
 */
import type { KeyObject } from 'node:crypto';
import { signIdentity, type ClientPrincipal } from '@studio/identity';
import { verifyJws } from '@studio/identity/jws';
import { isCanonicalUuid } from '@studio/uuid';
import { API_BASE } from '../http/route-table.js';

export const CLIENT_BEARER_ISSUER = 'studio-gallery';
export const CLIENT_BEARER_AUDIENCE = 'studio-client-session';
/** The longest bearer lifetime gallery signs (its CLIENT_SESSION_TTL is at most 24 h). */
const CLIENT_BEARER_MAX_TTL_SECONDS = 24 * 3600;

const IDENTITY_TTL_SECONDS = 60;
const RESIGN_BELOW_MS = 30_000;
const JWT_RE = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** True for a bearer of the client-session form (a JWT); API tokens (`stu_...`) never are. */
export function isClientBearer(token: string): boolean {
  return !token.startsWith('stu_') && JWT_RE.test(token);
}

const GALLERY_PREFIX = `${API_BASE}/galleries/`;

/**
 * The gallery id a client bearer may use `method path` on, or null when the route is not open to client sessions.
 * `path` is the route table's normalised path (no query, no trailing slash).
 */
export function clientRouteGallery(method: string, path: string): string | null {
  if (!path.startsWith(GALLERY_PREFIX)) return null;
  const rest = path.slice(GALLERY_PREFIX.length).split('/');
  const [id, sub, extra] = rest;
  if (!id || extra !== undefined) return null;
  if (sub === undefined) return method === 'GET' ? id.toLowerCase() : null;
  if (sub === 'photos') return method === 'GET' ? id.toLowerCase() : null;
  if (sub === 'favorites') return method === 'POST' || method === 'DELETE' ? id.toLowerCase() : null;
  return null;
}

export interface ClientCaller {
  principal: ClientPrincipal;
  sessionId: string;
  /** Signed identity to forward in x-studio-identity to `audience` (the upstream service's name). */
  identity(audience: string): string;
}

interface CachedIdentity {
  jwt: string;
  expiresAt: number;
}

export interface ClientSessionVerifierOptions {
  /** CLIENT_SESSION_PUBLIC_KEY: the public half of the key gallery signs the bearers with. */
  publicKey: KeyObject;
  /** IDENTITY_SIGNING_KEY: the forwarded identity. */
  identityKey: KeyObject;
  /** Most cached forwarded identities (oldest evicted). */
  maxEntries: number;
  now?: () => number;
}

export class ClientSessionVerifier {
  private readonly identities = new Map<string, CachedIdentity>();
  private readonly now: () => number;

  constructor(private readonly opts: ClientSessionVerifierOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** The caller of a valid, unexpired client bearer; null for anything else. Never throws. */
  verify(token: string): ClientCaller | null {
    const claims = verifyJws<{ sub?: unknown; gid?: unknown; wid?: unknown }>(token, this.opts.publicKey, {
      issuer: CLIENT_BEARER_ISSUER,
      audience: CLIENT_BEARER_AUDIENCE,
      maxTtlSeconds: CLIENT_BEARER_MAX_TTL_SECONDS,
      nowMs: this.now(),
    });
    if (!claims) return null;
    const { sub, gid, wid } = claims;
    if (typeof sub !== 'string' || typeof gid !== 'string' || typeof wid !== 'string') return null;
    // Gallery signs its ids as PostgreSQL writes them (lower case), and the gallery id is compared as a string with
    // the route's lower-cased one: a claim in any other spelling is not one gallery made.
    if (!isCanonicalUuid(sub) || !isCanonicalUuid(gid) || !isCanonicalUuid(wid)) return null;
    const principal: ClientPrincipal = { kind: 'client', sessionId: sub, galleryId: gid, workspaceId: wid };
    return { principal, sessionId: sub, identity: (audience) => this.identity(principal, audience) };
  }

  private identity(principal: ClientPrincipal, audience: string): string {
    const now = this.now();
    const key = `${audience} ${principal.sessionId}`;
    const cached = this.identities.get(key);
    if (cached && cached.expiresAt - now >= RESIGN_BELOW_MS) return cached.jwt;
    const signed = signIdentity(principal, this.opts.identityKey, audience, IDENTITY_TTL_SECONDS, now);
    this.identities.delete(key); // re-insert at the end: Map order is the eviction order
    while (this.identities.size >= this.opts.maxEntries) {
      const oldest = this.identities.keys().next();
      if (oldest.done) break;
      this.identities.delete(oldest.value);
    }
    // iat is rounded down to the second; count the expiry from that second.
    this.identities.set(key, { jwt: signed, expiresAt: Math.floor(now / 1000) * 1000 + IDENTITY_TTL_SECONDS * 1000 });
    return signed;
  }
}
