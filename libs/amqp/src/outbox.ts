/**
 * The outbox relay. A service writes an event row in the same transaction as its state change; the relay
 * claims pending rows (FOR UPDATE SKIP LOCKED, so several replicas share the work), publishes each with
 * publisher confirms and marks the rows sent in the same transaction. If the broker is down or a confirm
 * fails the transaction rolls back and the rows stay pending: an outage delays events, never drops them.
 * A crash between confirm and commit can publish a row twice; consumers de-duplicate on the event id.
 */
import type { Logger } from '@studio/logger';
import { EVENTS_EXCHANGE, type AmqpConnection, type EventEnvelope } from './index.js';

export interface OutboxRow {
  id: string;
  type: string;
  workspaceId: string;
  payload: unknown;
  createdAt: Date;
  requestId?: string | null;
}

/** Implemented by each service's store (the only place that talks to its database). */
export interface OutboxStore {
  /**
   * In one transaction: lock up to `limit` unsent rows (oldest first, skipping rows other relays hold),
   * call `publish`, then mark the rows it returned as sent. A throw rolls everything back.
   */
  withPendingBatch(limit: number, publish: (rows: OutboxRow[]) => Promise<string[]>): Promise<number>;
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
        headers: row.requestId ? { 'x-request-id': row.requestId } : {},
      });
    }
    await ch.waitForConfirms();
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
