/**
 * The one RabbitMQ consumer every process uses. A `ConsumerDefinition` is a plain object that says what to consume
 * (its queue and how to declare its topology), how many messages to hold at once (prefetch) and what one message
 * comes to (a handler answering `ack`, `retry` or `dead_letter`); `startConsumer` runs it on the process's
 * recovering connection and owns the life cycle:
 * - set-up: a fresh channel, the definition's topology declared again, prefetch, consume. It happens at start, on
 *   every reconnect of the connection, and after the broker cancelled the consumer (a `null` message, e.g. its queue
 *   was deleted) or closed its channel, with one backoff for every case (`setupBackoffMs`). `isConsuming()` is
 *   false until the consumer is attached again; readiness reads it;
 * - settlement: `ack`; `retry` is a nack with requeue after the definition's retry delay (a quorum queue counts the
 *   delivery and dead-letters the message at its delivery limit); `dead_letter` is a nack without requeue (to the
 *   queue's dead-letter exchange). A handler that throws answers `retry`. A message whose channel is gone cannot be
 *   settled: the broker redelivers it, so handlers are idempotent;
 * - graceful stop: cancel the consumer (no more messages), let the handlers in hand finish and settle their
 *   messages, close the channel;
 * - observation: each message runs in its publisher's call context, with the consumer lag histogram, one
 *   access-log line and its span (`consumerObserver` of @studio/amqp/metrics).
 *
 * Consumers of domain events do not write a definition by hand: they declare their queue, its kind and the catalog's
 * event types with `eventConsumer` (./event-consumer.ts, re-exported here), which reads the envelopes.
 */
import type { Channel, ConsumeMessage } from 'amqplib';
import type { Logger } from '@studio/logger';
import type { CallContext } from '@studio/trace';
import type { AmqpConnection } from './index.js';
import { consumerObserver, type ConsumerObserver, type MetricsRegistry } from './metrics.js';

export * from './event-consumer.js';
export { envelopeSchema, parseEnvelope } from './envelope.js';

/** What becomes of a message: acknowledged, put back on its queue (after the retry delay), or dead-lettered. */
export type Outcome = 'ack' | 'retry' | 'dead_letter';

/**
 * A handler's answer: the outcome, or the outcome with the word the access-log line and the span record
 * (`logAs`; by default `acked`, `requeued` or `dead_lettered`, see OUTCOME_LOG_WORDS).
 */
export type HandlerAnswer = Outcome | { outcome: Outcome; logAs?: string };

/** One message handed to a handler. */
export interface Delivery {
  readonly message: ConsumeMessage;
  /** 0 on the first delivery; then the broker's count (x-delivery-count of quorum queues, else 1 for any redelivery). */
  readonly deliveryCount: number;
  /** The message's call context: its publisher's trace, continued with a new span. */
  readonly context: CallContext;
  /**
   * Aborted when the consumer is stopping or the message's channel is gone (the broker will redeliver it): the
   * handler should answer soon and start no long waits or in-process retries.
   */
  readonly signal: AbortSignal;
  /** Records the consumer lag from the event's created_at. */
  lag(createdAt: string | Date | null | undefined): void;
  /** Adds fields to the message's access-log line (`event_id` and `event_type` also name its span). */
  describe(fields: Record<string, unknown>): void;
}

export interface ConsumerDefinition {
  /** Names the consumer in log lines. */
  readonly name: string;
  /** The queue consumed. */
  readonly queue: string;
  /** Declares the queue, its bindings and its dead-letter queue. Idempotent: it runs again on every set-up. */
  declare(channel: Channel): Promise<void>;
  /** Messages held unacknowledged (and handled concurrently) at once. */
  readonly prefetch: number;
  handle(delivery: Delivery): Promise<HandlerAnswer>;
  /** Wait before a `retry` goes back to the queue, ms, or a function of the delivery count; none when stopping. Default 0. */
  readonly retryDelayMs?: number | ((deliveryCount: number) => number);
}

/** What a consumer needs from its process. */
export interface ConsumerRuntime {
  logger: Logger;
  /** The process registry: consumer lag (shared by the process's consumers). */
  registry?: MetricsRegistry;
  /** One access-log line per message (ACCESS_LOG); default on. */
  accessLog?: boolean;
  /** An observer the process already made (takes the place of registry and accessLog). */
  observer?: ConsumerObserver;
}

export interface RunningConsumer {
  readonly name: string;
  /** True while the consumer is attached to its queue. */
  isConsuming(): boolean;
  /** Stops taking messages, waits for the ones in hand to be handled and settled, closes the channel. */
  stop(): Promise<void>;
}

