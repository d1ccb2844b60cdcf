/**
 * Per-key fixed-window rate limiter in Redis: one atomic script (EVALSHA) per key per batch. The window starts at
 * the key's first request: INCRBY, and PEXPIRE when the key was new; the reply is the count and the milliseconds
 * left. Any Redis failure (disconnected, erroring, slower than the deadline) is reported as `unavailable` so the
 * caller can refuse the request: the limiter FAILS CLOSED.
 *
 * Hits are coalesced per key for one turn of the event loop (setImmediate): the requests that arrive in the same
 * I/O poll (a busy integration's concurrent calls on one token) are counted with ONE `INCRBY n` and get the counts
 * count-n+1 .. count in their order of arrival, exactly what n separate INCRs in a row would have given them. Every
 * key of a batch is sent in the same tick, so auto-pipelining writes them together.
 *
 * Leases (issue 30's product decision, docs/decisions/0027-leased-rate-limit.md): a HOT key's command also takes a
 * few extra units that this replica then spends locally, without a round trip, until they run out or the window
 * ends. Leased units are counted in Redis when taken, spent or not, so no window ever admits more than the limit
 * across all replicas; the cost is refusing at most (replicas x lease) requests early. The lease follows the key's
 * recent rate (the hits it would bring in LEASE_HORIZON_MS), at most `leaseFraction` of its limit: a key making a
 * few requests a minute leases nothing and is counted exactly. Units are spent only before the window's end as
 * measured from the moment the command left (send time + the TTL Redis replied, never later than Redis' own end),
 * so none is spent in a window that did not count it. RateLimit-Remaining is the shared count less every leased
 * unit (conservative). Once a reply shows the window's budget gone, the key's hits are refused locally until the
 * window ends. No Redis, no lease: when a command fails, every lease is dropped and hits are refused (`unavailable`).
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

/** How far ahead a hot key's lease reaches: the hits its recent rate brings in this many ms. */
export const LEASE_HORIZON_MS = 50;
/** A key's rate is measured over at least this many hits: a client making a few calls in a row leases nothing. */
export const LEASE_MIN_HITS = 16;
/** A rate older than this is replaced by the one measured since, however few hits it counts. */
export const RATE_STALE_MS = 1000;
/**
 * No lease while fewer than this many leases' worth of the window's budget is left: the end of a budget is counted
 * exactly, so a single replica spending its budget to the last unit is never refused early.
 */
export const LEASE_TAIL = 4;
/** Keys tracked at most (a flood of one-off client addresses must not grow the map): the rest are counted exactly. */
export const MAX_TRACKED_KEYS = 10_000;

/** What this replica knows of one key: its lease, its commands in flight and its recent rate. */
interface KeyState {
  /** Leased units: counted in Redis, not yet spent here; void once the limiter's epoch moved past `epoch`. */
  units: number;
  epoch: number;
  /** performance.now() after which they must not be spent: when their command left plus the TTL Redis replied. */
  expiresAt: number;
  /** The window's shared count in the last reply (every replica's hits and leases), and the limit then. */
  count: number;
  limit: number;
  /** Units of the commands in flight (hits and leases), and whether one of them takes a lease. */
  inFlight: number;
  leasing: boolean;
  /** Hits (local and sent) since `since`, and the smoothed rate in hits per ms. */
  hitsSince: number;
  since: number;
  rate: number;
  /** performance.now() of the last hit (a key idle for a window is forgotten). */
  lastHitAt: number;
}

/** The decision for the hit that brought the window's count to `count`. */
export function decide(count: number, limit: number, resetSeconds: number): RateLimitDecision {
  if (count > limit) return { kind: 'limited', limit, remaining: 0, resetSeconds };
  return { kind: 'allowed', limit, remaining: Math.max(0, limit - count), resetSeconds };
}

/**
 * The decisions of `hits` (in arrival order) counted together by one INCRBY whose reply is `reply`, the command
 * having taken `leased` units more than the hits (they come after the hits: RateLimit-Remaining leaves them out);
 * all `unavailable` when the reply is not a pair of numbers.
 */
