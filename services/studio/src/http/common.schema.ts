/** zod pieces shared by studio's route schemas (on top of @studio/http's uuid, limit, cursor, listQuery). */
import { z } from 'zod';
import { cursor, isoDateTime, limit } from '@studio/http';

// PostgreSQL text cannot hold U+0000: refuse it at the edge (400) instead of failing in the database (500).
const NO_NUL = /^[^\u0000]*$/;

/** Required text: trimmed, `min` to `max` characters, no NUL character. */
export const text = (min: number, max: number) => z.string().trim().min(min).max(max).regex(NO_NUL, 'must not contain NUL characters');

/** Optional free text: trimmed, at most `max` characters; absent, null or blank all mean null. */
export const optionalText = (max: number) =>
  text(0, max)
    .nullish()
    .transform((v) => (v ? v : null));

/** An ISO 8601 timestamp with a zone that is also a real calendar instant (no 30 February). */
export const timestamp = () => isoDateTime().refine((d) => !Number.isNaN(d.getTime()), 'must be a valid date-time');

/** Lower-cased, validated e-mail address; absent or null mean none. */
export const optionalEmail = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('must be a valid e-mail address').max(254))
    .nullish()
    .transform((v) => v ?? null);

/** Query of lists that take only paging (limit 1..100, default 50; opaque cursor). */
export const pageOnlyQuery = () => z.object({ limit: limit(), cursor: cursor() });
