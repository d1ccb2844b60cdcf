/**
 * The outbox relay. A service writes an event row in the same transaction as its state change; the relay
 * claims pending rows (FOR UPDATE SKIP LOCKED, so several replicas share the work), publishes each with
 * publisher confirms and marks the rows sent in the same transaction. If the broker is down or a confirm
 * fails the transaction rolls back and the rows stay pending: an outage delays events, never drops them.
 * A crash between confirm and commit can publish a row twice; consumers de-duplicate on the event id.
 *
 * Each row carries the call context of the transaction that wrote it (request id, W3C traceparent); the relay
 * publishes them as the `x-request-id` and `traceparent` message headers, so consumers continue that trace. When an
 * exporter registered a span sink (@studio/telemetry), each confirmed publish is also reported as a producer span,
 * a child of the writer's span; the headers stay the writer's (consumers are children of the writer's span).
 *
 * `startEventRelay` is a process's whole wiring (its broker connection and the relay); the outbox table's SQL is in
 * `@studio/amqp/outbox-store`.
 */
import type client from 'prom-client';
import type { Logger } from '@studio/logger';
import { FLAG_SAMPLED, newSpanId, parseTraceparent, REQUEST_ID_HEADER, spanSink, TRACEPARENT_HEADER, type SpanSink } from '@studio/trace';
import { API_VERSION, connectAmqp, EVENTS_EXCHANGE, type AmqpConnection, type EventEnvelope } from './index.js';
import { registerOutboxBacklog, relayMetrics, type OutboxBacklog } from './metrics.js';

export interface OutboxRow {
  id: string;
  type: string;
  workspaceId: string;
  payload: unknown;
  createdAt: Date;
  requestId?: string | null;
  /** The W3C traceparent of the writing call (its span is the consumers' parent). */
  traceparent?: string | null;
}

/** The message headers that carry a row's call context. */
export function outboxHeaders(row: OutboxRow): Record<string, string> {
  const headers: Record<string, string> = {};
  if (row.requestId) headers[REQUEST_ID_HEADER] = row.requestId;
  if (row.traceparent) headers[TRACEPARENT_HEADER] = row.traceparent;
  return headers;
}

/** Implemented by each service's store (the only place that talks to its database). */
export interface OutboxStore {
  /**
   * In one transaction: lock up to `limit` unsent rows (oldest first, skipping rows other relays hold),
   * call `publish`, then mark the rows it returned as sent. A throw rolls everything back.
   */
  withPendingBatch(limit: number, publish: (rows: OutboxRow[]) => Promise<string[]>): Promise<number>;
  /** Unpublished rows and the oldest one's age (for the backlog metrics). */
  backlog?(): Promise<OutboxBacklog>;
}

export function envelopeOf(row: OutboxRow, apiVersion: string): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    workspace_id: row.workspaceId,
    api_version: apiVersion,
    data: (row.payload ?? {}) as Record<string, unknown>,
  };
}

export interface OutboxRelayOptions {
  store: OutboxStore;
  amqp: AmqpConnection;
  logger: Logger;
  apiVersion: string;
  /** Poll interval when idle; `nudge()` wakes the relay at once after a local write. */
  intervalMs?: number;
  batchSize?: number;
  exchange?: string;
  /** The process registry: published/failed counters, and the backlog gauges when the store reports it. */
  registry?: client.Registry;
}

