/**
 * The upload service's RabbitMQ work queues and a small competing-consumer runner.
 *
 * Topology (declared idempotently by the API process before it publishes, and by the worker; `upload` is the
 * default queue prefix):
 *   studio.events --photo.uploaded--> upload.derivatives   (quorum, delivery limit, dead-letters to upload.work.dlx)
 *   studio.events --ai_job.queued---> upload.ai-jobs       (same)
 *   upload.work.dlx --derivatives--> upload.derivatives.dlq ; --ai-jobs--> upload.ai-jobs.dlq
 *
 * Quorum queues are replicated and count deliveries: a message whose job keeps crashing the worker is
 * dead-lettered after DELIVERY_LIMIT deliveries instead of looping forever; the dead-letter consumers then mark
 * the photo or job failed, so every job ends in a terminal state. Messages are acked only after the job's
 * outcome is committed; a worker that dies mid-job leaves the message unacked and the broker redelivers it.
 */
import type { Channel, ConsumeMessage } from 'amqplib';
import { EVENTS_EXCHANGE, assertTopology, type AmqpConnection, type EventEnvelope } from '@studio/amqp';
import { consumerObserver, type ConsumerObserver } from '@studio/amqp/metrics';
import type { Logger } from '@studio/logger';
import { EVENT_TYPE } from './domain-events.js';

/** Deliveries of one message before the broker dead-letters it (a fixed part of the queue's declaration). */
export const DELIVERY_LIMIT = 5;

export interface WorkQueueSpec {
  queue: string;
  deadQueue: string;
  /** Routing key of the event that creates the work. */
  eventType: string;
  deadKey: string;
}

export interface WorkTopology {
  dlx: string;
  derivatives: WorkQueueSpec;
  aiJobs: WorkQueueSpec;
  /** Queue TTL when unused (no consumer), ms; 0 = never (production). */
  expiresMs: number;
}

/**
 * Queue names under `prefix` (default `upload`). Each deployment (and each local stack or test) has its own
 * queues bound to the shared events exchange, so it gets its own copy of every work event; a worker that sees
 * another deployment's event finds no such photo or job and acks it.
 */
export function workTopology(prefix = 'upload', expiresMs = 0): WorkTopology {
  return {
    dlx: `${prefix}.work.dlx`,
    derivatives: { queue: `${prefix}.derivatives`, deadQueue: `${prefix}.derivatives.dlq`, eventType: EVENT_TYPE.photoUploaded, deadKey: 'derivatives' },
    aiJobs: { queue: `${prefix}.ai-jobs`, deadQueue: `${prefix}.ai-jobs.dlq`, eventType: EVENT_TYPE.aiJobQueued, deadKey: 'ai-jobs' },
    expiresMs,
  };
}

/** Declares the exchange, both work queues, their bindings and dead-letter queues. Idempotent. */
export async function assertWorkTopology(ch: Channel, t: WorkTopology): Promise<void> {
  await assertTopology(ch);
  await ch.assertExchange(t.dlx, 'direct', { durable: true });
  const expires = t.expiresMs > 0 ? { 'x-expires': t.expiresMs } : {};
  for (const spec of [t.derivatives, t.aiJobs]) {
    await ch.assertQueue(spec.queue, {
      durable: true,
      arguments: {
        'x-queue-type': 'quorum',
        'x-delivery-limit': DELIVERY_LIMIT,
        'x-dead-letter-exchange': t.dlx,
        'x-dead-letter-routing-key': spec.deadKey,
        ...expires,
      },
    });
    await ch.bindQueue(spec.queue, EVENTS_EXCHANGE, spec.eventType);
    await ch.assertQueue(spec.deadQueue, { durable: true, arguments: { 'x-queue-type': 'quorum', ...expires } });
    await ch.bindQueue(spec.deadQueue, t.dlx, spec.deadKey);
  }
}

/** Declares the topology on a short-lived channel of `amqp`. */
export async function declareWorkTopology(amqp: AmqpConnection, t: WorkTopology): Promise<void> {
  const ch = await amqp.model.createChannel();
  try {
    await assertWorkTopology(ch, t);
  } finally {
    await ch.close().catch(() => undefined);
  }
}

/** Deletes the queues and the dead-letter exchange (tests). */
export async function deleteWorkTopology(amqp: AmqpConnection, t: WorkTopology): Promise<void> {
  const ch = await amqp.model.createChannel();
  try {
    for (const spec of [t.derivatives, t.aiJobs]) {
      await ch.deleteQueue(spec.queue);
      await ch.deleteQueue(spec.deadQueue);
    }
    await ch.deleteExchange(t.dlx);
  } finally {
    await ch.close().catch(() => undefined);
  }
}

/** What a handler decides: the job reached a terminal state (ack), or it should be tried again later. */
export type Outcome = 'ack' | 'retry';

export interface WorkMessage<D> {
  envelope: EventEnvelope<D>;
  /** 0 on the first delivery, 1.. on redeliveries (quorum queues count them). */
  deliveryCount: number;
  raw: ConsumeMessage;
}

