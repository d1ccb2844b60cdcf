/**
 * The upload service's RabbitMQ work queues: their names and topology. The worker's consumers of them run on the one
 * consumer of @studio/amqp/consumer (work.consumer.ts, photo.consumer.ts, cull.consumer.ts).
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
import type { Channel } from 'amqplib';
import { EVENTS_EXCHANGE, assertTopology, type AmqpConnection } from '@studio/amqp';
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
    derivatives: {
      queue: `${prefix}.derivatives`,
      deadQueue: `${prefix}.derivatives.dlq`,
      eventType: EVENT_TYPE.photoUploaded,
      deadKey: 'derivatives',
    },
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
