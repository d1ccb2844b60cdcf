import { describe, expect, it } from 'vitest';
import { connectionOptions, createPrismaDatabase, type PrismaClientLike, type PrismaClientOptions } from './client.js';

const logger = { warn: () => undefined };

/** Stands in for a generated PrismaClient: records what it was built with; nothing connects. */
function fakeClient(options: PrismaClientOptions): PrismaClientLike<unknown> & { options: PrismaClientOptions; disconnects: number } {
  return {
    options,
    disconnects: 0,
    $transaction: (fn) => fn({}),
    $queryRaw: async <T>() => [] as T,
    async $disconnect() {
      this.disconnects += 1;
    },
  };
}

describe('connectionOptions', () => {
  it('turns settings into -c pairs in their order, and nothing into undefined', () => {
    expect(connectionOptions({ jit: 'off', 'pg_trgm.similarity_threshold': 0.2, statement_timeout: 2000 })).toBe(
      '-c jit=off -c pg_trgm.similarity_threshold=0.2 -c statement_timeout=2000',
    );
    expect(connectionOptions({})).toBeUndefined();
  });

  it('refuses names and values it would have to escape', () => {
    expect(() => connectionOptions({ 'bad name': 'x' })).toThrow(/bad name/);
    expect(() => connectionOptions({ search_path: 'a b' })).toThrow(/search_path/);
    expect(() => connectionOptions({ x: '-c y=z' })).toThrow();
  });
});

describe('createPrismaDatabase', () => {
  it('builds one pool with the size, application name and session settings, and hands the client the same adapter', async () => {
    const db = createPrismaDatabase(fakeClient, {
      url: 'postgresql://postgres@127.0.0.1:1/none',
      logger,
      poolSize: 3,
      applicationName: 'search-read',
      sessionSettings: { jit: 'off', statement_timeout: 1500 },
    });
    expect(db.pool.options).toMatchObject({ max: 3, application_name: 'search-read', options: '-c jit=off -c statement_timeout=1500' });
    expect(db.client.options.transactionOptions).toEqual({ maxWait: 5_000, timeout: 10_000 });
    await db.disconnect();
  });

  it('asyncCommit adds synchronous_commit=off after the other settings; without options the pool has none', async () => {
    const asyncDb = createPrismaDatabase(fakeClient, {
      url: 'postgresql://postgres@127.0.0.1:1/none',
      logger,
      sessionSettings: { jit: 'off' },
      asyncCommit: true,
    });
    expect(asyncDb.pool.options.options).toBe('-c jit=off -c synchronous_commit=off');
    const plainDb = createPrismaDatabase(fakeClient, { url: 'postgresql://postgres@127.0.0.1:1/none', logger });
    expect(plainDb.pool.options.options).toBeUndefined();
    expect(plainDb.pool.options.application_name).toBeUndefined();
    expect(plainDb.pool.options.max).toBe(10);
    await Promise.all([asyncDb.disconnect(), plainDb.disconnect()]);
  });

  it('disconnects the client and ends the pool once, however often it is called', async () => {
    const db = createPrismaDatabase(fakeClient, { url: 'postgresql://postgres@127.0.0.1:1/none', logger });
    await Promise.all([db.disconnect(), db.disconnect()]);
    await db.disconnect();
    expect(db.client.disconnects).toBe(1);
    expect(db.pool.ended).toBe(true);
  });

  it('runs inTransaction first inside every transaction and tells it whether the transaction committed', async () => {
    const seen: string[] = [];
    const tx = { name: 'tx' };
    const client = (options: PrismaClientOptions) => ({
      ...fakeClient(options),
      // As Prisma does: the transaction commits when fn resolves and rolls back when it throws.
      $transaction: async <T>(fn: (t: unknown) => Promise<T>) => {
        const result = await fn(tx);
        seen.push('commit');
        return result;
      },
    });
    const db = createPrismaDatabase(client, {
      url: 'postgresql://postgres@127.0.0.1:1/none',
      logger,
      inTransaction: async (on: unknown) => {
        seen.push(on === tx ? 'hook on tx' : 'hook elsewhere');
        return (committed: boolean) => seen.push(committed ? 'settled: committed' : 'settled: rolled back');
      },
    });
    expect(await db.transaction(async () => seen.push('work') && 'done')).toBe('done');
    expect(seen).toEqual(['hook on tx', 'work', 'commit', 'settled: committed']);
    seen.length = 0;
    await expect(
      db.transaction(async () => {
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(seen).toEqual(['hook on tx', 'settled: rolled back']);
    await db.disconnect();
  });
});
