/**
 * Fan-out: the durable queue `webhooks.fanout` is bound to `studio.events` for the 28 public event types only.
 * Each event becomes one delivery per ACTIVE endpoint of its workspace subscribed to its type, idempotent on
 * (event id, endpoint), so a redelivered message creates nothing new. Messages are acknowledged after the
 * deliveries are committed. Messages are batched: while one insert runs, the next batch gathers (up to prefetch).
 *
 * A message that is not a valid envelope goes to `<queue>.dlq` (dead-lettered). A database failure keeps the
 * message unacknowledged and retries with backoff, so an outage delays events and never drops them. The consumer
 * itself (set-up, reconnect, broker cancel, graceful stop) is the one of @studio/amqp/consumer.
 */
import client from 'prom-client';
import { z } from 'zod';
import type { Channel } from 'amqplib';
import { EVENTS_EXCHANGE, assertTopology } from '@studio/amqp';
import type { ConsumerDefinition, Delivery, HandlerAnswer } from '@studio/amqp/consumer';
import type { MetricsRegistry } from '@studio/amqp/metrics';
import type { Logger } from '@studio/logger';
import { traceparentOf } from '@studio/trace';
import type { DeliveryStore, FanoutEvent } from '../store/delivery.store.js';
import { serializeEnvelope } from '../services/envelope.js';
import { isPublicEventType, PUBLIC_EVENT_TYPES } from '@studio/contracts/events';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const envelopeSchema = z.object({
  id: z
    .string()
    .regex(UUID_RE)
    .transform((s) => s.toLowerCase()),
  type: z.string().min(1).max(100),
  created_at: z.iso.datetime({ offset: true }),
  workspace_id: z
    .string()
    .regex(UUID_RE)
    .transform((s) => s.toLowerCase()),
  api_version: z.string().regex(/^\d{4}-\d{2}$/),
  data: z.record(z.string(), z.unknown()),
});

/** Turns a message body into the delivery payload, or explains why it cannot be one. */
export function parseEnvelope(
  content: Buffer,
): { ok: true; event: FanoutEvent; createdAt: string } | { ok: false; reason: string } | { ok: 'ignore' } {
  let json: unknown;
  try {
    json = JSON.parse(content.toString('utf8'));
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `not an event envelope: ${parsed.error.issues[0]?.path.join('.') ?? ''}` };
  const e = parsed.data;
  if (!isPublicEventType(e.type)) return { ok: 'ignore' }; // internal-only types are never delivered
  // Exactly the public envelope, in the documented member order; nothing internal leaks to subscribers.
  const payload = serializeEnvelope(e);
  return { ok: true, event: { id: e.id, type: e.type, workspaceId: e.workspace_id, payload }, createdAt: e.created_at };
}

export interface FanoutConsumerOptions {
  store: Pick<DeliveryStore, 'fanOut'>;
  logger: Logger;
  queue: string;
  /** x-expires of the queues (0: never), for per-stack development and test queues. */
  queueExpiresMs?: number;
  prefetch: number;
  /** Largest batch for one insert. */
  maxBatch?: number;
  /** The process registry: fan-out counters. */
  registry?: MetricsRegistry;
}

