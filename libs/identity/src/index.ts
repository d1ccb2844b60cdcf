/**
 * @studio/identity: the caller identity the gateway signs and every service verifies.
 * The gateway strips any incoming identity header and forwards a short-lived Ed25519-signed JWT (EdDSA, see
 * jws.ts) in IDENTITY_HEADER, made for the one service it calls (audience). Only the gateway holds the private
 * key; services hold the public key. Services trust nothing else from the request.
 */
import type { KeyObject } from 'node:crypto';
import { signJws, verifyJws } from './jws.js';

export const IDENTITY_HEADER = 'x-studio-identity';
export const REQUEST_ID_HEADER = 'x-request-id';

export const ROLES = ['owner', 'admin', 'photographer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
const RANK: Record<Role, number> = { viewer: 1, photographer: 2, admin: 3, owner: 4 };

/** True when `role` is `min` or above it (owner > admin > photographer > viewer). */
export function roleAtLeast(role: Role | undefined, min: Role): boolean {
  return role !== undefined && RANK[role] >= RANK[min];
}

/** An API-token caller. `memberships` is already narrowed to the token's scope by the gateway. */
export interface TokenPrincipal {
  kind: 'token';
  profileId: string;
  tokenId: string;
  scopeWorkspaceId: string | null;
  memberships: Record<string, Role>;
}

/** A gallery's end customer holding a client-session bearer: one gallery, a few routes. */
export interface ClientPrincipal {
  kind: 'client';
  sessionId: string;
  galleryId: string;
  workspaceId: string;
}

export type Principal = TokenPrincipal | ClientPrincipal;

interface Claims {
  p: Principal;
}

/** Who signs caller identities: the gateway, alone (it holds the only private key). */
export const IDENTITY_ISSUER = 'studio-gateway';
/** The longest identity lifetime signed or accepted, seconds. */
export const IDENTITY_MAX_TTL_SECONDS = 60;

/**
 * Signs the caller's identity for one service (`audience`: the service's name, e.g. `studio`) with the gateway's
 * Ed25519 private key (IDENTITY_SIGNING_KEY). Lifetime at most IDENTITY_MAX_TTL_SECONDS.
 */
export function signIdentity(
  principal: Principal,
  privateKey: KeyObject,
  audience: string,
  ttlSeconds = IDENTITY_MAX_TTL_SECONDS,
  nowMs = Date.now(),
): string {
  return signJws({ p: principal } satisfies Claims, privateKey, {
    issuer: IDENTITY_ISSUER,
    audience,
    ttlSeconds: Math.min(ttlSeconds, IDENTITY_MAX_TTL_SECONDS),
    nowMs,
  });
}

/**
 * Identities already verified, per public key and audience: the gateway re-uses one signed token per caller and
 * service for most of its minute, so a service sees the same string on request after request. A hit skips the
 * signature check and the JSON parse; its own expiry is still checked on every hit. Only strings that verified
 * are kept, so a forged one can never be answered from here. Bounded: cleared when full (a miss costs one verify).
 */
const VERIFIED_MAX = 10_000;
const verified = new WeakMap<KeyObject, Map<string, { principal: Principal; expiresAtMs: number }>>();

function deepFreeze(p: Principal): Principal {
  if (p.kind === 'token') Object.freeze(p.memberships);
  return Object.freeze(p);
}

/**
 * The principal of an identity signed by the gateway's key (`publicKey`, IDENTITY_PUBLIC_KEY) for `audience` (this
 * service), with a required expiry at most 60 s after issue; frozen (it may be shared by requests). Null for a
 * missing, forged, expired or other-audience identity, one signed any other way (HS256, none), or without `exp`.
 */
export function verifyIdentity(token: string | undefined, publicKey: KeyObject, audience: string, nowMs = Date.now()): Principal | null {
  if (!token) return null;
  let cache = verified.get(publicKey);
  const cacheKey = `${audience} ${token}`;
  const hit = cache?.get(cacheKey);
  if (hit) {
    if (nowMs < hit.expiresAtMs) return hit.principal;
    cache!.delete(cacheKey);
    return null;
  }
  const claims = verifyJws<Claims>(token, publicKey, {
    issuer: IDENTITY_ISSUER,
    audience,
    maxTtlSeconds: IDENTITY_MAX_TTL_SECONDS,
    nowMs,
  });
  const p = claims?.p;
  if (!claims || !p || typeof p !== 'object' || (p.kind !== 'token' && p.kind !== 'client')) return null;
  const principal = deepFreeze(p);
  if (!cache) verified.set(publicKey, (cache = new Map()));
  if (cache.size >= VERIFIED_MAX) cache.clear();
  cache.set(cacheKey, { principal, expiresAtMs: claims.exp * 1000 });
  return principal;
}

/** The workspaces a token principal reaches (membership, narrowed to the token's scope). */
export function workspaceIdsOf(principal: TokenPrincipal): string[] {
  return Object.keys(principal.memberships);
}
