/** Every store of the webhooks database, built over one Database. The only folder that imports Prisma. */
import { type Sealer, SqlIdempotencyStore } from '@studio/idempotency';
import type { Database } from './db.js';
import { DeliveryStore } from './delivery.store.js';
import { EndpointStore } from './endpoint.store.js';

export interface Stores {
  endpoints: EndpointStore;
  deliveries: DeliveryStore;
  /** Idempotency-Key records of the keyed routes; their answers sealed (an endpoint's answer holds its secret). */
  idempotency: SqlIdempotencyStore;
}

/** `answers` seals the kept answers of keyed requests at rest (the signing secrets' key). */
export function createStores(db: Database, answers: Sealer): Stores {
  return {
    endpoints: new EndpointStore(db),
    deliveries: new DeliveryStore(db),
    idempotency: new SqlIdempotencyStore(db, answers),
  };
}
