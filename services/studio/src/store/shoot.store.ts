/**
 * Shoots and their shot-list items. Every read filters by the caller's workspaces. Slugs are made unique per
 * workspace under concurrency: a transaction-scoped advisory lock on (workspace, base slug) serialises the
 * writers of one base, then the next free suffix is taken; the unique index (workspace_id, slug) is the backstop.
 */
import type { Database, Tx } from './db.js';
import { Prisma, type Shoot, type ShotListItem } from './generated/client.js';
import { keysetPageStatement, modelColumns, type PageQuery } from './keyset.js';
import { claimDue, detachClientRows, lockRow } from './locking.js';
import { nextFreeSlug } from '@studio/slug';

export type ShootRow = Shoot;
export type ShotListItemRow = ShotListItem;
export type ShootWithItems = ShootRow & { shotListItems: ShotListItemRow[] };
/** A shoot row read by raw SQL with its items as JSON (timestamps arrive as ISO strings). */
type RawShootWithItems = ShootRow & {
  items: { id: string; position: number; label: string; done: boolean; doneAt: string | null; createdAt: string }[];
};
export interface ShotListCounts {
  total: number;
  done: number;
}

export interface NewShoot {
  workspaceId: string;
  title: string;
  clientId: string | null;
  location: string | null;
  scheduledStart: Date | null;
  scheduledEnd: Date | null;
  shotList: string[];
}

export type ShootChanges = Partial<Pick<ShootRow, 'title' | 'location' | 'scheduledStart' | 'scheduledEnd' | 'state' | 'completedAt'>> & {
  updatedAt: Date;
};

/** What ticking or unticking an item did. */
export type ItemChange = 'changed' | 'unchanged' | 'missing';

/** Every column of a shoot row, named as the Shoot model names them. */
export const SHOOT_COLUMNS = modelColumns(Prisma.ShootScalarFieldEnum, ['state']);

const itemsInOrder = { shotListItems: { orderBy: [{ position: 'asc' as const }, { id: 'asc' as const }] } };

export class ShootStore {
  constructor(private readonly db: Database) {}

