/**
 * The domain events upload emits and their `data` payloads. Each is written to the outbox in the same
 * transaction as the change it describes; the relay publishes it to the `studio.events` topic exchange with the
 * type as routing key. The event id (a UUID v4) is the outbox row id, so consumers de-duplicate on it.
 *
 * Two of them also drive this service's own work queues (see work-queues.ts): `photo.uploaded` starts the
 * derivative job of the photo, and the internal `ai_job.queued` starts an AI job. Work is therefore queued in
 * the same transaction as the state change and can never be lost between a commit and a publish.
 */
import { newOutboxEvent } from '@studio/amqp/outbox-store';
import type { NewOutboxEvent } from '../store/outbox.store.js';
import type { JobRow } from '../store/job.store.js';
import type { PhotoRow } from '../store/photo.store.js';
import { serializePhoto } from '../services/serializers.js';

export const EVENT_TYPE = {
  photoUploaded: 'photo.uploaded',
  aiJobQueued: 'ai_job.queued',
  aiJobDone: 'ai_job.done',
  aiCullCompleted: 'ai.cull.completed',
} as const;
export type EventType = (typeof EVENT_TYPE)[keyof typeof EVENT_TYPE];

/** Wakes the relay after a commit so events leave at once instead of at the next poll. */
export type { EventNotifier } from '@studio/amqp/outbox';

function event(type: EventType, workspaceId: string, data: Record<string, unknown>): NewOutboxEvent {
  return newOutboxEvent(type, workspaceId, data);
}

/** photo.uploaded carries the photo's public JSON (decision 0004: event-carried state) plus its session. */
export interface PhotoUploadedData extends ReturnType<typeof serializePhoto> {
  photo_id: string;
  upload_session_id: string | null;
}

export function photoUploaded(p: PhotoRow, sessionId: string | null): NewOutboxEvent {
  const data: PhotoUploadedData = { ...serializePhoto(p), photo_id: p.id, upload_session_id: sessionId };
  return event(EVENT_TYPE.photoUploaded, p.workspaceId, data as unknown as Record<string, unknown>);
}

export function aiJobQueued(j: JobRow): NewOutboxEvent {
  return event(EVENT_TYPE.aiJobQueued, j.workspaceId, { job_id: j.id, type: j.type, shoot_id: j.shootId });
}

export function aiJobDone(j: { id: string; workspaceId: string; shootId: string; type: string }, state: 'succeeded' | 'failed', counts: Record<string, number> | null, error: string | null): NewOutboxEvent {
  return event(EVENT_TYPE.aiJobDone, j.workspaceId, { job_id: j.id, type: j.type, shoot_id: j.shootId, state, counts, error });
}

export function aiCullCompleted(j: { id: string; workspaceId: string; shootId: string }, sensitivity: string, counts: Record<string, number>): NewOutboxEvent {
  return event(EVENT_TYPE.aiCullCompleted, j.workspaceId, { job_id: j.id, shoot_id: j.shootId, sensitivity, counts });
}
