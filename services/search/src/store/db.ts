/**
 * The search database: one PrismaClient over @prisma/adapter-pg (@studio/prisma-config/client), with the session
 * settings every search statement relies on fixed per connection:
 * - jit off: JIT compilation costs tens of milliseconds and never pays off on these short statements;
 * - pg_trgm.similarity_threshold 0.2: the `%` operator's threshold for typo candidates of short words ("jonh"
 *   and "john" share 2 of 8 trigrams, similarity 0.25); strict_word_similarity_threshold 0.35 (`<<%`) for
 *   words of 8+ letters, whose one-edit typos keep more trigrams (search.store.ts, STRICT_MIN_CHARS);
 * - statement_timeout: a runaway statement is cancelled rather than holding a connection.
 * Nothing outside src/store/ imports the generated client.
 */
import {
  createPrismaDatabase,
  type Database as PrismaDatabase,
  type DatabaseOptions as PrismaDatabaseOptions,
} from '@studio/prisma-config/client';
import { PrismaClient, type Prisma } from './generated/client.js';

/** A transaction (or the client itself): what store statements run on. */
export type Tx = Prisma.TransactionClient;

export type Database = PrismaDatabase<PrismaClient, Tx>;

export interface DatabaseOptions extends Pick<PrismaDatabaseOptions, 'url' | 'logger' | 'poolSize'> {
  /** A statement running longer than this is cancelled, ms. */
  statementTimeoutMs: number;
  /** `application_name` of the pool's connections: search-read, search-index, search-rebuild, ... */
  applicationName: string;
}

export const TRGM_THRESHOLD = 0.2;
export const TRGM_STRICT_THRESHOLD = 0.35;

export function createDatabase({ statementTimeoutMs, ...opts }: DatabaseOptions): Database {
  return createPrismaDatabase<PrismaClient, Tx>((options) => new PrismaClient(options), {
    ...opts,
    sessionSettings: {
      jit: 'off',
      'pg_trgm.similarity_threshold': TRGM_THRESHOLD,
      'pg_trgm.strict_word_similarity_threshold': TRGM_STRICT_THRESHOLD,
      statement_timeout: Math.max(1, Math.floor(statementTimeoutMs)),
    },
  });
}
