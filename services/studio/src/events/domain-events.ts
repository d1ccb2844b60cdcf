/**
 * The domain events studio emits and their `data` payloads. Each is written to the outbox in the same
 * transaction as the change it describes; the relay publishes it to the `studio.events` topic exchange with
 * the type as routing key. The event id (a UUID v4) is the outbox row id, so consumers de-duplicate on it.
 *
 * Data is event-carried state (docs/decisions/0004): the entity's public JSON as the API answers it, plus
 * `<entity>_id` and `updated_at`, so consumers need no call back.
 */
import { randomUUID } from 'node:crypto';
import { currentRequestId } from '@studio/logger';
import { serializeClient, serializeShoot } from '../services/serializers.js';
import type { ClientRow } from '../store/client.store.js';
import type { NewOutboxEvent } from '../store/outbox.store.js';
import type { ShootRow, ShotListCounts } from '../store/shoot.store.js';

export const EVENT_TYPE = {
  shootCreated: 'shoot.created',
  clientCreated: 'client.created',
} as const;
export type EventType = (typeof EVENT_TYPE)[keyof typeof EVENT_TYPE];

/** Wakes the relay after a commit so events leave at once instead of at the next poll. */
export interface EventNotifier {
  nudge(): void;
}

function event(type: EventType, workspaceId: string, data: Record<string, unknown>): NewOutboxEvent {
  return { id: randomUUID(), type, workspaceId, payload: data, requestId: currentRequestId() ?? null };
}

export function shootCreated(s: ShootRow, shotList: ShotListCounts): NewOutboxEvent {
  return event(EVENT_TYPE.shootCreated, s.workspaceId, { shoot_id: s.id, ...serializeShoot(s, shotList) });
}

export function clientCreated(c: ClientRow): NewOutboxEvent {
  return event(EVENT_TYPE.clientCreated, c.workspaceId, { client_id: c.id, ...serializeClient(c), updated_at: c.updatedAt.toISOString() });
}
