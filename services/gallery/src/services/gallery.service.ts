/**
 * Galleries: create a draft from a shoot's ready keepers, list, read (with every photo URL signed), page through
 * photos, mark favorites, publish.
 *
 * Who sees what (docs/decisions/0007-galleries.md):
 * - a token caller reaches the galleries of its workspaces (any role reads; photographer+ creates and publishes;
 *   original_url only for owner, admin, photographer);
 * - a client session reaches its own gallery only (another id is 404, like a missing one), never original_url,
 *   and only while its session and portal are valid (suspended or expired portal: 401).
 */
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { serializeGallery, serializePublishedGallery } from '@studio/contracts/records';
import { createCursorCodec, decodeTimeKey, pageOf, type CursorCodec } from '@studio/cursor';
import { AppError } from '@studio/errors';
import { requireWorkspace } from '@studio/identity/access';
import { roleAtLeast, workspaceIdsOf, type ClientPrincipal, type Role, type TokenPrincipal } from '@studio/identity';
import { galleryCreated, galleryPublished } from '../events/domain-events.js';
import type { GalleryRow, PhotoEntry, PhotoKey } from '../store/gallery.store.js';
import type { PortalRow } from '../store/portal.store.js';
import type { ServiceDeps } from './deps.js';
import { systemClock } from './deps.js';
import { GalleryViews, photoObject } from './gallery-views.js';
import { PhotoUrls } from './photo-urls.js';
import { createTokenBox, mintPortalToken, portalUrl, type TokenBox } from './portal-token.js';
import { portalJson } from './serializers.js';
import { baseSlugFor } from '@studio/slug';

export type Caller = TokenPrincipal | ClientPrincipal;

/** Who is reading a gallery, as far as the answer depends on it. */
export interface Viewer {
  /** `profile:<id>` for a member, `client` for the gallery's customer. */
  ownerKey: string;
  /** owner, admin, photographer: original URLs. */
  photographer: boolean;
  /** The caller's role (members only). */
  role: Role | null;
}

export const CURSOR_KIND = { galleries: 'galleries', photos: 'gallery_photos' } as const;

const CLOSE_GALLERY = Buffer.from('}}');
const gzipAsync = promisify(gzip);

/** A legacy GET /galleries/{id}/photos cursor: a decimal offset (kept for one release, see decision 0007). */
const LEGACY_CURSOR_RE = /^\d{1,10}$/;

export interface PhotoPageRequest {
  limit: number;
  cursor?: string;
}

export interface PhotoPage {
  items: ReturnType<typeof photoObject>[];
  next_cursor: string | null;
  /** True when the cursor was a legacy decimal offset (the route adds Deprecation headers). */
  legacyCursor: boolean;
}

export class GalleryService {
  private readonly now: () => Date;
  private readonly cursors: CursorCodec;
  readonly urls: PhotoUrls;
  readonly views: GalleryViews;
  private readonly box: TokenBox;

  constructor(private readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
    this.cursors = createCursorCodec(deps.config.cursorSecret);
    this.urls = new PhotoUrls(deps.presigner, deps.config.photoUrls.ttlSeconds, deps.config.photoUrls.windowSeconds, this.now);
    this.views = new GalleryViews(deps.stores.galleries, this.urls, deps.config.cacheMaxPhotos, deps.config.maxGalleryPhotos);
    this.box = createTokenBox(deps.config.portal.key);
  }

  // ---- access ---------------------------------------------------------------------------------------------

  /**
   * The gallery and the caller's view of it. Token callers: 404 unless the gallery is in one of their workspaces.
   * Client sessions: 404 for any gallery but their own; 401 when the session or its portal no longer holds.
   */
  async access(caller: Caller, galleryId: string): Promise<{ gallery: GalleryRow; viewer: Viewer }> {
    const { galleries, portals } = this.deps.stores;
    if (caller.kind === 'client') {
      if (caller.galleryId !== galleryId) throw new AppError('not_found');
      const [check, gallery] = await Promise.all([portals.sessionCheck(caller.sessionId, galleryId), galleries.getById(galleryId)]);
      const now = this.now().getTime();
      if (!check || check.sessionExpiresAt.getTime() <= now || check.portalState !== 'active' || check.portalExpiresAt.getTime() <= now) {
        throw new AppError('unauthorized');
      }
      if (!gallery || gallery.workspaceId !== caller.workspaceId) throw new AppError('not_found');
      return { gallery, viewer: { ownerKey: 'client', photographer: false, role: null } };
    }
    const gallery = await galleries.getInWorkspaces(galleryId, workspaceIdsOf(caller));
    if (!gallery) throw new AppError('not_found');
    const role = caller.memberships[gallery.workspaceId]!;
    return { gallery, viewer: { ownerKey: `profile:${caller.profileId}`, photographer: roleAtLeast(role, 'photographer'), role } };
  }

