/** zod pieces shared by upload's route schemas (on top of @studio/http's uuid, idParams, ...). */
import { z } from 'zod';
import { int53, SAFE_INT_MAX, uuid, withWireFormat } from '@studio/http';
import { UPLOAD_CONTENT_TYPES } from '../imaging/formats.js';

const CONTROL = /[\u0000-\u001f\u007f]/;

/** A file name as the client knows it: 1..255 characters, no control characters. */
export const fileName = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(255)
    .refine((s) => !CONTROL.test(s), 'must not contain control characters');

/**
 * The media type of an upload: one of the raster formats the pipeline decodes (UPLOAD_CONTENT_TYPES: image/jpeg,
 * image/png, ...), case-insensitive. Anything else (SVG, HEIC, camera RAW, application/octet-stream) is 400: its bytes
 * could never become a photo, and an original is only ever stored and served as a verified raster type
 * (docs/decisions/0020-upload-hardening.md). Documented as the enum.
 */
export const contentType = () =>
  withWireFormat(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(UPLOAD_CONTENT_TYPES, { error: `must be one of ${UPLOAD_CONTENT_TYPES.join(', ')}` })),
    z.enum(UPLOAD_CONTENT_TYPES),
  );

/** Size in bytes, a positive integer (a BigInt column: up to 2^53 - 1, what a JSON number carries exactly). */
export const byteSize = () => int53(1, SAFE_INT_MAX, 'must be an integer from 1 to 2^53 - 1');

/** Lower-case hex SHA-256; absent or null mean none. */
export const sha256 = () =>
  z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (SHA-256)')
    .meta({ examples: ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'] })
    .transform((s) => s.toLowerCase())
    .nullish()
    .transform((v) => v ?? null);

export const shootRef = z.object({ shoot_id: uuid() });
