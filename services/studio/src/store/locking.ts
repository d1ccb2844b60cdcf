/**
 * Row locks for state transitions: `SELECT ... FOR UPDATE` on one tenant row, so a check-then-write inside a
 * transaction cannot race another writer of the same row (two concurrent "accept" calls: the second waits, then
 * sees the first one's status and is refused). Prisma has no FOR UPDATE, hence this one raw statement; the table
 * names are a fixed list, never caller input.
 */
import type { Tx } from './db.js';
import { Prisma } from './generated/client.js';

export const LOCKABLE_TABLES = [
  'shoots',
  'clients',
  'leads',
  'orders',
  'invoices',
  'bookings',
  'proposals',
  'contracts',
  'reviews',
] as const;
export type LockableTable = (typeof LOCKABLE_TABLES)[number];

/** Locks the row `id` of `workspaceId` until the transaction ends; false when there is no such row. */
export async function lockRow(tx: Tx, table: LockableTable, id: string, workspaceId: string): Promise<boolean> {
  if (!LOCKABLE_TABLES.includes(table)) throw new Error(`not a lockable table: ${table}`);
  const rows = await tx.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT id::text AS id FROM ${Prisma.raw(`"${table}"`)} WHERE id = ${id}::uuid AND workspace_id = ${workspaceId}::uuid FOR UPDATE`,
  );
  return rows.length === 1;
}

/**
 * Claims up to `limit` rows of `table` matching `due` (a fixed SQL condition) for the transaction, skipping rows
 * other transactions hold, and applies `set` to them in the same statement:
 * `UPDATE t SET ... WHERE id IN (SELECT id FROM t WHERE <due> ORDER BY <order> LIMIT n FOR UPDATE SKIP LOCKED) AND <due>
 * RETURNING id`. Several scheduler replicas running this at once never claim the same row, and a row a user
 * transaction holds is simply left for the next round.
 */
export async function claimDue(
  tx: Tx,
  table: LockableTable,
  due: Prisma.Sql,
  order: Prisma.Sql,
  set: Prisma.Sql,
  limit: number,
): Promise<string[]> {
  if (!LOCKABLE_TABLES.includes(table)) throw new Error(`not a lockable table: ${table}`);
  const t = Prisma.raw(`"${table}"`);
  const rows = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
    UPDATE ${t} SET ${set}
    WHERE id IN (SELECT id FROM ${t} WHERE ${due} ORDER BY ${order} LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      AND ${due}
    RETURNING id::text AS id`);
  return rows.map((r) => r.id);
}

/**
 * Clears `client_id` on every row of `table` that points at a client about to be deleted, moving each row's
 * updated_at strictly forward (so consumers see a newer version), and returns the ids of the rows it changed.
 */
/** The tables whose rows may point at a client. */
export type ClientOwnedTable = Extract<LockableTable, 'shoots' | 'leads' | 'orders'>;

export async function detachClientRows(
  tx: Tx,
  table: ClientOwnedTable,
  clientId: string,
  workspaceId: string,
  now: Date,
): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
    UPDATE ${Prisma.raw(`"${table}"`)}
    SET client_id = NULL, updated_at = GREATEST(${now}::timestamptz, updated_at + interval '1 millisecond')
    WHERE client_id = ${clientId}::uuid AND workspace_id = ${workspaceId}::uuid
    RETURNING id::text AS id`);
  return rows.map((r) => r.id);
}
