/**
 * The leased rate limiter (issue 30, decision 0027) against real Redis, as two gateway replicas run it: two
 * RateLimitService instances, each on its own Redis connection, sharing the keys. Under concurrent load from both,
 * no window admits more than the limit; the early refusals stay within replicas x lease; leases really cut the round
 * trips; a slow key is counted exactly; a lease is never spent in a window that did not count it.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@studio/testkit';
import { createLogger } from '@studio/logger';
import { closeRedis, createRedisClient, waitForReady } from '../src/services/redis.client.js';
import { RateLimitService } from '../src/services/rate-limit.service.js';
import { deleteKeys } from './support/harness.js';

const logger = createLogger({ service: 'test', level: 'silent' });
const prefix = `gwtest:${randomBytes(6).toString('hex')}:`;

interface Replica {
  redis: Redis;
  limiter: RateLimitService;
  /** Commands this replica sent to Redis (one per key per batch). */
  commands: () => number;
}

/** A replica's limiter on a connection of its own, counting the commands it sends. */
async function replica(windowMs: number, leaseFraction: number): Promise<Replica> {
  const redis = createRedisClient({ url: testConfig.TEST_REDIS_URL, deadlineMs: 1000, name: 'main', logger });
  await waitForReady(redis, 5000);
  let commands = 0;
  // The limiter sees the client through a proxy that counts its calls of the script (the client is untouched).
  const counted = new Proxy(redis, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === 'gatewayRateLimitBatch')
        return (...args: unknown[]) => {
          commands++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const limiter = new RateLimitService(counted, prefix, windowMs, { deadlineMs: 1000, leaseFraction });
  return { redis, limiter, commands: () => commands };
}

/**
 * `workers` concurrent callers on each replica hit `subject` until `attempts` hits were made in all or `until`
 * (performance.now()) passes, optionally pausing `pauseMs` between hits; returns each allowed hit's time.
 */
async function load(
  replicas: Replica[],
  subject: string,
  limit: number,
  opts: { workers: number; attempts?: number; until?: number; pauseMs?: number },
): Promise<{ allowed: number[]; refused: number; unavailable: number }> {
  const allowed: number[] = [];
  let refused = 0;
  let unavailable = 0;
  let made = 0;
  const more = () => (opts.attempts === undefined || made < opts.attempts) && (opts.until === undefined || performance.now() < opts.until);
  const worker = async (r: Replica) => {
    while (more()) {
      made++;
      const d = await r.limiter.hit(subject, limit);
      if (d.kind === 'allowed') allowed.push(performance.now());
      else if (d.kind === 'limited') refused++;
      else unavailable++;
      if (opts.pauseMs) await new Promise((res) => setTimeout(res, opts.pauseMs));
    }
  };
  await Promise.all(replicas.flatMap((r) => Array.from({ length: opts.workers }, () => worker(r))));
  return { allowed, refused, unavailable };
}

describe('leased rate limit across two replicas (real Redis)', () => {
  let a: Replica;
  let b: Replica;
  let shortA: Replica;
  let shortB: Replica;
  let exactA: Replica;
  let exactB: Replica;
  let observer: Redis;
  const FRACTION = 0.02;

  beforeAll(async () => {
    [a, b, shortA, shortB, exactA, exactB] = await Promise.all([
      replica(30_000, FRACTION),
      replica(30_000, FRACTION),
      replica(1000, 0.1),
      replica(1000, 0.1),
      replica(30_000, 0),
      replica(30_000, 0),
    ]);
    observer = createRedisClient({ url: testConfig.TEST_REDIS_URL, deadlineMs: 1000, name: 'observer', logger });
    await waitForReady(observer, 5000);
  });
  afterAll(async () => {
    for (const r of [a, b, shortA, shortB, exactA, exactB]) {
      r?.limiter.close();
      if (r) await closeRedis(r.redis);
    }
    if (observer) await closeRedis(observer);
    await deleteKeys(prefix);
  });

  it('admits no more than the limit in a window under concurrent load on both, and refuses at most 2 leases early', async () => {
    const limit = 2000;
    const lease = Math.floor(limit * FRACTION);
    const before = a.commands() + b.commands();
    const run = await load([a, b], 't:hot', limit, { workers: 2, attempts: 3 * limit });
    const commands = a.commands() + b.commands() - before;
    expect(run.unavailable).toBe(0);
    expect(run.allowed.length).toBeLessThanOrEqual(limit);
    expect(run.allowed.length).toBeGreaterThanOrEqual(limit - 2 * lease);
    expect(run.allowed.length + run.refused).toBe(3 * limit);
    // Leased units are counted in Redis, spent or not: the shared count is at least what was admitted.
    expect(Number(await observer.get(`${prefix}rl:t:hot`))).toBeGreaterThanOrEqual(run.allowed.length);

    // The same load counted exactly (no lease) admits exactly the limit, with far more round trips.
    const exactBefore = exactA.commands() + exactB.commands();
    const exact = await load([exactA, exactB], 't:hot-exact', limit, { workers: 2, attempts: 3 * limit });
    const exactCommands = exactA.commands() + exactB.commands() - exactBefore;
    expect(exact.allowed.length).toBe(limit);
    expect(commands).toBeLessThan(exactCommands / 4);
    console.log(
      `[lease] ${run.allowed.length} of ${limit} admitted with leases (${commands} commands for ${3 * limit} hits); ` +
        `${exact.allowed.length} without (${exactCommands} commands)`,
    );
  });

  it('counts a slow key exactly: every hit is one unit in Redis, and RateLimit-Remaining goes down by one', async () => {
    const remaining: number[] = [];
    for (let i = 0; i < 12; i++) {
      const d = await (i % 2 === 0 ? a : b).limiter.hit('t:slow', 600);
      if (d.kind !== 'allowed') throw new Error(`hit ${i} was ${d.kind}`);
      remaining.push(d.remaining);
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(remaining).toEqual(Array.from({ length: 12 }, (_, i) => 599 - i));
    expect(Number(await observer.get(`${prefix}rl:t:slow`))).toBe(12);
  });

  it('never spends a lease in a later window: a burst after a window ended admits at most the limit', async () => {
    // Windows of 1 s. A hot burst half the budget long ends with leased units unspent; once its window has ended,
    // a burst of three times the budget must find none of them: the new window admits at most the limit.
    const limit = 300;
    const key = `${prefix}rl:t:bursts`;
    const expired = async () => {
      for (let i = 0; i < 100 && (await observer.exists(key)) === 1; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await observer.exists(key)).toBe(0);
    };
    for (let round = 0; round < 3; round++) {
      const half = await load([shortA, shortB], 't:bursts', limit, { workers: 2, attempts: limit / 2 });
      expect(half.allowed.length, `round ${round}: half a budget`).toBe(limit / 2);
      // Leases were taken: Redis counted more than was spent.
      expect(Number(await observer.get(key)), `round ${round}`).toBeGreaterThan(limit / 2);
      await expired();
      const full = await load([shortA, shortB], 't:bursts', limit, { workers: 2, attempts: 3 * limit });
      expect(full.unavailable).toBe(0);
      expect(full.allowed.length, `round ${round}: the next window`).toBeLessThanOrEqual(limit);
      expect(full.refused).toBeGreaterThan(0);
      await expired();
    }
  });

  it('under continuous load across window ends, admits no more than the limit per window Redis opened', async () => {
    const limit = 200;
    const key = `${prefix}rl:t:continuous`;
    // The observer watches the key's TTL: each jump up is a new window.
    let windows = 0;
    let lastTtl = -2;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const ttl = await observer.pttl(key);
        if (ttl > 0 && ttl > lastTtl) windows++;
        lastTtl = ttl;
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const run = await load([shortA, shortB], 't:continuous', limit, { workers: 8, until: performance.now() + 3500, pauseMs: 1 });
    watching = false;
    await watch;
    expect(run.unavailable).toBe(0);
    expect(windows).toBeGreaterThanOrEqual(3);
    expect(windows).toBeLessThanOrEqual(5);
    expect(run.allowed.length).toBeLessThanOrEqual(limit * windows);
    expect(run.refused).toBeGreaterThan(0);
  });
});
