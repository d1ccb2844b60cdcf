/**
 * Failed authentication is limited per client address (issues 14 and 26). Only a well-formed API token that studio
 * refuses (unknown, revoked, expired, a rolled secret past its overlap) counts, against the client address, in a
 * fixed window in Redis shared by every gateway replica. Once the address has used its budget
 * (AUTH_FAILURE_LIMIT_PER_MINUTE per RATE_LIMIT_WINDOW_MS), such a refusal is answered 429 with Retry-After instead
 * of 401: the caller is told to slow down.
 *
 * A valid token is never refused by this limit (two callers behind one NAT must not lock each other out): every
 * well-formed token is still looked up, whatever its address has spent, and one studio accepts passes; the limiter is
 * consulted only after a refusal. What keeps the lookups cheap is elsewhere: a malformed token or a wrong checksum is
 * answered 401 without any lookup and is not counted (@studio/api-token), the negative auth cache answers repeats of
 * one refused token, and a client-session bearer is verified locally (never counted either). A request without an
 * Authorization header costs nothing and is not counted.
 *
 * Counting: IPv4 per address, IPv6 per /64 (one host usually holds a whole /64, so per-address counting would be
 * no limit at all). When Redis cannot answer within RATE_LIMIT_TIMEOUT_MS the failure is not counted and the
 * refusal stays a 401 (the rate limit after authentication fails closed on its own).
 */
import { isIP } from 'node:net';
import type { Redis } from 'ioredis';
import { withDeadline } from './redis.client.js';

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

interface AuthFailureCommands {
  gatewayAuthFailureCount(key: string, windowMs: number): Promise<[number, number]>;
}

export type AuthFailureDecision =
  /** Within the budget: answer 401. */
  | { kind: 'open' }
  /** The address has used its budget: answer 429, Retry-After `resetSeconds`. */
  | { kind: 'closed'; limit: number; resetSeconds: number }
  /** Redis did not answer: the failure was not counted (answer 401). */
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
    this.commands = opts.redis as unknown as AuthFailureCommands;
  }

  get limit(): number {
    return this.opts.limit;
  }

  /**
   * Counts one token studio refused from `address`; `closed` when this failure is over the budget (the caller then
   * answers 429 instead of 401). Never throws: `unavailable` when Redis did not answer.
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

  private closed(ttlMs: number): AuthFailureDecision {
    const resetSeconds = Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : this.opts.windowMs) / 1000));
    return { kind: 'closed', limit: this.opts.limit, resetSeconds };
  }

  private failKey(address: string): string {
    return `${this.opts.keyPrefix}af:${addressBucket(address)}`;
  }
}
