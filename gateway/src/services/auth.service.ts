/**
 * Bearer authentication with an in-process cache.
 * - Keyed by SHA-256 of the token; the raw token is never stored.
 * - Positive AND negative answers are cached for AUTH_CACHE_TTL_MS, counted from when studio was asked, so a
 *   revoked token stops working within that time and a flood of bad tokens does not become a flood of gRPC calls.
 *   An entry is never served past that TTL, nor past the token's `validUntil` (its expiry, or the end of a rolled
 *   secret's overlap): an answer that ends sooner than the TTL is cached only until then.
 * - Refresh-ahead: a hit on a positive entry in the last part of its life (the last `refreshAheadMs`, half the TTL by
 *   default) answers from the entry at once and starts one lookup in the background, which replaces the entry when
 *   studio answers. A hot token therefore never waits on an expiring entry (issue 15: with one token shared by every
 *   client, each expiry used to make every request in flight wait on the same check). No request waits on a refresh
 *   while its entry lasts, so the refresh may take the entry's remaining time on top of the usual deadline (`graceMs`):
 *   a request that comes after the entry ended and joins it waits no longer than on a check of its own. A refresh
 *   studio cannot answer changes nothing: the old entry stays until its TTL, and the next hit tries again.
 * - Single flight: one lookup per token at a time, shared by a refresh and every miss that comes while it runs.
 * - "Studio unavailable" is never cached and never lets a request through.
 * - The signed identity (Ed25519, 60 s, one per service called: its audience) is kept per token and service and
 *   re-signed only when under 30 s remain, and it is carried over a cache refresh when the principal did not change.
 */
import { hash, type KeyObject } from 'node:crypto';
import { signIdentity, type TokenPrincipal } from '@studio/identity';
import type { TokenAuthenticator, TokenLookup } from '../grpc/studio.client.js';

export const IDENTITY_TTL_SECONDS = 60;
const RESIGN_BELOW_MS = 30_000;

export interface AuthenticatedCaller {
  principal: TokenPrincipal;
  tokenId: string;
  /** Requests per window; 0 means the gateway default. */
  rateLimit: number;
  /** A read-only token: only GET and HEAD pass (auth.middleware.ts answers anything else 403). */
  readOnly: boolean;
  /** Signed identity to forward in x-studio-identity to `audience` (the upstream service's name). */
  identity(audience: string): string;
}

export type AuthResult = { kind: 'ok'; caller: AuthenticatedCaller } | { kind: 'unauthorized' } | { kind: 'unavailable' };

interface CacheEntry {
  expiresAt: number;
  /** From this time on a hit also starts a background refresh (one at a time per token). */
  refreshAt: number;
  result: { kind: 'ok'; caller: CachedCaller } | { kind: 'unauthorized' };
}

class CachedCaller implements AuthenticatedCaller {
  /** Per audience: the signed identity and when it expires (ms). */
  private identities = new Map<string, { jwt: string; expiresAt: number }>();

  constructor(
    readonly principal: TokenPrincipal,
    readonly rateLimit: number,
    readonly readOnly: boolean,
    /** Canonical form of the principal, to tell whether a refresh changed it. */
    readonly fingerprint: string,
    private readonly key: KeyObject,
    private readonly now: () => number,
  ) {}

  get tokenId(): string {
    return this.principal.tokenId;
  }

  identity(audience: string): string {
    const now = this.now();
    const cached = this.identities.get(audience);
    if (cached && cached.expiresAt - now >= RESIGN_BELOW_MS) return cached.jwt;
    const jwt = signIdentity(this.principal, this.key, audience, IDENTITY_TTL_SECONDS, now);
    // iat is rounded down to the second; count the expiry from that second, not from now.
    this.identities.set(audience, { jwt, expiresAt: Math.floor(now / 1000) * 1000 + IDENTITY_TTL_SECONDS * 1000 });
    return jwt;
  }

  /** Takes over the still-valid identities of the previous entry of the same, unchanged principal. */
  adoptIdentity(previous: CachedCaller): void {
    if (previous.fingerprint !== this.fingerprint) return;
    this.identities = previous.identities;
  }
}

export interface AuthServiceOptions {
  authenticator: TokenAuthenticator;
  /** The gateway's Ed25519 private key (IDENTITY_SIGNING_KEY). */
  identityKey: KeyObject;
  cacheTtlMs: number;
  /** How long before its expiry a hit refreshes an entry in the background; half the TTL by default (0: never). */
  refreshAheadMs?: number;
  maxEntries: number;
  onCacheHit?: () => void;
  onCacheMiss?: () => void;
  now?: () => number;
}

export function tokenHash(token: string): string {
  // One-shot crypto.hash: half the CPU of createHash().update().digest() on every request (issue 15).
  return hash('sha256', token, 'base64url');
}

export class AuthService {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inflight = new Map<string, Promise<AuthResult>>();
  private readonly now: () => number;
  private readonly refreshAheadMs: number;

  constructor(private readonly opts: AuthServiceOptions) {
    this.now = opts.now ?? Date.now;
    this.refreshAheadMs = Math.min(opts.refreshAheadMs ?? opts.cacheTtlMs / 2, opts.cacheTtlMs);
  }

