/**
 * Store rows -> public JSON shapes (docs/decisions/0001 and 0003): snake_case members, ISO 8601 UTC timestamps
 * with milliseconds, null (never omitted) for an absent optional value. Storage keys never leave the service
 * through the public API (gallery gets them over gRPC).
 */
import type { JobRow } from '../store/job.store.js';
import type { PhotoRow } from '../store/photo.store.js';
import type { FileRow, FileWithParts, PartRow, SessionRow } from '../store/session.store.js';
import type { PresignedUrl } from '@studio/s3-presign';
import type { CullAppliedThresholds, CullCounts, CullDecisionKind, CullReason, CullScores, Sensitivity } from '../imaging/index.js';

/** One photo's verdict in a cull job's result (decision 0003). */
export type CullJobDecision = {
  photo_id: string;
  decision: CullDecisionKind;
  reason: CullReason;
  scores: CullScores;
  duplicate_group: string | null;
  best_in_group: boolean;
  explanation: string;
};

/** A cull job's result as stored (CullJobService.run) and served. */
export type CullJobResult = {
  sensitivity: Sensitivity;
  counts: CullCounts;
  /** Null only for jobs that finished before the thresholds were stored. */
  thresholds: CullAppliedThresholds | null;
  photos: CullJobDecision[];
};

export function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

export function serializePhoto(p: PhotoRow) {
  return {
    id: p.id,
    workspace_id: p.workspaceId,
    shoot_id: p.shootId,
    upload_file_id: p.uploadFileId,
    file_name: p.fileName,
    content_type: p.contentType,
    size: p.sizeBytes,
    sha256: p.sha256,
    state: p.state,
    failure_reason: p.failureReason,
    failure_code: p.failureCode,
    width: p.width,
    height: p.height,
    capture_time: iso(p.captureTime),
    keeper: p.keeper,
    cull: (p.cull as Record<string, unknown> | null) ?? null,
    created_at: p.createdAt.toISOString(),
    uploaded_at: iso(p.uploadedAt),
    processed_at: iso(p.processedAt),
    updated_at: p.updatedAt.toISOString(),
  };
}

export function serializeUploadTarget(u: PresignedUrl) {
  return { url: u.url, method: 'PUT' as const, headers: u.headers, expires_at: u.expiresAt.toISOString() };
}

export function serializePart(p: PartRow) {
  return { part_number: p.partNumber, etag: p.etag, recorded_at: p.updatedAt.toISOString() };
}

export function serializeFile(f: FileRow | FileWithParts, partsDone?: number) {
  const parts = 'parts' in f ? f.parts : undefined;
  return {
    id: f.id,
    session_id: f.sessionId,
    file_name: f.fileName,
    content_type: f.contentType,
    size: f.sizeBytes,
    sha256: f.sha256,
    part_size: f.partSize,
    part_count: f.partCount,
    state: f.state,
    abort_reason: f.abortReason,
    photo_id: f.state === 'completed' ? f.photoId : null,
    parts_done: parts ? parts.length : (partsDone ?? 0),
    ...(parts ? { parts: parts.map(serializePart) } : {}),
    created_at: f.createdAt.toISOString(),
    completed_at: iso(f.completedAt),
  };
}

export function serializeSession(s: SessionRow, ttlMs: number, files?: (FileRow | FileWithParts)[]) {
  const active = s.state === 'in_flight' || s.state === 'paused';
  const base = {
    id: s.id,
    workspace_id: s.workspaceId,
    shoot_id: s.shootId,
    state: s.state,
    last_activity_at: s.lastActivityAt.toISOString(),
    expires_at: active ? new Date(s.lastActivityAt.getTime() + ttlMs).toISOString() : null,
    paused_at: iso(s.pausedAt),
    finalized_at: iso(s.finalizedAt),
    expired_at: iso(s.expiredAt),
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
  if (!files) return base;
  const count = (state: string) => files.filter((f) => f.state === state).length;
  return {
    ...base,
    counts: { files: files.length, uploading: count('uploading'), completed: count('completed'), aborted: count('aborted') },
    files: files.map((f) => serializeFile(f)),
  };
}

/**
 * A stored cull result. Results stored before every decision had a reason have `reason: null` on keepers and no
 * thresholds: the keeper's reason is exact from what was stored (a keeper in a near-duplicate group is always its
 * best frame); the thresholds are not recorded, so they are null rather than guessed from today's presets.
 */
function serializeCullResult(raw: unknown): CullJobResult | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Omit<CullJobResult, 'thresholds' | 'photos'> & {
    thresholds?: CullAppliedThresholds | null;
    photos: (Omit<CullJobDecision, 'reason'> & { reason: CullReason | null })[];
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
  return {
    id: j.id,
    workspace_id: j.workspaceId,
    shoot_id: j.shootId,
    type: j.type,
    state: j.state,
    sensitivity: params.sensitivity ?? null,
    progress: { done: j.progressDone, total: j.progressTotal },
    result: j.state === 'succeeded' ? serializeCullResult(j.result) : null,
    error: j.error,
    attempts: j.attempts,
    created_at: j.createdAt.toISOString(),
    started_at: iso(j.startedAt),
    finished_at: iso(j.finishedAt),
  };
}
