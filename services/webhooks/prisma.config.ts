/**
 * Prisma CLI configuration for the webhooks database. Prisma 6.19 with the JavaScript (wasm) schema engine so
 * `prisma generate` and `prisma migrate deploy` work offline; the engine talks to PostgreSQL through
 * @prisma/adapter-pg. DATABASE_URL comes from the environment (default: the local `webhooks` database).
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

type Callback = (err: Error | null, result?: unknown) => void;

/**
 * Work-around for https://github.com/prisma/prisma/issues/27403: with adapter-pg 6.19 the wasm schema engine
 * fails on the PostgreSQL system column types `name` (oid 19) and `"char"` (oid 18) ("Column type 'name' could
 * not be deserialized"). This client reports such columns as `text` (oid 25) in its results. It is given to
 * the pool as its `Client` class, so it covers both `pool.query` (which passes a callback) and the clients the
 * pool hands out (promise form). Only the CLI uses it; the runtime client never reads those types.
 */
class SystemTypesAsTextClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      const cb = last as Callback;
      args[args.length - 1] = (err: Error | null, result?: unknown) => cb(err, result === undefined ? result : asText(result));
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const out = (super.query as (...a: unknown[]) => unknown)(...args);
    return out instanceof Promise ? out.then(asText) : out;
  }
}

// The schema's datasource names env("DATABASE_URL") and the CLI refuses to read the schema while it is unset,
// even for `prisma generate`, which never connects: give it the local default.
process.env.DATABASE_URL ||= 'postgresql://postgres@127.0.0.1:5432/webhooks';
const connectionString = process.env.DATABASE_URL;

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma', // paths are relative to this file
  migrations: { path: 'prisma/migrations' },
  adapter: async () => new PrismaPg(new pg.Pool({ connectionString, Client: SystemTypesAsTextClient })),
});
