/**
 * The gateway's view of studio's internal gRPC API: AuthenticateToken (bearer -> principal) and the
 * standard health check used by /readyz. With a registry, every token check studio did not answer usably is
 * counted in gateway_token_check_failures_total by reason: `timeout` (no answer within the deadline),
 * `unavailable` (any other failure to answer) or `malformed` (an answer that is no principal).
 */
import type client from 'prom-client';
import { AppError } from '@studio/errors';
import { callUnary, createClient, loadProto, type ClientOptions } from '@studio/grpc';
import { loadHealthService } from '@studio/grpc/health';
import { ROLES, type Role } from '@studio/identity';
import { counter } from '@studio/metrics';
import type { HealthClient } from '@studio/proto/health';
import { STUDIO_PROTO, type AuthenticateTokenResponse__Output, type StudioInternalClient } from '@studio/proto/studio';

/** What a valid token resolves to. */
export interface AuthenticatedToken {
  profileId: string;
  tokenId: string;
  scopeWorkspaceId: string | null;
  memberships: Record<string, Role>;
  /** Requests per window for this token; 0 means the gateway default. */
  rateLimit: number;
  /** A read-only token may only GET or HEAD (the gateway answers anything else 403 forbidden). */
  readOnly: boolean;
  /** When the presented secret stops working (ms since the epoch): the auth cache never serves it later; null: never. */
  validUntil: number | null;
}

/** The outcome of one lookup: a principal, a rejected token, or studio could not answer. */
export type TokenLookup = { kind: 'valid'; token: AuthenticatedToken } | { kind: 'invalid' } | { kind: 'unavailable' };

export interface TokenLookupOptions {
  /**
   * How much longer than the usual deadline the caller can wait: a background refresh, which no request waits on
   * before its cache entry ends, passes the time the entry has left.
   */
  graceMs?: number;
}

export interface TokenAuthenticator {
  authenticate(token: string, options?: TokenLookupOptions): Promise<TokenLookup>;
}

const ROLE_SET: ReadonlySet<string> = new Set(ROLES);

/** Kinds that mean "this token is not good" (cacheable); anything else means studio did not answer. */
const REJECTION_KINDS: ReadonlySet<string> = new Set(['unauthorized', 'invalid_input', 'not_found', 'forbidden']);

export type TokenCheckFailure = 'timeout' | 'unavailable' | 'malformed';
const TOKEN_CHECK_FAILURES = 'gateway_token_check_failures_total';

/** The failure counter of `registry`, created on first use (several clients may share a registry). */
function failureCounter(registry: client.Registry): client.Counter<'reason'> {
  return counter(registry, {
    name: TOKEN_CHECK_FAILURES,
    help: 'Bearer checks (AuthenticateToken) studio did not answer usably: timeout, unavailable or malformed answer (background refreshes included)',
    labelNames: ['reason'] as const,
  });
}

export class StudioClient implements TokenAuthenticator {
  private readonly internal: StudioInternalClient;
  private readonly health: HealthClient;
  private readonly failures: Record<TokenCheckFailure, { inc(): void }> | null;

  constructor(
    address: string,
    private readonly timeoutMs: number,
    grpcOptions: ClientOptions = {},
  ) {
    this.internal = createClient(loadProto(STUDIO_PROTO).studio.v1.StudioInternal, address, grpcOptions);
    this.health = createClient(loadHealthService(), address, grpcOptions);
    const failures = grpcOptions.registry ? failureCounter(grpcOptions.registry) : null;
    if (failures) {
      const bound = (reason: TokenCheckFailure) => {
        const child = failures.labels(reason);
        child.inc(0); // every reason is exported from the start, at 0
        return child;
      };
      this.failures = { timeout: bound('timeout'), unavailable: bound('unavailable'), malformed: bound('malformed') };
    } else {
      this.failures = null;
    }
  }

  async authenticate(token: string, options: TokenLookupOptions = {}): Promise<TokenLookup> {
    let res: AuthenticateTokenResponse__Output;
    const timeoutMs = this.timeoutMs + Math.max(0, Math.round(options.graceMs ?? 0));
    const started = performance.now();
    try {
      res = await callUnary(this.internal, 'AuthenticateToken', { token }, timeoutMs);
    } catch (err) {
      if (err instanceof AppError && REJECTION_KINDS.has(err.kind)) return { kind: 'invalid' };
      // gRPC reports a missed deadline as UNAVAILABLE's kin (both `unavailable`): tell them apart by the time taken.
      this.failures?.[performance.now() - started >= timeoutMs ? 'timeout' : 'unavailable'].inc();
      return { kind: 'unavailable' };
    }
    const lookup = toLookup(res);
    if (lookup.kind === 'unavailable') this.failures?.malformed.inc();
    return lookup;
  }

  /** Resolves when studio's gRPC server reports SERVING; rejects otherwise. */
  async checkHealth(): Promise<void> {
    const res = await callUnary(this.health, 'Check', { service: '' }, this.timeoutMs);
    if (res.status !== 'SERVING') throw new Error(`studio gRPC is ${res.status}`);
  }

  close(): void {
    this.internal.close();
    this.health.close();
  }
}

/** Validates studio's answer; a malformed answer is treated as "studio unavailable", never as a principal. */
export function toLookup(res: AuthenticateTokenResponse__Output | null | undefined): TokenLookup {
  if (!res?.profile_id || !res.token_id) return { kind: 'unavailable' };
  const memberships: Record<string, Role> = Object.create(null) as Record<string, Role>;
  for (const m of res.memberships ?? []) {
    if (!m.workspace_id || !ROLE_SET.has(m.role)) return { kind: 'unavailable' };
    memberships[m.workspace_id] = m.role as Role;
  }
  const rateLimit = Number(res.rate_limit);
  let validUntil: number | null = null;
  if (res.valid_until) {
    validUntil = Date.parse(res.valid_until);
    if (!Number.isFinite(validUntil)) return { kind: 'unavailable' };
  }
  return {
    kind: 'valid',
    token: {
      profileId: res.profile_id,
      tokenId: res.token_id,
      scopeWorkspaceId: res.scope_workspace_id ? res.scope_workspace_id : null,
      memberships: { ...memberships },
      rateLimit: Number.isInteger(rateLimit) && rateLimit > 0 ? rateLimit : 0,
      readOnly: res.read_only === true,
      validUntil,
    },
  };
}
