/**
 * The one way to declare a consumer of domain events (like Immich's `@OnJob`): a declaration names its queue, the
 * event types of the catalog (@studio/contracts/events) it is bound to, the queue's kind (quorum with its delivery
 * limit, or classic) and its dead-lettering; `eventConsumer` turns it into a `ConsumerDefinition` of ./consumer.ts.
 *
 * - Topology: the queue, its dead-letter queue (of the same kind) and one binding per event type on `studio.events`;
 *   the routing keys are the catalog's type names, so a type the catalog does not declare does not compile. The
 *   queue arguments are exactly what the declaration says (a redeclare with other arguments fails with
 *   PRECONDITION_FAILED, so they are part of the deployed contract: change them only with a new queue).
 * - Envelopes: every message is read by `parseEnvelope` (./envelope.ts). A body that is not an envelope, or whose
 *   `reads` members do not parse with the catalog's data schema of its type, is refused with a reason: logged once,
 *   then dead-lettered or acked as the declaration says (`malformed`), never thrown. An envelope of a type the
 *   consumer is not declared for is acked as `ignored`. The handler gets the envelope with `type` narrowed to the
 *   declared types and the `reads` members typed and checked.
 * - Observation: the envelope's id and type name the access-log line and the span (`event_type` is the routing key
 *   until the body is read), its created_at gives the consumer lag.
 */
import type { Channel } from 'amqplib';
import { z } from 'zod';
import { EVENT_CATALOG, type EventData, type EventType } from '@studio/contracts/events';
import type { ConsumerDefinition, Delivery, HandlerAnswer } from './consumer.js';
import { parseEnvelope } from './envelope.js';
import { assertTopology, EVENTS_EXCHANGE, type EventEnvelope } from './index.js';
import type { Logger } from '@studio/logger';

/**
 * The queue's kind. A quorum queue is replicated and counts deliveries: at `deliveryLimit` it dead-letters the
 * message instead of redelivering it. A classic queue counts none (a consumer that retries forever keeps it).
 */
export type QueueKind = { kind: 'quorum'; deliveryLimit: number } | { kind: 'classic' };

export interface DeadLettering {
  /** The dead-letter queue, declared with the queue's kind (no delivery limit, no dead-lettering of its own). */
  queue: string;
  /**
   * A direct exchange the queue dead-letters to, the dead-letter queue bound to it under `routingKey`. Without it
   * the queue dead-letters through the default exchange straight to `queue`.
   */
  exchange?: { name: string; routingKey: string };
}

/** A queue bound to event types of the catalog, its kind and its dead-lettering. */
export type EventQueue<T extends EventType = EventType> = QueueKind & {
  queue: string;
  /** The event types bound to the queue on `studio.events` (their names are the routing keys). */
  events: readonly T[];
  deadLetter: DeadLettering;
  /** x-expires of both queues, ms (per-stack development and test queues); 0 or absent: never. */
  expiresMs?: number;
};

/** The data members of the types T that all of them carry. */
export type DataMember<T extends EventType> = keyof EventData<T> & string;

/** An event handed to a handler: the envelope, its type one of the declared ones, its `reads` members checked. */
export type ConsumedEvent<T extends EventType, M extends DataMember<T> = never> = Omit<EventEnvelope, 'type' | 'data'> & {
  type: T;
  data: Readonly<Record<string, unknown>> & Pick<EventData<T>, M>;
};

export interface EventConsumerDeclaration<T extends EventType, M extends DataMember<T> = never> {
  /** Names the consumer in log lines. */
  name: string;
  topology: EventQueue<T>;
  /** Consume the queue (default) or its dead-letter queue (a consumer of dead work). */
  consumes?: 'queue' | 'dead_letters';
  /** Messages held unacknowledged (and handled concurrently) at once. */
  prefetch: number;
  /** See ConsumerDefinition.retryDelayMs. */
  retryDelayMs?: ConsumerDefinition['retryDelayMs'];
  /** What becomes of a refused message: dead-lettered, or acked (dropped: it would never succeed). */
  malformed: 'dead_letter' | 'ack';
  /** The data members the handler reads: checked with the catalog's data schema of the event's type. */
  reads?: readonly M[];
  logger: Logger;
  handle(event: ConsumedEvent<T, M>, delivery: Delivery): Promise<HandlerAnswer>;
  /** A message was refused (the consumer's own counters). */
  refused?(reason: string): void;
  /** An envelope of a type the consumer is not declared for was acked. */
  ignored?(type: string): void;
}

/** The answer to an envelope of a type the consumer is not declared for. */
export const IGNORED: HandlerAnswer = { outcome: 'ack', logAs: 'ignored' };

const expiry = (q: EventQueue) => (q.expiresMs && q.expiresMs > 0 ? { 'x-expires': q.expiresMs } : {});

