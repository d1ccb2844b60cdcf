/** Every store of the gallery database, built over one Database. The only folder that imports Prisma. */
import { AlbumStore } from './album.store.js';
import type { Database, Tx } from './db.js';
import { FavoriteStore } from './favorite.store.js';
import { GalleryStore } from './gallery.store.js';
import { SqlOutboxStore } from '@studio/amqp/outbox-store';
import { SqlIdempotencyStore } from '@studio/idempotency';
import { PortalStore } from './portal.store.js';

export interface Stores {
  galleries: GalleryStore;
  favorites: FavoriteStore;
  albums: AlbumStore;
  portals: PortalStore;
  outbox: SqlOutboxStore<Tx>;
  /** Idempotency-Key records of the keyed routes (@studio/idempotency). */
  idempotency: SqlIdempotencyStore;
}

export function createStores(db: Database): Stores {
  return {
    galleries: new GalleryStore(db),
    favorites: new FavoriteStore(db),
    albums: new AlbumStore(db),
    portals: new PortalStore(db),
    outbox: new SqlOutboxStore<Tx>(db),
    idempotency: new SqlIdempotencyStore(db),
  };
}
