import { describe, expect, it } from 'vitest';
import {
  claimInTransaction,
  fingerprintPath,
  type IdempotencyStore,
  IdempotencyTwinError,
  judge,
  judgeAfterTwin,
  type KeyRecord,
  keyScope,
  parseIdempotencyKey,
  performKeyed,
  type StoredAnswer,
} from './keyed.js';
import type { SqlRunner } from './sql-runner.js';

const answer = (status: number, text = '{"ok":true}'): StoredAnswer => ({
  status,
  contentType: 'application/json',
  body: Buffer.from(text),
});

/** A store in memory: `claim` and `record` behave as the SQL's insert (false when the scope holds a row). */
function memoryStore(initial: KeyRecord | null = null) {
  let row: KeyRecord | null = initial;
  const calls: string[] = [];
  const store: IdempotencyStore = {
    find: async () => {
      calls.push('find');
      return row;
    },
    claim: async (_tx, _scope, fingerprint) => {
      calls.push('claim');
      if (row) return false;
      row = { fingerprint, answer: null };
      return true;
    },
    answer: async (_scope, _fp, a) => {
      calls.push('answer');
      if (row) row = { ...row, answer: a };
    },
    release: async () => {
      calls.push('release');
      if (row && row.answer === null) row = null;
    },
    record: async (_scope, fingerprint, a) => {
      calls.push('record');
      if (row) return false;
      row = { fingerprint, answer: a };
      return true;
    },
  };
  return { store, calls, row: () => row, set: (r: KeyRecord | null) => (row = r) };
}

const tx = {} as SqlRunner;
const logger = { warn: () => undefined };
const isRefusal = (err: unknown) => err instanceof Refused;
class Refused extends Error {}
const scope = keyScope('tok-1', 'key-1');

/** A transaction as @studio/prisma-config runs it: the hook first, then the work, then the settle callback. */
async function transaction<T>(work: () => Promise<T>, { commit = true } = {}): Promise<T> {
  let settled: ((committed: boolean) => void) | undefined;
  try {
    settled = await claimInTransaction(tx);
    const result = await work();
    if (!commit) throw new Error('rolled back');
    settled?.(true);
    return result;
  } catch (err) {
    settled?.(false);
    throw err;
  }
}

