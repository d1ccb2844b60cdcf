/**
 * Per-key fixed-window rate limiter in Redis: one atomic script (EVALSHA) per key per batch. The window starts at
 * the key's first request: INCRBY, and PEXPIRE when the key was new; the reply is the count and the milliseconds
 * left. Any Redis failure (disconnected, erroring, slower than the deadline) is reported as `unavailable` so the
 * caller can refuse the request: the limiter FAILS CLOSED.
 *
 * Hits are coalesced per key for one turn of the event loop (setImmediate): the requests that arrive in the same
 * I/O poll (a busy integration's concurrent calls on one token) are counted with ONE `INCRBY n` and get the counts
 * count-n+1 .. count in their order of arrival, exactly what n separate INCRs in a row would have given them. So the
 * limit stays exact across replicas while a hot token costs one command and one reply per poll instead of one per
 * request (issue 15: ioredis and its socket writes were ~14% of the gateway's CPU per request). Every key of a
 * batch is sent in the same tick, so auto-pipelining writes them together. A hit waits at most for the rest of the
 * current poll before its command leaves.
 */
import type { Redis } from 'ioredis';
import { withDeadline } from './redis.client.js';

const LUA = `
local n = tonumber(ARGV[2])
local count = redis.call('INCRBY', KEYS[1], n)
if count == n then
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
  gatewayRateLimitBatch(key: string, windowMs: number, hits: number): Promise<[number, number]>;
}

export type RateLimitDecision =
  | { kind: 'allowed'; limit: number; remaining: number; resetSeconds: number }
  | { kind: 'limited'; limit: number; remaining: 0; resetSeconds: number }
  | { kind: 'unavailable' };

const UNAVAILABLE: RateLimitDecision = { kind: 'unavailable' };

interface Hit {
  limit: number;
  resolve: (decision: RateLimitDecision) => void;
}

/** The decision for the hit that brought the window's count to `count`. */
export function decide(count: number, limit: number, resetSeconds: number): RateLimitDecision {
  if (count > limit) return { kind: 'limited', limit, remaining: 0, resetSeconds };
  return { kind: 'allowed', limit, remaining: Math.max(0, limit - count), resetSeconds };
}

/**
 * The decisions of `hits` (in arrival order) counted together by one INCRBY whose reply is `reply`; all
 * `unavailable` when the reply is not a pair of numbers.
 */
export function decideBatch(reply: unknown, limits: readonly number[]): RateLimitDecision[] {
  const pair = reply as [unknown, unknown] | undefined;
  const count = Number(pair?.[0]);
  const ttlMs = Number(pair?.[1]);
  if (!Array.isArray(reply) || !Number.isFinite(count) || !Number.isFinite(ttlMs)) return limits.map(() => UNAVAILABLE);
  const resetSeconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const first = count - limits.length + 1;
  return limits.map((limit, i) => decide(first + i, limit, resetSeconds));
}

export class RateLimitService {
  private readonly commands: LimiterCommands;
  /** Hits waiting for this turn's flush, by Redis key, in arrival order. */
  private pending = new Map<string, Hit[]>();
  private flushScheduled = false;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly windowMs: number,
    /** Redis must answer within this many ms (RATE_LIMIT_TIMEOUT_MS), else the decision is `unavailable`. */
    private readonly deadlineMs: number,
  ) {
    redis.defineCommand('gatewayRateLimitBatch', { numberOfKeys: 1, lua: LUA });
    this.commands = redis as unknown as LimiterCommands;
  }

  /** Counts one request for `subject` (e.g. `t:<token id>`) against `limit` requests per window. */
  hit(subject: string, limit: number): Promise<RateLimitDecision> {
    return new Promise((resolve) => {
      const key = `${this.keyPrefix}rl:${subject}`;
      const hits = this.pending.get(key);
      if (hits) hits.push({ limit, resolve });
      else this.pending.set(key, [{ limit, resolve }]);
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(this.flush);
      }
    });
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    for (const [key, hits] of batch) this.send(key, hits);
  };

  private send(key: string, hits: Hit[]): void {
    const settle = (decisions: RateLimitDecision[]) => {
      for (let i = 0; i < hits.length; i++) hits[i]!.resolve(decisions[i]!);
    };
    let reply: Promise<[number, number]>;
    try {
      reply = withDeadline(this.commands.gatewayRateLimitBatch(key, this.windowMs, hits.length), this.deadlineMs);
    } catch {
      settle(hits.map(() => UNAVAILABLE));
      return;
    }
    reply.then(
      (r) =>
        settle(
          decideBatch(
            r,
            hits.map((h) => h.limit),
          ),
        ),
      () => settle(hits.map(() => UNAVAILABLE)),
    );
  }
}
