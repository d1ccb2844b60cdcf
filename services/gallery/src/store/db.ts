/**
 * The gallery database: one PrismaClient over @prisma/adapter-pg, and the one transaction helper every
 * multi-statement write goes through. Nothing outside src/store/ imports the generated client.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import type { Logger } from '@studio/logger';
import { PrismaClient, type Prisma } from './generated/client.js';

/** A transaction (or the client itself): what store methods run their queries on. */
export type Tx = Prisma.TransactionClient;

export interface TransactionOptions {
  /** Longest wait for a pooled connection before the transaction starts, ms. */
  maxWait?: number;
  /** Longest time the transaction may stay open, ms. */
  timeout?: number;
}

export interface Database {
  readonly client: PrismaClient;
  /** Runs `fn` in one interactive transaction; a throw rolls everything back. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  /** Resolves when the database answers `SELECT 1`. */
  ping(): Promise<void>;
  disconnect(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  logger: Logger;
  /** Connections in the pool (pg's default is 10). */
  poolSize?: number;
}

export function createDatabase({ url, logger, poolSize = 10 }: DatabaseOptions): Database {
  const adapter = new PrismaPg(
    { connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 },
    { onPoolError: (err) => logger.warn({ err: err.message }, 'postgres pool error') },
  );
  const client = new PrismaClient({
    adapter,
    transactionOptions: { maxWait: 5_000, timeout: 10_000 },
  });
  return {
    client,
    transaction: (fn, opts) => client.$transaction(fn, opts),
    async ping() {
      await client.$queryRaw`SELECT 1`;
    },
    disconnect: () => client.$disconnect(),
  };
}