export interface OutboxRelay {
  nudge(): void;
  /** Publishes until the outbox is empty (used by tests and shutdown). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One producer span per confirmed row whose writer's trace is sampled: the publish of the batch (publish to
 * confirm), a child of the span that wrote the row. Rows written outside any call (no traceparent) have no trace.
 */
function reportPublished(sink: SpanSink, rows: OutboxRow[], exchange: string, durationMs: number): void {
  const endTime = performance.timeOrigin + performance.now();
  for (const row of rows) {
    const writer = parseTraceparent(row.traceparent);
    if (!writer || (writer.flags & FLAG_SAMPLED) === 0) continue;
    sink({
      ids: { traceId: writer.traceId, spanId: newSpanId(), parentSpanId: writer.spanId, flags: FLAG_SAMPLED },
      name: `publish ${exchange}`,
      kind: 'producer',
      durationMs,
      endTime,
      attributes: {
        'messaging.system': 'rabbitmq',
        'messaging.operation.type': 'send',
        'messaging.operation.name': 'publish',
        'messaging.destination.name': exchange,
        'messaging.rabbitmq.destination.routing_key': row.type,
        'messaging.message.id': row.id,
        'messaging.batch.message_count': rows.length,
      },
    });
  }
}

export function startOutboxRelay(opts: OutboxRelayOptions): OutboxRelay {
  const { store, amqp, logger, apiVersion } = opts;
  const intervalMs = opts.intervalMs ?? 250;
  const batchSize = opts.batchSize ?? 200;
  const exchange = opts.exchange ?? EVENTS_EXCHANGE;
  const metrics = opts.registry ? relayMetrics(opts.registry) : null;
  if (opts.registry && store.backlog) registerOutboxBacklog(opts.registry, { backlog: () => store.backlog!() });
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const publishBatch = async (rows: OutboxRow[]): Promise<string[]> => {
    const sink = spanSink();
    const started = sink ? process.hrtime.bigint() : 0n;
    const ch = await amqp.confirmChannel();
    for (const row of rows) {
      const envelope = envelopeOf(row, apiVersion);
      ch.publish(exchange, row.type, Buffer.from(JSON.stringify(envelope)), {
        persistent: true,
        contentType: 'application/json',
        messageId: row.id,
        type: row.type,
        timestamp: Math.floor(row.createdAt.getTime() / 1000),
        headers: outboxHeaders(row),
      });
    }
    await ch.waitForConfirms();
    metrics?.published.inc(rows.length);
    if (sink) reportPublished(sink, rows, exchange, Number(process.hrtime.bigint() - started) / 1e6);
    return rows.map((r) => r.id);
  };

  const runOnce = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const n = await store.withPendingBatch(batchSize, publishBatch);
      total += n;
      if (n < batchSize) return total;
    }
  };

  const tick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await runOnce();
        } catch (err) {
          metrics?.failures.inc();
          logger.warn({ err: (err as Error).message }, 'outbox relay: publish failed; rows stay pending');
          break;
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
      schedule();
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), intervalMs);
    timer.unref();
  };

  schedule();
  return {
    nudge: () => void tick(),
    async drain() {
      await tick();
      while (running) await running;
      await runOnce();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}

/** Wakes the relay after a commit so events leave at once instead of at the next poll. */
export interface EventNotifier {
  nudge(): void;
}

/** A process's relay with its own broker connection (see startEventRelay). */
export interface EventRelay extends EventNotifier {
  amqp: AmqpConnection;
  /** Publishes everything pending now (tests, shutdown). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export interface EventRelayOptions {
  amqpUrl: string;
  store: OutboxStore;
  logger: Logger;
  /** The broker connection's name (shown in the management UI), e.g. the process name. */
  connectionName: string;
  /** Poll interval when idle, ms. */
  intervalMs?: number;
  /** How long start-up waits for the first broker connection before going on without it, ms. */
  connectWaitMs?: number;
  /** The process registry: relay counters and the outbox backlog gauges. */
  registry?: client.Registry;
  /**
   * Declares what must exist before anything is published (e.g. a service's work queues and their bindings),
   * once per broker connection: an event published before its queue is bound would be dropped by the broker.
   */
  declareTopology?: (amqp: AmqpConnection) => Promise<void>;
}

function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}

/**
 * Outbox relay wiring of a process: one recovering RabbitMQ connection and the relay that publishes pending outbox
 * rows with publisher confirms. A broker outage delays events (rows stay pending); it never drops them.
 */
export async function startEventRelay(opts: EventRelayOptions): Promise<EventRelay> {
  const amqp = await connectAmqp(opts.amqpUrl, opts.logger, opts.connectionName);
  // Give the first connection a moment so the process starts ready; a broker that is down only delays events.
  await waitAtMost(amqp.model.waitForConnect(), opts.connectWaitMs ?? 3_000);
  let declared: Promise<void> | null = null;
  amqp.model.on('disconnect', () => {
    declared = null;
  });
  const declare = opts.declareTopology;
  const store: OutboxStore = declare
    ? {
        async withPendingBatch(limit, publish) {
          declared ??= declare(amqp).catch((err: unknown) => {
            declared = null;
            throw err;
          });
          await declared;
          return opts.store.withPendingBatch(limit, publish);
        },
        backlog: opts.store.backlog ? () => opts.store.backlog!() : undefined,
      }
    : opts.store;
  const relay = startOutboxRelay({ store, amqp, logger: opts.logger, apiVersion: API_VERSION, intervalMs: opts.intervalMs, registry: opts.registry });
  return {
    amqp,
    nudge: () => relay.nudge(),
    drain: () => relay.drain(),
    async stop() {
      await relay.stop();
      await amqp.close();
    },
  };
}

/** Forwards nudges to the relay once it runs; before that (or in a CLI) the relay's poll picks rows up. */
export class RelayNotifier implements EventNotifier {
  private target: EventNotifier | null = null;
  attach(target: EventNotifier | null): void {
    this.target = target;
  }
  nudge(): void {
    this.target?.nudge();
  }
}
