/** shoot.created, shoot.updated, shoot.completed (public) and shoot.deleted: data is the shoot JSON + shoot_id. */
import { serializeShoot } from '../services/serializers.js';
import type { NewOutboxEvent } from '../store/outbox.store.js';
import type { ShootRow, ShotListCounts } from '../store/shoot.store.js';
import { EVENT_TYPE, deletedEvent, event } from './domain-events.js';

/** Why a shoot completed: its whole shot list was ticked, or its scheduled end passed first. */
export type CompletedBy = 'shot_list' | 'schedule';

const data = (s: ShootRow, counts: ShotListCounts) => ({ shoot_id: s.id, ...serializeShoot(s, counts) });

export const shootCreated = (s: ShootRow, counts: ShotListCounts): NewOutboxEvent => event(EVENT_TYPE.shootCreated, s.workspaceId, data(s, counts));

export const shootUpdated = (s: ShootRow, counts: ShotListCounts): NewOutboxEvent => event(EVENT_TYPE.shootUpdated, s.workspaceId, data(s, counts));

export const shootCompleted = (s: ShootRow, counts: ShotListCounts, completedBy: CompletedBy): NewOutboxEvent =>
  event(EVENT_TYPE.shootCompleted, s.workspaceId, { ...data(s, counts), completed_by: completedBy });

export const shootDeleted = (s: Pick<ShootRow, 'id' | 'workspaceId'>, at: Date): NewOutboxEvent =>
  deletedEvent(EVENT_TYPE.shootDeleted, 'shoot', s.workspaceId, s.id, at);
