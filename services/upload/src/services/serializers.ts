/**
 * The upload records whose JSON composes more than their store row (docs/decisions/0001 and 0003). Each record's
 * members are written once, in `@studio/contracts/records` (upload.records.ts); here only what the row does not hold
 * as such: a file's part count and its photo once completed, a session's expiry and file counts, a job's sensitivity,
 * progress and its stored cull result. Rows map to JSON through the record's serializer, so the compiler checks them.
 */
import {
  type CullDecisionJson,
  type CullJobResultJson,
  type RecordJson,
  serializeAiJob,
  serializeUploadFile,
  serializeUploadPart,
  serializeUploadSession,
  serializeUploadSessionSummary,
  type uploadSessionRecord,
  type uploadSessionSummaryRecord,
} from '@studio/contracts/records';
import type { JobRow } from '../store/job.store.js';
import type { FileRow, FileWithParts, SessionRow } from '../store/session.store.js';

/** A file; with its recorded parts when the row carries them (session reads), else `partsDone` as counted. */
export function serializeFile(f: FileRow | FileWithParts, partsDone?: number) {
  const parts = 'parts' in f ? f.parts : undefined;
  return serializeUploadFile({
    ...f,
    size: f.sizeBytes,
    photoId: f.state === 'completed' ? f.photoId : null,
    partsDone: parts ? parts.length : (partsDone ?? 0),
    parts: parts?.map(serializeUploadPart),
  });
}

/** An open session expires `ttlMs` after its last activity; a closed one has no expiry. */
function sessionHead(s: SessionRow, ttlMs: number) {
  const active = s.state === 'in_flight' || s.state === 'paused';
  return { ...s, expiresAt: active ? new Date(s.lastActivityAt.getTime() + ttlMs) : null };
}

/** A session: its summary, or with `files` the whole session with their counts (declared: a union of both forms). */
export function serializeSession(
  s: SessionRow,
  ttlMs: number,
  files?: (FileRow | FileWithParts)[],
): RecordJson<typeof uploadSessionSummaryRecord> | RecordJson<typeof uploadSessionRecord> {
  if (!files) return serializeUploadSessionSummary(sessionHead(s, ttlMs));
  const count = (state: string) => files.filter((f) => f.state === state).length;
  return serializeUploadSession({
    ...sessionHead(s, ttlMs),
    counts: { files: files.length, uploading: count('uploading'), completed: count('completed'), aborted: count('aborted') },
    files: files.map((f) => serializeFile(f)),
  });
}

/**
 * A stored cull result. Results stored before every decision had a reason have `reason: null` on keepers and no
 * thresholds: the keeper's reason is exact from what was stored (a keeper in a near-duplicate group is always its
 * best frame); the thresholds are not recorded, so they are null rather than guessed from today's presets.
 */
function serializeCullResult(raw: unknown): CullJobResultJson | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Omit<CullJobResultJson, 'thresholds' | 'photos'> & {
    thresholds?: CullJobResultJson['thresholds'];
    photos: (Omit<CullDecisionJson, 'reason'> & { reason: CullDecisionJson['reason'] | null })[];
  };
  return {
    sensitivity: r.sensitivity,
    counts: r.counts,
    thresholds: r.thresholds ?? null,
    photos: r.photos.map((d) => ({
      ...d,
      // Only a legacy keeper has no reason.
      reason: d.reason ?? (d.duplicate_group === null ? 'sharp_and_well_exposed' : 'best_of_near_duplicates'),
    })),
  };
}

export function serializeJob(j: JobRow) {
  const params = (j.params ?? {}) as { sensitivity?: string };
  return serializeAiJob({
    ...j,
    sensitivity: params.sensitivity ?? null,
    progress: { done: j.progressDone, total: j.progressTotal },
    result: j.state === 'succeeded' ? serializeCullResult(j.result) : null,
  });
}
