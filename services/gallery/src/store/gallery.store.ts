/**
 * Galleries and their photo entries. Every read by id names the caller's workspaces (token callers) or the one
 * gallery of a client session. Slugs are made unique per workspace under concurrency exactly like studio's shoots:
 * a transaction-scoped advisory lock on (workspace, base slug) serialises the writers of one base, then the next
 * free suffix is taken; the unique index (workspace_id, slug) is the backstop.
 *
 * Photo entries are written once, with the gallery, in one statement, with a dense order_index 0..n-1, and never
 * change afterwards; pages are read with a row-value keyset condition on the primary key
 * (gallery_id, order_index, photo_id), so the millionth entry costs what the first does.
 */
import { workspaceBatches, type Database, type Tx } from './db.js';
import { Prisma, type Gallery, type GalleryState } from './generated/client.js';
import { nextFreeSlug } from '@studio/slug';

export type GalleryRow = Gallery;
export type { GalleryState };

/** The gallery columns under their model names, for raw reads (see fromRaw). */
const GALLERY_COLUMNS = Prisma.sql`g.id::text AS id, g.workspace_id::text AS "workspaceId", g.shoot_id::text AS "shootId", g.title, g.slug,
  g.state::text AS state, g.photo_count AS "photoCount", g.created_by::text AS "createdBy", g.published_at AS "publishedAt",
  g.delivered_at AS "deliveredAt", g.created_at AS "createdAt", g.updated_at AS "updatedAt"`;

type RawGallery = Omit<GalleryRow, 'state'> & { state: string };

function fromRaw(r: RawGallery): GalleryRow {
  const date = (v: Date | null) => (v === null ? null : new Date(v));
  return {
    id: r.id,
    workspaceId: r.workspaceId,
    shootId: r.shootId,
    title: r.title,
    slug: r.slug,
    state: r.state as GalleryState,
    photoCount: r.photoCount,
    createdBy: r.createdBy,
    publishedAt: date(r.publishedAt),
    deliveredAt: date(r.deliveredAt),
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
  };
}

/** An entry as read: a written entry at its position (order_index). */
export interface PhotoEntry extends NewPhotoEntry {
  orderIndex: number;
}

export interface NewGallery {
  id: string;
  workspaceId: string;
  shootId: string;
  title: string;
  createdBy: string;
}

export interface NewPhotoEntry {
  photoId: string;
  webKey: string;
  thumbKey: string;
  originalKey: string;
  width: number;
  height: number;
}

/** (order_index, photo_id): the position after which the next page starts. */
export interface PhotoKey {
  orderIndex: number;
  photoId: string;
}

export interface GalleryPage {
  limit: number;
  after?: { createdAt: Date; id: string };
}

export class GalleryStore {
  constructor(private readonly db: Database) {}

