/** Every store of the webhooks database, built over one Database. The only folder that imports Prisma. */
import type { Database } from './db.js';
import { DeliveryStore } from './delivery.store.js';
import { EndpointStore } from './endpoint.store.js';

export interface Stores {
  endpoints: EndpointStore;
  deliveries: DeliveryStore;
}

export function createStores(db: Database): Stores {
  return {
    endpoints: new EndpointStore(db),
    deliveries: new DeliveryStore(db),
  };
}
