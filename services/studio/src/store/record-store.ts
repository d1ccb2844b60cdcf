/**
 * The moves every record store of studio makes the same way, written once over the part of a Prisma model delegate
 * they use (a structural interface each generated delegate satisfies for its own row type, so rows keep their
 * Prisma types; no cast):
 * - RecordStore: insert a row (with fixed first values, e.g. a lifecycle's first status) and read a keyset page of
 *   the caller's workspaces, newest first (keyset.ts);
 * - WorkspaceRecordStore: the record's row under a lock (`lockRow` + `findFirst` in the workspace, locking.ts),
 *   its update after that lock, whether an id is a record of the workspace, delete in the workspace, and detaching
 *   a deleted client from its rows.
 * A store names its model and table once; what differs per record (its other lists, counts, claims) stays in it.
 */
import type { Database, Tx } from './db.js';
import { afterKey, newestFirst, takeFor, type PageQuery } from './keyset.js';
import { detachClientRows, lockRow, type ClientOwnedTable, type LockableTable } from './locking.js';

type InWorkspace = { id: string; workspaceId: string };
/** The rows of some workspaces (after a keyset position), or rows of one workspace by id. */
type ManyWhere = ({ workspaceId: { in: string[] } } | { id: { in: string[] }; workspaceId: string }) & ReturnType<typeof afterKey>;

/** What RecordStore calls on a model delegate (`tx.task`, `tx.invoice`, ...). */
export interface RecordModel<Row, Data> {
  create(args: { data: Data }): PromiseLike<Row>;
  findMany(args: { where: ManyWhere; orderBy: ReturnType<typeof newestFirst> | { id: 'asc' }; take?: number }): PromiseLike<Row[]>;
}

/** What WorkspaceRecordStore calls besides: reads, updates and deletes by id in a workspace. */
export interface WorkspaceRecordModel<Row, Data, Changes> extends RecordModel<Row, Data> {
  findFirst(args: { where: InWorkspace }): PromiseLike<Row | null>;
  update(args: { where: { id: string }; data: Changes }): PromiseLike<Row>;
  count(args: { where: InWorkspace }): PromiseLike<number>;
  deleteMany(args: { where: InWorkspace }): PromiseLike<unknown>;
}

export class RecordStore<Row, New extends object, First extends object, Model extends RecordModel<Row, New & First>> {
  /**
   * `model` picks the delegate on a transaction (or the client); `first` is spread over every new row (`{}` when
   * the caller gives every value).
   */
  constructor(
    protected readonly db: Database,
    protected readonly model: (tx: Tx) => Model,
    private readonly first: First,
  ) {}

  create(data: New, tx: Tx = this.db.client): Promise<Row> {
    return Promise.resolve(this.model(tx).create({ data: { ...data, ...this.first } }));
  }

  /** A page of the workspaces' rows, newest first. */
  listInWorkspaces(workspaceIds: string[], page: PageQuery, tx: Tx = this.db.client): Promise<Row[]> {
    return Promise.resolve(
      this.model(tx).findMany({
        where: { workspaceId: { in: workspaceIds }, ...afterKey(page.after) },
        orderBy: newestFirst(),
        take: takeFor(page),
      }),
    );
  }
}

export class WorkspaceRecordStore<
  Row,
  New extends object,
  First extends object,
  Changes,
  Table extends LockableTable = LockableTable,
> extends RecordStore<Row, New, First, WorkspaceRecordModel<Row, New & First, Changes>> {
  constructor(
    db: Database,
    readonly table: Table,
    model: (tx: Tx) => WorkspaceRecordModel<Row, New & First, Changes>,
    first: First,
  ) {
    super(db, model, first);
  }

  async existsInWorkspace(id: string, workspaceId: string, tx: Tx = this.db.client): Promise<boolean> {
    return (await this.model(tx).count({ where: { id, workspaceId } })) === 1;
  }

  /** Locks the row for the transaction and reads it; null when it is not a row of the workspace. */
  async getForUpdate(tx: Tx, id: string, workspaceId: string): Promise<Row | null> {
    if (!(await lockRow(tx, this.table, id, workspaceId))) return null;
    return this.model(tx).findFirst({ where: { id, workspaceId } });
  }

  /** Writes `changes` to a row the transaction holds (getForUpdate checked its workspace). */
  update(tx: Tx, id: string, changes: Changes): Promise<Row> {
    return Promise.resolve(this.model(tx).update({ where: { id }, data: changes }));
  }

  async delete(tx: Tx, id: string, workspaceId: string): Promise<void> {
    await this.model(tx).deleteMany({ where: { id, workspaceId } });
  }

  /** The workspace's rows among `ids`, by id. */
  listByIds(ids: string[], workspaceId: string, tx: Tx = this.db.client): Promise<Row[]> {
    return Promise.resolve(this.model(tx).findMany({ where: { id: { in: ids }, workspaceId }, orderBy: { id: 'asc' } }));
  }

  /** Clears client_id on every row of the client (before it is deleted); returns the changed rows. */
  async detachClient(
    this: WorkspaceRecordStore<Row, New, First, Changes, ClientOwnedTable>,
    tx: Tx,
    clientId: string,
    workspaceId: string,
    now: Date,
  ): Promise<Row[]> {
    return this.listByIds(await detachClientRows(tx, this.table, clientId, workspaceId, now), workspaceId, tx);
  }
}
