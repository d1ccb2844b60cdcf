/**
 * The gallery database: one PrismaClient over @prisma/adapter-pg, and the one transaction helper every
 * multi-statement write goes through (@studio/prisma-config/client). Nothing outside src/store/ imports the
 * generated client.
 */
import { claimInTransaction } from '@studio/idempotency';
import { createPrismaDatabase, type Database as PrismaDatabase, type DatabaseOptions } from '@studio/prisma-config/client';
import { PrismaClient, type Prisma } from './generated/client.js';

export type { DatabaseOptions, TransactionOptions } from '@studio/prisma-config/client';

/** A transaction (or the client itself): what store methods run their queries on. */
export type Tx = Prisma.TransactionClient;

export type Database = PrismaDatabase<PrismaClient, Tx>;

export function createDatabase(opts: DatabaseOptions): Database {
  // A keyed request's claim row goes into its first transaction (@studio/idempotency; a no-op in any other call).
  return createPrismaDatabase<PrismaClient, Tx>((options) => new PrismaClient(options), { ...opts, inTransaction: claimInTransaction });
}

/** The arguments of one batch of workspaceBatches: a workspace's rows after id `id.gt` (from the first without it). */
export interface WorkspaceBatchArgs {
  where: { workspaceId: string; id?: { gt: string } };
  orderBy: { id: 'asc' };
  take: number;
}

/**
 * Every row of a workspace, in batches of `size` in id order, each read by `findMany` after the last id of the
 * previous batch (keyset, so a large workspace is never read at once and an offset never skips rows).
 */
export async function* workspaceBatches<R extends { id: string }>(
  findMany: (args: WorkspaceBatchArgs) => Promise<R[]>,
  workspaceId: string,
  size: number,
): AsyncGenerator<R[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await findMany({ where: { workspaceId, ...(after ? { id: { gt: after } } : {}) }, orderBy: { id: 'asc' }, take: size });
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}
