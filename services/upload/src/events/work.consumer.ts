/**
 * What the upload worker's consumers share: each message of a work queue (or its dead-letter queue) is the
 * domain-event envelope of the event that created the work. `workConsumer` turns a handler of that envelope into a
 * definition for the one consumer of @studio/amqp/consumer: a body that is not an envelope is logged and acked (it
 * would never succeed), the envelope's id and type name the access-log line, its created_at gives the lag, and a
 * `retry` (or a throw) goes back to the queue after `retryDelayMs`, where the quorum queue counts it.
 */
import type { EventEnvelope } from '@studio/amqp';
import type { ConsumerDefinition, Outcome } from '@studio/amqp/consumer';
import type { Logger } from '@studio/logger';
import { assertWorkTopology, type WorkTopology } from './work-queues.js';

/** Wait before a failed job goes back to its queue, so a failing dependency is not hammered (ms). */
export const DEFAULT_RETRY_DELAY_MS = 1_000;

export interface WorkConsumerOptions<D> {
  name: string;
  /** One of the topology's queues. */
  queue: string;
  topology: WorkTopology;
  prefetch: number;
  logger: Logger;
  retryDelayMs?: number;
  /** Runs the job of one message: `ack` once it reached a terminal state, `retry` to try again later. */
  handle(envelope: EventEnvelope<D>): Promise<Outcome>;
}

/** The envelope in a message body, or null when the body is not one. */
export function parseWorkEnvelope<D>(content: Buffer): EventEnvelope<D> | null {
  try {
    const parsed = JSON.parse(content.toString('utf8')) as EventEnvelope<D>;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.id !== 'string' || !parsed.data) return null;
    return parsed;
  } catch {
    return null;
  }
}

export function workConsumer<D>(options: WorkConsumerOptions<D>): ConsumerDefinition {
  const { queue, logger } = options;
  return {
    name: options.name,
    queue,
    prefetch: options.prefetch,
    declare: (channel) => assertWorkTopology(channel, options.topology),
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
    async handle(delivery) {
      const envelope = parseWorkEnvelope<D>(delivery.message.content);
      if (!envelope) {
        logger.error({ queue, message_id: delivery.message.properties.messageId }, 'unparseable work message; dropping it');
        return 'ack';
      }
      delivery.describe({ event_id: envelope.id, event_type: envelope.type });
      delivery.lag(envelope.created_at);
      return options.handle(envelope);
    },
  };
}
