/**
 * Shoots: created planned with a slug unique in the workspace (concurrency-safe, see ShootStore), an optional
 * client of the same workspace and a shot list; read and listed within the caller's workspaces; shot-list
 * items ticked and unticked idempotently. Creation writes a shoot.created event in the same transaction.
 */
import { AppError, isPrismaUniqueViolation } from '@studio/errors';
import { shootCreated } from '../events/domain-events.js';
import type { ShootWithItems } from '../store/shoot.store.js';
import { systemClock, type ServiceDeps } from './deps.js';
import { CURSOR_KIND, pageQuery, toPage, type Page, type PageRequest } from './paging.js';
import { serializeShoot, serializeShootWithItems, type ShootJson, type ShootWithItemsJson } from './serializers.js';
import { baseSlugFor } from './slugify.js';

export interface CreateShootInput {
  workspaceId: string;
  title: string;
  slug?: string | null;
  clientId?: string | null;
  location?: string | null;
  scheduledStart?: Date | null;
  scheduledEnd?: Date | null;
  shotList?: string[];
}

/** Slug races between different bases (e.g. "Shoot 2" and a second "Shoot") end in the unique index: retry. */
const SLUG_ATTEMPTS = 5;

export class ShootService {
  private readonly now: () => Date;
  constructor(private readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
  }

  async create(input: CreateShootInput): Promise<ShootWithItemsJson> {
    const { db, stores, events } = this.deps;
    const start = input.scheduledStart ?? null;
    const end = input.scheduledEnd ?? null;
    if (start && end && end <= start) throw new AppError('invalid_input', 'scheduled_end must be after scheduled_start');
    const clientId = input.clientId ?? null;
    if (clientId && !(await stores.clients.existsInWorkspace(clientId, input.workspaceId))) {
      throw new AppError('invalid_input', 'client_id is not a client of this workspace');
    }
    const data = {
      workspaceId: input.workspaceId,
      title: input.title,
      clientId,
      location: input.location ?? null,
      scheduledStart: start,
      scheduledEnd: end,
      shotList: input.shotList ?? [],
    };
    const base = baseSlugFor(input.title, input.slug);
    let shoot: ShootWithItems | undefined;
    for (let attempt = 1; !shoot; attempt++) {
      try {
        shoot = await db.transaction(async (tx) => {
          const created = await stores.shoots.createWithUniqueSlug(tx, data, base);
          await stores.outbox.append(tx, shootCreated(created, { total: created.shotListItems.length, done: 0 }));
          return created;
        });
      } catch (err) {
        if (!isPrismaUniqueViolation(err) || attempt >= SLUG_ATTEMPTS) throw err;
      }
    }
    events.nudge();
    return serializeShootWithItems(shoot, shoot.shotListItems);
  }

  async get(id: string, workspaceIds: string[]): Promise<ShootWithItemsJson> {
    const shoot = await this.deps.stores.shoots.getWithItemsInWorkspaces(id, workspaceIds);
    if (!shoot) throw new AppError('not_found');
    return serializeShootWithItems(shoot, shoot.shotListItems);
  }

  /** The workspace of a shoot the caller reaches (not_found otherwise), for a role check before a write. */
  async workspaceOf(id: string, workspaceIds: string[]): Promise<string> {
    const shoot = await this.deps.stores.shoots.getByIdInWorkspaces(id, workspaceIds);
    if (!shoot) throw new AppError('not_found');
    return shoot.workspaceId;
  }

  async list(workspaceIds: string[], req: PageRequest): Promise<Page<ShootJson>> {
    const { cursor, stores } = this.deps;
    const page = pageQuery(cursor, CURSOR_KIND.shoots, req);
    const rows = await stores.shoots.listInWorkspaces(workspaceIds, page);
    const shown = rows.slice(0, req.limit);
    const counts = await stores.shoots.shotListCounts(
      shown.map((s) => s.id),
      workspaceIds,
    );
    return toPage(cursor, CURSOR_KIND.shoots, rows, req.limit, (s) => serializeShoot(s, counts.get(s.id) ?? { total: 0, done: 0 }));
  }

  /** Ticks (done) or unticks one item of a shoot in `workspaceId`; not_found when the item is not on it. */
  async setShotListItem(shootId: string, workspaceId: string, itemId: string, done: boolean): Promise<ShootWithItemsJson> {
    const { db, stores } = this.deps;
    const shoot = await db.transaction(async (tx) => {
      const found = await stores.shoots.setItemDone(workspaceId, shootId, itemId, done, this.now(), tx);
      if (!found) throw new AppError('not_found');
      return stores.shoots.getWithItemsInWorkspaces(shootId, [workspaceId], tx);
    });
    if (!shoot) throw new AppError('not_found');
    return serializeShootWithItems(shoot, shoot.shotListItems);
  }
}
