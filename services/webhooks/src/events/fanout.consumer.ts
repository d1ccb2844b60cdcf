/**
 * Fan-out: the durable classic queue `webhooks.fanout` is bound to `studio.events` for the 28 public event types only.
 * Each event becomes one delivery per ACTIVE endpoint of its workspace subscribed to its type, idempotent on
 * (event id, endpoint), so a redelivered message creates nothing new. Messages are acknowledged after the
 * deliveries are committed. Messages are batched: while one insert runs, the next batch gathers (up to prefetch).
 *
 * A message that is not a valid envelope goes to `<queue>.dlq` (dead-lettered). A database failure keeps the
 * message unacknowledged and retries with backoff, so an outage delays events and never drops them. The consumer is
 * declared with `eventConsumer` of @studio/amqp/consumer (queue, envelope parser, set-up, reconnect, broker cancel,
 * graceful stop).
 */
import {
  eventConsumer,
  type ConsumedEvent,
  type ConsumerDefinition,
  type Delivery,
  type EventQueue,
  type HandlerAnswer,
} from '@studio/amqp/consumer';
import type { MetricsRegistry } from '@studio/amqp/metrics';
import type { Logger } from '@studio/logger';
import { counter } from '@studio/metrics';
import { traceparentOf } from '@studio/trace';
import type { DeliveryStore, FanoutEvent } from '../store/delivery.store.js';
import { serializeEnvelope } from '../services/envelope.js';
import { PUBLIC_EVENT_TYPES, type PublicEventType } from '@studio/contracts/events';

/** The delivery payload of an event: exactly the public envelope, in the documented member order. */
export function fanoutEvent(envelope: ConsumedEvent<PublicEventType>): FanoutEvent {
  const payload = serializeEnvelope(envelope);
  return { id: envelope.id, type: envelope.type, workspaceId: envelope.workspace_id, payload };
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

/**
 * The fan-out queue: classic (no delivery limit: a message is retried until its deliveries are committed),
 * dead-lettered through the default exchange to `<queue>.dlq`, bound to the 28 public types.
 */
export function fanoutQueue(queue: string, expiresMs = 0): EventQueue<PublicEventType> {
  return { queue, kind: 'classic', events: PUBLIC_EVENT_TYPES, deadLetter: { queue: `${queue}.dlq` }, expiresMs };
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
  const eventsTotal = counter(options.registry, {
    name: 'webhook_fanout_events_total',
    help: 'Events taken from the fan-out queue by outcome',
    labelNames: ['result'] as const,
  });
  const createdTotal = counter(options.registry, {
    name: 'webhook_fanout_deliveries_created_total',
    help: 'Deliveries created by the fan-out',
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
  return eventConsumer({
    name: 'fanout',
    topology: fanoutQueue(queue, options.queueExpiresMs),
    prefetch: options.prefetch,
    malformed: 'dead_letter',
    logger,
    refused: () => eventsTotal.inc({ result: 'dead_lettered' }),
    ignored: () => eventsTotal.inc({ result: 'ignored' }),
    handle: (envelope, delivery) => batcher.add(fanoutEvent(envelope), delivery),
  });
}