  /** access() and the caller's favorites in one database round trip (the hot read path). */
  private async readAccess(caller: Caller, galleryId: string): Promise<{ gallery: GalleryRow; viewer: Viewer; favorites: Set<string> }> {
    const { galleries } = this.deps.stores;
    if (caller.kind === 'client') {
      if (caller.galleryId !== galleryId) throw new AppError('not_found');
      const row = await galleries.readForClient(caller.sessionId, galleryId);
      const now = this.now().getTime();
      if (!row || row.sessionExpiresAt.getTime() <= now || row.portalState !== 'active' || row.portalExpiresAt.getTime() <= now) {
        throw new AppError('unauthorized');
      }
      if (row.gallery.workspaceId !== caller.workspaceId) throw new AppError('not_found');
      return { gallery: row.gallery, viewer: { ownerKey: 'client', photographer: false, role: null }, favorites: new Set(row.favorites) };
    }
    const ownerKey = `profile:${caller.profileId}`;
    const row = await galleries.readForMember(galleryId, workspaceIdsOf(caller), ownerKey);
    if (!row) throw new AppError('not_found');
    const role = caller.memberships[row.gallery.workspaceId]!;
    return {
      gallery: row.gallery,
      viewer: { ownerKey, photographer: roleAtLeast(role, 'photographer'), role },
      favorites: new Set(row.favorites),
    };
  }

  // ---- create and list ------------------------------------------------------------------------------------

  /**
   * A draft gallery of the shoot's ready keepers, in capture order. The shoot is checked with studio (404 when the
   * caller does not reach it), the role in its workspace must be photographer+ (403). No ready keepers: 400 and
   * nothing is written (no gallery, no event).
   */
  async create(principal: TokenPrincipal, input: { shootId: string; title?: string | null }) {
    const shoot = await this.deps.shoots.getShoot(input.shootId, workspaceIdsOf(principal));
    requireWorkspace(principal, shoot.workspaceId, 'photographer');
    const keepers = await this.deps.keepers.listReadyKeepers(shoot.id, shoot.workspaceId);
    if (keepers.length === 0) {
      throw new AppError('invalid_input', 'the shoot has no ready keepers: upload photos and wait until they are ready', {
        issues: [{ path: 'body.shoot_id', message: 'the shoot has no ready keepers' }],
      });
    }
    const max = this.deps.config.maxGalleryPhotos;
    if (keepers.length > max) {
      throw new AppError('invalid_input', `the shoot has ${keepers.length} ready keepers; a gallery holds at most ${max}`, {
        issues: [{ path: 'body.shoot_id', message: `more than ${max} ready keepers` }],
      });
    }
    const title = input.title ?? (shoot.title || 'Gallery');
    const { db, stores, events } = this.deps;
    const gallery = await db.transaction(
      async (tx) => {
        const g = await stores.galleries.createWithUniqueSlug(
          tx,
          { id: randomUUID(), workspaceId: shoot.workspaceId, shootId: shoot.id, title, createdBy: principal.profileId },
          baseSlugFor('gallery', title),
          keepers.map((k) => ({
            photoId: k.id,
            webKey: k.webKey,
            thumbKey: k.thumbKey,
            originalKey: k.originalKey,
            width: k.width,
            height: k.height,
          })),
        );
        await stores.outbox.append(tx, galleryCreated(g));
        return g;
      },
      { timeout: 30_000 },
    );
    events.nudge();
    return serializeGallery(gallery);
  }

  async list(principal: TokenPrincipal, workspaceId: string, page: { limit: number; cursor?: string }) {
    requireWorkspace(principal, workspaceId);
    const after = page.cursor === undefined ? undefined : decodeTimeKey(this.cursors, CURSOR_KIND.galleries, page.cursor);
    const rows = await this.deps.stores.galleries.listInWorkspaces([workspaceId], { limit: page.limit, after });
    const { rows: items, nextCursor } = pageOf(this.cursors, CURSOR_KIND.galleries, rows, page.limit);
    return { items: items.map(serializeGallery), next_cursor: nextCursor };
  }