/** Declares the queue, its dead-letter queue and the 28 bindings. Idempotent. */
export async function assertFanoutTopology(ch: Channel, queue: string, expiresMs = 0): Promise<void> {
  await assertTopology(ch);
  const dlq = `${queue}.dlq`;
  const expiry = expiresMs > 0 ? { 'x-expires': expiresMs } : {};
  await ch.assertQueue(dlq, { durable: true, arguments: { ...expiry } });
  await ch.assertQueue(queue, { durable: true, arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': dlq, ...expiry } });
  for (const type of PUBLIC_EVENT_TYPES) await ch.bindQueue(queue, EVENTS_EXCHANGE, type);
}

/** The answer of a message whose deliveries were committed. */
export const FANNED_OUT: HandlerAnswer = { outcome: 'ack', logAs: 'fanned_out' };

export interface FanoutBatcherOptions {
  store: Pick<DeliveryStore, 'fanOut'>;
  logger: Logger;
  /** Largest batch for one insert. */
  maxBatch: number;
  /** A batch was committed: its events and the deliveries created. */
  committed?(events: number, deliveries: number): void;
}

export interface FanoutBatcher {
  /** Resolves with FANNED_OUT once the event's deliveries are committed, or `retry` once its message was given up. */
  add(event: FanoutEvent, delivery: Pick<Delivery, 'context' | 'signal'>): Promise<HandlerAnswer>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * Gathers events while an insert runs and inserts them in batches of at most `maxBatch`, in arrival order. A failed
 * insert is retried with backoff (100 ms doubling to 5 s); the events of a message given up meanwhile (the consumer
 * is stopping, or the message's channel is gone and the broker redelivers it) leave the batch with `retry`.
 */
export function fanoutBatcher(options: FanoutBatcherOptions): FanoutBatcher {
  const { store, logger, maxBatch } = options;
  let pending: { event: FanoutEvent; delivery: Pick<Delivery, 'context' | 'signal'>; answer(a: HandlerAnswer): void }[] = [];
  let batching = false;

  const runBatches = async () => {
    let failures = 0;
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      try {
        const rows = batch.map(({ event, delivery }) => ({
          ...event,
          traceparent: traceparentOf(delivery.context),
          requestId: delivery.context.requestId,
        }));
        const created = await store.fanOut(rows);
        pending = pending.slice(batch.length);
        failures = 0;
        options.committed?.(batch.length, created);
        for (const entry of batch) entry.answer(FANNED_OUT);
      } catch (err) {
        failures++;
        logger.warn({ err: (err as Error).message, batch: batch.length }, 'fan-out: insert failed; retrying');
        for (const entry of pending) if (entry.delivery.signal.aborted) entry.answer('retry');
        pending = pending.filter((entry) => !entry.delivery.signal.aborted);
        if (pending.length > 0) await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
      }
    }
    batching = false;
  };

  return {
    add(event, delivery) {
      return new Promise((answer) => {
        pending.push({ event, delivery, answer });
        if (!batching) {
          batching = true;
          void runBatches();
        }
      });
    },
  };
}

/** The fan-out consumer's definition, for `startConsumer` of @studio/amqp/consumer. */
export function fanoutConsumer(options: FanoutConsumerOptions): ConsumerDefinition {
  const { logger, queue } = options;
  const registers = options.registry ? [options.registry] : [];
  const eventsTotal = new client.Counter({
    name: 'webhook_fanout_events_total',
    help: 'Events taken from the fan-out queue by outcome',
    labelNames: ['result'] as const,
    registers,
  });
  const createdTotal = new client.Counter({
    name: 'webhook_fanout_deliveries_created_total',
    help: 'Deliveries created by the fan-out',
    registers,
  });
  const batcher = fanoutBatcher({
    store: options.store,
    logger,
    maxBatch: options.maxBatch ?? 500,
    committed(events, deliveries) {
      createdTotal.inc(deliveries);
      eventsTotal.inc({ result: 'fanned_out' }, events);
    },
  });
  return {
    name: 'fanout',
    queue,
    prefetch: options.prefetch,
    declare: (channel) => assertFanoutTopology(channel, queue, options.queueExpiresMs),
    async handle(delivery) {
      const { message } = delivery;
      const parsed = parseEnvelope(message.content);
      if (parsed.ok === 'ignore') {
        eventsTotal.inc({ result: 'ignored' });
        return { outcome: 'ack', logAs: 'ignored' };
      }
      if (parsed.ok === false) {
        logger.warn(
          { reason: parsed.reason, message_id: message.properties.messageId },
          'fan-out: poison message sent to the dead-letter queue',
        );
        eventsTotal.inc({ result: 'dead_lettered' });
        return 'dead_letter';
      }
      delivery.lag(parsed.createdAt);
      delivery.describe({ event_id: parsed.event.id, event_type: parsed.event.type });
      return batcher.add(parsed.event, delivery);
    },
  };
}
