/**
 * Redis connections for the gateway, configured to FAIL FAST so callers can fail closed:
 * - no offline queue: a command issued while disconnected (or mid-handshake) is rejected at once;
 * - a deadline per call (withDeadline, lag-tolerant) and a command timeout as a backstop, so a command Redis does
 *   not answer in time is rejected and never lingers;
 * - auto-pipelining: commands issued in the same tick share one write (one syscall instead of one each);
 * - a socket timeout: a connection that stops answering altogether (a hung server, a black-holed link)
 *   is destroyed, so the client reconnects instead of sitting on a dead socket forever;
 * - a retry strategy that never gives up, so service resumes by itself when Redis is back;
 * - unanswered commands are not re-sent after a reconnect (a limiter INCR must not count twice).
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '@studio/logger';

export interface RedisClientOptions {
  url: string;
  /**
   * The callers' deadline in ms (they wrap calls in withDeadline). ioredis' own command timeout is a backstop
   * at the socket teardown time, so no command lingers. Omit for the subscriber connection (SUBSCRIBE waits for a connection).
   */
  deadlineMs?: number;
  name: string;
  logger: Logger;
  /** The subscriber connection: SUBSCRIBE waits (queued) for a connection instead of failing fast. */
  subscriber?: boolean;
}

/** Reconnect quickly at first, then at most once a second. */
export const reconnectDelay = (attempt: number): number => Math.min(50 * 2 ** Math.min(attempt - 1, 5), 1000);

export function createRedisClient(opts: RedisClientOptions): Redis {
  const teardownMs = Math.max((opts.deadlineMs ?? 250) * 4, 1000);
  const options: RedisOptions = {
    connectionName: `studio-gateway-${opts.name}`,
    enableOfflineQueue: opts.subscriber ?? false,
    commandTimeout: opts.deadlineMs === undefined ? undefined : teardownMs,
    // A connection that stops answering is torn down after a few missed deadlines.
    socketTimeout: teardownMs,
    connectTimeout: teardownMs,
    maxRetriesPerRequest: opts.subscriber ? null : 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: reconnectDelay,
    // Handshake commands are bounded by socketTimeout too, so a stalled link never blocks readiness forever.
    enableReadyCheck: true,
    enableAutoPipelining: true,
  };
  const client = new Redis(opts.url, options);
  let healthy = false;
  client.on('ready', () => {
    if (!healthy) opts.logger.info({ redis: opts.name }, 'redis connected');
    healthy = true;
  });
  client.on('error', (err: Error) => {
    // Every failed reconnect attempt emits an error; log the transition, not each attempt.
    if (healthy) opts.logger.warn({ redis: opts.name, err: err.message }, 'redis connection lost');
    healthy = false;
  });
  client.on('close', () => {
    if (healthy) opts.logger.warn({ redis: opts.name }, 'redis connection closed');
    healthy = false;
  });
  return client;
}

export class DeadlineExceeded extends Error {
  constructor(ms: number) {
    super(`redis did not answer within ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/**
 * Rejects with DeadlineExceeded when `promise` has not settled `ms` after the call. Lag-tolerant: when the timer
 * fires, the answer may already be waiting in the socket (an event loop busy for longer than `ms` runs timers
 * before reading sockets), so the verdict is given after one more I/O poll (setImmediate). A genuinely slow
 * Redis is still refused at about `ms`; a busy gateway does not refuse requests Redis answered in time.
 */
export function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      setImmediate(() => {
        if (settled) return;
        settled = true;
        reject(new DeadlineExceeded(ms));
      });
    }, ms);
    promise.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** Resolves when the client is ready or `ms` passed (whichever first); never rejects. */
export function waitForReady(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    timer.unref();
    client.on('ready', onReady);
  });
}

/** Closes a client without throwing (QUIT when connected, otherwise a hard disconnect). */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // fall through
    }
  }
  client.disconnect(false);
}