  /** Resolves a bearer token; never throws. */
  authenticate(token: string): Promise<AuthResult> | AuthResult {
    const key = tokenHash(token);
    const entry = this.cache.get(key);
    const fresh = this.fresh(key, token, entry);
    if (fresh) {
      this.opts.onCacheHit?.();
      return fresh.result;
    }
    const pending = this.inflight.get(key);
    if (pending) {
      this.opts.onCacheHit?.();
      return pending;
    }
    this.opts.onCacheMiss?.();
    return this.startLookup(key, token, entry);
  }

  /**
   * The caller of `token` when the cache holds a fresh positive answer for it (counted as a cache hit), else null
   * (nothing counted, nothing looked up). The failed-authentication limit lets such a token through unasked.
   */
  cachedCaller(token: string): AuthenticatedCaller | null {
    const key = tokenHash(token);
    const entry = this.fresh(key, token, this.cache.get(key));
    if (entry?.result.kind !== 'ok') return null;
    this.opts.onCacheHit?.();
    return entry.result.caller;
  }

  /** Drops every cached answer (tests, or an operator after a mass revocation). */
  clear(): void {
    this.cache.clear();
  }

  get size(): number {
    return this.cache.size;
  }

  /** Lookups running now, refreshes included (one per token at most). */
  get inflightCount(): number {
    return this.inflight.size;
  }

  /**
   * `entry` when it may still be served (before its expiry), else undefined. When it is due for a refresh and no
   * lookup of the token runs, starts one in the background; the entry is served meanwhile.
   */
  private fresh(key: string, token: string, entry: CacheEntry | undefined): CacheEntry | undefined {
    if (!entry) return undefined;
    const now = this.now();
    if (entry.expiresAt <= now) return undefined;
    // Only a positive answer is refreshed: a refused token does not come back to life, and refreshing it would
    // double the calls a stream of bad credentials makes.
    if (entry.result.kind === 'ok' && now >= entry.refreshAt && !this.inflight.has(key))
      void this.startLookup(key, token, entry, entry.expiresAt - now);
    return entry;
  }

  /** The one lookup of `key` (registered in `inflight` until it settles); never rejects. */
  private startLookup(key: string, token: string, previous: CacheEntry | undefined, graceMs = 0): Promise<AuthResult> {
    const lookup = this.lookup(key, token, previous, graceMs)
      .catch((): AuthResult => ({ kind: 'unavailable' }))
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, lookup);
    return lookup;
  }

  private async lookup(key: string, token: string, previous: CacheEntry | undefined, graceMs: number): Promise<AuthResult> {
    // The TTL counts from the question, not the answer: an answer is never served longer than TTL after studio was asked.
    const askedAt = this.now();
    let answer: TokenLookup;
    try {
      const { authenticator } = this.opts;
      answer = await (graceMs > 0 ? authenticator.authenticate(token, { graceMs }) : authenticator.authenticate(token));
    } catch {
      answer = { kind: 'unavailable' };
    }
    if (answer.kind === 'unavailable') return { kind: 'unavailable' };

    let result: CacheEntry['result'];
    let validUntil: number | null = null;
    if (answer.kind === 'invalid') {
      result = { kind: 'unauthorized' };
    } else {
      const t = answer.token;
      const principal: TokenPrincipal = {
        kind: 'token',
        profileId: t.profileId,
        tokenId: t.tokenId,
        scopeWorkspaceId: t.scopeWorkspaceId,
        memberships: t.memberships,
      };
      const fingerprint = JSON.stringify([
        principal.profileId,
        principal.tokenId,
        principal.scopeWorkspaceId,
        Object.entries(principal.memberships).sort(),
      ]);
      const caller = new CachedCaller(principal, t.rateLimit, t.readOnly, fingerprint, this.opts.identityKey, this.now);
      validUntil = t.validUntil;
      if (previous?.result.kind === 'ok') caller.adoptIdentity(previous.result.caller);
      result = { kind: 'ok', caller };
    }
    this.store(key, result, askedAt, validUntil);
    return result;
  }

  /** Caches `result` for the TTL counted from `askedAt`, never past `validUntil` (not at all when that has passed). */
  private store(key: string, result: CacheEntry['result'], askedAt: number, validUntil: number | null): void {
    if (this.opts.cacheTtlMs <= 0) return;
    const ttlEnd = askedAt + this.opts.cacheTtlMs;
    // An entry cut short by valid_until is not refreshed ahead: a new answer could not outlive it either.
    const expiresAt = validUntil !== null && validUntil < ttlEnd ? validUntil : ttlEnd;
    const capped = expiresAt < ttlEnd;
    if (expiresAt <= this.now()) {
      this.cache.delete(key);
      return;
    }
    this.cache.delete(key); // re-insert at the end: Map order is the eviction order
    while (this.cache.size >= this.opts.maxEntries) {
      const oldest = this.cache.keys().next();
      if (oldest.done) break;
      this.cache.delete(oldest.value);
    }
    this.cache.set(key, { expiresAt, refreshAt: this.refreshAheadMs > 0 && !capped ? expiresAt - this.refreshAheadMs : expiresAt, result });
  }
}
