/**
 * Store rows -> public JSON shapes (docs/decisions/0001 and 0007): snake_case members, ISO 8601 UTC timestamps
 * with milliseconds, null (never omitted) for an absent optional value. The one exception is a photo's
 * original_url, which is absent (not null) for callers who may not see originals: spec section 4 says it
 * "appears only for photographer roles".
 */
import type { AlbumRow } from '../store/album.store.js';
import type { GalleryRow } from '../store/gallery.store.js';
import type { PortalRow } from '../store/portal.store.js';

export function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/** A gallery without its photos (lists, events, the head of a single read). */
export function serializeGallery(g: GalleryRow) {
  return {
    id: g.id,
    workspace_id: g.workspaceId,
    shoot_id: g.shootId,
    title: g.title,
    slug: g.slug,
    state: g.state,
    photo_count: g.photoCount,
    published_at: iso(g.publishedAt),
    delivered_at: iso(g.deliveredAt),
    created_at: g.createdAt.toISOString(),
    updated_at: g.updatedAt.toISOString(),
  };
}
export type GalleryJson = ReturnType<typeof serializeGallery>;

export type PortalStatus = 'active' | 'suspended' | 'expired';

export function portalStatus(p: PortalRow, now: Date): PortalStatus {
  if (p.state === 'suspended') return 'suspended';
  return p.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** The portal as photographer roles see it (the token itself is added by the publish answer only). */
export function serializePortal(p: PortalRow, now: Date) {
  return { prefix: p.prefix, state: portalStatus(p, now), expires_at: p.expiresAt.toISOString(), created_at: p.createdAt.toISOString() };
}

export function serializeAlbum(a: AlbumRow) {
  return {
    id: a.id,
    workspace_id: a.workspaceId,
    gallery_id: a.galleryId,
    title: a.title,
    description: a.description,
    photo_count: a.photoCount,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}
