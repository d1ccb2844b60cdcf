/**
 * Failed authentication is limited per client address (issue 14). Every failed credential (an unknown, malformed,
 * revoked or expired API token, a bad client-session bearer) counts against the client address in a fixed window
 * in Redis, shared by every gateway replica. Once the address has used its budget (AUTH_FAILURE_LIMIT_PER_MINUTE per
 * RATE_LIMIT_WINDOW_MS), a credential the gateway cannot vouch for is refused with 429 WITHOUT asking studio: the
 * flood stops costing a gRPC call and a database lookup each.
 *
 * A valid token must never be locked out by somebody else's failures from the same address (a shared NAT, an
 * office, a mobile carrier). The gateway vouches for a token without studio when:
 * - it is in the in-process positive auth cache (checked by the middleware before anything here), or
 * - studio accepted it within KNOWN_TOKEN_TTL_MS: every successful lookup records the token's SHA-256 in Redis
 *   (`af:ok:<hash>`, shared by the replicas, never the token itself), and a token found there is still looked up
 *   normally when its address is over budget (a revoked one then fails once and is forgotten).
 * A client-session bearer is verified locally (HMAC), so a valid one always passes.
 *
 * Left over, by design: a valid API token the gateway has not seen accepted in the last 24 h, presented from an
 * address that is over its budget at that moment, is refused with 429 and Retry-After until the window ends. Telling
 * it apart from a guess needs the very lookup the limit exists to save; refusing it for at most one window, with a
 * Retry-After, is the price of not doing an unbounded number of lookups for an attacker.
 *
 * Counting: IPv4 per address, IPv6 per /64 (one host usually holds a whole /64, so per-address counting would be
 * no limit at all). A request without any Authorization header costs nothing and is not counted.
 *
 * FAIL-CLOSED like the other limiters: when Redis cannot answer within RATE_LIMIT_TIMEOUT_MS, a lookup is not made
 * (the caller answers 429 with Retry-After: 1). Recording a failure or a success never holds an answer up for long.
 */
import { isIP } from 'node:net';
import type { Redis } from 'ioredis';
import { withDeadline } from './redis.client.js';

/** How long a token studio accepted stays "known" (looked up even when its address is over budget). */
export const KNOWN_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const COUNT_LUA = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const READ_LUA = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

interface AuthFailureCommands {
  gatewayAuthFailureCount(key: string, windowMs: number): Promise<[number, number]>;
  gatewayAuthFailureRead(key: string): Promise<[number, number]>;
}

export type AuthFailureDecision =
  /** Go on; `known` when the token was accepted by studio recently (only set by beforeLookup). */
  | { kind: 'open'; known?: boolean }
  /** The address has used its budget: refuse with 429, Retry-After `resetSeconds`. */
  | { kind: 'closed'; limit: number; resetSeconds: number }
  /** Redis did not answer: fail closed (429, Retry-After: 1). */
  | { kind: 'unavailable' };

export interface AuthFailureOptions {
  redis: Redis;
  keyPrefix: string;
  /** Failures per window per address. */
  limit: number;
  windowMs: number;
  /** Redis must answer within this many ms. */
  deadlineMs: number;
}

/** The counting bucket of a client address: the address itself for IPv4, its /64 for IPv6. */
export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) is in the last 64 bits; it never reaches the first four groups.
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export class AuthFailureLimiter {
  private readonly commands: AuthFailureCommands;

  constructor(private readonly opts: AuthFailureOptions) {
    opts.redis.defineCommand('gatewayAuthFailureCount', { numberOfKeys: 1, lua: COUNT_LUA });
    opts.redis.defineCommand('gatewayAuthFailureRead', { numberOfKeys: 1, lua: READ_LUA });
    this.commands = opts.redis as unknown as AuthFailureCommands;
  }

  get limit(): number {
    return this.opts.limit;
  }

  /**
   * Before a token lookup: may the token `hash` from `address` be looked up? Open while the address is within its
   * budget, or when the token is known (studio accepted it recently). One round trip (both reads pipelined).
   */
  async beforeLookup(address: string, hash: string): Promise<AuthFailureDecision> {
    let reply: [[number, number], number];
    try {
      reply = await withDeadline(
        Promise.all([this.commands.gatewayAuthFailureRead(this.failKey(address)), this.opts.redis.exists(this.knownKey(hash))]),
        this.opts.deadlineMs,
      );
    } catch {
      return { kind: 'unavailable' };
    }
    const [[count, ttlMs], known] = reply;
    if (!Number.isFinite(Number(count)) || !Number.isFinite(Number(ttlMs))) return { kind: 'unavailable' };
    if (Number(count) < this.opts.limit || known === 1) return { kind: 'open', known: known === 1 };
    return this.closed(Number(ttlMs));
  }

  /**
   * Counts one failed credential from `address`; `closed` when this failure is over the budget (the caller may then
   * answer 429 instead of 401). Never throws: `unavailable` when Redis did not answer.
   */
  async failed(address: string): Promise<AuthFailureDecision> {
    let reply: [number, number];
    try {
      reply = await withDeadline(this.commands.gatewayAuthFailureCount(this.failKey(address), this.opts.windowMs), this.opts.deadlineMs);
    } catch {
      return { kind: 'unavailable' };
    }
    const count = Number(reply?.[0]);
    const ttlMs = Number(reply?.[1]);
    if (!Number.isFinite(count) || !Number.isFinite(ttlMs)) return { kind: 'unavailable' };
    return count > this.opts.limit ? this.closed(ttlMs) : { kind: 'open' };
  }

  /** Studio accepted the token `hash`: remember it (refreshing its lifetime). Best effort, never throws. */
  accepted(hash: string): void {
    withDeadline(this.opts.redis.set(this.knownKey(hash), '1', 'PX', KNOWN_TOKEN_TTL_MS), this.opts.deadlineMs).catch(() => undefined);
  }

  /** Studio refused the token `hash` (revoked, expired): forget it. Best effort, never throws. */
  refused(hash: string): void {
    withDeadline(this.opts.redis.del(this.knownKey(hash)), this.opts.deadlineMs).catch(() => undefined);
  }

  private closed(ttlMs: number): AuthFailureDecision {
    const resetSeconds = Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : this.opts.windowMs) / 1000));
    return { kind: 'closed', limit: this.opts.limit, resetSeconds };
  }

  private failKey(address: string): string {
    return `${this.opts.keyPrefix}af:${addressBucket(address)}`;
  }

  private knownKey(hash: string): string {
    return `${this.opts.keyPrefix}af:ok:${hash}`;
  }
}