export function decideBatch(reply: unknown, limits: readonly number[], leased = 0): RateLimitDecision[] {
  const pair = reply as [unknown, unknown] | undefined;
  const count = Number(pair?.[0]);
  const ttlMs = Number(pair?.[1]);
  if (!Array.isArray(reply) || !Number.isFinite(count) || !Number.isFinite(ttlMs)) return limits.map(() => UNAVAILABLE);
  const resetSeconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const first = count - leased - limits.length + 1;
  return limits.map((limit, i) => {
    const d = decide(first + i, limit, resetSeconds);
    return d.kind === 'allowed' && leased > 0 ? { ...d, remaining: Math.max(0, d.remaining - leased) } : d;
  });
}

/**
 * The units a command should take beyond its `hits` for a key at `rate` hits per ms under `limit`, with `left` units
 * of the window's budget left before these hits (as far as this replica knows): the hits the next LEASE_HORIZON_MS
 * would bring, at most `fraction` of the limit in all (with the hits). None when that is less than two units (a slow
 * key, a small limit: counted exactly) or when less than LEASE_TAIL leases' worth of the budget is left.
 */
export function leaseSize(rate: number, hits: number, limit: number, fraction: number, left: number): number {
  const cap = Math.floor(limit * fraction);
  if (cap < 2 || left - hits < LEASE_TAIL * cap) return 0;
  return Math.max(0, Math.min(cap - hits, Math.floor(rate * LEASE_HORIZON_MS)));
}

/**
 * A key's rate (hits per ms) after `hits` more in `elapsedMs`, or null while that is too little to measure (fewer
 * than LEASE_MIN_HITS in under RATE_STALE_MS). Smoothed while the key is busy; a key measured after RATE_STALE_MS
 * (it went quiet) is taken at its new rate at once, so a formerly hot key does not go on leasing.
 */
export function nextRate(rate: number, hits: number, elapsedMs: number): number | null {
  if (elapsedMs >= RATE_STALE_MS) return hits / elapsedMs;
  if (hits < LEASE_MIN_HITS || elapsedMs < 1) return null;
  const measured = hits / elapsedMs;
  return rate === 0 ? measured : (rate + measured) / 2;
}

/** The units of a batch's reply left for the lease: those of the `leased` that are still within the limit. */
export function leasedWithinLimit(reply: unknown, limit: number, leased: number): number {
  const count = Number((reply as [unknown] | undefined)?.[0]);
  if (!Number.isFinite(count)) return 0;
  return Math.max(0, Math.min(leased, limit - (count - leased)));
}

export interface RateLimitOptions {
  /** Redis must answer within this many ms (RATE_LIMIT_TIMEOUT_MS), else the decision is `unavailable`. */
  deadlineMs: number;
  /** A lease is at most this fraction of a key's limit (RATE_LIMIT_LEASE_PERCENT / 100); 0 counts every hit in Redis. */
  leaseFraction: number;
}

