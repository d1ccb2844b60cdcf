/**
 * The outbox: domain events written in the same transaction as the change they describe, and claimed by the
 * relay in batches (FOR UPDATE SKIP LOCKED, so several replicas share the work without publishing a row twice
 * while it is held).
 */
import type { OutboxBacklog } from '@studio/amqp/metrics';
import type { OutboxRow, OutboxStore as OutboxStorePort } from '@studio/amqp/outbox';
import type { Database, Tx } from './db.js';
import type { Prisma } from './generated/client.js';

export interface NewOutboxEvent {
  id: string;
  workspaceId: string;
  type: string;
  payload: Record<string, unknown>;
  requestId: string | null;
  /** W3C traceparent of the writing call (null outside any call). */
  traceparent: string | null;
}

/** The relay's transaction publishes to the broker while it holds the rows: allow for a slow confirm. */
const RELAY_TX = { maxWait: 5_000, timeout: 30_000 };

export class OutboxStore implements OutboxStorePort {
  constructor(private readonly db: Database) {}

  /** Call with the transaction of the change the event describes. */
  async append(tx: Tx, event: NewOutboxEvent): Promise<void> {
    await tx.outboxEvent.create({ data: { ...event, payload: event.payload as Prisma.InputJsonObject } });
  }

  /** Several events of one change. They share the transaction's created_at, so consumers see them in any order. */
  async appendAll(tx: Tx, events: NewOutboxEvent[]): Promise<void> {
    for (const event of events) await this.append(tx, event);
  }

  /** Unpublished rows (counted up to 100,000) and the oldest one's created_at; uses the (sent_at, created_at) index. */
  async backlog(): Promise<OutboxBacklog> {
    const [row] = await this.db.client.$queryRaw<{ pending: number; oldest: Date | null }[]>`
      SELECT (SELECT count(*)::int FROM (SELECT 1 FROM outbox WHERE sent_at IS NULL LIMIT 100000) p) AS pending,
             (SELECT min(created_at) FROM outbox WHERE sent_at IS NULL) AS oldest`;
    return { pending: row?.pending ?? 0, oldest: row?.oldest ?? null };
  }

  withPendingBatch(limit: number, publish: (rows: OutboxRow[]) => Promise<string[]>): Promise<number> {
    return this.db.transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`
        SELECT id::text AS id FROM outbox
        WHERE sent_at IS NULL
        ORDER BY created_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`;
      if (locked.length === 0) return 0;
      const rows = await tx.outboxEvent.findMany({
        where: { id: { in: locked.map((r) => r.id) } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      const sent = await publish(
        rows.map((r) => ({
          id: r.id,
          type: r.type,
          workspaceId: r.workspaceId,
          payload: r.payload,
          createdAt: r.createdAt,
          requestId: r.requestId,
          traceparent: r.traceparent,
        })),
      );
      if (sent.length > 0) {
        await tx.outboxEvent.updateMany({ where: { id: { in: sent }, sentAt: null }, data: { sentAt: new Date() } });
      }
      return rows.length;
    }, RELAY_TX);
  }
}
