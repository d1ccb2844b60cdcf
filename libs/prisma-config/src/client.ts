/**
 * A service's database at runtime: one PrismaClient over @prisma/adapter-pg (the pooled pg driver), and the one
 * transaction helper every multi-statement write goes through. The service passes its own generated client
 * (`(options) => new PrismaClient(options)`) and names its transaction type; nothing here knows a service's models.
 */
import { PrismaPg } from '@prisma/adapter-pg';

export interface TransactionOptions {
  /** Longest wait for a pooled connection before the transaction starts, ms. */
  maxWait?: number;
  /** Longest time the transaction may stay open, ms. */
  timeout?: number;
}

/** What a generated PrismaClient is asked for (structurally). */
export interface PrismaClientLike<Tx> {
  $transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  $queryRaw<T = unknown>(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<T>;
  $disconnect(): Promise<void>;
}

/** The options this passes to the service's PrismaClient constructor. */
export interface PrismaClientOptions {
  adapter: PrismaPg;
  transactionOptions: Required<TransactionOptions>;
}

export interface Database<Client, Tx> {
  readonly client: Client;
  /** Runs `fn` in one interactive transaction; a throw rolls everything back. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  /** Resolves when the database answers `SELECT 1`. */
  ping(): Promise<void>;
  disconnect(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  /** Where pool errors are reported. */
  logger: { warn(fields: object, msg: string): void };
  /** Connections in the pool (pg's default is 10). */
  poolSize?: number;
}

export function createPrismaDatabase<Client extends PrismaClientLike<Tx>, Tx>(
  newClient: (options: PrismaClientOptions) => Client,
  { url, logger, poolSize = 10 }: DatabaseOptions,
): Database<Client, Tx> {
  const adapter = new PrismaPg(
    { connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 },
    { onPoolError: (err) => logger.warn({ err: err.message }, 'postgres pool error') },
  );
  const client = newClient({ adapter, transactionOptions: { maxWait: 5_000, timeout: 10_000 } });
  return {
    client,
    transaction: (fn, opts) => client.$transaction(fn, opts),
    async ping() {
      await client.$queryRaw`SELECT 1`;
    },
    disconnect: () => client.$disconnect(),
  };
}