export class RateLimitService {
  private readonly commands: LimiterCommands;
  /** Hits waiting for this turn's flush, by Redis key, in arrival order. */
  private pending = new Map<string, Hit[]>();
  private flushScheduled = false;
  /** Leases and rates, by Redis key; keys idle for a window are swept. */
  private readonly keys = new Map<string, KeyState>();
  /** Moves on when a command fails: every lease taken before is void (fail-closed), without visiting each key. */
  private epoch = 0;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly windowMs: number,
    private readonly options: RateLimitOptions,
  ) {
    redis.defineCommand('gatewayRateLimitBatch', { numberOfKeys: 1, lua: LUA });
    this.commands = redis as unknown as LimiterCommands;
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, windowMs)).unref();
  }

  /** Counts one request for `subject` (e.g. `t:<token id>`) against `limit` requests per window. */
  hit(subject: string, limit: number): Promise<RateLimitDecision> {
    const key = `${this.keyPrefix}rl:${subject}`;
    const now = performance.now();
    let state = this.keys.get(key);
    if (state === undefined && this.options.leaseFraction > 0 && this.keys.size < MAX_TRACKED_KEYS) {
      state = {
        units: 0,
        epoch: this.epoch,
        expiresAt: 0,
        count: 0,
        limit,
        inFlight: 0,
        leasing: false,
        hitsSince: 0,
        since: now,
        rate: 0,
        lastHitAt: now,
      };
      this.keys.set(key, state);
    }
    if (state !== undefined) {
      state.hitsSince++;
      state.lastHitAt = now;
      if (now < state.expiresAt && state.limit === limit) {
        const resetSeconds = Math.max(1, Math.ceil((state.expiresAt - now) / 1000));
        if (state.units > 0 && state.epoch === this.epoch) {
          state.units--;
          return Promise.resolve({ kind: 'allowed', limit, remaining: Math.max(0, limit - state.count), resetSeconds });
        }
        // The window's budget is gone (the count never goes down in a window): refused without a round trip.
        if (state.count >= limit) return Promise.resolve({ kind: 'limited', limit, remaining: 0, resetSeconds });
      }
    }
    return new Promise((resolve) => {
      const hits = this.pending.get(key);
      if (hits) hits.push({ limit, resolve });
      else this.pending.set(key, [{ limit, resolve }]);
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(this.flush);
      }
    });
  }

  /** Stops the sweeper (the process is ending). */
  close(): void {
    clearInterval(this.sweeper);
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    const now = performance.now();
    for (const [key, hits] of batch) this.send(key, hits, now);
  };

  /** The lease the command for `hits` on a tracked key takes (one leasing command in flight per key). */
  private leaseFor(state: KeyState, hits: number, limit: number, now: number): number {
    const rate = nextRate(state.rate, state.hitsSince, now - state.since);
    if (rate !== null) {
      state.rate = rate;
      state.hitsSince = 0;
      state.since = now;
    }
    if (state.leasing) return 0;
    // What this replica knows is left: the last reply's count if its window is still on, less what is in flight.
    const left = limit - (now < state.expiresAt ? state.count : 0) - state.inFlight;
    return leaseSize(state.rate, hits, limit, this.options.leaseFraction, left);
  }

  private send(key: string, hits: Hit[], now: number): void {
    const settle = (decisions: RateLimitDecision[]) => {
      for (let i = 0; i < hits.length; i++) hits[i]!.resolve(decisions[i]!);
    };
    const limit = hits[hits.length - 1]!.limit;
    const state = this.keys.get(key);
    const leased = state === undefined ? 0 : this.leaseFor(state, hits.length, limit, now);
    const units = hits.length + leased;
    let reply: Promise<[number, number]>;
    try {
      reply = withDeadline(this.commands.gatewayRateLimitBatch(key, this.windowMs, units), this.options.deadlineMs);
    } catch {
      this.failed(hits, settle);
      return;
    }
    if (state !== undefined) {
      state.inFlight += units;
      if (leased > 0) state.leasing = true;
    }
    const landed = () => {
      if (state === undefined) return;
      state.inFlight -= units;
      if (leased > 0) state.leasing = false;
    };
    reply.then(
      (r) => {
        landed();
        const decisions = decideBatch(
          r,
          hits.map((h) => h.limit),
          leased,
        );
        if (state !== undefined && decisions[0]!.kind !== 'unavailable') this.keep(state, r, limit, leased, now);
        settle(decisions);
      },
      () => {
        landed();
        this.failed(hits, settle);
      },
    );
  }

  /**
   * Keeps the units of a reply's lease. Spent only before the window ends as seen from when the command left
   * (`sentAt` + the TTL Redis replied): Redis' own end is no earlier. A reply in the window of the lease on hand
   * adds to it; one in a new window replaces it.
   */
  private keep(state: KeyState, reply: [number, number], limit: number, leased: number, sentAt: number): void {
    const count = Number(reply[0]);
    const expiresAt = sentAt + Number(reply[1]);
    const granted = leasedWithinLimit(reply, limit, leased);
    const now = performance.now();
    if (state.epoch !== this.epoch) {
      state.units = 0;
      state.epoch = this.epoch;
    }
    if (now < state.expiresAt && state.limit === limit) {
      state.units += granted;
      state.count = Math.max(state.count, count);
      state.expiresAt = Math.max(state.expiresAt, expiresAt);
    } else {
      state.units = granted;
      state.count = count;
      state.expiresAt = expiresAt;
      state.limit = limit;
    }
  }

  /** Redis did not answer: these hits are refused, and so is every hit until it answers again (no lease is spent). */
  private failed(hits: Hit[], settle: (decisions: RateLimitDecision[]) => void): void {
    this.epoch++;
    settle(hits.map(() => UNAVAILABLE));
  }

  /** Forgets the keys that saw no hit for a window (their lease, taken before the last hit, is over too). */
  private sweep(): void {
    const now = performance.now();
    for (const [key, state] of this.keys) if (now - state.lastHitAt >= this.windowMs && state.inFlight === 0) this.keys.delete(key);
  }
}