/** The arguments the queue is declared with. */
export function queueArguments(q: EventQueue): Record<string, unknown> {
  const quorum = q.kind === 'quorum' ? { 'x-queue-type': 'quorum', 'x-delivery-limit': q.deliveryLimit } : {};
  return {
    ...quorum,
    'x-dead-letter-exchange': q.deadLetter.exchange?.name ?? '',
    'x-dead-letter-routing-key': q.deadLetter.exchange?.routingKey ?? q.deadLetter.queue,
    ...expiry(q),
  };
}

/** The arguments its dead-letter queue is declared with. */
export function deadLetterQueueArguments(q: EventQueue): Record<string, unknown> {
  return { ...(q.kind === 'quorum' ? { 'x-queue-type': 'quorum' } : {}), ...expiry(q) };
}

/** Declares the events exchange, the queue, its dead-letter queue (and exchange) and its bindings. Idempotent. */
export async function assertEventQueue(channel: Channel, q: EventQueue): Promise<void> {
  await assertTopology(channel);
  const { exchange } = q.deadLetter;
  if (exchange) await channel.assertExchange(exchange.name, 'direct', { durable: true });
  await channel.assertQueue(q.deadLetter.queue, { durable: true, arguments: deadLetterQueueArguments(q) });
  if (exchange) await channel.bindQueue(q.deadLetter.queue, exchange.name, exchange.routingKey);
  await channel.assertQueue(q.queue, { durable: true, arguments: queueArguments(q) });
  for (const type of q.events) await channel.bindQueue(q.queue, EVENTS_EXCHANGE, type);
}

/** A message body read as an event of the declared types: the event, `ignored`, or why it is refused. */
export type ReadEvent<T extends EventType, M extends DataMember<T>> =
  | { ok: true; event: ConsumedEvent<T, M> }
  | { ok: 'ignored'; type: string }
  | { ok: false; reason: string };

/** Reads a message body for a consumer of `events` that reads the data members `reads`. */
export function readEvent<T extends EventType, M extends DataMember<T> = never>(
  content: Buffer,
  events: readonly T[],
  reads: readonly M[] = [],
): ReadEvent<T, M> {
  const parsed = parseEnvelope(content);
  if (!parsed.ok) return parsed;
  const { envelope } = parsed;
  if (!(events as readonly string[]).includes(envelope.type)) return { ok: 'ignored', type: envelope.type };
  const type = envelope.type as T;
  let data = envelope.data;
  if (reads.length > 0) {
    const members = membersSchema(type, reads);
    const checked = members.safeParse(data);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return { ok: false, reason: `data.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
    }
    data = { ...data, ...checked.data };
  }
  return { ok: true, event: { ...envelope, type, data } as ConsumedEvent<T, M> };
}

const membersSchemas = new Map<string, z.ZodObject>();

/** The catalog's schemas of the members `reads` of `type`'s data, as a (non-strict) object. */
function membersSchema(type: EventType, reads: readonly string[]): z.ZodObject {
  const key = `${type}:${reads.join(',')}`;
  let schema = membersSchemas.get(key);
  if (!schema) {
    const shape = EVENT_CATALOG[type].data.shape as Record<string, z.ZodType>;
    schema = z.object(Object.fromEntries(reads.map((member) => [member, shape[member] ?? z.never()])));
    membersSchemas.set(key, schema);
  }
  return schema;
}

/** The consumer definition (for `startConsumer`) of a declaration. */
export function eventConsumer<T extends EventType, M extends DataMember<T> = never>(
  declaration: EventConsumerDeclaration<T, M>,
): ConsumerDefinition {
  const { topology, logger } = declaration;
  const queue = declaration.consumes === 'dead_letters' ? topology.deadLetter.queue : topology.queue;
  const where = { consumer: declaration.name, queue };
  return {
    name: declaration.name,
    queue,
    prefetch: declaration.prefetch,
    retryDelayMs: declaration.retryDelayMs,
    declare: (channel) => assertEventQueue(channel, topology),
    async handle(delivery) {
      const { message } = delivery;
      delivery.describe({ event_type: message.fields.routingKey });
      const read = readEvent(message.content, topology.events, declaration.reads);
      if (read.ok === false) {
        const refused = declaration.malformed === 'dead_letter' ? 'dead-lettered' : 'dropped';
        logger.warn(
          { ...where, reason: read.reason, message_id: message.properties.messageId, routing_key: message.fields.routingKey },
          `malformed message; ${refused}`,
        );
        declaration.refused?.(read.reason);
        return declaration.malformed;
      }
      if (read.ok === 'ignored') {
        declaration.ignored?.(read.type);
        return IGNORED;
      }
      const { event } = read;
      delivery.describe({ event_id: event.id, event_type: event.type });
      delivery.lag(event.created_at);
      return declaration.handle(event, delivery);
    },
  };
}