/** The access-log word of each outcome when the handler names none. */
export const OUTCOME_LOG_WORDS: Readonly<Record<Outcome, string>> = { ack: 'acked', retry: 'requeued', dead_letter: 'dead_lettered' };

/** Backoff of set-up attempts after a cancel, a lost channel or a failed set-up: doubling from initialMs to maxMs. */
export const SETUP_BACKOFF = { initialMs: 500, maxMs: 5_000 } as const;

/** The wait before the next set-up attempt after `failures` failed ones in a row. */
export function setupBackoffMs(failures: number): number {
  return Math.min(SETUP_BACKOFF.maxMs, SETUP_BACKOFF.initialMs * 2 ** Math.min(Math.max(0, failures), 16));
}

/** How many times the broker delivered the message before (0 on the first delivery). */
export function deliveryCountOf(message: Pick<ConsumeMessage, 'fields' | 'properties'>): number {
  const header = message.properties.headers?.['x-delivery-count'];
  return Number(header ?? (message.fields.redelivered ? 1 : 0)) || 0;
}

/** The outcome and access-log word of a handler's answer. */
export function readAnswer(answer: HandlerAnswer): { outcome: Outcome; logAs: string } {
  const outcome = typeof answer === 'string' ? answer : answer.outcome;
  const logAs = typeof answer === 'string' ? undefined : answer.logAs;
  return { outcome, logAs: logAs ?? OUTCOME_LOG_WORDS[outcome] };
}

/** The definition's wait before a retried message goes back to the queue. */
export function retryDelayOf(definition: Pick<ConsumerDefinition, 'retryDelayMs'>, deliveryCount: number): number {
  const delay = typeof definition.retryDelayMs === 'function' ? definition.retryDelayMs(deliveryCount) : (definition.retryDelayMs ?? 0);
  return Math.max(0, delay);
}

/** Acks or nacks `message` on `channel` as `outcome` says. Throws when the channel is closed. */
export function settle(channel: Pick<Channel, 'ack' | 'nack'>, message: ConsumeMessage, outcome: Outcome): void {
  if (outcome === 'ack') channel.ack(message);
  else channel.nack(message, false, outcome === 'retry');
}

/** Resolves after `ms`, or at once when `signal` is (or becomes) aborted. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** One channel a consumer was set up on, with the handlers running for its messages. */
interface Attachment {
  readonly channel: Channel;
  consumerTag: string | null;
  readonly inFlight: Set<Promise<void>>;
  /** Aborted when the channel is gone or the consumer stops (the `signal` of its deliveries). */
  readonly abandon: AbortController;
}

/**
 * Runs `definition` on `amqp`. Resolves once the first set-up attempt has finished (at once when the broker is not
 * connected: the consumer is set up when it connects); set-ups that fail are retried in the background.
 */
