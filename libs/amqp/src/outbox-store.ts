/**
 * The outbox table's SQL, the same in every service that writes domain events: rows are appended in the
 * transaction of the change they describe and claimed by the relay in batches (FOR UPDATE SKIP LOCKED, so several
 * replicas share the work without publishing a row twice while it is held).
 *
 * Each service's store runs it on its own database: it passes its Prisma client and transactions, which this
 * module sees only through their tagged-template raw queries (`SqlRunner`), never through generated types.
 * The table (each service's Prisma schema, `@@map("outbox")`): id uuid, workspace_id uuid, type text,
 * payload jsonb, request_id text, traceparent text, created_at timestamptz(3), sent_at timestamptz(3), with an
 * index on (sent_at, created_at).
 */
import { randomUUID } from 'node:crypto';
import { currentRequestId, currentTraceparent } from '@studio/trace';
import type { OutboxBacklog } from './metrics.js';
import type { OutboxRow, OutboxStore } from './outbox.js';

export interface NewOutboxEvent {
  id: string;
  workspaceId: string;
  type: string;
  payload: Record<string, unknown>;
  requestId: string | null;
  /** W3C traceparent of the writing call (null outside any call). */
  traceparent: string | null;
}

/** A new event (a fresh UUID v4 as its id) carrying the current call's request id and traceparent. */
export function newOutboxEvent(type: string, workspaceId: string, payload: Record<string, unknown>): NewOutboxEvent {
  return { id: randomUUID(), type, workspaceId, payload, requestId: currentRequestId() ?? null, traceparent: currentTraceparent() ?? null };
}

/** What the SQL runs on: a Prisma client or interactive transaction (their `$queryRaw` / `$executeRaw`). */
export interface SqlRunner {
  $queryRaw<T = unknown>(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<T>;
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<number>;
}

/** A service's database handle, as far as the outbox needs it. */
export interface OutboxDatabase<Tx extends SqlRunner> {
  readonly client: SqlRunner;
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: { maxWait?: number; timeout?: number }): Promise<T>;
}

/** The relay's transaction publishes to the broker while it holds the rows: allow for a slow confirm. */
const RELAY_TX = { maxWait: 5_000, timeout: 30_000 };

interface ClaimedRow {
  id: string;
  workspace_id: string;
  type: string;
  payload: unknown;
  request_id: string | null;
  traceparent: string | null;
  created_at: Date;
}

export class SqlOutboxStore<Tx extends SqlRunner> implements OutboxStore {
  constructor(private readonly db: OutboxDatabase<Tx>) {}

  /**
   * Call with the transaction of the change the event describes. created_at is the time of this call (as Prisma's
   * `@default(now())` sets it), so the events of one transaction keep the order they were appended in.
   */
  async append(tx: Tx, event: NewOutboxEvent): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO outbox (id, workspace_id, type, payload, request_id, traceparent, created_at)
      VALUES (${event.id}::uuid, ${event.workspaceId}::uuid, ${event.type}, ${JSON.stringify(event.payload)}::jsonb,
              ${event.requestId}, ${event.traceparent}, ${new Date()})`;
  }

  /** Several events of one change, appended in order. */
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
      const rows = await tx.$queryRaw<ClaimedRow[]>`
        SELECT id::text AS id, workspace_id::text AS workspace_id, type, payload, request_id, traceparent, created_at
        FROM outbox
        WHERE sent_at IS NULL
        ORDER BY created_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`;
      if (rows.length === 0) return 0;
      const sent = await publish(
        rows.map((r) => ({
          id: r.id,
          type: r.type,
          workspaceId: r.workspace_id,
          payload: r.payload,
          createdAt: r.created_at,
          requestId: r.request_id,
          traceparent: r.traceparent,
        })),
      );
      if (sent.length > 0) {
        await tx.$executeRaw`UPDATE outbox SET sent_at = ${new Date()} WHERE id = ANY(${sent}::uuid[]) AND sent_at IS NULL`;
      }
      return rows.length;
    }, RELAY_TX);
  }
}
