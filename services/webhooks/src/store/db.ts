/**
 * The database handle of a webhooks process: one pg pool shared by the Prisma client (CRUD of the API) and the
 * set-based SQL of the hot paths (fan-out insert, claim, completion), so a process holds one pool, not two.
 * The store is the only code that touches the database.
 */
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Logger } from '@studio/logger';
import { PrismaClient } from './generated/client.js';

export interface Database {
  prisma: PrismaClient;
  pool: pg.Pool;
  url: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /**
   * `synchronous_commit = off` for every transaction of this pool: a commit returns before its WAL is flushed.
   * Only for the dispatcher's claims and outcomes, where losing the last few hundred milliseconds of commits in a
   * database crash means at most a repeated delivery (at least once) - never for the fan-out insert, whose commit
   * must be durable before the broker message is acknowledged.
   */
  asyncCommit?: boolean;
}

export function openDatabase(url: string, poolSize: number, logger: Logger, opts: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    ...(opts.asyncCommit ? { options: '-c synchronous_commit=off' } : {}),
  });
  pool.on('error', (err) => logger.warn({ err: err.message }, 'idle database connection failed'));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  let closed = false;
  return {
    prisma,
    pool,
    url,
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await prisma.$disconnect().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}

/** SQLSTATE of a pg error, if any. */
export function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
