/**
 * The index consumer: durable quorum queue `search.index` (INDEX_QUEUE) bound to `<type>.created|updated|deleted` on the
 * `studio.events` exchange, manual ack after the index transaction committed.
 *
 * Failures:
 * - a malformed message (not JSON, bad envelope) is rejected without requeue and dead-lettered at once to
 *   `search.index.dlq` (`<queue>.dlq`);
 * - the database being unreachable is not the message's fault: the consumer keeps the message and retries it
 *   in process with backoff until the database answers (no redelivery is counted, nothing is lost);
 * - any other error requeues the message after a short backoff; the quorum queue counts deliveries and after
 *   MAX_DELIVERIES dead-letters it to `search.index.dlq`.
 * On reconnect to the broker the topology and the consumer are set up again; unacked messages are redelivered
 * by the broker and de-duplicated by event id.
 */
import type { Channel, ConsumeMessage } from 'amqplib';
import { EVENTS_EXCHANGE, assertTopology, type AmqpConnection } from '@studio/amqp';
import { consumerObserver, type ConsumerObserver } from '@studio/amqp/metrics';
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

const CONNECTIVITY_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '53300']);
const CONNECTIVITY_RE = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Connection terminated|connection (is )?closed|Can't reach database|server closed the connection|terminating connection|the database system is (starting|shutting) down|too many clients|timeout exceeded when trying to connect|Timed out fetching a new connection|Unable to start a transaction/i;

/** True for errors that mean "the database is not reachable right now" rather than "this message is bad". */
export function isConnectivityError(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const o = e as { code?: unknown; message?: unknown; cause?: unknown; meta?: unknown; originalCode?: unknown; kind?: unknown };
    if (typeof o.code === 'string' && (CONNECTIVITY_CODES.has(o.code) || o.code.startsWith('08'))) return true;
    if (typeof o.originalCode === 'string' && (CONNECTIVITY_CODES.has(o.originalCode) || o.originalCode.startsWith('08'))) return true;
    if (typeof o.message === 'string' && CONNECTIVITY_RE.test(o.message)) return true;
    e = o.cause ?? o.meta;
  }
  return false;
}

export interface IndexConsumerOptions {
  amqp: AmqpConnection;
  indexer: IndexerService;
  logger: Logger;
  prefetch: number;
  /** Queue name (default search.index). */
  queue?: string;
  /** x-expires of the queues (0: never). */
  queueExpiresMs?: number;
  metrics?: ConsumerMetrics;
  /** Consumer lag and the access-log line per message; without it messages still continue the publisher's trace. */
  observer?: ConsumerObserver;
  /** Backoff of in-process retries while the database is unreachable (ms, doubled up to 30 s). */
  retryBaseMs?: number;
}

export interface IndexConsumer {
  /** Resolves once the consumer is attached (or immediately when the broker is down; it attaches on connect). */
  ready(): Promise<void>;
  isConsuming(): boolean;
  /** Stops taking messages and waits for the ones in hand. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startIndexConsumer(opts: IndexConsumerOptions): IndexConsumer {
  const { amqp, indexer, logger } = opts;
  const baseMs = opts.retryBaseMs ?? 250;
  const queue = opts.queue ?? INDEX_QUEUE;
  const observer = opts.observer ?? consumerObserver({});
  let stopping = false;
  let channel: Channel | null = null;
  let consumerTag: string | null = null;
  const inFlight = new Set<Promise<void>>();
  let attaching: Promise<void> | null = null;

  const handle = async (ch: Channel, msg: ConsumeMessage): Promise<void> => {
    // The event is indexed in the publisher's trace (a new span of it).
    const consumption = observer.start(queue, msg);
    const type = msg.fields.routingKey;
    await consumption.run(async () => {
      let raw: unknown;
      try {
        raw = JSON.parse(msg.content.toString('utf8'));
      } catch {
        logger.warn({ routingKey: msg.fields.routingKey }, 'index: message is not JSON; dead-lettered');
        opts.metrics?.failed('invalid');
        ch.nack(msg, false, false);
        consumption.done('dead_lettered', { event_type: type });
        return;
      }
      consumption.lag((raw as { created_at?: string } | null)?.created_at);
      for (let attempt = 0; ; attempt++) {
        try {
          const started = process.hrtime.bigint();
          const { outcome, event } = await indexer.apply(raw);
          const applySeconds = Number(process.hrtime.bigint() - started) / 1e9;
          const lag = event ? (Date.now() - event.createdAt.getTime()) / 1000 : null;
          opts.metrics?.processed(outcome, lag, applySeconds);
          if (outcome !== 'applied') logger.debug({ outcome, routingKey: msg.fields.routingKey, eventId: event?.id }, 'index: event skipped');
          ch.ack(msg);
          consumption.done(outcome, { event_id: event?.id, event_type: type });
          return;
        } catch (err) {
          if (err instanceof InvalidEventError) {
            logger.warn({ routingKey: msg.fields.routingKey, reason: err.message }, 'index: invalid event; dead-lettered');
            opts.metrics?.failed('invalid');
            ch.nack(msg, false, false);
            consumption.done('dead_lettered', { event_type: type });
            return;
          }
          if (isConnectivityError(err) && !stopping) {
            opts.metrics?.failed('unavailable');
            const wait = Math.min(30_000, baseMs * 2 ** Math.min(attempt, 7));
            logger.warn({ err: (err as Error).message, wait }, 'index: database unavailable; retrying the event');
            await sleep(wait);
            continue;
          }
          const deliveries = Number(msg.properties.headers?.['x-delivery-count'] ?? 0);
          logger.error({ err, routingKey: msg.fields.routingKey, deliveries }, 'index: event failed; requeued');
          opts.metrics?.failed('retry');
          await sleep(Math.min(5_000, baseMs * 2 ** Math.min(deliveries, 5)));
          ch.nack(msg, false, true);
          consumption.done('requeued', { event_type: type });
          return;
        }
      }
    });
  };

  const attach = async (): Promise<void> => {
    if (stopping || !amqp.isConnected()) return;
    const ch = await amqp.model.createChannel();
    ch.on('error', (err: Error) => logger.warn({ err: err.message }, 'index: channel error'));
    ch.on('close', () => {
      if (channel === ch) {
        channel = null;
        consumerTag = null;
      }
    });
    await assertIndexTopology(ch, queue, opts.queueExpiresMs ?? 0);
    await ch.prefetch(opts.prefetch);
    const { consumerTag: tag } = await ch.consume(queue, (msg) => {
      if (!msg) return; // consumer cancelled by the broker; re-attached on reconnect
      const p = handle(ch, msg).catch((err) => logger.error({ err }, 'index: handler crashed'));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    });
    channel = ch;
    consumerTag = tag;
    logger.info({ queue, prefetch: opts.prefetch }, 'index consumer attached');
  };

  const reattach = () => {
    attaching = attach().catch((err) => logger.warn({ err: (err as Error).message }, 'index: could not attach consumer'));
  };
  amqp.model.on('connect', reattach);
  reattach();

  return {
    ready: async () => {
      await attaching;
    },
    isConsuming: () => consumerTag !== null,
    async stop() {
      stopping = true;
      amqp.model.off('connect', reattach);
      await attaching;
      const ch = channel;
      if (ch && consumerTag) await ch.cancel(consumerTag).catch(() => undefined);
      await Promise.allSettled([...inFlight]);
      if (ch) await ch.close().catch(() => undefined);
      channel = null;
      consumerTag = null;
    },
  };
}
