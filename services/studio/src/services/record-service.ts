/**
 * The moves the record services make the same way, written once:
 * - RecordService: a service's dependencies and its clock (deps.now in tests, else the system's);
 * - lockedOrNotFound: the record under its row lock, or not_found when it is not one of the workspace;
 * - deleteRecord: that, its events and its deletion in one transaction;
 * - moveRecord: a lifecycle transition (lifecycles.ts) as one transaction: lock and read the row, check the move
 *   (conflict, nothing written or emitted, when refused), write the changes with the next version, and the events
 *   in the outbox (unit-of-work.ts);
 * - listPage: one page of a list, from the caller's cursor to the next one (paging.ts).
 * What each record changes, emits or refuses beyond its lifecycle stays in its service.
 */
import { AppError } from '@studio/errors';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import type { TimeKey } from '@studio/cursor';
import type { Tx } from '../store/db.js';
import type { PageQuery } from '../store/keyset.js';
import { systemClock, type ServiceDeps } from './deps.js';
import { assertTransition, type Lifecycle } from './lifecycles.js';
import { pageQuery, toPage, type CursorKind, type Page, type PageRequest } from './paging.js';
import { nextVersion, writeWithEvents } from './unit-of-work.js';

export abstract class RecordService {
  protected readonly now: () => Date;
  constructor(protected readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
  }
}

/** How a store locks and reads one record of a workspace (see store/record-store.ts). */
export interface LockingStore<Row> {
  getForUpdate(tx: Tx, id: string, workspaceId: string): Promise<Row | null>;
}

export async function lockedOrNotFound<Row>(store: LockingStore<Row>, tx: Tx, id: string, workspaceId: string): Promise<Row> {
  const current = await store.getForUpdate(tx, id, workspaceId);
  if (!current) throw new AppError('not_found');
  return current;
}

/**
 * Deletes the record `id` of `workspaceId` under its row lock, in one transaction with the events `deleted` gives
 * for it (computed before the row goes: a client's detaches its rows there); returns the deletion time.
 */
export async function deleteRecord<Row>(
  deps: ServiceDeps,
  store: LockingStore<Row> & { delete(tx: Tx, id: string, workspaceId: string): Promise<void> },
  workspaceId: string,
  id: string,
  deleted: (current: Row, deletedAt: Date, tx: Tx) => Promise<NewOutboxEvent[]>,
): Promise<Date> {
  const deletedAt = (deps.now ?? systemClock)();
  await writeWithEvents(deps, async (tx) => {
    const current = await lockedOrNotFound(store, tx, id, workspaceId);
    const events = await deleted(current, deletedAt, tx);
    await store.delete(tx, id, workspaceId);
    return { value: null, events };
  });
  return deletedAt;
}

/** A record with a lifecycle: its store, its table of moves and its name in a refusal. */
export interface LifecycleRecord<Row, S extends string, Changes> {
  store: LockingStore<Row> & { update(tx: Tx, id: string, changes: Changes): Promise<Row> };
  lifecycle: Lifecycle<S>;
  entity: string;
}

export interface Move<Row, S extends string, Changes> {
  to: S;
  /** A refusal beyond the lifecycle table, checked under the lock (e.g. an expired proposal). */
  check?: (current: Row, now: Date) => void;
  /** The row's changes: `next` (the new status and updatedAt, the next version) with the record's own fields. */
  changes: (next: { status: S; updatedAt: Date }, current: Row, now: Date) => Changes;
  /** The events of the move, written in the same transaction. */
  events: (updated: Row, current: Row) => NewOutboxEvent[];
}

/** Moves the record `id` of `workspaceId` to `move.to`; returns the updated row. */
export async function moveRecord<Row extends { status: S; updatedAt: Date }, S extends string, Changes>(
  deps: ServiceDeps,
  record: LifecycleRecord<Row, S, Changes>,
  workspaceId: string,
  id: string,
  move: Move<Row, S, Changes>,
): Promise<Row> {
  return writeWithEvents(deps, async (tx) => {
    const current = await lockedOrNotFound(record.store, tx, id, workspaceId);
    assertTransition(record.lifecycle, record.entity, current.status, move.to);
    const now = (deps.now ?? systemClock)();
    move.check?.(current, now);
    const next = { status: move.to, updatedAt: nextVersion(current.updatedAt, now) };
    const updated = await record.store.update(tx, id, move.changes(next, current, now));
    return { value: updated, events: move.events(updated, current) };
  });
}

/** One page of a list of `kind`: `fetch` reads limit + 1 rows after the caller's cursor (invalid_input if forged). */
export async function listPage<R extends TimeKey, J>(
  deps: ServiceDeps,
  kind: CursorKind,
  req: PageRequest,
  fetch: (page: PageQuery) => Promise<R[]>,
  serialize: (row: R) => J,
): Promise<Page<J>> {
  const rows = await fetch(pageQuery(deps.cursor, kind, req));
  return toPage(deps.cursor, kind, rows, req.limit, serialize);
}
