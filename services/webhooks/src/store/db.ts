/**
 * The webhooks database: one pg pool shared by the Prisma client (CRUD of the API) and the set-based SQL of the hot
 * paths (fan-out insert, claim, completion), opened with @studio/prisma-config/client like every service database.
 * The dispatcher opens a second handle with `asyncCommit` (loops/dispatcher.loop.ts). The store is the only code
 * that touches the database; nothing outside src/store/ imports the generated client.
 */
import { claimInTransaction } from '@studio/idempotency';
import { createPrismaDatabase, type Database as PrismaDatabase, type DatabaseOptions } from '@studio/prisma-config/client';
import { PrismaClient, type Prisma } from './generated/client.js';

export type { DatabaseOptions, TransactionOptions } from '@studio/prisma-config/client';

/** A transaction (or the client itself): what store statements run on. */
export type Tx = Prisma.TransactionClient;

export type Database = PrismaDatabase<PrismaClient, Tx>;

export function createDatabase(opts: DatabaseOptions): Database {
  // A keyed request's claim row goes into its first transaction (@studio/idempotency; a no-op in any other call).
  return createPrismaDatabase<PrismaClient, Tx>((options) => new PrismaClient(options), { ...opts, inTransaction: claimInTransaction });
}

/** SQLSTATE of a pg error, if any. */
export function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
