/**
 * Operator actions (the CLI, src/cli/admin.ts): print, suspend or expire a gallery's portal link, create an album.
 * There is no tenant check here: the operator acts on any workspace, by id.
 */
import { randomUUID } from 'node:crypto';
import { serializeAlbum } from '@studio/contracts/records';
import { AppError } from '@studio/errors';
import { isUuid } from '@studio/uuid';
import { albumCreated } from '../events/domain-events.js';
import type { Database } from '../store/db.js';
import type { Stores } from '../store/index.js';
import type { PortalRow } from '../store/portal.store.js';
import { systemClock } from './deps.js';
import { createTokenBox, portalUrl } from './portal-token.js';
import { portalJson } from './serializers.js';

export interface PortalRef {
  galleryId?: string;
  prefix?: string;
}

export interface NewAlbumInput {
  galleryId: string;
  title: string;
  description?: string | null;
  /** Photo ids of the gallery, in album order; omitted: every photo of the gallery in gallery order. */
  photoIds?: string[];
}

/**
 * What the operator actions use, and all the CLI builds (core.ts createGalleryOperatorCore): the database, the
 * stores, the outbox relay's nudge and the portal settings. `portal.key` is null when the CLI runs without
 * PORTAL_TOKEN_KEY: then only `portalLink` refuses (it decrypts the stored token); the other actions need no key.
 */
export interface OperatorDeps {
  db: Database;
  stores: Stores;
  events: { nudge(): void };
  config: { portal: { key: Buffer | null; publicUrl: string } };
  now?: () => Date;
}

export class OperatorService {
  private readonly now: () => Date;

  constructor(private readonly deps: OperatorDeps) {
    this.now = deps.now ?? systemClock;
  }

  private async portal(ref: PortalRef): Promise<PortalRow> {
    const { portals } = this.deps.stores;
    if (ref.galleryId !== undefined && !isUuid(ref.galleryId)) throw new AppError('invalid_input', 'the gallery id must be a UUID');
    const portal = ref.galleryId
      ? await portals.byGallery(ref.galleryId.toLowerCase())
      : ref.prefix
        ? await portals.byPrefix(ref.prefix.toLowerCase())
        : null;
    if (!portal) throw new AppError('not_found', 'no portal token for that gallery (it is minted when the gallery is first published)');
    return portal;
  }

  /**
   * The gallery's portal link again (the token is kept encrypted for this), for an operator to send to the customer:
   * the same link publish answered, whatever the portal's state (which is shown beside it).
   */
  async portalLink(ref: PortalRef) {
    const { key } = this.deps.config.portal;
    if (!key)
      throw new AppError('invalid_input', "portal-link needs PORTAL_TOKEN_KEY (the gallery service's key of portal tokens at rest)");
    const portal = await this.portal(ref);
    const token = createTokenBox(key).decrypt(portal.tokenCiphertext, portal.id);
    return {
      gallery_id: portal.galleryId,
      portal_url: portalUrl(this.deps.config.portal.publicUrl, token),
      portal: portalJson(portal, this.now()),
    };
  }

  /** Suspends the portal: new client sessions are refused and open ones stop working at once. Idempotent. */
  async suspendPortal(ref: PortalRef) {
    const portal = await this.deps.stores.portals.suspend((await this.portal(ref)).id, this.now());
    return { gallery_id: portal.galleryId, portal: portalJson(portal, this.now()) };
  }

  /** Expires the portal now (same effect as reaching expires_at). Idempotent. */
  async expirePortal(ref: PortalRef) {
    const portal = await this.deps.stores.portals.expire((await this.portal(ref)).id, this.now());
    return { gallery_id: portal.galleryId, portal: portalJson(portal, this.now()) };
  }

  /** An album of photos of one gallery, with album.created in the same transaction. */
  async createAlbum(input: NewAlbumInput) {
    const { stores, db, events } = this.deps;
    if (!isUuid(input.galleryId)) throw new AppError('invalid_input', 'the gallery id must be a UUID');
    const title = input.title.trim();
    if (title.length < 1 || title.length > 200) throw new AppError('invalid_input', 'the title must be 1 to 200 characters');
    const description = input.description?.trim() || null;
    if (description && description.length > 10_000)
      throw new AppError('invalid_input', 'the description must be at most 10,000 characters');
    const gallery = await stores.galleries.getById(input.galleryId.toLowerCase());
    if (!gallery) throw new AppError('not_found', 'no such gallery');
    let photoIds: string[];
    if (input.photoIds) {
      photoIds = [...new Set(input.photoIds.map((p) => p.toLowerCase()))];
      const bad = photoIds.filter((p) => !isUuid(p));
      if (bad.length > 0) throw new AppError('invalid_input', `not photo ids: ${bad.join(', ')}`);
      const found = await stores.galleries.photosIn(gallery.id, photoIds);
      const missing = photoIds.filter((p) => !found.has(p));
      if (missing.length > 0) throw new AppError('invalid_input', `not photos of this gallery: ${missing.join(', ')}`);
    } else {
      photoIds = (await stores.galleries.entries(gallery.id, gallery.photoCount)).map((e) => e.photoId);
    }
    if (await stores.albums.titleTaken(gallery.id, title))
      throw new AppError('conflict', `the gallery already has an album titled "${title}"`);
    const album = await db.transaction(async (tx) => {
      const a = await stores.albums.create(tx, {
        id: randomUUID(),
        workspaceId: gallery.workspaceId,
        galleryId: gallery.id,
        title,
        description,
        photoIds,
      });
      await stores.outbox.append(tx, albumCreated(a));
      return a;
    });
    events.nudge();
    return serializeAlbum(album);
  }
}
