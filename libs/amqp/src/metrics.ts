/**
 * RabbitMQ and outbox metrics on a process's registry, and the consumer side of the call context:
 * - consumer lag `amqp_consumer_lag_seconds{queue}`: now minus the event's created_at when a message is taken;
 * - settled messages `amqp_messages_total{queue,outcome}` (acked, requeued, dead_lettered, ...): the dead-letter
 *   rate the alerts watch (deploy/monitoring);
 * - queue depth `amqp_queue_messages_ready{queue}` / `amqp_queue_consumers{queue}`, read with checkQueue
 *   on scrape (at most once a second, on a channel of their own);
 * - outbox backlog `outbox_pending_events` / `outbox_oldest_pending_age_seconds`, read on scrape, and the
 *   relay's `outbox_events_published_total` / `outbox_publish_failures_total`.
 * Metrics are get-or-create per registry, so several consumers of one process share them. A consumed message's
 * span goes to the span sink of @studio/trace when an exporter registered one (@studio/telemetry).
 */
import type { Channel, ConsumeMessage } from 'amqplib';
import client from 'prom-client';
import { counter, histogram } from '@studio/metrics';
import { createAccessLogger, type Logger } from '@studio/logger';
import { logFields, runInContext, spanSinkFor, startCallFrom, type CallContext, type FinishedSpan } from '@studio/trace';
import type { AmqpConnection } from './index.js';

export const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800];

const seconds = (startedNs: bigint) => Number(process.hrtime.bigint() - startedNs) / 1e9;
const ms = (s: number) => Math.round(s * 1e6) / 1e3;

/** The call context of a consumed message: continues the publisher's trace (new span), else starts one. */
export function messageContext(msg: Pick<ConsumeMessage, 'properties'>): CallContext {
  return startCallFrom(msg.properties.headers ?? {});
}

/** One message being handled: its context, its lag, and one access-log line when it is settled. */
export interface Consumption {
  readonly ctx: CallContext;
  /** Runs `fn` in the message's call context (every log line inside carries its request and trace ids). */
  run<T>(fn: () => T): T;
  /** Records the consumer lag from the event's created_at (ISO string or Date; ignored when unusable). */
  lag(createdAt: string | Date | null | undefined): void;
  /**
   * Writes the access-log line (outcome: acked, retried, dead_lettered, ...), once, and reports the message's span
   * when an exporter is registered (`event_id` and `event_type` of `fields` become its message attributes).
   */
  done(outcome: string, fields?: Record<string, unknown>): void;
}

export interface ConsumerObserver {
  start(queue: string, msg: Pick<ConsumeMessage, 'properties'>): Consumption;
}

export interface ConsumerObserverOptions {
  registry?: client.Registry;
  logger?: Logger;
  /** One access-log line per message (see createAccessLogger); default on. */
  accessLog?: boolean;
}

export function consumerObserver(options: ConsumerObserverOptions): ConsumerObserver {
  const registry = options.registry;
  const lagHistogram = registry
    ? histogram(registry, {
        name: 'amqp_consumer_lag_seconds',
        help: 'Time from an event being created (outbox write) to a consumer taking it, by queue',
        labelNames: ['queue'] as const,
        buckets: LAG_BUCKETS,
      })
    : null;
  const settled = registry
    ? counter(registry, {
        name: 'amqp_messages_total',
        help: 'Messages a consumer settled, by queue and outcome (acked, requeued, dead_lettered, ...)',
        labelNames: ['queue', 'outcome'] as const,
      })
    : null;
  const access = options.logger ? createAccessLogger(options.logger, options.accessLog ?? true) : null;
  return {
    start(queue, msg) {
      const ctx = messageContext(msg);
      const started = process.hrtime.bigint();
      let lagSeconds: number | null = null;
      let finished = false;
      return {
        ctx,
        run: (fn) => runInContext(ctx, fn),
        lag(createdAt) {
          const t = createdAt instanceof Date ? createdAt.getTime() : typeof createdAt === 'string' ? Date.parse(createdAt) : NaN;
          if (!Number.isFinite(t)) return;
          lagSeconds = Math.max(0, (Date.now() - t) / 1000);
          lagHistogram?.observe({ queue }, lagSeconds);
        },
        done(outcome, fields = {}) {
          if (finished) return;
          finished = true;
          const took = seconds(started);
          settled?.inc({ queue, outcome });
          access?.info(
            {
              ...logFields(ctx),
              queue,
              outcome,
              ...fields,
              lag_ms: lagSeconds === null ? undefined : ms(lagSeconds),
              duration_ms: ms(took),
            },
            'message',
          );
          const sink = spanSinkFor(ctx);
          if (sink) sink(consumerSpan(ctx, queue, outcome, fields, took));
        },
      };
    },
  };
}

