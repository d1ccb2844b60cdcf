/**
 * The moves the record services make the same way, written once:
 * - RecordService: a service's dependencies, its clock (deps.now in tests, else the system's) and its list pages
 *   (from the caller's cursor to the next one, paging.ts);
 * - lockedOrNotFound: the record under its row lock, or not_found when it is not one of the workspace;
 * - deleteRecord: that, its events and its deletion in one transaction; updateRecord: that, refusals, its changes
 *   with the next version (unit-of-work.ts) and its events in one transaction;
 * - moveRecord: a lifecycle transition (lifecycles.ts) as such an update: the move is checked under the lock
 *   (conflict, nothing written or emitted, when refused) and the row gets the new status.
 * What each record changes, emits or refuses beyond its lifecycle stays in its service.
 */
import { AppError } from '@studio/errors';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import type { TimeKey } from '@studio/cursor';
import type { Tx } from '../store/db.js';
import type { PageQuery } from '../store/keyset.js';
import type { JsonRow } from '../store/record-json.js';
import { systemClock, type ServiceDeps } from './deps.js';
import { assertTransition, type Lifecycle } from './lifecycles.js';
import { pageQuery, toPage, type CursorKind, type JsonPage, type Page, type PageRequest } from './paging.js';
import { nextVersion, writeWithEvents } from './unit-of-work.js';

export abstract class RecordService {
  protected readonly now: () => Date;
  constructor(protected readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
  }

  /** One page of a list of `kind`: `fetch` reads limit + 1 rows after the caller's cursor (invalid_input if forged). */
  protected async page<R extends TimeKey, J>(
    kind: CursorKind,
    req: PageRequest,
    fetch: (page: PageQuery) => Promise<R[]>,
    serialize: (row: R) => J,
  ): Promise<Page<J>> {
    const rows = await fetch(pageQuery(this.deps.cursor, kind, req));
    return toPage(this.deps.cursor, kind, rows, req.limit, serialize);
  }

  /** The same page with `fetch` reading each row already in its public JSON (store/record-json.ts). */
  protected async jsonPage<J>(kind: CursorKind, req: PageRequest, fetch: (page: PageQuery) => Promise<JsonRow<J>[]>): Promise<JsonPage<J>> {
    const { items, next_cursor } = await this.page(kind, req, fetch, (row) => row.json);
    return { itemsJson: items, next_cursor };
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

/** How a store locks, reads and updates one record of a workspace. */
export interface UpdatingStore<Row, Changes> extends LockingStore<Row> {
  update(tx: Tx, id: string, changes: Changes): Promise<Row>;
}

export interface Update<Row, Changes> {
  /** Refusals under the lock, before the clock is read (a lifecycle move, a reference into the workspace). */
  check?: (current: Row, tx: Tx) => void | Promise<void>;
  /** The row's changes: `next` (updatedAt, the next version) with the record's own fields; may still refuse. */
  changes: (next: { updatedAt: Date }, current: Row, now: Date) => Changes;
  /** The events of the change, written in the same transaction. */
  events: (updated: Row, current: Row) => NewOutboxEvent[];
}

/** Changes the record `id` of `workspaceId`; returns the updated row. */
export async function updateRecord<Row extends { updatedAt: Date }, Changes>(
  deps: ServiceDeps,
  store: UpdatingStore<Row, Changes>,
  workspaceId: string,
  id: string,
  update: Update<Row, Changes>,
): Promise<Row> {
  return writeWithEvents(deps, async (tx) => {
    const current = await lockedOrNotFound(store, tx, id, workspaceId);
    await update.check?.(current, tx);
    const now = (deps.now ?? systemClock)();
    const updated = await store.update(tx, id, update.changes({ updatedAt: nextVersion(current.updatedAt, now) }, current, now));
    return { value: updated, events: update.events(updated, current) };
  });
}

/** A record with a lifecycle: its store, its table of moves and its name in a refusal. */
export interface LifecycleRecord<Row, S extends string, Changes> {
  store: UpdatingStore<Row, Changes>;
  lifecycle: Lifecycle<S>;
  entity: string;
}

export interface Move<Row, S extends string, Changes> extends Omit<Update<Row, Changes>, 'check' | 'changes'> {
  to: S;
  /** The row's changes: `next` (the new status and updatedAt) with the record's own fields; may still refuse. */
  changes: (next: { status: S; updatedAt: Date }, current: Row, now: Date) => Changes;
}

/** Moves the record `id` of `workspaceId` to `move.to` if its lifecycle allows it; returns the updated row. */
export async function moveRecord<Row extends { status: S; updatedAt: Date }, S extends string, Changes>(
  deps: ServiceDeps,
  record: LifecycleRecord<Row, S, Changes>,
  workspaceId: string,
  id: string,
  move: Move<Row, S, Changes>,
): Promise<Row> {
  return updateRecord(deps, record.store, workspaceId, id, {
    check: (current) => assertTransition(record.lifecycle, record.entity, current.status, move.to),
    changes: (next, current, now) => move.changes({ ...next, status: move.to }, current, now),
    events: move.events,
  });
}
