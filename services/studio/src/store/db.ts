/**
 * The studio database: one PrismaClient over @prisma/adapter-pg, and the one transaction helper every
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
