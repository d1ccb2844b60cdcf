/**
 * A keyed request on the service side (docs/decisions/0022-durable-idempotency.md): the route of a keyed request runs
 * its handler through `performKeyed`, which
 * 1. looks the key up in the service's table (`IdempotencyStore.find`): another fingerprint -> 422, an answer ->
 *    replay, a claim without an answer -> 409 (the work was done; it is never run again);
 * 2. otherwise runs the handler inside a context (AsyncLocalStorage) that `claimInTransaction` reads: the FIRST
 *    database transaction of the request inserts the claim row as its first statement, so the claim commits or rolls
 *    back with the request's change. A twin that committed its claim first makes the insert find the row: the
 *    transaction is rolled back (IdempotencyTwinError) and the request answers from the twin's row instead;
 * 3. stores a 2xx answer (on the claimed row, or as a new answered row when no transaction ran). A storing failure is
 *    logged: the work is done and its answer is sent either way. A refusal (4xx) thrown after the claim committed
 *    releases it, so the corrected request runs; any other failure keeps it (409 on a retry, never a second run).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { SqlRunner } from './sql-runner.js';

/** Idempotency-Key: 1..200 visible ASCII characters or spaces (0x20-0x7E), as the gateway checks it. */
const IDEMPOTENCY_KEY_RE = /^[\x20-\x7e]{1,200}$/;

export type IdempotencyKeyResult = { kind: 'absent' } | { kind: 'valid'; key: string } | { kind: 'invalid' };

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const INVALID_KEY_MESSAGE = 'Idempotency-Key must be 1 to 200 printable ASCII characters';

export function parseIdempotencyKey(header: string | string[] | undefined): IdempotencyKeyResult {
  if (header === undefined) return { kind: 'absent' };
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_RE.test(header)) return { kind: 'invalid' };
  return { kind: 'valid', key: header };
}

/** Where a key lives: the token that used it and the key's SHA-256 (base64url); the key itself is not stored. */
export interface KeyScope {
  tokenId: string;
  keyHash: string;
}

export function keyScope(tokenId: string, key: string): KeyScope {
  return { tokenId, keyHash: createHash('sha256').update(key).digest('base64url') };
}

/** The path a fingerprint names: no query string, no trailing slash (as the gateway's resolved route path). */
export function fingerprintPath(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** An answer kept for replays: the status, content type and exact body bytes. */
export interface StoredAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** A row of the table as the lookup reads it; `answer` is 'unreadable' when a sealed body does not open. */
export interface KeyRecord {
  fingerprint: string;
  answer: StoredAnswer | null | 'unreadable';
}

/** What a service's table offers (SqlIdempotencyStore is the one implementation). */
export interface IdempotencyStore {
  /** The row of `scope` created in the last 24 h, or null. */
  find(scope: KeyScope): Promise<KeyRecord | null>;
  /** Inserts the claim row on `tx`; false when a row (a twin's) is already there. */
  claim(tx: SqlRunner, scope: KeyScope, fingerprint: string): Promise<boolean>;
  /** Stores the answer on the claimed row (still without one). */
  answer(scope: KeyScope, fingerprint: string, answer: StoredAnswer): Promise<void>;
  /** Inserts an answered row (a request whose work took no transaction); false when a row is already there. */
  record(scope: KeyScope, fingerprint: string, answer: StoredAnswer): Promise<boolean>;
  /** Deletes the claimed row (still without an answer): the request was refused after its claim committed. */
  release(scope: KeyScope, fingerprint: string): Promise<void>;
}

export const CONFLICT_MESSAGE = 'this Idempotency-Key was used for a different request (method, path or body)';
export const UNANSWERED_MESSAGE = 'this request was performed; its answer was not kept';
export const IN_PROGRESS_MESSAGE = 'a request with this Idempotency-Key is still in progress';

/** How a keyed request is answered when it does not run. */
export type Refusal = { error: 'idempotency_conflict' | 'conflict'; message: string };

export type Verdict = { kind: 'run' } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'refuse'; refusal: Refusal };

/** Step 1: what a found row (or none) means for a request of `fingerprint`. */
export function judge(record: KeyRecord | null, fingerprint: string): Verdict {
  if (!record) return { kind: 'run' };
  if (record.fingerprint !== fingerprint) return { kind: 'refuse', refusal: { error: 'idempotency_conflict', message: CONFLICT_MESSAGE } };
  if (record.answer && record.answer !== 'unreadable') return { kind: 'replay', answer: record.answer };
  return { kind: 'refuse', refusal: { error: 'conflict', message: UNANSWERED_MESSAGE } };
}

/** After losing the claim to a twin: its answer when it has one, else "still in progress" (never a second run). */
export function judgeAfterTwin(record: KeyRecord | null, fingerprint: string): Verdict {
  if (record && record.fingerprint !== fingerprint) return judge(record, fingerprint);
  if (record?.answer && record.answer !== 'unreadable') return { kind: 'replay', answer: record.answer };
  return { kind: 'refuse', refusal: { error: 'conflict', message: IN_PROGRESS_MESSAGE } };
}

