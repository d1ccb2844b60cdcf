/**
 * Per-key fixed-window rate limiter in Redis: one atomic round trip (a Lua script sent with EVALSHA).
 * The window starts at the key's first request: INCR, and PEXPIRE when the count is 1; the reply is the
 * count and the milliseconds left. Any Redis failure (disconnected, erroring, slower than the deadline) is
 * reported as `unavailable` so the caller can refuse the request: the limiter FAILS CLOSED.
 */
import type { Redis } from 'ioredis';
import { withDeadline } from './redis.client.js';

const LUA = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  -- A key without expiry would block its owner forever; give it a fresh window.
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

interface LimiterCommands {
  gatewayRateLimit(key: string, windowMs: number): Promise<[number, number]>;
}

export type RateLimitDecision =
  | { kind: 'allowed'; limit: number; remaining: number; resetSeconds: number }
  | { kind: 'limited'; limit: number; remaining: 0; resetSeconds: number }
  | { kind: 'unavailable' };

export class RateLimitService {
  private readonly commands: LimiterCommands;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly windowMs: number,
    /** Redis must answer within this many ms (RATE_LIMIT_TIMEOUT_MS), else the decision is `unavailable`. */
    private readonly deadlineMs: number,
  ) {
    redis.defineCommand('gatewayRateLimit', { numberOfKeys: 1, lua: LUA });
    this.commands = redis as unknown as LimiterCommands;
  }

  /** Counts one request for `subject` (e.g. `t:<token id>`) against `limit` requests per window. */
  async hit(subject: string, limit: number): Promise<RateLimitDecision> {
    let reply: [number, number];
    try {
      reply = await withDeadline(this.commands.gatewayRateLimit(`${this.keyPrefix}rl:${subject}`, this.windowMs), this.deadlineMs);
    } catch {
      return { kind: 'unavailable' };
    }
    const count = Number(reply?.[0]);
    const ttlMs = Number(reply?.[1]);
    if (!Number.isFinite(count) || !Number.isFinite(ttlMs)) return { kind: 'unavailable' };
    const resetSeconds = Math.max(1, Math.ceil(ttlMs / 1000));
    if (count > limit) return { kind: 'limited', limit, remaining: 0, resetSeconds };
    return { kind: 'allowed', limit, remaining: Math.max(0, limit - count), resetSeconds };
  }
}