  // ---- read -----------------------------------------------------------------------------------------------

  /**
   * One gallery with its photos in order, as the JSON bytes of the whole answer (see GalleryViews): the chunks
   * are written as they are. A gallery larger than MAX_GALLERY_PHOTOS carries its first photos and
   * `photos_next_cursor` to continue with /photos.
   */
  async readJson(
    caller: Caller,
    galleryId: string,
    opts: { acceptsGzip?: boolean; photosLimit?: number } = {},
  ): Promise<{ chunks: Buffer[]; encoding: 'gzip' | null }> {
    const { gallery, viewer, favorites } = await this.readAccess(caller, galleryId);
    const limit = opts.photosLimit;
    if (limit !== undefined && limit < Math.min(gallery.photoCount, this.deps.config.maxGalleryPhotos)) {
      return this.firstPhotosJson(gallery, viewer, favorites, limit, opts.acceptsGzip === true);
    }
    const photos = await this.views.photosJson(gallery, { favorites, originals: viewer.photographer });
    const more = photos.last !== null && photos.count < gallery.photoCount;
    const summary = JSON.stringify({
      ...serializeGallery(gallery),
      urls_expire_at: photos.window.expiresAt.toISOString(),
      photos_next_cursor: more ? this.photoCursor(gallery.id, photos.last!) : null,
    });
    const head = `{"ok":true,"gallery":${summary.slice(0, -1)},"photos":`;
    if (opts.acceptsGzip && photos.shared) {
      const gz = this.views.gzipped(photos.shared, head, CLOSE_GALLERY);
      if (gz) return { chunks: [gz], encoding: 'gzip' };
    }
    return { chunks: [Buffer.from(head), photos.body, CLOSE_GALLERY], encoding: null };
  }

  /**
   * `GET /galleries/{id}?photos_limit=N` below the gallery's size: the same answer with its first N photos and the
   * cursor of the next (a page read by the primary key, like /photos; the whole-gallery views stay for the full read).
   * What a page that shows its first photos at once, then pages, asks for.
   */
  private async firstPhotosJson(
    gallery: GalleryRow,
    viewer: Viewer,
    favorites: Set<string>,
    limit: number,
    acceptsGzip: boolean,
  ): Promise<{ chunks: Buffer[]; encoding: 'gzip' | null }> {
    const rows = await this.deps.stores.galleries.entries(gallery.id, limit);
    const window = await this.urls.window();
    const last = rows[rows.length - 1];
    const body = Buffer.from(
      JSON.stringify({
        ok: true,
        gallery: {
          ...serializeGallery(gallery),
          urls_expire_at: window.expiresAt.toISOString(),
          photos_next_cursor: last && rows.length === limit ? this.photoCursor(gallery.id, last) : null,
          photos: rows.map((e) => photoObject(e, window, favorites.has(e.photoId), viewer.photographer)),
        },
      }),
    );
    if (acceptsGzip && body.length > 1024) return { chunks: [await gzipAsync(body)], encoding: 'gzip' };
    return { chunks: [body], encoding: null };
  }

  /**
   * A page of photos in order, keyset on (order_index, photo_id). The cursor is opaque and bound to the gallery;
   * a legacy decimal offset N is still accepted (order_index is dense, so it is the position order_index >= N)
   * and pages the same sequence; the next cursor is always an opaque one.
   */
  async photos(caller: Caller, galleryId: string, req: PhotoPageRequest): Promise<PhotoPage> {
    const { gallery, viewer } = await this.access(caller, galleryId);
    const store = this.deps.stores.galleries;
    const take = req.limit + 1;
    let rows: PhotoEntry[];
    let legacyCursor = false;
    if (req.cursor === undefined) {
      rows = await store.entries(gallery.id, take);
    } else if (LEGACY_CURSOR_RE.test(req.cursor)) {
      legacyCursor = true;
      const offset = Number(req.cursor);
      rows = offset >= gallery.photoCount ? [] : await store.entriesFrom(gallery.id, offset, take);
    } else {
      rows = await store.entriesAfter(gallery.id, this.decodePhotoCursor(gallery.id, req.cursor), take);
    }
    const page = rows.slice(0, req.limit);
    const next = rows.length > req.limit ? this.photoCursor(gallery.id, page[page.length - 1]!) : null;
    const favorites = await this.deps.stores.favorites.markedAmong(
      gallery.id,
      viewer.ownerKey,
      page.map((e) => e.photoId),
    );
    const window = await this.urls.window();
    return {
      items: page.map((e) => photoObject(e, window, favorites.has(e.photoId), viewer.photographer)),
      next_cursor: next,
      legacyCursor,
    };
  }

