/**
 * The domain events upload emits: photo.uploaded, ai_job.done, ai.cull.completed and the internal ai_job.queued.
 * Their types, when each is emitted and the schema of its data are declared once in the event catalog
 * (@studio/contracts/events; docs/events.md is generated from it). `event` accepts only upload's types and data of the
 * type's shape; domain-events.spec.ts parses what each builder makes with the schema.
 *
 * Each is written to the outbox in the same transaction as the change it describes; the relay publishes it to the
 * `studio.events` topic exchange with the type as routing key. The event id (a UUID v4) is the outbox row id, so
 * consumers de-duplicate on it. Two of them also drive this service's own work queues (see work-queues.ts):
 * `photo.uploaded` starts the derivative job of the photo, and `ai_job.queued` starts an AI job. Work is therefore
 * queued in the same transaction as the state change and can never be lost between a commit and a publish.
 */
import type { EventBuilder, EventData, EventTypeOf } from '@studio/contracts/events';
import { newOutboxEvent, type NewOutboxEvent } from '@studio/amqp/outbox-store';
import { type CullCountsJson, serializePhoto } from '@studio/contracts/records';
import type { JobRow } from '../store/job.store.js';
import type { PhotoRow } from '../store/photo.store.js';

/** The types this service's work queues are bound to. */
export const EVENT_TYPE = {
  photoUploaded: 'photo.uploaded',
  aiJobQueued: 'ai_job.queued',
} as const satisfies Record<string, EventTypeOf<'upload'>>;

const event: EventBuilder<'upload', NewOutboxEvent> = newOutboxEvent;

/** photo.uploaded carries the photo's public JSON (decision 0004: event-carried state) plus its session. */
export type PhotoUploadedData = EventData<'photo.uploaded'>;

export function photoUploaded(p: PhotoRow, sessionId: string | null): NewOutboxEvent {
  return event('photo.uploaded', p.workspaceId, { ...serializePhoto(p), photo_id: p.id, upload_session_id: sessionId });
}

export function aiJobQueued(j: JobRow): NewOutboxEvent {
  return event('ai_job.queued', j.workspaceId, { job_id: j.id, type: j.type, shoot_id: j.shootId });
}

type FinishedJob = Pick<JobRow, 'id' | 'workspaceId' | 'shootId' | 'type'>;

export function aiJobDone(
  j: FinishedJob,
  state: 'succeeded' | 'failed',
  counts: CullCountsJson | null,
  error: string | null,
): NewOutboxEvent {
  return event('ai_job.done', j.workspaceId, { job_id: j.id, type: j.type, shoot_id: j.shootId, state, counts, error });
}

export function aiCullCompleted(
  j: Omit<FinishedJob, 'type'>,
  sensitivity: EventData<'ai.cull.completed'>['sensitivity'],
  counts: CullCountsJson,
): NewOutboxEvent {
  return event('ai.cull.completed', j.workspaceId, { job_id: j.id, shoot_id: j.shootId, sensitivity, counts });
}
