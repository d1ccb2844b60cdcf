/**
 * @studio/idempotency's SQL store and transaction claim on a real PostgreSQL database (a fresh clone of studio's
 * migrated template, through studio's Prisma database with its transaction hook): the claim commits and rolls back
 * with the request's transaction, two concurrent twins run the work once, the sweeper deletes only expired rows, and
 * sealed answers are not kept in plaintext.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createLogger } from '@studio/logger';
import { keyScope, performKeyed, SqlIdempotencyStore, type StoredAnswer, sweepExpiredKeys } from '@studio/idempotency';
import { SealedBox } from '@studio/sealed-box';
import { freshDatabase, type FreshDatabase } from '@studio/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/store/db.js';
import { TEMPLATE } from './global-setup.js';

const logger = createLogger({ service: 'idempotency-test', level: 'silent' });
const isRefusal = () => false;
const answer = (text: string, status = 201): StoredAnswer => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: Buffer.from(text),
});

describe('idempotency store (PostgreSQL)', () => {
  let database: FreshDatabase;
  let db: Database;
  let store: SqlIdempotencyStore;

  beforeAll(async () => {
    database = await freshDatabase(TEMPLATE);
    db = createDatabase({ url: database.url, logger });
    store = new SqlIdempotencyStore(db);
    // The work a keyed request does: one row per run, in the same transaction as the claim.
    await db.client.$executeRawUnsafe('CREATE TABLE work_done (id serial PRIMARY KEY, note text NOT NULL)');
  });
  afterAll(async () => {
    await db?.disconnect();
    await database?.drop();
  });

  const runs = async (note: string) =>
    (await db.client.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM work_done WHERE note = ${note}`)[0]!.n;
  const rowOf = async (tokenId: string) =>
    db.client.$queryRaw<{ fingerprint: string; status: number | null; body: Uint8Array | null }[]>`
      SELECT fingerprint, status, body FROM idempotency_keys WHERE token_id = ${tokenId}`;

  /** A keyed request whose work is one row of work_done in db.transaction, answering `text`. */
  const keyed = (tokenId: string, note: string, work: (tx: Database['client']) => Promise<void> = async () => undefined) =>
    performKeyed({ store, scope: keyScope(tokenId, 'key-1'), fingerprint: `fp-${note}`, logger, isRefusal }, async () => {
      await db.transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO work_done (note) VALUES (${note})`;
        await work(tx as Database['client']);
      });
      return answer(`{"ok":true,"note":"${note}"}`);
    });

  it('commits the claim with the work and keeps the answer; the same request then replays without running', async () => {
    const tokenId = randomUUID();
    const first = await keyed(tokenId, 'commit-1');
    expect(first).toMatchObject({ kind: 'answer', replayed: false });
    expect(await rowOf(tokenId)).toEqual([{ fingerprint: 'fp-commit-1', status: 201, body: expect.anything() }]);
    const second = await keyed(tokenId, 'commit-1');
    expect(second).toMatchObject({ kind: 'answer', replayed: true, answer: { status: 201 } });
    if (second.kind === 'answer') expect(second.answer?.body.toString()).toBe('{"ok":true,"note":"commit-1"}');
    expect(await runs('commit-1')).toBe(1);
    const other = await keyed(tokenId, 'commit-other');
    expect(other).toMatchObject({ kind: 'refuse', refusal: { error: 'idempotency_conflict' } });
    expect(await runs('commit-other')).toBe(0);
  });

  it('rolls the claim back with the work, so the retry runs', async () => {
    const tokenId = randomUUID();
    await expect(
      keyed(tokenId, 'rollback-1', async () => {
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await rowOf(tokenId)).toEqual([]);
    expect(await runs('rollback-1')).toBe(0);
    expect(await keyed(tokenId, 'rollback-1')).toMatchObject({ kind: 'answer', replayed: false });
    expect(await runs('rollback-1')).toBe(1);
  });

  it('releases a committed claim when the request is then refused (4xx), so the corrected retry runs', async () => {
    const tokenId = randomUUID();
    const scope = keyScope(tokenId, 'key-1');
    const refused = performKeyed({ store, scope, fingerprint: 'fp-refused', logger, isRefusal: () => true }, async () => {
      await db.transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO work_done (note) VALUES ('refused')`;
      });
      throw new Error('refused after the commit');
    });
    await expect(refused).rejects.toThrow('refused after the commit');
    expect(await rowOf(tokenId)).toEqual([]);
  });

  it('answers 409 for a claim committed without an answer, and never runs it again', async () => {
    const tokenId = randomUUID();
    const scope = keyScope(tokenId, 'key-1');
    await db.transaction((tx) => store.claim(tx, scope, 'fp-lost'));
    expect(await keyed(tokenId, 'lost')).toMatchObject({
      kind: 'refuse',
      refusal: { error: 'conflict', message: 'this request was performed; its answer was not kept' },
    });
    expect(await runs('lost')).toBe(0);
  });

  it('lets exactly one of two concurrent twins run; the other rolls back and does not run the work', async () => {
    const tokenId = randomUUID();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstHolds!: () => void;
    const held = new Promise<void>((resolve) => {
      firstHolds = resolve;
    });
    // The first twin claims and holds its transaction open until the second one is blocked on its claim row.
    const first = keyed(tokenId, 'twin', async () => {
      firstHolds();
      await gate;
    });
    await held;
    const second = keyed(tokenId, 'twin');
    for (;;) {
      const [waiting] = await db.client.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO idempotency_keys%'`;
      if (waiting!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toMatchObject({ kind: 'answer', replayed: false });
    // The second read the twin's row: its answer when already stored, else "still in progress"; never a second run.
    expect(b.kind === 'refuse' ? b.refusal : b).toMatchObject(
      b.kind === 'refuse' ? { error: 'conflict', message: 'a request with this Idempotency-Key is still in progress' } : { replayed: true },
    );
    expect(await runs('twin')).toBe(1);
    expect(await keyed(tokenId, 'twin')).toMatchObject({ kind: 'answer', replayed: true });
  });

  it('records the answer of a request that ran no transaction', async () => {
    const tokenId = randomUUID();
    const scope = keyScope(tokenId, 'key-1');
    const req = { store, scope, fingerprint: 'fp-read', logger, isRefusal };
    expect(await performKeyed(req, async () => answer('{"ok":true,"signed":1}', 200))).toMatchObject({ replayed: false });
    const again = await performKeyed(req, async () => answer('{"ok":true,"signed":2}', 200));
    expect(again).toMatchObject({ kind: 'answer', replayed: true });
    if (again.kind === 'answer') expect(again.answer?.body.toString()).toBe('{"ok":true,"signed":1}');
  });

  it('ignores and replaces rows older than 24 h, and the sweeper deletes only those', async () => {
    const old = [randomUUID(), randomUUID(), randomUUID()];
    const young = randomUUID();
    for (const tokenId of old) {
      await db.client.$executeRaw`INSERT INTO idempotency_keys (token_id, key_hash, fingerprint, created_at)
        VALUES (${tokenId}, ${keyScope(tokenId, 'key-1').keyHash}, 'fp-old', now() - interval '24 hours 1 minute')`;
    }
    await db.client.$executeRaw`INSERT INTO idempotency_keys (token_id, key_hash, fingerprint, created_at)
      VALUES (${young}, ${keyScope(young, 'key-1').keyHash}, 'fp-young', now() - interval '23 hours 59 minutes')`;
    expect(await store.find(keyScope(old[0]!, 'key-1'))).toBeNull();
    expect(await store.find(keyScope(young, 'key-1'))).toEqual({ fingerprint: 'fp-young', answer: null });
    // An expired row gives its place to a new claim.
    expect(await keyed(old[0]!, 'after-expiry')).toMatchObject({ kind: 'answer', replayed: false });
    expect(await runs('after-expiry')).toBe(1);

    // Batches of one: the pass goes on until a batch comes back short.
    expect(await sweepExpiredKeys(store, 1)).toBe(2);
    const left = await db.client.$queryRaw<{ token_id: string }[]>`
      SELECT token_id FROM idempotency_keys WHERE token_id = ANY(${[...old, young]}::text[]) ORDER BY token_id`;
    expect(left.map((r) => r.token_id).sort()).toEqual([old[0]!, young].sort());
  });

  it('keeps sealed bodies out of plaintext and refuses one that does not open', async () => {
    const key = randomBytes(32);
    const sealed = new SqlIdempotencyStore(db, new SealedBox(key, 'idempotency answer'));
    const tokenId = randomUUID();
    const scope = keyScope(tokenId, 'key-1');
    const secret = `whsec_${randomBytes(16).toString('hex')}`;
    expect(await sealed.record(scope, 'fp', answer(`{"ok":true,"signing_secret":"${secret}"}`))).toBe(true);
    const [row] = await rowOf(tokenId);
    expect(Buffer.from(row!.body!).includes(Buffer.from(secret))).toBe(false);
    expect((await sealed.find(scope))?.answer).toMatchObject({
      status: 201,
      body: Buffer.from(`{"ok":true,"signing_secret":"${secret}"}`),
    });
    const otherKey = new SqlIdempotencyStore(db, new SealedBox(randomBytes(32), 'idempotency answer'));
    expect(await otherKey.find(scope)).toEqual({ fingerprint: 'fp', answer: 'unreadable' });
    const refused = await performKeyed({ store: otherKey, scope, fingerprint: 'fp', logger, isRefusal }, async () => {
      throw new Error('must not run');
    });
    expect(refused).toMatchObject({ kind: 'refuse', refusal: { error: 'conflict' } });
  });
});
