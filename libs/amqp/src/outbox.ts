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
 * `createOutboxRelay` is the one relay: a process creates it with its composition root (services call `nudge()`
 * after a commit), starts it on the process's broker connection and stops it on shutdown (@studio/process does
 * both). The outbox table's SQL is in `@studio/amqp/outbox-store`.
 */
import type client from 'prom-client';
import type { Logger } from '@studio/logger';
import { FLAG_SAMPLED, newSpanId, parseTraceparent, REQUEST_ID_HEADER, spanSink, TRACEPARENT_HEADER, type SpanSink } from '@studio/trace';
import { API_VERSION, EVENTS_EXCHANGE, type AmqpConnection, type EventEnvelope } from './index.js';
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
  logger: Logger;
  /** The envelope's api_version (default: the current API_VERSION). */
  apiVersion?: string;
  /** Poll interval when idle, ms (default 250); `nudge()` wakes the relay at once after a local write. */
  intervalMs?: number;
  batchSize?: number;
  exchange?: string;
  /** The process registry: published/failed counters, and the backlog gauges when the store reports it. */
  registry?: client.Registry;
  /**
   * Declares what must exist before anything is published (e.g. a service's work queues and their bindings),
   * once per broker connection: an event published before its queue is bound would be dropped by the broker.
   */
  declareTopology?: (amqp: AmqpConnection) => Promise<void>;
}

/**
 * Publishes a service's pending outbox rows. Created with the composition root, so services can hold it (they only
 * call `nudge()`); it publishes once `start` gives it a broker connection, and until then (or in a CLI, where it
 * never starts) a nudge does nothing and the rows wait for a running relay.
 */
export interface OutboxRelay {
  /** Wakes the relay after a commit, so events leave at once instead of at the next poll. */
  nudge(): void;
  /** Starts polling and publishing on `amqp` (the process's connection; the relay does not close it). */
  start(amqp: AmqpConnection): void;
  /** Publishes until the outbox is empty (tests and shutdown). */
  drain(): Promise<void>;
  /** Stops polling and waits for the batch in flight. */
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

export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { logger } = options;
  const apiVersion = options.apiVersion ?? API_VERSION;
  const intervalMs = options.intervalMs ?? 250;
  const batchSize = options.batchSize ?? 200;
  const exchange = options.exchange ?? EVENTS_EXCHANGE;
  const metrics = options.registry ? relayMetrics(options.registry) : null;
  if (options.registry && options.store.backlog) {
    const store = options.store;
    registerOutboxBacklog(options.registry, { backlog: () => store.backlog!() });
  }
  let amqp: AmqpConnection | null = null;
  let declared: Promise<void> | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  /** The topology, declared once per broker connection (again after a reconnect). */
  const ensureTopology = (connection: AmqpConnection): Promise<void> | null => {
    const declare = options.declareTopology;
    if (!declare) return null;
    declared ??= declare(connection).catch((err: unknown) => {
      declared = null;
      throw err;
    });
    return declared;
  };

  const publishBatch = async (rows: OutboxRow[]): Promise<string[]> => {
    const connection = amqp!;
    const sink = spanSink();
    const started = sink ? process.hrtime.bigint() : 0n;
    const ch = await connection.confirmChannel();
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

  const publishPending = async (): Promise<number> => {
    if (!amqp) throw new Error('the outbox relay is not started');
    await ensureTopology(amqp);
    let total = 0;
    for (;;) {
      const n = await options.store.withPendingBatch(batchSize, publishBatch);
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
          await publishPending();
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
    if (stopped || !amqp) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), intervalMs);
    timer.unref();
  };

  return {
    nudge() {
      if (amqp && !stopped) void tick();
    },
    start(connection) {
      if (amqp) throw new Error('the outbox relay is already started');
      amqp = connection;
      connection.model.on('disconnect', () => {
        declared = null;
      });
      schedule();
    },
    async drain() {
      await tick();
      while (running) await running;
      await publishPending();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