  private photoCursor(galleryId: string, e: PhotoKey): string {
    return this.cursors.encode(CURSOR_KIND.photos, [galleryId, e.orderIndex, e.photoId]);
  }

  private decodePhotoCursor(galleryId: string, cursor: string): PhotoKey {
    const values = this.cursors.decode(CURSOR_KIND.photos, cursor);
    const [g, orderIndex, photoId] = values;
    if (
      values.length !== 3 ||
      g !== galleryId ||
      typeof orderIndex !== 'number' ||
      !Number.isInteger(orderIndex) ||
      typeof photoId !== 'string'
    ) {
      throw new AppError('invalid_input', 'cursor is invalid');
    }
    return { orderIndex, photoId };
  }

  // ---- favorites ------------------------------------------------------------------------------------------

  /** Marks (or unmarks) a photo of the gallery for the caller; idempotent; a photo not in the gallery is 404. */
  async setFavorite(caller: Caller, galleryId: string, photoId: string, favorite: boolean) {
    const { gallery, viewer } = await this.access(caller, galleryId);
    const { galleries, favorites } = this.deps.stores;
    if (!(await galleries.hasPhoto(gallery.id, photoId))) throw new AppError('not_found');
    // In a transaction, one statement as it is: a keyed request's claim row commits with the mark (decision 0022).
    if (favorite) await this.deps.db.transaction((tx) => favorites.add(gallery.id, gallery.workspaceId, viewer.ownerKey, photoId, tx));
    else await favorites.remove(gallery.id, viewer.ownerKey, photoId);
    return { gallery_id: gallery.id, photo_id: photoId, favorite };
  }

  // ---- publish --------------------------------------------------------------------------------------------

  /**
   * draft -> published with gallery.published, and the portal token minted (once). Publishing again changes
   * nothing and emits nothing; every answer carries the same portal token (decrypted), so a caller that lost the
   * first answer can simply publish again.
   */
  async publish(principal: TokenPrincipal, galleryId: string) {
    const { stores, db, events, config } = this.deps;
    const found = await stores.galleries.getInWorkspaces(galleryId, workspaceIdsOf(principal));
    if (!found) throw new AppError('not_found');
    requireWorkspace(principal, found.workspaceId, 'photographer');
    const now = this.now();
    const { gallery, portal, token, changed } = await db.transaction(async (tx) => {
      const g = await stores.galleries.lockInWorkspaces(tx, galleryId, [found.workspaceId]);
      if (!g) throw new AppError('not_found');
      const changed = await stores.galleries.markPublished(tx, g.id, now);
      let portal: PortalRow | null = await stores.portals.byGallery(g.id, tx);
      let token: string;
      if (portal) {
        token = this.box.decrypt(portal.tokenCiphertext, portal.id);
      } else {
        const minted = mintPortalToken();
        const id = randomUUID();
        token = minted.token;
        portal = await stores.portals.create(tx, {
          id,
          workspaceId: g.workspaceId,
          galleryId: g.id,
          prefix: minted.prefix,
          tokenHash: minted.hash,
          tokenCiphertext: new Uint8Array(this.box.encrypt(minted.token, id)),
          expiresAt: new Date(now.getTime() + config.portal.ttlSeconds * 1000),
        });
      }
      const current = (await stores.galleries.getById(g.id, tx))!;
      if (changed) await stores.outbox.append(tx, galleryPublished(current));
      return { gallery: current, portal, token, changed };
    });
    if (changed) events.nudge();
    return serializePublishedGallery({
      ...gallery,
      portalToken: token,
      portalUrl: portalUrl(config.portal.publicUrl, token),
      portal: portalJson(portal, this.now()),
    });
  }
}
