/**
 * The outbox relay. A service writes an event row in the same transaction as its state change; the relay
 * claims pending rows (FOR UPDATE SKIP LOCKED, so several replicas share the work), publishes each with
 * publisher confirms and marks the rows sent in the same transaction. If the broker is down or a confirm
 * fails the transaction rolls back and the rows stay pending: an outage delays events, never drops them.
 * A crash between confirm and commit can publish a row twice; consumers de-duplicate on the event id.
 *
 * Each row carries the call context of the transaction that wrote it (request id, W3C traceparent); the relay
 * publishes them as the `x-request-id` and `traceparent` message headers, so consumers continue that trace.
 */
import type client from 'prom-client';
import type { Logger } from '@studio/logger';
import { REQUEST_ID_HEADER, TRACEPARENT_HEADER } from '@studio/trace';
import { EVENTS_EXCHANGE, type AmqpConnection, type EventEnvelope } from './index.js';
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
