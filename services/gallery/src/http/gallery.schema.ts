/** Inputs of the gallery routes (docs/decisions/0007-galleries.md). */
import { z } from 'zod';
import { AppError } from '@studio/errors';
import { cursor, idParams, limit, uuid, withWireFormat } from '@studio/http';

export const galleryParams = idParams;

/** workspace_id required (drafts are included), limit 1..100 (default 50), cursor. */
export const listGalleriesQuery = z.object({ workspace_id: uuid(), limit: limit(100, 50), cursor: cursor() });

/** Title: trimmed, 1..200 characters; absent or null: the shoot's title. */
export const createGalleryBody = z.object({
  shoot_id: uuid(),
  title: z.string().trim().min(1).max(200).nullish(),
});

/**
 * GET /galleries/{id}: photos_limit 1..10,000 (absent: every photo, up to MAX_GALLERY_PHOTOS). A page that shows a
 * gallery's first photos at once asks for a few and pages on with /photos from photos_next_cursor.
 */
export const MAX_PHOTOS_LIMIT = 10_000;
export const galleryQuery = z.object({
  photos_limit: withWireFormat(
    z
      .string()
      .regex(/^\d{1,5}$/, `must be an integer from 1 to ${MAX_PHOTOS_LIMIT}`)
      .transform(Number)
      .pipe(z.number().int().min(1).max(MAX_PHOTOS_LIMIT))
      .optional(),
    {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PHOTOS_LIMIT,
      examples: [60],
      description:
        'At most this many photos in the answer (absent: all of them); photos_next_cursor continues with GET /galleries/{id}/photos.',
    },
  ),
});

/** limit 1..200 (default 200); cursor opaque, or a legacy decimal offset. */
export const photosQuery = z.object({
  limit: limit(200, 200),
  cursor: cursor(),
});

/** photo_id in the JSON body, or in the query as photo_id or photoId; the DELETE body may be left out. */
export const favoriteBody = z
  .object({ photo_id: uuid().optional() })
  .optional()
  .describe('photo_id here, or in the query as photo_id or photoId (one is required; all given must name the same photo).');
export const favoriteQuery = z.object({
  photo_id: uuid().optional().describe('The photo, when the JSON body does not name it.'),
  photoId: uuid().optional().describe('Alias of photo_id.'),
});

/** The one photo id of a favorites call; every place that names one must name the same photo. */
export function favoritePhotoId(body: z.output<typeof favoriteBody>, query: z.output<typeof favoriteQuery>): string {
  const given = [body?.photo_id, query.photo_id, query.photoId].filter((v): v is string => v !== undefined);
  if (given.length === 0) {
    throw new AppError('invalid_input', 'photo_id is required (JSON body, or query photo_id / photoId)', {
      issues: [{ path: 'body.photo_id', message: 'required' }],
    });
  }
  if (given.some((v) => v !== given[0])) {
    throw new AppError('invalid_input', 'photo_id names different photos in the body and the query', {
      issues: [{ path: 'query.photo_id', message: 'differs from the other photo_id' }],
    });
  }
  return given[0]!;
}
