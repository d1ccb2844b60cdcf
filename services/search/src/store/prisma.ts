/**
 * The Prisma client of the search database (driver adapter over a pg pool). Session settings every search
 * statement relies on are fixed per connection:
 * - jit off: JIT compilation costs tens of milliseconds and never pays off on these short statements;
 * - pg_trgm.similarity_threshold 0.2: the `%` operator's threshold for typo candidates of short words ("jonh"
 *   and "john" share 2 of 8 trigrams, similarity 0.25); strict_word_similarity_threshold 0.35 (`<<%`) for
 *   words of 8+ letters, whose one-edit typos keep more trigrams (search.store.ts, STRICT_MIN_CHARS);
 * - statement_timeout: a runaway statement is cancelled rather than holding a connection.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client.js';

export type Db = InstanceType<typeof PrismaClient>;

export interface DbOptions {
  databaseUrl: string;
  poolSize?: number;
  statementTimeoutMs?: number;
  applicationName?: string;
}

export const TRGM_THRESHOLD = 0.2;
export const TRGM_STRICT_THRESHOLD = 0.35;

export function createDb(opts: DbOptions): Db {
  const options = [
    '-c jit=off',
    `-c pg_trgm.similarity_threshold=${TRGM_THRESHOLD}`,
    `-c pg_trgm.strict_word_similarity_threshold=${TRGM_STRICT_THRESHOLD}`,
    `-c statement_timeout=${Math.max(1, Math.floor(opts.statementTimeoutMs ?? 2000))}`,
  ].join(' ');
  const adapter = new PrismaPg({
    connectionString: opts.databaseUrl,
    max: opts.poolSize ?? 10,
    options,
    application_name: opts.applicationName ?? 'search',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  return new PrismaClient({ adapter });
}
