/**
 * Favorite marks: one row per (gallery, owner, photo). The owner key is `profile:<id>` for a workspace member and
 * `client` for the gallery's customer. Adding and removing are idempotent single statements; the foreign key to
 * the gallery's entries guarantees a favorite only ever names a photo of its own gallery.
 */
import type { Database, Tx } from './db.js';

export class FavoriteStore {
  constructor(private readonly db: Database) {}

  /** Marks a photo; true when it was not marked before. */
  async add(galleryId: string, workspaceId: string, ownerKey: string, photoId: string, tx: Tx = this.db.client): Promise<boolean> {
    const n = await tx.$executeRaw`
      INSERT INTO favorites (gallery_id, owner_key, photo_id, workspace_id)
      VALUES (${galleryId}::uuid, ${ownerKey}, ${photoId}::uuid, ${workspaceId}::uuid)
      ON CONFLICT DO NOTHING`;
    return n === 1;
  }

  /** Unmarks a photo; true when it was marked. */
  async remove(galleryId: string, ownerKey: string, photoId: string, tx: Tx = this.db.client): Promise<boolean> {
    const res = await tx.favorite.deleteMany({ where: { galleryId, ownerKey, photoId } });
    return res.count === 1;
  }

  /** Every photo the owner marked in the gallery. */
  async photoIds(galleryId: string, ownerKey: string, tx: Tx = this.db.client): Promise<Set<string>> {
    const rows = await tx.favorite.findMany({ where: { galleryId, ownerKey }, select: { photoId: true } });
    return new Set(rows.map((r) => r.photoId));
  }

  /** The ones among `photoIds` the owner marked (a page of photos). */
  async markedAmong(galleryId: string, ownerKey: string, photoIds: string[], tx: Tx = this.db.client): Promise<Set<string>> {
    if (photoIds.length === 0) return new Set();
    const rows = await tx.favorite.findMany({ where: { galleryId, ownerKey, photoId: { in: photoIds } }, select: { photoId: true } });
    return new Set(rows.map((r) => r.photoId));
  }
}
