/**
 * The upload service's RabbitMQ work queues: their names and declarations (kind, delivery limit, dead-lettering). The
 * worker's consumers of them are declared with them (work.consumer.ts, photo.consumer.ts, cull.consumer.ts).
 *
 * Topology (declared with `assertEventQueue` of @studio/amqp/consumer, idempotently, by the API process before it
 * publishes and by each of the worker's consumers; `upload` is the default queue prefix):
 *   studio.events --photo.uploaded--> upload.derivatives   (quorum, delivery limit, dead-letters to upload.work.dlx)
 *   studio.events --ai_job.queued---> upload.ai-jobs       (same)
 *   upload.work.dlx --derivatives--> upload.derivatives.dlq ; --ai-jobs--> upload.ai-jobs.dlq
 *
 * Quorum queues are replicated and count deliveries: a message whose job keeps crashing the worker is
 * dead-lettered after DELIVERY_LIMIT deliveries instead of looping forever; the dead-letter consumers then mark
 * the photo or job failed, so every job ends in a terminal state. Messages are acked only after the job's
 * outcome is committed; a worker that dies mid-job leaves the message unacked and the broker redelivers it.
 */
import type { AmqpConnection } from '@studio/amqp';
import { assertEventQueue, type EventQueue } from '@studio/amqp/consumer';
import type { EventType } from '@studio/contracts/events';
import { EVENT_TYPE } from './domain-events.js';

/** Deliveries of one message before the broker dead-letters it (a fixed part of the queue's declaration). */
export const DELIVERY_LIMIT = 5;

export interface WorkTopology {
  dlx: string;
  derivatives: EventQueue<typeof EVENT_TYPE.photoUploaded>;
  aiJobs: EventQueue<typeof EVENT_TYPE.aiJobQueued>;
}

/**
 * Queue names under `prefix` (default `upload`). Each deployment (and each local stack or test) has its own
 * queues bound to the shared events exchange, so it gets its own copy of every work event; a worker that sees
 * another deployment's event finds no such photo or job and acks it. `expiresMs`: queue TTL when unused (no
 * consumer); 0 = never (production).
 */
export function workTopology(prefix = 'upload', expiresMs = 0): WorkTopology {
  const dlx = `${prefix}.work.dlx`;
  const workQueue = <T extends EventType>(name: string, type: T): EventQueue<T> => ({
    queue: `${prefix}.${name}`,
    kind: 'quorum',
    deliveryLimit: DELIVERY_LIMIT,
    events: [type],
    deadLetter: { queue: `${prefix}.${name}.dlq`, exchange: { name: dlx, routingKey: name } },
    expiresMs,
  });
  return { dlx, derivatives: workQueue('derivatives', EVENT_TYPE.photoUploaded), aiJobs: workQueue('ai-jobs', EVENT_TYPE.aiJobQueued) };
}

/** Declares the topology on a short-lived channel of `amqp` (the work queues, their bindings and dead letters). */
export async function declareWorkTopology(amqp: AmqpConnection, t: WorkTopology): Promise<void> {
  const ch = await amqp.model.createChannel();
  try {
    for (const queue of [t.derivatives, t.aiJobs]) await assertEventQueue(ch, queue);
  } finally {
    await ch.close().catch(() => undefined);
  }
}

/** Deletes the queues and the dead-letter exchange (tests). */
export async function deleteWorkTopology(amqp: AmqpConnection, t: WorkTopology): Promise<void> {
  const ch = await amqp.model.createChannel();
  try {
    for (const queue of [t.derivatives, t.aiJobs]) {
      await ch.deleteQueue(queue.queue);
      await ch.deleteQueue(queue.deadLetter.queue);
    }
    await ch.deleteExchange(t.dlx);
  } finally {
    await ch.close().catch(() => undefined);
  }
}
