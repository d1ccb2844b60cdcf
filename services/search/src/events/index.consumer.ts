/**
 * The index consumer: durable quorum queue `search.index` (INDEX_QUEUE) bound to the catalog's event types search
 * applies (INDEXED_EVENT_TYPES) on the `studio.events` exchange, acked after the index transaction committed. It is
 * declared with `eventConsumer` of `@studio/amqp/consumer` (queue kind, delivery limit, dead-lettering, the one
 * envelope parser; set-up on every reconnect and after a broker cancel, prefetch, graceful stop).
 *
 * Failures:
 * - a malformed message (not JSON, bad envelope, data without a UUID `<type>_id` or with a bad `updated_at`) is
 *   dead-lettered at once to `search.index.dlq` (`<queue>.dlq`);
 * - the database being unreachable is not the message's fault: the handler keeps the message and retries it
 *   in process with backoff until the database answers (no redelivery is counted, nothing is lost);
 * - any other error requeues the message after a short backoff; the quorum queue counts deliveries and after
 *   MAX_DELIVERIES dead-letters it to `search.index.dlq`.
 * Unacked messages of a lost channel are redelivered by the broker and de-duplicated by event id.
 */
import { eventConsumer, pause, type ConsumerDefinition, type EventQueue } from '@studio/amqp/consumer';
import type { MetricsRegistry } from '@studio/amqp/metrics';
import type { Logger } from '@studio/logger';
import { counter, histogram } from '@studio/metrics';
import { INDEXED_EVENT_TYPES, InvalidEventError, type IndexedEventType, type IndexerService } from '../services/indexer.service.js';

export const INDEX_QUEUE = 'search.index';
export const dlqOf = (queue: string) => `${queue}.dlq`;
/** Deliveries of one message before the quorum queue dead-letters it (fixed: queue arguments cannot change). */
export const MAX_DELIVERIES = 5;

/** The index queue: quorum, MAX_DELIVERIES, dead-lettered through the default exchange to `<queue>.dlq`. */
export function indexQueue(queue = INDEX_QUEUE, expiresMs = 0): EventQueue<IndexedEventType> {
  return {
    queue,
    kind: 'quorum',
    deliveryLimit: MAX_DELIVERIES,
    events: INDEXED_EVENT_TYPES,
    deadLetter: { queue: dlqOf(queue) },
    expiresMs,
  };
}

export interface ConsumerMetrics {
  /** An event handled: its outcome, lag (event creation to applied) and how long applying it took. */
  processed(outcome: string, lagSeconds: number | null, applySeconds: number): void;
  failed(kind: 'invalid' | 'retry' | 'unavailable'): void;
}

/** The index consumer's counters and histograms on the process registry. */
export function indexConsumerMetrics(registry: MetricsRegistry): ConsumerMetrics {
  const events = counter(registry, {
    name: 'search_index_events_total',
    help: 'Domain events handled by the index consumer, by outcome',
    labelNames: ['outcome'] as const,
  });
  const lag = histogram(registry, {
    name: 'search_index_lag_seconds',
    help: 'Time from an event being created to it being applied to the index',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 60],
  });
  const apply = histogram(registry, {
    name: 'search_index_apply_duration_seconds',
    help: 'Duration of one indexing job (applying an event to the index), by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  });
  return {
    processed(outcome, lagSeconds, applySeconds) {
      events.inc({ outcome });
      apply.observe({ outcome }, applySeconds);
      if (lagSeconds !== null && outcome === 'applied') lag.observe(Math.max(0, lagSeconds));
    },
    failed(kind) {
      events.inc({ outcome: kind });
    },
  };
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
  /** The process registry: the index consumer's counters and histograms. */
  registry?: MetricsRegistry;
  /** Backoff of retries (ms): doubled up to 30 s while the database is unreachable, up to 5 s before a requeue. */
  retryBaseMs?: number;
}

/** The index consumer's definition, for `startConsumer` of @studio/amqp/consumer. */
export function indexConsumer(options: IndexConsumerOptions): ConsumerDefinition {
  const { indexer, logger } = options;
  const metrics = options.registry ? indexConsumerMetrics(options.registry) : undefined;
  const baseMs = options.retryBaseMs ?? 250;
  return eventConsumer({
    name: 'index',
    topology: indexQueue(options.queue, options.queueExpiresMs),
    prefetch: options.prefetch,
    malformed: 'dead_letter',
    logger,
    refused: () => metrics?.failed('invalid'),
    ignored: () => metrics?.processed('ignored', null, 0),
    retryDelayMs: (deliveries) => Math.min(5_000, baseMs * 2 ** Math.min(deliveries, 5)),
    async handle(envelope, delivery) {
      const routingKey = delivery.message.fields.routingKey;
      for (let attempt = 0; ; attempt++) {
        try {
          const started = process.hrtime.bigint();
          const { outcome, event } = await indexer.apply(envelope);
          const applySeconds = Number(process.hrtime.bigint() - started) / 1e9;
          metrics?.processed(outcome, event ? (Date.now() - event.createdAt.getTime()) / 1000 : null, applySeconds);
          if (outcome !== 'applied') logger.debug({ outcome, routingKey, eventId: event?.id }, 'index: event skipped');
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
    },
  });
}
