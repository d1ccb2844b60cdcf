/**
 * What the upload worker's consumers share: each work queue has two consumers, one of the work and one of its dead
 * letters, both declared with `eventConsumer` of @studio/amqp/consumer on the queue's declaration (work-queues.ts).
 * Each message is the domain-event envelope of the event that created the work. A body that is not such an envelope
 * (or lacks the data members the job reads) is logged and acked: it would never succeed, and dead-lettering it
 * would only hand it to the consumer of dead work. A job that throws goes back to the queue after `retryDelayMs`,
 * where the quorum queue counts it; at its delivery limit the message is dead-lettered and `failed` marks the work
 * failed, so every job ends in a terminal state.
 */
import { eventConsumer, type ConsumedEvent, type ConsumerDefinition, type DataMember, type EventQueue } from '@studio/amqp/consumer';
import type { EventType } from '@studio/contracts/events';
import type { Logger } from '@studio/logger';
import type { JobMetrics } from './job-metrics.js';
import type { WorkTopology } from './work-queues.js';

/** Wait before a failed job goes back to its queue, so a failing dependency is not hammered (ms). */
export const DEFAULT_RETRY_DELAY_MS = 1_000;

/** Messages of dead work taken at once: marking work failed is a quick write. */
const DEAD_LETTER_PREFETCH = 10;

/** What the worker (app.ts) builds the consumers of every work queue with. */
export interface WorkerContext {
  topology: WorkTopology;
  logger: Logger;
  retryDelayMs?: number;
  jobs: JobMetrics;
}

export interface WorkConsumersDeclaration<T extends EventType, M extends DataMember<T>> {
  /** Names the work consumer; its dead letters' consumer is `<name>-dead-letters`. */
  name: string;
  queue: EventQueue<T>;
  /** The data members the job reads (checked with the catalog's schema). */
  reads: readonly M[];
  /** Jobs run at once. */
  prefetch: number;
  logger: Logger;
  retryDelayMs?: number;
  /** Runs the job of one message; resolves once it reached a terminal state (the message is acked). */
  run(event: ConsumedEvent<T, M>): Promise<unknown>;
  /** Marks the work of a dead-lettered message failed. */
  failed(event: ConsumedEvent<T, M>): Promise<unknown>;
}

/** The consumer of a work queue and the consumer of its dead letters. */
export function workConsumers<T extends EventType, M extends DataMember<T>>(
  declaration: WorkConsumersDeclaration<T, M>,
): ConsumerDefinition[] {
  const { name, queue, reads, logger } = declaration;
  const common = { topology: queue, reads, logger, malformed: 'ack' } as const;
  return [
    eventConsumer({
      ...common,
      name,
      prefetch: declaration.prefetch,
      retryDelayMs: declaration.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
      handle: async (event) => {
        await declaration.run(event);
        return 'ack';
      },
    }),
    eventConsumer({
      ...common,
      name: `${name}-dead-letters`,
      consumes: 'dead_letters',
      prefetch: DEAD_LETTER_PREFETCH,
      retryDelayMs: DEFAULT_RETRY_DELAY_MS,
      handle: async (event) => {
        await declaration.failed(event);
        return 'ack';
      },
    }),
  ];
}
