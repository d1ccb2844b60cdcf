/**
 * The JSON of the upload service's records as its events carry them: the same object its API answers (decision
 * 0003). Storage keys never appear in it.
 */
import { z } from 'zod';
import { timestamp, uuid } from './event-fields.schema.js';

export const photoJson = z
  .strictObject({
    id: uuid(),
    workspace_id: uuid(),
    shoot_id: uuid(),
    upload_file_id: uuid().nullable().describe('set when the photo was assembled from a multipart upload-session file'),
    file_name: z.string(),
    content_type: z.string(),
    size: z.int().describe('bytes'),
    sha256: z.string().nullable().describe('lower-case hex, when the client declared one'),
    state: z.enum(['pending', 'processing', 'ready', 'failed']),
    failure_reason: z.string().nullable(),
    failure_code: z.string().nullable().describe('when failed: a stable code (upload_expired), else null'),
    width: z.int().nullable(),
    height: z.int().nullable(),
    capture_time: timestamp().nullable(),
    keeper: z.boolean(),
    cull: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe("the last cull's verdict: { job_id, decision, reason, scores, duplicate_group }"),
    created_at: timestamp(),
    uploaded_at: timestamp().nullable(),
    processed_at: timestamp().nullable(),
    updated_at: timestamp(),
  })
  .describe('decision 0003');

/** A cull's counts, as the job result stores them (decision 0003). */
export const cullCounts = z
  .record(z.string(), z.int())
  .describe('total, keeper, reject, blurry, underexposed, overexposed, duplicate, duplicate_groups');
