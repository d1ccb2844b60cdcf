/**
 * Answers of gallery's routes (docs/decisions/0007-galleries.md), for the OpenAPI document. openapi.spec.ts
 * checks at compile time that the services return exactly these types; GET /galleries/{id} is rendered as
 * bytes (GalleryViews), so its shape is checked against real answers by the black-box test.
 */
import { z } from 'zod';
import { isoTimestamp, listResponse, okResponse } from '@studio/http';

const id = () => z.uuid();

const galleryShape = {
  id: id(),
  workspace_id: id(),
  shoot_id: id(),
  title: z.string(),
  slug: z.string(),
  state: z.enum(['draft', 'published']),
  photo_count: z.number().int(),
  published_at: isoTimestamp().nullable(),
  delivered_at: isoTimestamp().nullable().describe("When the gallery's customer first opened a client session."),
  created_at: isoTimestamp(),
  updated_at: isoTimestamp(),
};

/** A gallery without its photos (lists, create). */
export const gallerySchema = z.object(galleryShape).meta({ id: 'Gallery' });

export const galleryPhotoSchema = z
  .object({
    id: id().describe('The photo id.'),
    order_index: z.number().int().describe('Position in the gallery, from 0.'),
    url: z.string().describe('The web derivative, signed for 1 hour.'),
    thumbnail_url: z.string().describe('The thumbnail, signed for 1 hour.'),
    width: z.number().int(),
    height: z.number().int(),
    favorite: z.boolean().describe('Marked as a favorite by the caller.'),
    original_url: z.string().optional().describe('The original file, signed for 1 hour; only for photographer roles (absent otherwise).'),
  })
  .meta({ id: 'GalleryPhoto' });

/** GET /galleries/{id}: the gallery with its photos in order. */
export const galleryDetailSchema = z
  .object({
    ...galleryShape,
    urls_expire_at: isoTimestamp().describe('When the signed URLs of this answer stop working.'),
    photos_next_cursor: z
      .string()
      .nullable()
      .describe('Set when the gallery has more photos than one read carries: continue with GET /galleries/{id}/photos.'),
    photos: z.array(galleryPhotoSchema),
  })
  .meta({ id: 'GalleryDetail' });

export const portalSchema = z
  .object({
    prefix: z.string(),
    state: z.enum(['active', 'suspended', 'expired']),
    expires_at: isoTimestamp(),
    created_at: isoTimestamp(),
  })
  .meta({ id: 'Portal' });

/** POST /galleries/{id}/publish: the gallery, its portal and the portal token (the same on every publish). */
export const publishedGallerySchema = z
  .object({
    ...galleryShape,
    portal_token: z.string().describe("The gallery's portal token for its customer (POST /client-sessions)."),
    portal: portalSchema,
  })
  .meta({ id: 'PublishedGallery' });

export const favoriteSchema = z.object({ gallery_id: id(), photo_id: id(), favorite: z.boolean() }).meta({ id: 'Favorite' });

export const clientSessionSchema = z
  .object({
    bearer: z.string().describe('A bearer for the routes of this one gallery (security scheme clientSession).'),
    expires_at: isoTimestamp(),
    gallery_id: id(),
  })
  .meta({ id: 'ClientSession' });

export const listGalleriesResponse = listResponse(gallerySchema);
export const galleryResponse = okResponse({ gallery: gallerySchema });
export const galleryDetailResponse = okResponse({ gallery: galleryDetailSchema });
export const listGalleryPhotosResponse = listResponse(galleryPhotoSchema);
export const favoriteResponse = okResponse({ favorite: favoriteSchema });
export const publishResponse = okResponse({ gallery: publishedGallerySchema });
export const clientSessionResponse = okResponse({ session: clientSessionSchema });
