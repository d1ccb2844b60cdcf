/**
 * The public records of the gallery service (docs/decisions/0007-galleries.md), each written once: gallery's OpenAPI
 * answers are these schemas, the catalog's gallery event data extend them, and the serializers below derive from
 * them. No event carries a portal token or a bearer: only the publish and client-session answers do.
 */
import { z } from 'zod';
import { timestamp, uuid } from '../events/event-fields.schema.js';
import { recordSerializer, type RecordJson } from './record-json.js';

const int = () => z.number().int();

const galleryShape = {
  id: uuid(),
  workspace_id: uuid(),
  shoot_id: uuid(),
  title: z.string(),
  slug: z.string(),
  state: z.enum(['draft', 'published']),
  photo_count: int(),
  published_at: timestamp().nullable(),
  delivered_at: timestamp().nullable().describe("When the gallery's customer first opened a client session."),
  created_at: timestamp(),
  updated_at: timestamp(),
};

/** A gallery without its photos (lists, create, events, the head of a single read). */
export const galleryRecord = z.object(galleryShape).meta({ id: 'Gallery' });
export type GalleryJson = RecordJson<typeof galleryRecord>;
export const serializeGallery = recordSerializer(galleryRecord);

export const galleryPhotoRecord = z
  .object({
    id: uuid().describe('The photo id.'),
    order_index: int().describe('Position in the gallery, from 0.'),
    url: z.string().describe('The web derivative, signed for 1 hour.'),
    thumbnail_url: z.string().describe('The thumbnail, signed for 1 hour.'),
    width: int(),
    height: int(),
    favorite: z.boolean().describe('Marked as a favorite by the caller.'),
    original_url: z.string().optional().describe('The original file, signed for 1 hour; only for photographer roles (absent otherwise).'),
  })
  .meta({ id: 'GalleryPhoto' });
export type GalleryPhotoJson = RecordJson<typeof galleryPhotoRecord>;

/** GET /galleries/{id}: the gallery with its photos in order. */
export const galleryDetailRecord = z
  .object({
    ...galleryShape,
    urls_expire_at: timestamp().describe('When the signed URLs of this answer stop working.'),
    photos_next_cursor: z
      .string()
      .nullable()
      .describe('Set when the gallery has more photos than one read carries: continue with GET /galleries/{id}/photos.'),
    photos: z.array(galleryPhotoRecord),
  })
  .meta({ id: 'GalleryDetail' });

export const PORTAL_STATES = ['active', 'suspended', 'expired'] as const;
export const portalRecord = z
  .object({
    prefix: z.string(),
    state: z.enum(PORTAL_STATES),
    expires_at: timestamp(),
    created_at: timestamp(),
  })
  .meta({ id: 'Portal' });
/** The portal as photographer roles see it; `state` is its status at the time of the answer (expired included). */
export const serializePortal = recordSerializer(portalRecord);

/** POST /galleries/{id}/publish: the gallery, its portal and the portal token (the same on every publish). */
export const publishedGalleryRecord = z
  .object({
    ...galleryShape,
    portal_token: z.string().describe("The gallery's portal token for its customer (POST /client-sessions)."),
    portal_url: z
      .string()
      .describe(
        "The link to send the gallery's customer: the client portal page with the portal token in its fragment (<public URL>/portal/#<portal_token>).",
      )
      .meta({ examples: ['https://api.studio.example/portal/#gpt_3f9a1c2b7d4e_q8ZkV1xN0pW3sT6yB9cF2hJ5mL7rD4gA1eK8uQ0iO3n'] }),
    portal: portalRecord,
  })
  .meta({ id: 'PublishedGallery' });
export const serializePublishedGallery = recordSerializer(publishedGalleryRecord);

export const favoriteRecord = z.object({ gallery_id: uuid(), photo_id: uuid(), favorite: z.boolean() }).meta({ id: 'Favorite' });

export const clientSessionRecord = z
  .object({
    bearer: z.string().describe('A bearer for the routes of this one gallery (security scheme clientSession).'),
    expires_at: timestamp(),
    gallery_id: uuid(),
  })
  .meta({ id: 'ClientSession' });

/** An album (the operator CLI creates them; search indexes them; no public route answers one). */
export const albumRecord = z.object({
  id: uuid(),
  workspace_id: uuid(),
  gallery_id: uuid(),
  title: z.string(),
  description: z.string().nullable(),
  photo_count: int(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type AlbumJson = RecordJson<typeof albumRecord>;
export const serializeAlbum = recordSerializer(albumRecord);
