/**
 * @studio/prisma-config: the offline Prisma CLI configuration shared by every service database. The runtime side
 * (a service's PrismaClient over adapter-pg) is `@studio/prisma-config/client`.
 */
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

const PG_NAME_OID = 19; // type `name`
const PG_CHAR_OID = 18; // type `"char"`
const PG_TEXT_OID = 25;

type Fields = { fields?: { dataTypeID: number }[] };

function asText<T>(result: T): T {
  for (const r of (Array.isArray(result) ? result : [result]) as Fields[]) {
    for (const field of r?.fields ?? []) {
      if (field.dataTypeID === PG_NAME_OID || field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    }
  }
  return result;
}

type Queryable = { query: (...args: unknown[]) => unknown };

function rewriteResults(target: Queryable): void {
  const original = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    const out = original(...args);
    return out instanceof Promise ? out.then(asText) : out;
  };
}

/**
 * Work-around for https://github.com/prisma/prisma/issues/27403: with adapter-pg 6.19 the wasm schema engine
 * fails on the PostgreSQL system column types `name` (oid 19) and `"char"` (oid 18) ("Column type 'name' could
 * not be deserialized"). This pool reports such columns as `text` (oid 25) in the results of its own queries
 * and of the clients it hands out. Only the CLI uses it; the runtime client never reads those types.
 */
class SystemTypesAsTextPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    rewriteResults(this as unknown as Queryable);
    const patched = new WeakSet<object>();
    const patch = (client: pg.PoolClient | undefined) => {
      if (client && !patched.has(client)) {
        rewriteResults(client as unknown as Queryable);
        patched.add(client);
      }
      return client;
    };
    type Callback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;
    const connect = this.connect.bind(this) as (cb?: Callback) => Promise<pg.PoolClient> | undefined;
    // pg-pool's own query() uses the callback form of connect(); the adapter uses the promise form.
    (this as unknown as { connect: (cb?: Callback) => unknown }).connect = (cb?: Callback) =>
      cb ? connect((err, client, done) => cb(err, patch(client), done)) : (connect() as Promise<pg.PoolClient>).then(patch);
  }
}

/**
 * The Prisma CLI configuration of one service's database: Prisma 6.19 with the JavaScript (wasm) schema engine so
 * `prisma generate` and `prisma migrate deploy` work offline, talking to PostgreSQL through @prisma/adapter-pg.
 * Each service's prisma.config.ts is `export default servicePrismaConfig('<database>')`; paths are relative to it.
 * This is CLI configuration, read by the Prisma CLI only: it is the one place outside a config.ts that reads
 * DATABASE_URL, because the CLI takes its connection from the environment.
 */
export function servicePrismaConfig(database: string) {
  // The schema's datasource names env("DATABASE_URL") and the CLI refuses to read the schema while it is unset,
  // even for `prisma generate`, which never connects: give it the local default.
  process.env.DATABASE_URL ||= `postgresql://postgres@127.0.0.1:5432/${database}`;
  const connectionString = process.env.DATABASE_URL;
  return defineConfig({
    experimental: { adapter: true },
    engine: 'js',
    schema: 'prisma/schema.prisma',
    migrations: { path: 'prisma/migrations' },
    adapter: async () => new PrismaPg(new SystemTypesAsTextPool({ connectionString })),
  });
}