/** Only successes are kept (as the gateway's isStoredAnswer): a refused request may be corrected and retried. */
export const isKeptAnswer = (status: number): boolean => status >= 200 && status < 300;

/** Thrown inside the claiming transaction when a twin's claim is there: rolls that transaction back. */
export class IdempotencyTwinError extends Error {
  constructor() {
    super('another request with this Idempotency-Key claimed it first');
    this.name = 'IdempotencyTwinError';
  }
}

type ClaimState = 'armed' | 'claiming' | 'claimed' | 'twin';

interface KeyedContext {
  store: IdempotencyStore;
  scope: KeyScope;
  fingerprint: string;
  state: ClaimState;
}

const keyedContext = new AsyncLocalStorage<KeyedContext>();

/**
 * The transaction hook of a service's database (`inTransaction` of @studio/prisma-config/client): inside a keyed
 * request whose claim is not yet taken, inserts the claim row as the transaction's first statement. A twin's row ->
 * IdempotencyTwinError (the transaction rolls back). Returns what to do once the transaction is settled: a commit
 * keeps the claim, a rollback gives the next transaction of the request the chance to claim.
 */
export async function claimInTransaction(tx: SqlRunner): Promise<((committed: boolean) => void) | undefined> {
  const ctx = keyedContext.getStore();
  if (ctx?.state !== 'armed') return undefined;
  ctx.state = 'claiming';
  let won: boolean;
  try {
    won = await ctx.store.claim(tx, ctx.scope, ctx.fingerprint);
  } catch (err) {
    ctx.state = 'armed';
    throw err;
  }
  if (!won) {
    ctx.state = 'twin';
    throw new IdempotencyTwinError();
  }
  return (committed) => {
    ctx.state = committed ? 'claimed' : 'armed';
  };
}

export interface KeyedRequest {
  store: IdempotencyStore;
  scope: KeyScope;
  fingerprint: string;
  logger: { warn(fields: object, msg: string): void };
  /**
   * Whether a thrown error is a refusal (a 4xx: the caller may correct the request and retry with the same key, as
   * the gateway's isStoredAnswer lets it). A refusal after the claim committed releases the claim; any other error
   * keeps it (the outcome is unknown: the work may be done, so it is never run again).
   */
  isRefusal(err: unknown): boolean;
}

/**
 * What the route sends: an answer (`replayed` when it comes from the table) or a refusal. `answer` is null when the
 * handler answered on its own (nothing to store or send).
 */
export type KeyedOutcome = { kind: 'answer'; answer: StoredAnswer | null; replayed: boolean } | { kind: 'refuse'; refusal: Refusal };

function fromVerdict(verdict: Exclude<Verdict, { kind: 'run' }>): KeyedOutcome {
  return verdict.kind === 'replay' ? { kind: 'answer', answer: verdict.answer, replayed: true } : verdict;
}

/** Steps 1 to 3 around `handler`, which answers a StoredAnswer (null when it wrote the response itself) or throws. */
export async function performKeyed(req: KeyedRequest, handler: () => Promise<StoredAnswer | null>): Promise<KeyedOutcome> {
  const { store, scope, fingerprint, logger, isRefusal } = req;
  const verdict = judge(await store.find(scope), fingerprint);
  if (verdict.kind !== 'run') return fromVerdict(verdict);

  const ctx: KeyedContext = { store, scope, fingerprint, state: 'armed' };
  let answer: StoredAnswer | null;
  try {
    answer = await keyedContext.run(ctx, handler);
  } catch (err) {
    if (ctx.state === 'claimed' && isRefusal(err)) {
      await store
        .release(scope, fingerprint)
        .catch((e) => logger.warn({ err: (e as Error).message, key_hash: scope.keyHash }, 'idempotency: the claim was not released'));
    }
    if (ctx.state !== 'twin') throw err;
    answer = null;
  }
  if (ctx.state === 'twin') {
    const after = judgeAfterTwin(await store.find(scope), fingerprint);
    return after.kind === 'run' ? { kind: 'refuse', refusal: { error: 'conflict', message: IN_PROGRESS_MESSAGE } } : fromVerdict(after);
  }
  if (answer && isKeptAnswer(answer.status)) {
    try {
      if (ctx.state === 'claimed') await store.answer(scope, fingerprint, answer);
      else if (!(await store.record(scope, fingerprint, answer)))
        logger.warn({ key_hash: scope.keyHash }, 'idempotency: a twin recorded this key first');
    } catch (err) {
      logger.warn({ err: (err as Error).message, key_hash: scope.keyHash }, 'idempotency: the answer was not stored');
    }
  }
  return { kind: 'answer', answer, replayed: false };
}
