/** Albums: named, ordered sets of one gallery's photos. */
import { workspaceBatches, type Database, type Tx, type WorkspaceBatchArgs } from './db.js';
import type { Album } from './generated/client.js';

export type AlbumRow = Album & { photoCount: number };

export interface NewAlbum {
  id: string;
  workspaceId: string;
  galleryId: string;
  title: string;
  description: string | null;
  /** In album order; each must be an entry of the gallery (the foreign key refuses anything else). */
  photoIds: string[];
}

export class AlbumStore {
  constructor(private readonly db: Database) {}

  async create(tx: Tx, a: NewAlbum): Promise<AlbumRow> {
    const { photoIds, ...fields } = a;
    const album = await tx.album.create({ data: fields });
    if (photoIds.length > 0) {
      await tx.albumPhoto.createMany({
        data: photoIds.map((photoId, i) => ({ albumId: a.id, galleryId: a.galleryId, photoId, position: i + 1 })),
      });
    }
    return { ...album, photoCount: photoIds.length };
  }

  async titleTaken(galleryId: string, title: string, tx: Tx = this.db.client): Promise<boolean> {
    return (await tx.album.count({ where: { galleryId, title } })) > 0;
  }

  /** Every album of a workspace (the search rebuild), in batches, with photo counts. */
  async *allInWorkspace(workspaceId: string, batch = 500): AsyncGenerator<AlbumRow[]> {
    const findMany = (args: WorkspaceBatchArgs) =>
      this.db.client.album.findMany({ ...args, include: { _count: { select: { photos: true } } } });
    for await (const rows of workspaceBatches(findMany, workspaceId, batch)) {
      yield rows.map(({ _count, ...a }) => ({ ...a, photoCount: _count.photos }));
    }
  }
}
