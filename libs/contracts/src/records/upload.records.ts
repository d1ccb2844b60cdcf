/**
 * The public records of the upload service (docs/decisions/0003-uploads.md), each written once: upload's OpenAPI
 * answers are these schemas, the catalog's upload event data extend them, and the serializers below derive from them.
 * Storage keys are never members: they leave the service only over gRPC (proto/upload).
 */
import { z } from 'zod';
import { timestamp, uuid } from '../events/event-fields.schema.js';
import { recordSerializer, type RecordJson, type RecordRow, toRecordJson } from './record-json.js';

const int = () => z.number().int();

export const PHOTO_STATES = ['pending', 'processing', 'ready', 'failed'] as const;
/** Why a cull rejected a photo (stable machine codes). */
export const CULL_REJECT_REASONS = ['underexposed', 'overexposed', 'blurry', 'duplicate'] as const;
/** Why a cull kept a photo (stable machine codes). */
export const CULL_KEEP_REASONS = ['sharp_and_well_exposed', 'best_of_near_duplicates'] as const;
/** A cull job's sensitivity: the preset of thresholds it applies. */
export const CULL_SENSITIVITIES = ['low', 'medium', 'high'] as const;

export const photoRecord = z
  .object({
    id: uuid(),
    workspace_id: uuid(),
    shoot_id: uuid(),
    upload_file_id: uuid().nullable().describe('The upload-session file it came from, or null for a single-shot upload.'),
    file_name: z.string(),
    content_type: z.string(),
    size: int().describe('Bytes.'),
    sha256: z.string().nullable(),
    state: z.enum(PHOTO_STATES),
    failure_reason: z.string().nullable().describe('For people, when state is failed.'),
    failure_code: z
      .string()
      .nullable()
      .describe(
        'For programs, when state is failed: upload_expired (a single-shot photo was not uploaded and finalized before its ' +
          'upload URL expired; any uploaded bytes were deleted: start a new upload). Null for other failures.',
      ),
    width: int().nullable(),
    height: int().nullable(),
    capture_time: timestamp().nullable().describe('From EXIF, UTC; null when the file has none.'),
    keeper: z.boolean().describe('False when a cull rejected the photo.'),
    cull: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe("The last cull's verdict: job_id, decision, reason (set for keepers too), scores, duplicate_group."),
    created_at: timestamp(),
    uploaded_at: timestamp().nullable(),
    processed_at: timestamp().nullable(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Photo' });
export type PhotoJson = RecordJson<typeof photoRecord>;
export const serializePhoto = recordSerializer(photoRecord);

const uploadTargetShape = {
  url: z.string().describe('Presigned object-store URL.'),
  method: z.literal('PUT'),
  headers: z
    .record(z.string(), z.string())
    .describe(
      'Headers the PUT must carry, verbatim. They are signed into the URL, so the object store refuses a PUT that differs: ' +
        '`content-length` is always there (the declared size of a single-shot photo; the exact size of a part, which is ' +
        'part_size except for the last part, which carries the rest), and a single-shot PUT also has `content-type`.',
    ),
  expires_at: timestamp(),
};
export const uploadTargetRecord = z.object(uploadTargetShape).meta({ id: 'UploadTarget' });
/** A presigned URL (`@studio/s3-presign`) as a PUT target: the method is always PUT. */
export const serializeUploadTarget = (target: Omit<RecordRow<typeof uploadTargetRecord>, 'method'>) =>
  toRecordJson(uploadTargetRecord, { ...target, method: 'PUT' });

export const signedPartRecord = z.object({ part_number: int(), ...uploadTargetShape }).meta({ id: 'SignedUploadPart' });

export const uploadPartRecord = z.object({ part_number: int(), etag: z.string(), recorded_at: timestamp() }).meta({ id: 'UploadPart' });
export const serializeUploadPart = recordSerializer(uploadPartRecord);

export const UPLOAD_FILE_STATES = ['uploading', 'completed', 'aborted'] as const;
const fileStates = z.enum(UPLOAD_FILE_STATES);
export const uploadFileRecord = z
  .object({
    id: uuid(),
    session_id: uuid(),
    file_name: z.string(),
    content_type: z.string(),
    size: int(),
    sha256: z.string().nullable(),
    part_size: int(),
    part_count: int(),
    state: fileStates,
    abort_reason: z.string().nullable().describe('client_abort, session_finalized or session_expired.'),
    photo_id: uuid().nullable().describe('The photo made of the file, once completed.'),
    parts_done: int(),
    parts: z.array(uploadPartRecord).optional().describe('The recorded parts (on session reads).'),
    created_at: timestamp(),
    completed_at: timestamp().nullable(),
  })
  .meta({ id: 'UploadFile' });
export type UploadFileJson = RecordJson<typeof uploadFileRecord>;
export const serializeUploadFile = recordSerializer(uploadFileRecord);

export const UPLOAD_SESSION_STATES = ['in_flight', 'paused', 'finalized', 'expired'] as const;
const sessionShape = {
  id: uuid(),
  workspace_id: uuid(),
  shoot_id: uuid(),
  state: z.enum(UPLOAD_SESSION_STATES),
  last_activity_at: timestamp(),
  expires_at: timestamp().nullable().describe('Null once the session is closed.'),
  paused_at: timestamp().nullable(),
  finalized_at: timestamp().nullable(),
  expired_at: timestamp().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
};
/** A session without its files (the resume manifest carries them its own way). */
export const uploadSessionSummaryRecord = z.object(sessionShape).meta({ id: 'UploadSessionSummary' });
export const serializeUploadSessionSummary = recordSerializer(uploadSessionSummaryRecord);
export const uploadSessionRecord = z
  .object({
    ...sessionShape,
    counts: z.object({ files: int(), uploading: int(), completed: int(), aborted: int() }),
    files: z.array(uploadFileRecord),
  })
  .meta({ id: 'UploadSession' });
export const serializeUploadSession = recordSerializer(uploadSessionRecord);

export const resumeFileRecord = z
  .object({
    id: uuid(),
    file_name: z.string(),
    state: fileStates,
    size: int(),
    part_size: int(),
    part_count: int(),
    photo_id: uuid().nullable(),
    parts_done: z.array(uploadPartRecord),
    parts_missing: z.array(int()),
    urls: z.array(signedPartRecord).describe('Fresh URLs for the first missing parts (sign the rest).'),
  })
  .meta({ id: 'ResumeFile' });

/** The values the cull applied (the preset of the job's sensitivity, upload's src/imaging/cull.ts CULL_PRESETS). */
export const cullThresholdsRecord = z
  .object({
    under_mean: z.number().describe('Underexposed when the mean luminance (0..1) is below this (and the brightest 1% is below under_p99).'),
    under_p99: z.number().describe('Guard: a frame whose brightest 1% reaches this luminance is never underexposed (low-key).'),
    over_mean: z.number().describe('Overexposed when the mean luminance is above this (and the darkest 1% is above over_p01).'),
    over_p01: z.number().describe('Guard: a frame whose darkest 1% is at or below this luminance is never overexposed (high-key).'),
    dark_clip: z.number().describe('Underexposed when this share of pixels is crushed black (and the under_p99 guard fails).'),
    bright_clip: z.number().describe('Overexposed when this share of pixels is blown white (and the over_p01 guard fails).'),
    blur_ratio: z.number().describe('Blurry below blur_ratio x sharpness_reference (the shoot median).'),
    blur_floor: z.number().describe('Blurry below this sharpness whatever the shoot (Laplacian variance on the 1024 px proxy).'),
    group_blur_ratio: z
      .number()
      .describe("Blurry below group_blur_ratio x the sharpest well-exposed frame of the photo's near-duplicate group."),
    dup_distance: z
      .number()
      .int()
      .min(0)
      .max(128)
      .describe('Near-duplicates: perceptual distance (dHash + pHash differing bits) at most this...'),
    dup_distance_untimed: z.number().int().min(0).max(128).describe('...or at most this when either capture time is unknown.'),
    dup_window_s: z.number().min(0).describe('...and capture times at most this many seconds apart.'),
    sharpness_reference: z.number().describe("Median sharpness of the shoot's well-exposed photos."),
    sharpness_threshold: z
      .number()
      .describe('The sharpness a well-exposed photo needed: max(blur_floor, blur_ratio x sharpness_reference).'),
  })
  .meta({ id: 'CullThresholds' });
export type CullThresholdsJson = RecordJson<typeof cullThresholdsRecord>;

export const cullDecisionRecord = z
  .object({
    photo_id: uuid(),
    decision: z.enum(['keeper', 'reject']),
    reason: z
      .enum([...CULL_REJECT_REASONS, ...CULL_KEEP_REASONS])
      .describe(
        `Never null. A reject: ${CULL_REJECT_REASONS.join(', ')} (exposure before blur before duplicate). ` +
          `A keeper: ${CULL_KEEP_REASONS.join(', ')}.`,
      ),
    scores: z.object({ sharpness: z.number(), mean_luminance: z.number(), clipped_share: z.number() }),
    duplicate_group: z.string().nullable().describe('Id of its near-duplicate group (dup:<photo id>), null when it has none.'),
    best_in_group: z.boolean().describe('The best frame of its group (a keeper, or rejected when no frame of the group passed).'),
    explanation: z.string().describe('For people: the rule that decided, with the numbers and thresholds.'),
  })
  .meta({ id: 'CullDecision' });
/** One photo's verdict in a cull job's result. */
export type CullDecisionJson = RecordJson<typeof cullDecisionRecord>;

/** A cull's counts: in the job's result, and in ai_job.done and ai.cull.completed. */
export const cullCountsRecord = z.object({
  total: int(),
  keeper: int(),
  reject: int(),
  blurry: int(),
  underexposed: int(),
  overexposed: int(),
  duplicate: int(),
  duplicate_groups: int().describe('Near-duplicate groups of 2+ photos.'),
});
export type CullCountsJson = RecordJson<typeof cullCountsRecord>;

export const cullJobResultRecord = z
  .object({
    sensitivity: z.enum(CULL_SENSITIVITIES),
    counts: cullCountsRecord,
    thresholds: cullThresholdsRecord
      .nullable()
      .describe('The thresholds that decided; null only for jobs finished before they were recorded.'),
    photos: z.array(cullDecisionRecord).describe('One decision per culled photo.'),
  })
  .meta({ id: 'CullJobResult' });
/** A cull job's result as stored and served. */
export type CullJobResultJson = RecordJson<typeof cullJobResultRecord>;

export const aiJobRecord = z
  .object({
    id: uuid(),
    workspace_id: uuid(),
    shoot_id: uuid(),
    type: z.string().describe('cull'),
    state: z.enum(['queued', 'running', 'succeeded', 'failed']),
    sensitivity: z.string().nullable(),
    progress: z.object({ done: int(), total: int() }),
    result: cullJobResultRecord.nullable().describe("Set when the job succeeded: the cull's decisions and thresholds."),
    error: z.string().nullable(),
    attempts: int(),
    created_at: timestamp(),
    started_at: timestamp().nullable(),
    finished_at: timestamp().nullable(),
  })
  .meta({ id: 'AiJob' });
export type AiJobJson = RecordJson<typeof aiJobRecord>;
export const serializeAiJob = recordSerializer(aiJobRecord);