export async function startConsumer(
  amqp: AmqpConnection,
  definition: ConsumerDefinition,
  runtime: ConsumerRuntime,
): Promise<RunningConsumer> {
  const { name, queue } = definition;
  const { logger } = runtime;
  const where = { consumer: name, queue };
  const observer = runtime.observer ?? consumerObserver({ registry: runtime.registry, logger, accessLog: runtime.accessLog });
  /** Channels with handlers possibly still running: the current one and those given up after a cancel. */
  const attachments = new Set<Attachment>();
  const inFlight = new Set<Promise<void>>();
  let current: Attachment | null = null;
  let settingUp: Promise<void> | null = null;
  let setupTimer: NodeJS.Timeout | null = null;
  let failedSetups = 0;
  let stopping = false;
  let stopped: Promise<void> | null = null;

  const handleMessage = async (attachment: Attachment, message: ConsumeMessage): Promise<void> => {
    const consumption = observer.start(queue, message);
    const fields: Record<string, unknown> = {};
    const delivery: Delivery = {
      message,
      deliveryCount: deliveryCountOf(message),
      context: consumption.ctx,
      signal: attachment.abandon.signal,
      lag: (createdAt) => consumption.lag(createdAt),
      describe: (more) => Object.assign(fields, more),
    };
    await consumption.run(async () => {
      let answer: HandlerAnswer;
      try {
        answer = await definition.handle(delivery);
      } catch (err) {
        logger.warn({ err, ...where, ...fields }, 'message handler failed; the message will be retried');
        answer = 'retry';
      }
      const { outcome, logAs } = readAnswer(answer);
      if (outcome === 'retry') await pause(retryDelayOf(definition, delivery.deliveryCount), delivery.signal);
      try {
        settle(attachment.channel, message, outcome);
      } catch (err) {
        // The channel closed under us: the broker redelivers the message; handlers are idempotent.
        logger.warn({ err: (err as Error).message, ...where }, 'could not settle a message; it will be redelivered');
      }
      consumption.done(logAs, fields);
    });
  };

  const onMessage = (attachment: Attachment) => (message: ConsumeMessage | null) => {
    if (message === null) {
      onCancelled(attachment);
      return;
    }
    // Taken while stopping (between consume and cancel): left unacknowledged, it returns to the queue when the channel closes.
    if (stopping) return;
    const task = handleMessage(attachment, message).catch((err: unknown) => logger.error({ err, ...where }, 'message handling crashed'));
    attachment.inFlight.add(task);
    inFlight.add(task);
    void task.finally(() => {
      attachment.inFlight.delete(task);
      inFlight.delete(task);
    });
  };

  /** The broker cancelled the consumer: finish the messages in hand on the old channel, set up on a fresh one. */
  const onCancelled = (attachment: Attachment) => {
    attachment.consumerTag = null;
    if (current === attachment) current = null;
    if (!stopping) logger.warn(where, 'consumer cancelled by the broker; setting it up again');
    void Promise.allSettled([...attachment.inFlight]).then(() => attachment.channel.close().catch(() => undefined));
    scheduleSetup();
  };

  const onChannelClosed = (attachment: Attachment) => {
    attachment.consumerTag = null;
    attachment.abandon.abort();
    attachments.delete(attachment);
    if (current !== attachment) return;
    current = null;
    if (stopping) return;
    logger.warn(where, 'consumer channel closed; setting it up again');
    scheduleSetup();
  };

  const attach = async (): Promise<void> => {
    const channel = await amqp.model.createChannel();
    const attachment: Attachment = { channel, consumerTag: null, inFlight: new Set(), abandon: new AbortController() };
    attachments.add(attachment);
    channel.on('error', (err: Error) => logger.warn({ err: err.message, ...where }, 'consumer channel error'));
    channel.on('close', () => onChannelClosed(attachment));
    try {
      await definition.declare(channel);
      await channel.prefetch(definition.prefetch);
      if (stopping) throw new Error('the consumer is stopping');
      current = attachment;
      const { consumerTag } = await channel.consume(queue, onMessage(attachment), { noAck: false });
      attachment.consumerTag = consumerTag;
    } catch (err) {
      if (current === attachment) current = null;
      await channel.close().catch(() => undefined);
      throw err;
    }
    if (stopping) return; // stop() cancels it
    logger.info({ ...where, prefetch: definition.prefetch }, 'consumer attached');
  };

  const setUp = (): Promise<void> | null => {
    if (stopping || current || settingUp) return settingUp;
    if (setupTimer) clearTimeout(setupTimer);
    setupTimer = null;
    if (!amqp.isConnected()) return null; // set up again when the connection is back
    settingUp = attach()
      .then(
        () => {
          failedSetups = 0;
        },
        (err: unknown) => {
          if (stopping) return;
          logger.warn({ err: (err as Error).message, ...where, failures: failedSetups + 1 }, 'could not set up the consumer; retrying');
          failedSetups += 1;
          scheduleSetup();
        },
      )
      .finally(() => {
        settingUp = null;
      });
    return settingUp;
  };

  function scheduleSetup(): void {
    if (stopping || setupTimer) return;
    setupTimer = setTimeout(() => {
      setupTimer = null;
      void setUp();
    }, setupBackoffMs(failedSetups));
    setupTimer.unref();
  }

  const onConnect = () => {
    failedSetups = 0;
    void setUp();
  };
  amqp.model.on('connect', onConnect);
  await setUp();

  const stop = async (): Promise<void> => {
    stopping = true;
    amqp.model.off('connect', onConnect);
    if (setupTimer) clearTimeout(setupTimer);
    setupTimer = null;
    // A set-up under way on a live connection finishes in a few round trips; on a dead one it would wait for the next.
    if (settingUp && amqp.isConnected()) await settingUp;
    const active = current;
    if (active?.consumerTag) await active.channel.cancel(active.consumerTag).catch(() => undefined);
    current = null;
    for (const attachment of attachments) attachment.abandon.abort();
    await Promise.allSettled([...inFlight]);
    await Promise.allSettled([...attachments].map((attachment) => attachment.channel.close().catch(() => undefined)));
    attachments.clear();
    logger.info(where, 'consumer stopped');
  };

  return {
    name,
    isConsuming: () => current !== null && current.consumerTag !== null,
    stop: () => (stopped ??= stop()),
  };
}
