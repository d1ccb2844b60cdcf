/**
 * Shot lists and shoot completion. A planned shoot completes ONCE, whichever comes first:
 * - every item of its (non-empty) shot list is ticked: in the ticking transaction, completed_at = that moment;
 * - its scheduled end passes: the scheduler's round (`completeDue`), completed_at = scheduled_end.
 * Completion writes shoot.completed (with `completed_by`) and shoot.updated in the same transaction. Unticking
 * later does not un-complete. Both paths lock the shoot row first (the scheduler with SKIP LOCKED), so a tick and
 * a scheduler round, or two schedulers, never complete the same shoot twice.
 */
import { AppError } from '@studio/errors';
import { shootCompleted, shootUpdated } from '../events/shoot.events.js';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import { canTransition, SHOOT_LIFECYCLE } from './lifecycles.js';
import { serializeShootDetail, type ShootDetailJson } from '@studio/contracts/records';
import { lockedOrNotFound, RecordService } from './record-service.js';
import { countsOf } from './shoot.service.js';
import { nextVersion, writeWithEvents } from './unit-of-work.js';

export class ShotListService extends RecordService {
  /**
   * Ticks (done) or unticks one item of a shoot in `workspaceId`; not_found when the item is not on it. Idempotent:
   * an item already in the wanted state changes nothing and emits nothing. A change emits shoot.updated (the
   * counts are part of the shoot); the tick that completes the list of a planned shoot also emits shoot.completed.
   */
  async setItem(shootId: string, workspaceId: string, itemId: string, done: boolean): Promise<ShootDetailJson> {
    const { stores } = this.deps;
    const shoot = await writeWithEvents(this.deps, async (tx) => {
      const locked = await lockedOrNotFound(stores.shoots, tx, shootId, workspaceId);
      const now = this.now();
      const change = await stores.shoots.setItemDone(tx, workspaceId, shootId, itemId, done, now);
      if (change === 'missing') throw new AppError('not_found');
      if (change === 'unchanged') return { value: locked, events: [] };
      const after = await stores.shoots.getWithItemsInWorkspaces(shootId, [workspaceId], tx);
      if (!after) throw new AppError('not_found');
      const counts = countsOf(after);
      const completes = counts.total > 0 && counts.done === counts.total && canTransition(SHOOT_LIFECYCLE, locked.state, 'completed');
      const updated = await stores.shoots.update(tx, shootId, {
        updatedAt: nextVersion(locked.updatedAt, now),
        ...(completes ? { state: 'completed' as const, completedAt: now } : {}),
      });
      const events: NewOutboxEvent[] = [shootUpdated(updated, counts)];
      if (completes) events.push(shootCompleted(updated, counts, 'shot_list'));
      return { value: updated, events };
    });
    return serializeShootDetail(shoot, shoot.shotListItems);
  }

  /**
   * One scheduler round: completes up to `limit` planned shoots whose scheduled end has passed, in one transaction
   * with their events. Returns how many it completed (a full batch means more may be due).
   */
  async completeDue(limit: number): Promise<number> {
    const { stores } = this.deps;
    return writeWithEvents(this.deps, async (tx) => {
      const rows = await stores.shoots.completeDue(tx, this.now(), limit);
      if (rows.length === 0) return { value: 0, events: [] };
      const counts = await stores.shoots.shotListCounts(
        rows.map((s) => s.id),
        [...new Set(rows.map((s) => s.workspaceId))],
        tx,
      );
      const events = rows.flatMap((s) => {
        const c = counts.get(s.id) ?? { total: 0, done: 0 };
        return [shootCompleted(s, c, 'schedule'), shootUpdated(s, c)];
      });
      return { value: rows.length, events };
    });
  }
}
