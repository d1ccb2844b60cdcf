/** Inputs of the upload-session routes (docs/decisions/0003-uploads.md). */
import { z } from 'zod';
import { int32, int53, uuid, withWireFormat } from '@studio/http';
import { MULTIPART_LIMITS } from '../services/upload-session.service.js';
import { byteSize, contentType, fileName, sha256 } from './common.schema.js';

export const sessionParams = z.object({ id: uuid() });
export const fileParams = z.object({ id: uuid(), fileId: uuid() });

export const createSessionBody = z.object({ shoot_id: uuid() });

const fileSpec = z.object({
  file_name: fileName(),
  size: byteSize(),
  content_type: contentType(),
  sha256: sha256(),
  // A BigInt column (part_size); the range of S3 part sizes is far inside it.
  part_size: int53(
    MULTIPART_LIMITS.minPartSize,
    MULTIPART_LIMITS.maxPartSize,
    `must be an integer from ${MULTIPART_LIMITS.minPartSize} (5 MiB) to ${MULTIPART_LIMITS.maxPartSize} (5 GiB) bytes`,
  )
    .nullish()
    .transform((v) => v ?? null),
});

const filesForm = z.object({ files: z.array(fileSpec).min(1).max(MULTIPART_LIMITS.maxFilesPerCall) });

/**
 * `{ files: [...] }`, or one file's fields at the top level. The preprocess keeps validation messages precise
 * (a union would report "Invalid input" for a wrong field type); a preprocess has no JSON Schema of its input,
 * so the OpenAPI document shows it as the union of the two forms it accepts (see @studio/http's wire-format).
 */
export const registerFilesBody = withWireFormat(
  z.preprocess((b) => (b && typeof b === 'object' && !Array.isArray(b) && !('files' in b) ? { files: [b] } : b), filesForm),
  z.union([filesForm, fileSpec]),
);

/** A part number: an Int column (part_number), bounded by S3's 10,000 parts. */
const partNumber = () => int32(1, MULTIPART_LIMITS.maxParts);

export const signPartsBody = z.object({
  part_numbers: z.array(partNumber()).min(1).max(MULTIPART_LIMITS.maxSignPerCall),
});

/** An ETag as the store returned it, quoted or not; stored quoted (S3's own form). */
export const completePartBody = z.object({
  part_number: partNumber(),
  etag: z
    .string()
    .trim()
    .regex(/^"?[\x21\x23-\x7e]{1,200}"?$/, 'must be the ETag the object store returned for the part')
    .transform((e) => `"${e.replace(/^"|"$/g, '')}"`),
});
