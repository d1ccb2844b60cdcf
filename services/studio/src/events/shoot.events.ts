/** shoot.created, shoot.completed (public), shoot.updated: the shoot JSON + shoot_id; shoot.deleted: shoot_id + deleted_at. */
import { serializeShoot } from '@studio/contracts/records';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import type { ShootRow, ShotListCounts } from '../store/shoot.store.js';
import { event } from './domain-events.js';

/** Why a shoot completed: its whole shot list was ticked, or its scheduled end passed first. */
export type CompletedBy = 'shot_list' | 'schedule';

const data = (s: ShootRow, counts: ShotListCounts) => ({ shoot_id: s.id, ...serializeShoot(s, counts) });

export const shootCreated = (s: ShootRow, counts: ShotListCounts): NewOutboxEvent => event('shoot.created', s.workspaceId, data(s, counts));

export const shootUpdated = (s: ShootRow, counts: ShotListCounts): NewOutboxEvent => event('shoot.updated', s.workspaceId, data(s, counts));

export const shootCompleted = (s: ShootRow, counts: ShotListCounts, completedBy: CompletedBy): NewOutboxEvent =>
  event('shoot.completed', s.workspaceId, { ...data(s, counts), completed_by: completedBy });

export const shootDeleted = (s: Pick<ShootRow, 'id' | 'workspaceId'>, at: Date): NewOutboxEvent =>
  event('shoot.deleted', s.workspaceId, { shoot_id: s.id, deleted_at: at.toISOString() });
