/** zod pieces shared by upload's route schemas (on top of @studio/http's uuid, idParams, ...). */
import { z } from 'zod';
import { int53, SAFE_INT_MAX, uuid } from '@studio/http';

const CONTROL = /[\u0000-\u001f\u007f]/;

/** A file name as the client knows it: 1..255 characters, no control characters. */
export const fileName = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(255)
    .refine((s) => !CONTROL.test(s), 'must not contain control characters');

/** An image media type (image/jpeg, image/x-canon-cr2, ...) or application/octet-stream; lower-cased. */
export const contentType = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(image\/[a-z0-9][a-z0-9.+-]{0,126}|application\/octet-stream)$/,
      'must be an image media type (image/...) or application/octet-stream',
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
