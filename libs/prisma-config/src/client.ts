/**
 * A service's database at runtime: one pg pool, one PrismaClient over it (@prisma/adapter-pg), and the one
 * transaction helper every multi-statement write goes through. The service passes its own generated client
 * (`(options) => new PrismaClient(options)`) and names its transaction type; nothing here knows a service's models.
 * The pool is handed out too, for the set-based SQL a query builder cannot express: the client and that SQL share
 * the same connections, so a database handle holds one pool, not two.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

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
  /** The pg pool under `client`: raw SQL on the same connections (and the same session settings). */
  readonly pool: pg.Pool;
  /**
   * The rows of one read statement (a `Prisma.sql` value: `text` with $n placeholders and `values`), run straight on
   * the pool as a named prepared statement: no ORM query compiler, and PostgreSQL parses and plans it once per
   * connection. For the hottest reads only (issue 15: Prisma spent 0.2 ms of CPU on `SELECT 1` through $queryRaw,
   * 0.75 ms on a findMany page of 50, against 0.29 ms for the same page as one raw statement). `name` must always
   * go with the same text. Types come back as pg gives them: Date for timestamptz, parsed json, string for int8.
   */
  read<Row>(name: string, statement: { text: string; values: unknown[] }): Promise<Row[]>;
  /** Runs `fn` in one interactive transaction; a throw rolls everything back. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  /** Resolves when the database answers `SELECT 1`. */
  ping(): Promise<void>;
  /** Closes the client, then the pool; a second call waits for the first. */
  disconnect(): Promise<void>;
}

/** A server setting fixed for every connection of a pool, e.g. `jit: 'off'` or `statement_timeout: 2000`. */
export type SessionSettings = Record<string, string | number>;

export interface DatabaseOptions {
  url: string;
  /** Where pool errors are reported. */
  logger: { warn(fields: object, msg: string): void };
  /** Connections in the pool (pg's default is 10). */
  poolSize?: number;
  /** `application_name` of every connection (what pg_stat_activity shows); pg's default when unset. */
  applicationName?: string;
  /** Server settings sent with every new connection (`-c name=value` in the startup packet), in this order. */
  sessionSettings?: SessionSettings;
  /**
   * `synchronous_commit = off` for every transaction of this pool: a commit returns before its WAL is flushed. Only
   * for writes whose last few hundred milliseconds may be lost in a database crash without harm (webhooks' dispatcher:
   * at most a repeated delivery) - never for a commit that must be durable before something else is acknowledged.
   */
  asyncCommit?: boolean;
  /**
   * Runs first inside every transaction of `transaction`, on its connection (before `fn`); a throw rolls the
   * transaction back. It may answer a callback, told once the transaction settled whether it committed. Generic: e.g.
   * @studio/idempotency's claimInTransaction inserts a keyed request's claim row atomically with its change.
   */
  inTransaction?: TransactionHook<never>;
}

/** See DatabaseOptions.inTransaction; `Tx` is the transaction it runs on. */
export type TransactionHook<Tx> = (tx: Tx) => Promise<((committed: boolean) => void) | undefined>;

const SETTING_NAME_RE = /^[A-Za-z_][A-Za-z0-9_.]*$/;
const SETTING_VALUE_RE = /^[A-Za-z0-9_.:+-]+$/;

/**
 * The libpq `options` startup parameter that fixes `settings` for a connection (`-c jit=off -c ...`); undefined when
 * there are none. Names and values are refused rather than escaped when they hold anything but plain characters.
 */
export function connectionOptions(settings: SessionSettings): string | undefined {
  const parts = Object.entries(settings).map(([name, value]) => {
    if (!SETTING_NAME_RE.test(name) || !SETTING_VALUE_RE.test(String(value))) throw new Error(`unusable session setting ${name}=${value}`);
    return `-c ${name}=${value}`;
  });
  return parts.length > 0 ? parts.join(' ') : undefined;
}

export function createPrismaDatabase<Client extends PrismaClientLike<Tx>, Tx>(
  newClient: (options: PrismaClientOptions) => Client,
  { url, logger, poolSize = 10, applicationName, sessionSettings = {}, asyncCommit = false, inTransaction }: DatabaseOptions,
): Database<Client, Tx> {
  const options = connectionOptions({ ...sessionSettings, ...(asyncCommit ? { synchronous_commit: 'off' } : {}) });
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    ...(options ? { options } : {}),
    ...(applicationName ? { application_name: applicationName } : {}),
  });
  pool.on('error', (err) => logger.warn({ err: err.message }, 'postgres pool error'));
  const client = newClient({ adapter: new PrismaPg(pool), transactionOptions: { maxWait: 5_000, timeout: 10_000 } });
  let disconnecting: Promise<void> | null = null;
  return {
    client,
    pool,
    read: async <Row>(name: string, { text, values }: { text: string; values: unknown[] }) =>
      (await pool.query<Row & pg.QueryResultRow>({ name, text, values })).rows,
    transaction: inTransaction
      ? hookedTransaction(client, inTransaction as TransactionHook<Tx>)
      : (fn, opts) => client.$transaction(fn, opts),
    async ping() {
      await client.$queryRaw`SELECT 1`;
    },
    disconnect: () => (disconnecting ??= client.$disconnect().finally(() => pool.end())),
  };
}

/** `transaction` with the hook run first inside it and told the outcome. */
function hookedTransaction<Tx>(client: PrismaClientLike<Tx>, hook: TransactionHook<Tx>): Database<unknown, Tx>['transaction'] {
  return async (fn, opts) => {
    let settled: ((committed: boolean) => void) | undefined;
    try {
      const result = await client.$transaction(async (tx) => {
        settled = await hook(tx);
        return fn(tx);
      }, opts);
      settled?.(true);
      return result;
    } catch (err) {
      settled?.(false);
      throw err;
    }
  };
}