/** Outcomes that make a consumer span an error: the message was not handled. */
const FAILED_OUTCOMES = new Set(['dead_lettered', 'requeued', 'retried', 'failed']);

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** OpenTelemetry's messaging span of one consumed message (the destination is the queue it was taken from). */
function consumerSpan(ctx: CallContext, queue: string, outcome: string, fields: Record<string, unknown>, took: number): FinishedSpan {
  return {
    ids: ctx,
    name: `process ${queue}`,
    kind: 'consumer',
    durationMs: took * 1e3,
    attributes: {
      'messaging.system': 'rabbitmq',
      'messaging.operation.type': 'process',
      'messaging.destination.name': queue,
      'messaging.message.id': text(fields.event_id),
      'messaging.rabbitmq.destination.routing_key': text(fields.event_type),
      'studio.outcome': outcome,
    },
    error: FAILED_OUTCOMES.has(outcome) ? outcome : undefined,
  };
}

export interface QueueDepthOptions {
  registry: client.Registry;
  /** The process's broker connection (a getter: a process restarted in-process gets a new one). */
  amqp: () => AmqpConnection | null | undefined;
  /** The queues this process consumes. */
  queues: readonly string[];
  /** A reading younger than this is reused (several scrapers, one broker round trip). */
  minIntervalMs?: number;
  timeoutMs?: number;
}

/** Queue depth and consumer count of each consumed queue, read from the broker when /metrics is scraped. */
export function registerQueueDepth(options: QueueDepthOptions): void {
  const { registry } = options;
  const minInterval = options.minIntervalMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 1000;
  let channel: Promise<Channel> | null = null;
  let owner: AmqpConnection | null = null;
  let last: { at: number; reading: Promise<Map<string, { ready: number; consumers: number }>> } | null = null;

  const open = (amqp: AmqpConnection): Promise<Channel> => {
    if (owner !== amqp) {
      channel = null;
      owner = amqp;
    }
    channel ??= amqp.model.createChannel().then((ch) => {
      const reset = () => {
        channel = null;
      };
      ch.on('close', reset);
      ch.on('error', reset);
      return ch;
    });
    channel.catch(() => {
      channel = null;
    });
    return channel;
  };

  const read = async () => {
    const out = new Map<string, { ready: number; consumers: number }>();
    const amqp = options.amqp();
    if (!amqp?.isConnected()) return out;
    for (const queue of options.queues) {
      try {
        const ch = await open(amqp);
        const ok = await withTimeout(ch.checkQueue(queue), timeoutMs);
        out.set(queue, { ready: ok.messageCount, consumers: ok.consumerCount });
      } catch {
        // A missing queue closes the channel (404); the next queue opens another. No reading: no sample.
        channel = null;
      }
    }
    return out;
  };
  const sample = () => {
    const now = Date.now();
    if (!last || now - last.at >= minInterval) last = { at: now, reading: read() };
    return last.reading;
  };

  // prom-client collects all metrics concurrently: each gauge awaits the same (memoised) reading.
  const gauge = (name: string, help: string, pick: (r: { ready: number; consumers: number }) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const reading = await sample();
        for (const queue of options.queues) {
          const r = reading.get(queue);
          if (r) this.set({ queue }, pick(r));
          else this.remove({ queue });
        }
      },
    });
  gauge('amqp_queue_messages_ready', 'Messages ready for delivery in each consumed queue (checkQueue on scrape)', (r) => r.ready);
  gauge('amqp_queue_consumers', 'Consumers attached to each consumed queue (checkQueue on scrape)', (r) => r.consumers);
}

export interface OutboxBacklog {
  /** Unpublished rows. */
  pending: number;
  /** created_at of the oldest unpublished row (null when none). */
  oldest: Date | null;
}

export interface OutboxBacklogSource {
  backlog(): Promise<OutboxBacklog>;
}

/** outbox_pending_events and outbox_oldest_pending_age_seconds, read from the service's store on scrape. */
export function registerOutboxBacklog(registry: client.Registry, source: OutboxBacklogSource, minIntervalMs = 1000): void {
  if (registry.getSingleMetric('outbox_pending_events')) return;
  let last: { at: number; reading: Promise<OutboxBacklog | null> } | null = null;
  const sample = () => {
    const now = Date.now();
    if (!last || now - last.at >= minIntervalMs) {
      last = { at: now, reading: withTimeout(source.backlog(), 2000).catch(() => null) };
    }
    return last.reading;
  };
  // Both gauges await the same memoised reading (prom-client collects metrics concurrently). No reading (the
  // database is unreachable): NaN rather than a stale number.
  new client.Gauge({
    name: 'outbox_pending_events',
    help: 'Events written to the outbox and not yet published to the broker',
    registers: [registry],
    async collect() {
      const b = await sample();
      this.set(b ? b.pending : NaN);
    },
  });
  new client.Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest event not yet published to the broker (0 when none)',
    registers: [registry],
    async collect() {
      const b = await sample();
      this.set(b ? (b.oldest ? Math.max(0, (Date.now() - b.oldest.getTime()) / 1000) : 0) : NaN);
    },
  });
}

export interface RelayMetrics {
  published: client.Counter;
  failures: client.Counter;
}

export function relayMetrics(registry: client.Registry): RelayMetrics {
  return {
    published: counter(registry, { name: 'outbox_events_published_total', help: 'Outbox events published with a broker confirm' }),
    failures: counter(registry, {
      name: 'outbox_publish_failures_total',
      help: 'Relay rounds that failed (rows stay pending and are retried)',
    }),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    timer.unref();
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** The registry type, for services that pass their process registry along without depending on prom-client. */
export type MetricsRegistry = client.Registry;