  /**
   * Inserts the gallery with the first free slug for `baseSlug` and its photo entries (order_index = position in
   * `photos`). Call inside a transaction.
   */
  async createWithUniqueSlug(tx: Tx, data: NewGallery, baseSlug: string, photos: NewPhotoEntry[]): Promise<GalleryRow> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`gallery-slug:${data.workspaceId}:${baseSlug}`}, 0))`;
    const existing = await tx.gallery.findMany({
      where: { workspaceId: data.workspaceId, OR: [{ slug: baseSlug }, { slug: { startsWith: `${baseSlug}-` } }] },
      select: { slug: true },
    });
    const slug = nextFreeSlug(
      baseSlug,
      existing.map((g) => g.slug),
    );
    const gallery = await tx.gallery.create({ data: { ...data, slug, state: 'draft', photoCount: photos.length } });
    await this.insertEntries(tx, gallery.id, data.workspaceId, photos);
    return gallery;
  }

  /** One statement for any number of entries (arrays as parameters: no bind-parameter limit). */
  async insertEntries(tx: Tx, galleryId: string, workspaceId: string, photos: NewPhotoEntry[], firstIndex = 0): Promise<void> {
    if (photos.length === 0) return;
    await tx.$executeRaw`
      INSERT INTO gallery_photos (gallery_id, order_index, photo_id, workspace_id, web_key, thumb_key, original_key, width, height)
      SELECT ${galleryId}::uuid, ${firstIndex}::int + t.ord::int - 1, t.photo_id, ${workspaceId}::uuid, t.web_key, t.thumb_key, t.original_key, t.width, t.height
      FROM unnest(
        ${photos.map((p) => p.photoId)}::uuid[],
        ${photos.map((p) => p.webKey)}::text[],
        ${photos.map((p) => p.thumbKey)}::text[],
        ${photos.map((p) => p.originalKey)}::text[],
        ${photos.map((p) => p.width)}::int[],
        ${photos.map((p) => p.height)}::int[]
      ) WITH ORDINALITY AS t(photo_id, web_key, thumb_key, original_key, width, height, ord)`;
  }

  getInWorkspaces(id: string, workspaceIds: string[], tx: Tx = this.db.client): Promise<GalleryRow | null> {
    if (workspaceIds.length === 0) return Promise.resolve(null);
    return tx.gallery.findFirst({ where: { id, workspaceId: { in: workspaceIds } } });
  }

  /** Internal read (a client session's own gallery, the CLI): no tenant filter, the id comes from a checked source. */
  getById(id: string, tx: Tx = this.db.client): Promise<GalleryRow | null> {
    return tx.gallery.findUnique({ where: { id } });
  }

  /**
   * The read path of GET /galleries/{id} in one round trip: the gallery (in one of `workspaceIds`) and the photo
   * ids `ownerKey` marked in it.
   */
  async readForMember(id: string, workspaceIds: string[], ownerKey: string): Promise<{ gallery: GalleryRow; favorites: string[] } | null> {
    if (workspaceIds.length === 0) return null;
    const rows = await this.db.client.$queryRaw<(RawGallery & { favorites: string[] })[]>`
      SELECT ${GALLERY_COLUMNS},
             ARRAY(SELECT f.photo_id::text FROM favorites f WHERE f.gallery_id = g.id AND f.owner_key = ${ownerKey}) AS favorites
      FROM galleries g
      WHERE g.id = ${id}::uuid AND g.workspace_id = ANY(${workspaceIds}::uuid[])`;
    const row = rows[0];
    return row ? { gallery: fromRaw(row), favorites: row.favorites } : null;
  }

  /**
   * The read path for a client session in one round trip: the session (of that gallery), its portal's state, the
   * gallery, and the customer's favorites (owner `client`).
   */
  async readForClient(
    sessionId: string,
    galleryId: string,
  ): Promise<{ gallery: GalleryRow; favorites: string[]; sessionExpiresAt: Date; portalState: string; portalExpiresAt: Date } | null> {
    const rows = await this.db.client.$queryRaw<
      (RawGallery & { favorites: string[]; sessionExpiresAt: Date; portalState: string; portalExpiresAt: Date })[]
    >`
      SELECT ${GALLERY_COLUMNS},
             s.expires_at AS "sessionExpiresAt", p.state::text AS "portalState", p.expires_at AS "portalExpiresAt",
             ARRAY(SELECT f.photo_id::text FROM favorites f WHERE f.gallery_id = g.id AND f.owner_key = 'client') AS favorites
      FROM client_sessions s
      JOIN portal_tokens p ON p.id = s.portal_token_id
      JOIN galleries g ON g.id = s.gallery_id
      WHERE s.id = ${sessionId}::uuid AND s.gallery_id = ${galleryId}::uuid`;
    const row = rows[0];
    if (!row) return null;
    return {
      gallery: fromRaw(row),
      favorites: row.favorites,
      sessionExpiresAt: new Date(row.sessionExpiresAt),
      portalState: row.portalState,
      portalExpiresAt: new Date(row.portalExpiresAt),
    };
  }

  /** Locks the gallery row for the rest of the transaction (publish). */
  async lockInWorkspaces(tx: Tx, id: string, workspaceIds: string[]): Promise<GalleryRow | null> {
    if (workspaceIds.length === 0) return null;
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM galleries WHERE id = ${id}::uuid AND workspace_id = ANY(${workspaceIds}::uuid[]) FOR UPDATE`;
    if (rows.length === 0) return null;
    return tx.gallery.findUnique({ where: { id } });
  }

  /** Newest first, keyset on (created_at, id). */
  listInWorkspaces(workspaceIds: string[], page: GalleryPage, tx: Tx = this.db.client): Promise<GalleryRow[]> {
    const after = page.after;
    return tx.gallery.findMany({
      where: {
        workspaceId: { in: workspaceIds },
        ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: page.limit + 1,
    });
  }

  /** Every gallery of a workspace (the search rebuild), in batches of `batch`, oldest first. */
  allInWorkspace(workspaceId: string, batch = 500): AsyncGenerator<GalleryRow[]> {
    return workspaceBatches((args) => this.db.client.gallery.findMany(args), workspaceId, batch);
  }

  /** draft -> published; false when it was already published. */
  async markPublished(tx: Tx, id: string, at: Date): Promise<boolean> {
    const res = await tx.gallery.updateMany({ where: { id, state: 'draft' }, data: { state: 'published', publishedAt: at } });
    return res.count === 1;
  }

  /** Sets delivered_at once; false when the gallery was delivered before (the event is emitted only once). */
  async markDelivered(tx: Tx, id: string, at: Date): Promise<boolean> {
    const res = await tx.gallery.updateMany({ where: { id, deliveredAt: null }, data: { deliveredAt: at } });
    return res.count === 1;
  }

  /** Entries in order, up to `limit`. */
  async entries(galleryId: string, limit: number, tx: Tx = this.db.client): Promise<PhotoEntry[]> {
    return this.entriesWhere(tx, galleryId, Prisma.empty, limit);
  }

  /** Up to `limit` entries after `after` (the primary-key index answers it directly, wherever the page is). */
  async entriesAfter(galleryId: string, after: PhotoKey, limit: number, tx: Tx = this.db.client): Promise<PhotoEntry[]> {
    const condition = Prisma.sql`AND (order_index, photo_id) > (${after.orderIndex}::int, ${after.photoId}::uuid)`;
    return this.entriesWhere(tx, galleryId, condition, limit);
  }

  /** Up to `limit` entries from position `offset` on (order_index is dense, so this is an index range too). */
  async entriesFrom(galleryId: string, offset: number, limit: number, tx: Tx = this.db.client): Promise<PhotoEntry[]> {
    return this.entriesWhere(tx, galleryId, Prisma.sql`AND order_index >= ${offset}::int`, limit);
  }

  /** Up to `limit` entries of the gallery that meet `condition` (`AND ...`, or Prisma.empty), in order. */
  private entriesWhere(tx: Tx, galleryId: string, condition: Prisma.Sql, limit: number): Promise<PhotoEntry[]> {
    return tx.$queryRaw<PhotoEntry[]>`
      SELECT order_index AS "orderIndex", photo_id::text AS "photoId", web_key AS "webKey", thumb_key AS "thumbKey",
             original_key AS "originalKey", width, height
      FROM gallery_photos
      WHERE gallery_id = ${galleryId}::uuid ${condition}
      ORDER BY order_index, photo_id
      LIMIT ${limit}`;
  }

  async hasPhoto(galleryId: string, photoId: string, tx: Tx = this.db.client): Promise<boolean> {
    return (await tx.galleryPhoto.count({ where: { galleryId, photoId } })) === 1;
  }

  /** The ids among `photoIds` that are entries of the gallery. */
  async photosIn(galleryId: string, photoIds: string[], tx: Tx = this.db.client): Promise<Set<string>> {
    const rows = await tx.galleryPhoto.findMany({ where: { galleryId, photoId: { in: photoIds } }, select: { photoId: true } });
    return new Set(rows.map((r) => r.photoId));
  }
}
