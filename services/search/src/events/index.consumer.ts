/**
 * The index consumer: durable quorum queue `search.index` (INDEX_QUEUE) bound to `<type>.created|updated|deleted` on the
 * `studio.events` exchange, acked after the index transaction committed. It runs on the one consumer of
 * `@studio/amqp/consumer` (set-up on every reconnect and after a broker cancel, prefetch, graceful stop).
 *
 * Failures:
 * - a malformed message (not JSON, bad envelope) is dead-lettered at once to `search.index.dlq` (`<queue>.dlq`);
 * - the database being unreachable is not the message's fault: the handler keeps the message and retries it
 *   in process with backoff until the database answers (no redelivery is counted, nothing is lost);
 * - any other error requeues the message after a short backoff; the quorum queue counts deliveries and after
 *   MAX_DELIVERIES dead-letters it to `search.index.dlq`.
 * Unacked messages of a lost channel are redelivered by the broker and de-duplicated by event id.
 */
import type { Channel } from 'amqplib';
import { EVENTS_EXCHANGE, assertTopology } from '@studio/amqp';
import { pause, type ConsumerDefinition, type Delivery, type HandlerAnswer } from '@studio/amqp/consumer';
import type { Logger } from '@studio/logger';
import { INDEX_ROUTING_KEYS, InvalidEventError, type IndexerService } from '../services/indexer.service.js';

export const INDEX_QUEUE = 'search.index';
export const dlqOf = (queue: string) => `${queue}.dlq`;
/** Deliveries of one message before the quorum queue dead-letters it (fixed: queue arguments cannot change). */
export const MAX_DELIVERIES = 5;

export interface ConsumerMetrics {
  /** An event handled: its outcome, lag (event creation to applied) and how long applying it took. */
  processed(outcome: string, lagSeconds: number | null, applySeconds: number): void;
  failed(kind: 'invalid' | 'retry' | 'unavailable'): void;
}

/** Declares the exchange, the dead-letter queue, the index queue and its bindings. Idempotent. */
export async function assertIndexTopology(ch: Channel, queue = INDEX_QUEUE, expiresMs = 0): Promise<void> {
  await assertTopology(ch);
  const expires = expiresMs > 0 ? { 'x-expires': expiresMs } : {};
  await ch.assertQueue(dlqOf(queue), { durable: true, arguments: { 'x-queue-type': 'quorum', ...expires } });
  await ch.assertQueue(queue, {
    durable: true,
    arguments: {
      'x-queue-type': 'quorum',
      'x-delivery-limit': MAX_DELIVERIES,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': dlqOf(queue),
      ...expires,
    },
  });
  for (const key of INDEX_ROUTING_KEYS) await ch.bindQueue(queue, EVENTS_EXCHANGE, key);
}

const CONNECTIVITY_CODES = new Set([
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const CONNECTIVITY_RE =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Connection terminated|connection (is )?closed|Can't reach database|server closed the connection|terminating connection|the database system is (starting|shutting) down|too many clients|timeout exceeded when trying to connect|Timed out fetching a new connection|Unable to start a transaction/i;

/** True for errors that mean "the database is not reachable right now" rather than "this message is bad". */
export function isConnectivityError(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const failure = e as { code?: unknown; message?: unknown; cause?: unknown; meta?: unknown; originalCode?: unknown; kind?: unknown };
    if (typeof failure.code === 'string' && (CONNECTIVITY_CODES.has(failure.code) || failure.code.startsWith('08'))) return true;
    if (typeof failure.originalCode === 'string' && (CONNECTIVITY_CODES.has(failure.originalCode) || failure.originalCode.startsWith('08')))
      return true;
    if (typeof failure.message === 'string' && CONNECTIVITY_RE.test(failure.message)) return true;
    e = failure.cause ?? failure.meta;
  }
  return false;
}

export interface IndexConsumerOptions {
  indexer: IndexerService;
  logger: Logger;
  prefetch: number;
  /** Queue name (default search.index). */
  queue?: string;
  /** x-expires of the queues (0: never). */
  queueExpiresMs?: number;
  metrics?: ConsumerMetrics;
  /** Backoff of retries (ms): doubled up to 30 s while the database is unreachable, up to 5 s before a requeue. */
  retryBaseMs?: number;
}

/** The index consumer's definition, for `startConsumer` of @studio/amqp/consumer. */
export function indexConsumer(options: IndexConsumerOptions): ConsumerDefinition {
  const { indexer, logger, metrics } = options;
  const baseMs = options.retryBaseMs ?? 250;
  const queue = options.queue ?? INDEX_QUEUE;

  const handle = async (delivery: Delivery): Promise<HandlerAnswer> => {
    const routingKey = delivery.message.fields.routingKey;
    delivery.describe({ event_type: routingKey });
    let raw: unknown;
    try {
      raw = JSON.parse(delivery.message.content.toString('utf8'));
    } catch {
      logger.warn({ routingKey }, 'index: message is not JSON; dead-lettered');
      metrics?.failed('invalid');
      return 'dead_letter';
    }
    delivery.lag((raw as { created_at?: string } | null)?.created_at);
    for (let attempt = 0; ; attempt++) {
      try {
        const started = process.hrtime.bigint();
        const { outcome, event } = await indexer.apply(raw);
        const applySeconds = Number(process.hrtime.bigint() - started) / 1e9;
        metrics?.processed(outcome, event ? (Date.now() - event.createdAt.getTime()) / 1000 : null, applySeconds);
        if (outcome !== 'applied') logger.debug({ outcome, routingKey, eventId: event?.id }, 'index: event skipped');
        delivery.describe({ event_id: event?.id });
        return { outcome: 'ack', logAs: outcome };
      } catch (err) {
        if (err instanceof InvalidEventError) {
          logger.warn({ routingKey, reason: err.message }, 'index: invalid event; dead-lettered');
          metrics?.failed('invalid');
          return 'dead_letter';
        }
        if (isConnectivityError(err) && !delivery.signal.aborted) {
          metrics?.failed('unavailable');
          const wait = Math.min(30_000, baseMs * 2 ** Math.min(attempt, 7));
          logger.warn({ err: (err as Error).message, wait }, 'index: database unavailable; retrying the event');
          await pause(wait, delivery.signal);
          continue;
        }
        logger.error({ err, routingKey, deliveries: delivery.deliveryCount }, 'index: event failed; requeued');
        metrics?.failed('retry');
        return 'retry';
      }
    }
  };

  return {
    name: 'index',
    queue,
    prefetch: options.prefetch,
    declare: (channel) => assertIndexTopology(channel, queue, options.queueExpiresMs ?? 0),
    handle,
    retryDelayMs: (deliveries) => Math.min(5_000, baseMs * 2 ** Math.min(deliveries, 5)),
  };
}
