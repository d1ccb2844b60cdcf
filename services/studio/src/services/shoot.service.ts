/**
 * Shoots: created planned with a slug unique in the workspace (concurrency-safe, see ShootStore), an optional
 * client of the same workspace and a shot list; read and listed within the caller's workspaces; updated (title,
 * location, schedule; the slug stays) and deleted over the internal operations. Every change writes its event in
 * the same transaction: shoot.created, shoot.updated, shoot.deleted. Ticking items and completion: ShotListService.
 * Inputs arrive parsed with the operation schemas of shoot.schema.ts.
 */
import { AppError, isPrismaUniqueViolation } from '@studio/errors';
import { shootCreated, shootDeleted, shootUpdated } from '../events/shoot.events.js';
import type { ShootChanges, ShootWithItems } from '../store/shoot.store.js';
import type { CreateShootInput, UpdateShootInput } from './shoot.schema.js';
import { CURSOR_KIND, pageQuery, toPage, type Page, type PageRequest } from './paging.js';
import { deleteRecord, RecordService, updateRecord } from './record-service.js';
import { serializeShoot, serializeShootDetail, type ShootJson, type ShootDetailJson } from '@studio/contracts/records';
import { baseSlugFor } from '@studio/slug';

/** Slug races between different bases (e.g. "Shoot 2" and a second "Shoot") end in the unique index: retry. */
const SLUG_ATTEMPTS = 5;

export class ShootService extends RecordService {
  async create(input: CreateShootInput): Promise<ShootDetailJson> {
    const { db, stores, events } = this.deps;
    const clientId = input.clientId ?? null;
    if (clientId && !(await stores.clients.existsInWorkspace(clientId, input.workspaceId))) {
      throw new AppError('invalid_input', 'client_id is not a client of this workspace');
    }
    const data = {
      workspaceId: input.workspaceId,
      title: input.title,
      clientId,
      location: input.location ?? null,
      scheduledStart: input.scheduledStart ?? null,
      scheduledEnd: input.scheduledEnd ?? null,
      shotList: input.shotList ?? [],
    };
    const base = baseSlugFor('shoot', input.title, input.slug);
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
    return serializeShootDetail(shoot, shoot.shotListItems);
  }

  async get(id: string, workspaceIds: string[]): Promise<ShootDetailJson> {
    const shoot = await this.deps.stores.shoots.getWithItemsInWorkspaces(id, workspaceIds);
    if (!shoot) throw new AppError('not_found');
    return serializeShootDetail(shoot, shoot.shotListItems);
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

  /**
   * Changes title, location or schedule. The slug stays (it names the shoot in URLs). A completed shoot stays
   * completed; a planned one whose new scheduled end has passed is completed by the scheduler's next round.
   */
  async update({ workspaceId, shootId, title, location, scheduledStart, scheduledEnd }: UpdateShootInput): Promise<ShootDetailJson> {
    const shoot = await updateRecord(this.deps, this.deps.stores.shoots, workspaceId, shootId, {
      check: (current) => {
        const start = scheduledStart === undefined ? current.scheduledStart : scheduledStart;
        const end = scheduledEnd === undefined ? current.scheduledEnd : scheduledEnd;
        if (start && end && end <= start) throw new AppError('invalid_input', 'scheduled_end must be after scheduled_start');
      },
      changes: (next): ShootChanges => ({ title, location, scheduledStart, scheduledEnd, ...next }),
      events: (updated) => [shootUpdated(updated, countsOf(updated))],
    });
    return serializeShootDetail(shoot, shoot.shotListItems);
  }

  /** Deletes a shoot with its shot list (its tasks and reviews keep existing without it). */
  async delete(workspaceId: string, shootId: string): Promise<{ shoot_id: string; deleted_at: string }> {
    const { shoots } = this.deps.stores;
    const deletedAt = await deleteRecord(this.deps, shoots, workspaceId, shootId, async (shoot, at) => [shootDeleted(shoot, at)]);
    return { shoot_id: shootId, deleted_at: deletedAt.toISOString() };
  }
}

export function countsOf(shoot: ShootWithItems) {
  return { total: shoot.shotListItems.length, done: shoot.shotListItems.filter((i) => i.done).length };
}