  /** Inserts the shoot and its shot list with the first free slug for `baseSlug`. Call inside a transaction. */
  async createWithUniqueSlug(tx: Tx, data: NewShoot, baseSlug: string): Promise<ShootWithItems> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`shoot-slug:${data.workspaceId}:${baseSlug}`}, 0))`;
    const existing = await tx.shoot.findMany({
      where: { workspaceId: data.workspaceId, OR: [{ slug: baseSlug }, { slug: { startsWith: `${baseSlug}-` } }] },
      select: { slug: true },
    });
    const slug = nextFreeSlug(
      baseSlug,
      existing.map((s) => s.slug),
    );
    const { shotList, ...fields } = data;
    const shoot = await tx.shoot.create({ data: { ...fields, slug, state: 'planned' } });
    if (shotList.length > 0) {
      await tx.shotListItem.createMany({
        data: shotList.map((label, i) => ({ workspaceId: data.workspaceId, shootId: shoot.id, position: i + 1, label })),
      });
    }
    const items = await tx.shotListItem.findMany({ where: { shootId: shoot.id }, orderBy: itemsInOrder.shotListItems.orderBy });
    return { ...shoot, shotListItems: items };
  }

  getByIdInWorkspaces(id: string, workspaceIds: string[], tx: Tx = this.db.client): Promise<ShootRow | null> {
    return tx.shoot.findFirst({ where: { id, workspaceId: { in: workspaceIds } } });
  }

  /**
   * The hottest read of the API (GET /shoots/{id}): one statement and one round trip, the items aggregated in
   * SQL, instead of the ORM's two queries and its query planner on every call (about 40% of studio's CPU).
   */
  async getWithItemsInWorkspaces(id: string, workspaceIds: string[], tx?: Tx): Promise<ShootWithItems | null> {
    const statement = Prisma.sql`
      SELECT ${SHOOT_COLUMNS},
             COALESCE((SELECT json_agg(json_build_object('id', i.id, 'position', i.position, 'label', i.label,
                                                         'done', i.done, 'doneAt', i.done_at, 'createdAt', i.created_at)
                                       ORDER BY i.position, i.id)
                       FROM shot_list_items i WHERE i.shoot_id = s.id), '[]'::json) AS items
      FROM shoots s
      WHERE s.id = ${id}::uuid AND s.workspace_id = ANY(${workspaceIds}::uuid[])`;
    // Outside a transaction (GET /shoots/{id}): a prepared statement straight on the pool, no ORM on the way.
    const rows = tx
      ? await tx.$queryRaw<RawShootWithItems[]>(statement)
      : await this.db.read<RawShootWithItems>('shoot_with_items', statement);
    const row = rows[0];
    if (!row) return null;
    const { items, ...shoot } = row;
    return {
      ...shoot,
      shotListItems: items.map((i) => ({
        id: i.id,
        workspaceId: shoot.workspaceId,
        shootId: shoot.id,
        position: i.position,
        label: i.label,
        done: i.done,
        doneAt: i.doneAt === null ? null : new Date(i.doneAt),
        createdAt: new Date(i.createdAt),
      })),
    };
  }

  /** Locks the shoot for the transaction and reads it with its items; null when it is not in the workspace. */
  async getForUpdate(tx: Tx, id: string, workspaceId: string): Promise<ShootWithItems | null> {
    if (!(await lockRow(tx, 'shoots', id, workspaceId))) return null;
    return tx.shoot.findFirst({ where: { id, workspaceId }, include: itemsInOrder });
  }

  async update(tx: Tx, id: string, changes: ShootChanges): Promise<ShootWithItems> {
    return tx.shoot.update({ where: { id }, data: changes, include: itemsInOrder });
  }

  async delete(tx: Tx, id: string, workspaceId: string): Promise<void> {
    await tx.shoot.deleteMany({ where: { id, workspaceId } });
  }

  /** Clears client_id on every row of the client (before it is deleted); returns the changed rows. */
  async detachClient(tx: Tx, clientId: string, workspaceId: string, now: Date): Promise<ShootRow[]> {
    const ids = await detachClientRows(tx, 'shoots', clientId, workspaceId, now);
    return this.listByIds(ids, workspaceId, tx);
  }

  /** The workspace's shoots among `ids`, by id. */
  listByIds(ids: string[], workspaceId: string, tx: Tx = this.db.client): Promise<ShootRow[]> {
    return tx.shoot.findMany({ where: { id: { in: ids }, workspaceId }, orderBy: { id: 'asc' } });
  }

  /**
   * Claims up to `limit` planned shoots whose scheduled end is at or before `now` and completes them
   * (completed_at = scheduled_end) in one statement; returns them as updated. Several replicas never claim the
   * same shoot, and a shoot a shot-list transaction holds is left for the next round (where it is no longer planned
   * if that transaction completed it).
   */
  async completeDue(tx: Tx, now: Date, limit: number): Promise<ShootRow[]> {
    const ids = await claimDue(
      tx,
      'shoots',
      Prisma.sql`state = 'planned' AND scheduled_end <= ${now}::timestamptz`,
      Prisma.sql`scheduled_end, id`,
      Prisma.sql`state = 'completed', completed_at = scheduled_end, updated_at = GREATEST(${now}::timestamptz, updated_at + interval '1 millisecond')`,
      limit,
    );
    return ids.length === 0 ? [] : tx.shoot.findMany({ where: { id: { in: ids } }, orderBy: [{ scheduledEnd: 'asc' }, { id: 'asc' }] });
  }

  /** A page of shoots, newest first: one prepared statement on the pool (see keysetPageStatement). */
  listInWorkspaces(workspaceIds: string[], page: PageQuery): Promise<ShootRow[]> {
    return this.db.read<ShootRow>(
      page.after ? 'shoots_page_after' : 'shoots_page',
      keysetPageStatement(SHOOT_COLUMNS, 'shoots', workspaceIds, page),
    );
  }

  /** Planned shoots starting at or after `from`, soonest first. */
  listUpcomingInWorkspaces(workspaceIds: string[], from: Date, limit: number, tx: Tx = this.db.client): Promise<ShootRow[]> {
    return tx.shoot.findMany({
      where: { workspaceId: { in: workspaceIds }, state: 'planned', scheduledStart: { gte: from } },
      orderBy: [{ scheduledStart: 'asc' }, { id: 'asc' }],
      take: limit,
    });
  }

  countUpcomingInWorkspaces(workspaceIds: string[], from: Date, tx: Tx = this.db.client): Promise<number> {
    return tx.shoot.count({ where: { workspaceId: { in: workspaceIds }, state: 'planned', scheduledStart: { gte: from } } });
  }

  /** Shot-list totals per shoot for the given shoots of the given workspace(s). */
  async shotListCounts(shootIds: string[], workspaceIds: string[], tx: Tx = this.db.client): Promise<Map<string, ShotListCounts>> {
    const counts = new Map<string, ShotListCounts>(shootIds.map((id) => [id, { total: 0, done: 0 }]));
    if (shootIds.length === 0) return counts;
    const groups = await tx.shotListItem.groupBy({
      by: ['shootId', 'done'],
      where: { shootId: { in: shootIds }, workspaceId: { in: workspaceIds } },
      _count: { _all: true },
    });
    for (const g of groups) {
      const c = counts.get(g.shootId);
      if (!c) continue;
      c.total += g._count._all;
      if (g.done) c.done += g._count._all;
    }
    return counts;
  }

  /**
   * Ticks or unticks one item of one shoot. Idempotent: an item already in the wanted state is left alone
   * (its done_at is kept). The caller holds the shoot's lock and moves the shoot's updated_at.
   */
  async setItemDone(tx: Tx, workspaceId: string, shootId: string, itemId: string, done: boolean, now: Date): Promise<ItemChange> {
    const where = { id: itemId, shootId, workspaceId };
    const changed = await tx.shotListItem.updateMany({
      where: { ...where, done: !done },
      data: { done, doneAt: done ? now : null },
    });
    if (changed.count === 1) return 'changed';
    return (await tx.shotListItem.count({ where })) === 1 ? 'unchanged' : 'missing';
  }
}
