/**
 * What the upload worker's consumers share: each message of a work queue (or its dead-letter queue) is the
 * domain-event envelope of the event that created the work, read by `eventConsumer` of @studio/amqp/consumer. A
 * body that is not such an envelope (or lacks the data members the job reads) is logged and acked: it would never
 * succeed, and dead-lettering it would only hand it to the consumer of dead work. A `retry` (or a throw) goes back
 * to the queue after `retryDelayMs`, where the quorum queue counts it.
 */
import { eventConsumer, type ConsumerDefinition, type DataMember, type EventConsumerDeclaration } from '@studio/amqp/consumer';
import type { EventType } from '@studio/contracts/events';

/** Wait before a failed job goes back to its queue, so a failing dependency is not hammered (ms). */
export const DEFAULT_RETRY_DELAY_MS = 1_000;

export type WorkConsumerDeclaration<T extends EventType, M extends DataMember<T>> = Omit<
  EventConsumerDeclaration<T, M>,
  'malformed' | 'retryDelayMs'
> & { retryDelayMs?: number };

export function workConsumer<T extends EventType, M extends DataMember<T>>(declaration: WorkConsumerDeclaration<T, M>): ConsumerDefinition {
  return eventConsumer({ ...declaration, malformed: 'ack', retryDelayMs: declaration.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS });
}
