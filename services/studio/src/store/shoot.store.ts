/**
 * Shoots and their shot-list items. Every read filters by the caller's workspaces. Slugs are made unique per
 * workspace under concurrency: a transaction-scoped advisory lock on (workspace, base slug) serialises the
 * writers of one base, then the next free suffix is taken; the unique index (workspace_id, slug) is the backstop.
 */
import type { Database, Tx } from './db.js';
import type { Shoot, ShotListItem } from './generated/client.js';
import { afterKey, newestFirst, takeFor, type PageQuery } from './keyset.js';
import { nextFreeSlug } from '../services/slugify.js';

export type ShootRow = Shoot;
export type ShotListItemRow = ShotListItem;
export type ShootWithItems = ShootRow & { shotListItems: ShotListItemRow[] };
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

  getWithItemsInWorkspaces(id: string, workspaceIds: string[], tx: Tx = this.db.client): Promise<ShootWithItems | null> {
    return tx.shoot.findFirst({ where: { id, workspaceId: { in: workspaceIds } }, include: itemsInOrder });
  }

  listInWorkspaces(workspaceIds: string[], page: PageQuery, tx: Tx = this.db.client): Promise<ShootRow[]> {
    return tx.shoot.findMany({
      where: { workspaceId: { in: workspaceIds }, ...afterKey(page.after) },
      orderBy: newestFirst(),
      take: takeFor(page),
    });
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
   * (its done_at is kept). Returns false when the item is not on that shoot.
   */
  async setItemDone(
    workspaceId: string,
    shootId: string,
    itemId: string,
    done: boolean,
    now: Date,
    tx: Tx = this.db.client,
  ): Promise<boolean> {
    const where = { id: itemId, shootId, workspaceId };
    const changed = await tx.shotListItem.updateMany({
      where: { ...where, done: !done },
      data: { done, doneAt: done ? now : null },
    });
    if (changed.count === 1) {
      await tx.shoot.updateMany({ where: { id: shootId, workspaceId }, data: { updatedAt: now } });
      return true;
    }
    return (await tx.shotListItem.count({ where })) === 1;
  }
}
