/**
 * Answers of upload's routes (docs/decisions/0003-uploads.md), for the OpenAPI document. openapi.spec.ts checks
 * at compile time that the serializers return exactly these types where their types are exact; the black-box
 * test checks real answers.
 */
import { z } from 'zod';
import { isoTimestamp, okResponse } from '@studio/http';
import { CULL_KEEP_REASONS, CULL_REJECT_REASONS } from '../imaging/cull.js';
import { SENSITIVITIES } from '../services/cull-job.service.js';

const id = () => z.uuid();
const int = () => z.number().int();

export const photoSchema = z
  .object({
    id: id(),
    workspace_id: id(),
    shoot_id: id(),
    upload_file_id: id().nullable().describe('The upload-session file it came from, or null for a single-shot upload.'),
    file_name: z.string(),
    content_type: z.string(),
    size: int().describe('Bytes.'),
    sha256: z.string().nullable(),
    state: z.enum(['pending', 'processing', 'ready', 'failed']),
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
    capture_time: isoTimestamp().nullable().describe('From EXIF, UTC; null when the file has none.'),
    keeper: z.boolean().describe('False when a cull rejected the photo.'),
    cull: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe("The last cull's verdict: job_id, decision, reason (set for keepers too), scores, duplicate_group."),
    created_at: isoTimestamp(),
    uploaded_at: isoTimestamp().nullable(),
    processed_at: isoTimestamp().nullable(),
    updated_at: isoTimestamp(),
  })
  .meta({ id: 'Photo' });

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
  expires_at: isoTimestamp(),
};
export const uploadTargetSchema = z.object(uploadTargetShape).meta({ id: 'UploadTarget' });
export const signedPartSchema = z.object({ part_number: int(), ...uploadTargetShape }).meta({ id: 'SignedUploadPart' });

export const uploadPartSchema = z.object({ part_number: int(), etag: z.string(), recorded_at: isoTimestamp() }).meta({ id: 'UploadPart' });

const fileStates = z.enum(['uploading', 'completed', 'aborted']);
export const uploadFileSchema = z
  .object({
    id: id(),
    session_id: id(),
    file_name: z.string(),
    content_type: z.string(),
    size: int(),
    sha256: z.string().nullable(),
    part_size: int(),
    part_count: int(),
    state: fileStates,
    abort_reason: z.string().nullable().describe('client_abort, session_finalized or session_expired.'),
    photo_id: id().nullable().describe('The photo made of the file, once completed.'),
    parts_done: int(),
    parts: z.array(uploadPartSchema).optional().describe('The recorded parts (on session reads).'),
    created_at: isoTimestamp(),
    completed_at: isoTimestamp().nullable(),
  })
  .meta({ id: 'UploadFile' });

const sessionShape = {
  id: id(),
  workspace_id: id(),
  shoot_id: id(),
  state: z.enum(['in_flight', 'paused', 'finalized', 'expired']),
  last_activity_at: isoTimestamp(),
  expires_at: isoTimestamp().nullable().describe('Null once the session is closed.'),
  paused_at: isoTimestamp().nullable(),
  finalized_at: isoTimestamp().nullable(),
  expired_at: isoTimestamp().nullable(),
  created_at: isoTimestamp(),
  updated_at: isoTimestamp(),
};
/** A session without its files (the resume manifest carries them its own way). */
export const uploadSessionSummarySchema = z.object(sessionShape).meta({ id: 'UploadSessionSummary' });
export const uploadSessionSchema = z
  .object({
    ...sessionShape,
    counts: z.object({ files: int(), uploading: int(), completed: int(), aborted: int() }),
    files: z.array(uploadFileSchema),
  })
  .meta({ id: 'UploadSession' });

export const resumeFileSchema = z
  .object({
    id: id(),
    file_name: z.string(),
    state: fileStates,
    size: int(),
    part_size: int(),
    part_count: int(),
    photo_id: id().nullable(),
    parts_done: z.array(uploadPartSchema),
    parts_missing: z.array(int()),
    urls: z.array(signedPartSchema).describe('Fresh URLs for the first missing parts (sign the rest).'),
  })
  .meta({ id: 'ResumeFile' });

/** The values the cull applied (the preset of the job's sensitivity, src/imaging/cull.ts CULL_PRESETS). */
export const cullThresholdsSchema = z
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

export const cullDecisionSchema = z
  .object({
    photo_id: id(),
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

export const cullJobResultSchema = z
  .object({
    sensitivity: z.enum(SENSITIVITIES),
    counts: z.object({
      total: int(),
      keeper: int(),
      reject: int(),
      blurry: int(),
      underexposed: int(),
      overexposed: int(),
      duplicate: int(),
      duplicate_groups: int().describe('Near-duplicate groups of 2+ photos.'),
    }),
    thresholds: cullThresholdsSchema
      .nullable()
      .describe('The thresholds that decided; null only for jobs finished before they were recorded.'),
    photos: z.array(cullDecisionSchema).describe('One decision per culled photo.'),
  })
  .meta({ id: 'CullJobResult' });

export const aiJobSchema = z
  .object({
    id: id(),
    workspace_id: id(),
    shoot_id: id(),
    type: z.string().describe('cull'),
    state: z.enum(['queued', 'running', 'succeeded', 'failed']),
    sensitivity: z.string().nullable(),
    progress: z.object({ done: int(), total: int() }),
    result: cullJobResultSchema.nullable().describe("Set when the job succeeded: the cull's decisions and thresholds."),
    error: z.string().nullable(),
    attempts: int(),
    created_at: isoTimestamp(),
    started_at: isoTimestamp().nullable(),
    finished_at: isoTimestamp().nullable(),
  })
  .meta({ id: 'AiJob' });

export const createPhotoResponse = okResponse({ photo: photoSchema, upload: uploadTargetSchema });
export const getPhotoResponse = okResponse({
  photo: photoSchema,
  upload: uploadTargetSchema
    .nullable()
    .describe('A fresh PUT target while the photo is pending and the caller is photographer+, else null.'),
});
export const photoResponse = okResponse({ photo: photoSchema });
export const sessionResponse = okResponse({ session: uploadSessionSchema });
export const registerFilesResponse = okResponse({ files: z.array(uploadFileSchema) });
export const signPartsResponse = okResponse({ file_id: id(), parts: z.array(signedPartSchema) });
export const recordPartResponse = okResponse({ file_id: id(), part: uploadPartSchema });
export const completeFileResponse = okResponse({ file: uploadFileSchema, photo: photoSchema.nullable() });
export const fileResponse = okResponse({ file: uploadFileSchema });
export const resumeResponse = okResponse({ session: uploadSessionSummarySchema, files: z.array(resumeFileSchema) });
export const finalizeSessionResponse = okResponse({
  session: uploadSessionSchema,
  incomplete_files: z
    .array(z.object({ id: id(), file_name: z.string(), parts_done: int(), part_count: int() }))
    .describe('Files that were still uploading: aborted by the finalize.'),
});
export const aiJobResponse = okResponse({ job: aiJobSchema });
