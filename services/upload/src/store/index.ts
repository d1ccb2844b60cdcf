/** Every store of the upload database, built over one Database. The only folder that imports Prisma. */
import type { Database, Tx } from './db.js';
import { JobStore } from './job.store.js';
import { SqlOutboxStore } from '@studio/amqp/outbox-store';
import { SqlIdempotencyStore } from '@studio/idempotency';
import { PhotoStore } from './photo.store.js';
import { SessionStore } from './session.store.js';

export interface Stores {
  photos: PhotoStore;
  sessions: SessionStore;
  jobs: JobStore;
  outbox: SqlOutboxStore<Tx>;
  /** Idempotency-Key records of the keyed routes (@studio/idempotency). */
  idempotency: SqlIdempotencyStore;
}

export function createStores(db: Database): Stores {
  return {
    photos: new PhotoStore(db),
    sessions: new SessionStore(db),
    jobs: new JobStore(db),
    outbox: new SqlOutboxStore<Tx>(db),
    idempotency: new SqlIdempotencyStore(db),
  };
}