export interface ConsumerOptions<D> {
  amqp: AmqpConnection;
  topology: WorkTopology;
  queue: string;
  prefetch: number;
  logger: Logger;
  handle: (msg: WorkMessage<D>) => Promise<Outcome>;
  /** Wait before a `retry` nack so a failing dependency is not hammered, ms. */
  retryDelayMs?: number;
  /** Consumer lag and the access-log line per message; without it messages still continue the publisher's trace. */
  observer?: ConsumerObserver;
}

export interface WorkConsumer {
  /** Jobs being handled right now. */
  inFlight(): number;
  /** True while a consumer is attached to the broker. */
  isConsuming(): boolean;
  /** Stops taking messages, waits for the jobs in hand to finish and be acked, closes the channel. */
  stop(): Promise<void>;
}

function parseEnvelope<D>(msg: ConsumeMessage): EventEnvelope<D> | null {
  try {
    const parsed = JSON.parse(msg.content.toString('utf8')) as EventEnvelope<D>;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.id !== 'string' || !parsed.data) return null;
    return parsed;
  } catch {
    return null;
  }
}

/**
 * Runs `handle` for each message of `queue` with at most `prefetch` in hand. The consumer is re-attached
 * after every reconnect of the recovering connection. Unparseable messages are acked and logged (they would
 * never succeed); a throw counts as `retry`.
 */
export function startWorkConsumer<D>(opts: ConsumerOptions<D>): WorkConsumer {
  const { amqp, queue, logger } = opts;
  const retryDelayMs = opts.retryDelayMs ?? 1_000;
  const observer = opts.observer ?? consumerObserver({});
  let channel: Channel | null = null;
  let consumerTag: string | null = null;
  let stopping = false;
  let inFlight = 0;
  let idle: (() => void) | null = null;

  const settle = (ch: Channel, msg: ConsumeMessage, outcome: Outcome) => {
    try {
      if (outcome === 'ack') ch.ack(msg);
      else ch.nack(msg, false, true);
    } catch (err) {
      // The channel closed under us: the broker redelivers the message; handlers are idempotent.
      logger.warn({ err: (err as Error).message, queue }, 'could not settle a message; it will be redelivered');
    }
  };

  const onMessage = (ch: Channel) => (msg: ConsumeMessage | null) => {
    if (!msg) {
      logger.warn({ queue }, 'consumer cancelled by the broker');
      consumerTag = null;
      return;
    }
    inFlight += 1;
    // The job runs in the publisher's trace (a new span of it): its logs and the events it writes carry it on.
    const consumption = observer.start(queue, msg);
    void consumption.run(async () => {
      let outcome: Outcome = 'retry';
      const envelope = parseEnvelope<D>(msg);
      try {
        if (!envelope) {
          logger.error({ queue, message_id: msg.properties.messageId }, 'unparseable work message; dropping it');
          outcome = 'ack';
        } else {
          consumption.lag(envelope.created_at);
          const deliveryCount = Number((msg.properties.headers ?? {})['x-delivery-count'] ?? (msg.fields.redelivered ? 1 : 0)) || 0;
          outcome = await opts.handle({ envelope, deliveryCount, raw: msg });
        }
      } catch (err) {
        logger.warn({ err, queue, event_id: envelope?.id }, 'job failed; it will be retried');
        outcome = 'retry';
      }
      if (outcome === 'retry' && !stopping) await new Promise((r) => setTimeout(r, retryDelayMs));
      settle(ch, msg, outcome);
      consumption.done(outcome === 'ack' ? 'acked' : 'requeued', { event_id: envelope?.id, event_type: envelope?.type });
      inFlight -= 1;
      if (inFlight === 0 && idle) idle();
    });
  };

  const attach = async () => {
    if (stopping) return;
    try {
      const ch = await amqp.model.createChannel();
      ch.on('error', (err: Error) => logger.warn({ err: err.message, queue }, 'work channel error'));
      ch.on('close', () => {
        if (channel === ch) {
          channel = null;
          consumerTag = null;
        }
      });
      await assertWorkTopology(ch, opts.topology);
      await ch.prefetch(opts.prefetch);
      const { consumerTag: tag } = await ch.consume(queue, onMessage(ch), { noAck: false });
      channel = ch;
      consumerTag = tag;
      logger.info({ queue, prefetch: opts.prefetch }, 'consuming');
    } catch (err) {
      logger.warn({ err: (err as Error).message, queue }, 'could not start consuming; waiting for the broker');
    }
  };

  amqp.model.on('connect', () => void attach());
  if (amqp.isConnected()) void attach();

  return {
    inFlight: () => inFlight,
    isConsuming: () => channel !== null && consumerTag !== null,
    async stop() {
      stopping = true;
      const ch = channel;
      if (ch && consumerTag) await ch.cancel(consumerTag).catch(() => undefined);
      if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
      if (ch) await ch.close().catch(() => undefined);
      channel = null;
    },
  };
}