describe('keys and paths', () => {
  it('checks the key as the gateway does and hashes it per token', () => {
    expect(parseIdempotencyKey(undefined)).toEqual({ kind: 'absent' });
    expect(parseIdempotencyKey('')).toEqual({ kind: 'invalid' });
    expect(parseIdempotencyKey('a'.repeat(201))).toEqual({ kind: 'invalid' });
    expect(parseIdempotencyKey('é')).toEqual({ kind: 'invalid' });
    expect(parseIdempotencyKey(['a', 'b'])).toEqual({ kind: 'invalid' });
    expect(parseIdempotencyKey('order 42')).toEqual({ kind: 'valid', key: 'order 42' });
    expect(scope.keyHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(scope.keyHash).not.toContain('key-1');
    expect(keyScope('tok-1', 'key-2').keyHash).not.toBe(scope.keyHash);
  });

  it('names the path without query or trailing slash', () => {
    expect(fingerprintPath('/api/v1/shoots/?a=1')).toBe('/api/v1/shoots');
    expect(fingerprintPath('/api/v1/shoots')).toBe('/api/v1/shoots');
    expect(fingerprintPath('/')).toBe('/');
  });
});

describe('judge', () => {
  it('runs an unknown key, refuses another fingerprint, replays an answer, refuses an unanswered claim', () => {
    expect(judge(null, 'fp')).toEqual({ kind: 'run' });
    expect(judge({ fingerprint: 'other', answer: answer(201) }, 'fp')).toMatchObject({
      kind: 'refuse',
      refusal: { error: 'idempotency_conflict' },
    });
    expect(judge({ fingerprint: 'fp', answer: answer(201) }, 'fp')).toEqual({ kind: 'replay', answer: answer(201) });
    expect(judge({ fingerprint: 'fp', answer: null }, 'fp')).toMatchObject({
      kind: 'refuse',
      refusal: { error: 'conflict', message: 'this request was performed; its answer was not kept' },
    });
    expect(judge({ fingerprint: 'fp', answer: 'unreadable' }, 'fp')).toMatchObject({ kind: 'refuse', refusal: { error: 'conflict' } });
  });

  it('after losing to a twin: its answer, else still in progress, never a run', () => {
    expect(judgeAfterTwin({ fingerprint: 'fp', answer: answer(201) }, 'fp')).toEqual({ kind: 'replay', answer: answer(201) });
    expect(judgeAfterTwin({ fingerprint: 'fp', answer: null }, 'fp')).toMatchObject({ refusal: { message: /still in progress/ } });
    expect(judgeAfterTwin(null, 'fp')).toMatchObject({ kind: 'refuse', refusal: { error: 'conflict' } });
    expect(judgeAfterTwin({ fingerprint: 'x', answer: null }, 'fp')).toMatchObject({ refusal: { error: 'idempotency_conflict' } });
  });
});

describe('performKeyed', () => {
  it('claims in the first transaction only, then stores the answer on the claimed row', async () => {
    const m = memoryStore();
    let ran = 0;
    const outcome = await performKeyed({ store: m.store, scope, fingerprint: 'fp', logger, isRefusal }, async () => {
      ran++;
      await transaction(async () => undefined);
      await transaction(async () => undefined);
      return answer(201);
    });
    expect(ran).toBe(1);
    expect(outcome).toEqual({ kind: 'answer', answer: answer(201), replayed: false });
    expect(m.calls).toEqual(['find', 'claim', 'answer']);
    expect(m.row()).toEqual({ fingerprint: 'fp', answer: answer(201) });
  });

  it('replays a stored answer without running the handler', async () => {
    const m = memoryStore({ fingerprint: 'fp', answer: answer(201, '{"ok":true,"id":1}') });
    const outcome = await performKeyed({ store: m.store, scope, fingerprint: 'fp', logger, isRefusal }, async () => {
      throw new Error('must not run');
    });
    expect(outcome).toEqual({ kind: 'answer', answer: answer(201, '{"ok":true,"id":1}'), replayed: true });
  });

  it('records the answer of a request that took no transaction', async () => {
    const m = memoryStore();
    await performKeyed({ store: m.store, scope, fingerprint: 'fp', logger, isRefusal }, async () => answer(200));
    expect(m.calls).toEqual(['find', 'record']);
    expect(m.row()).toEqual({ fingerprint: 'fp', answer: answer(200) });
  });

  it('keeps nothing for a refusal without a committed claim, so a corrected retry runs', async () => {
    const m = memoryStore();
    await performKeyed({ store: m.store, scope, fingerprint: 'fp', logger, isRefusal }, async () => answer(409));
    await expect(
      performKeyed({ store: m.store, scope, fingerprint: 'fp', logger, isRefusal }, () =>
        transaction(async () => answer(201), { commit: false }),
      ),
    ).rejects.toThrow('rolled back');
    expect(m.calls).not.toContain('record');
    expect(m.calls).not.toContain('answer');
  });

  it('lets a later transaction claim when the first one rolled back', async () => {
    const m = memoryStore();
    let rolledBackClaim = false;
    await performKeyed({ store: m.store, scope, fingerprint: 'fp', logger, isRefusal }, async () => {
      await transaction(async () => undefined, { commit: false }).catch(() => undefined);
      rolledBackClaim = m.row() !== null;
      m.set(null); // what PostgreSQL does to the rolled-back claim row
      await transaction(async () => undefined);
      return answer(201);
    });
    expect(rolledBackClaim).toBe(true);
    expect(m.calls).toEqual(['find', 'claim', 'claim', 'answer']);
  });

  it('answers from the twin that claimed first, whatever the handler did with the error', async () => {
    const m = memoryStore();
    const twinAnswer = answer(201, '{"ok":true,"twin":true}');
    const outcome = await performKeyed({ store: m.store, scope, fingerprint: 'fp', logger, isRefusal }, async () => {
      m.set({ fingerprint: 'fp', answer: twinAnswer }); // the twin commits its claim and answer meanwhile
      await transaction(async () => {
        throw new Error('the work must not run');
      }).catch((err) => {
        expect(err).toBeInstanceOf(IdempotencyTwinError);
      });
      return answer(500);
    });
    expect(outcome).toEqual({ kind: 'answer', answer: twinAnswer, replayed: true });
  });

  it('answers 409 still in progress when the twin has not answered yet', async () => {
    const m = memoryStore();
    const outcome = await performKeyed({ store: m.store, scope, fingerprint: 'fp', logger, isRefusal }, async () => {
      m.set({ fingerprint: 'fp', answer: null });
      return transaction(async () => answer(201));
    });
    expect(outcome).toMatchObject({ kind: 'refuse', refusal: { error: 'conflict', message: /still in progress/ } });
  });

  it('logs a storing failure and still answers', async () => {
    const m = memoryStore();
    m.store.answer = async () => {
      throw new Error('db down');
    };
    const warned: string[] = [];
    const outcome = await performKeyed(
      { store: m.store, scope, fingerprint: 'fp', logger: { warn: (_f, msg) => warned.push(msg) }, isRefusal },
      () => transaction(async () => answer(201)),
    );
    expect(outcome).toMatchObject({ kind: 'answer', replayed: false });
    expect(warned).toEqual(['idempotency: the answer was not stored']);
  });

  it('releases a committed claim when the request is then refused, keeps it on any other failure', async () => {
    const m = memoryStore();
    const refused = performKeyed({ store: m.store, scope, fingerprint: 'fp', logger, isRefusal }, async () => {
      await transaction(async () => undefined);
      throw new Refused('409 after the commit');
    });
    await expect(refused).rejects.toThrow('409 after the commit');
    expect(m.calls).toEqual(['find', 'claim', 'release']);
    expect(m.row()).toBeNull();
    const failed = performKeyed({ store: m.store, scope, fingerprint: 'fp', logger, isRefusal }, async () => {
      await transaction(async () => undefined);
      throw new Error('lost after the commit');
    });
    await expect(failed).rejects.toThrow('lost after the commit');
    expect(m.row()).toEqual({ fingerprint: 'fp', answer: null });
  });

  it('claims nothing outside a keyed request', async () => {
    expect(await claimInTransaction(tx)).toBeUndefined();
  });
});
