/**
 * Every store of the search database, built over its two pools: searches read through one, index writes go through
 * the other (core.ts opens both). The only folder that imports Prisma.
 */
import type { Database } from './db.js';
import { IndexStore } from './index.store.js';
import { SearchStore } from './search.store.js';

/** The search database's two pools. */
export interface Databases {
  /** Searches (the read pool, with the search statement timeout). */
  search: Database;
  /** Index writes: events, rebuilds, pruning. */
  index: Database;
}

export interface Stores {
  search: SearchStore;
  index: IndexStore;
}

export function createStores(dbs: Databases): Stores {
  return {
    search: new SearchStore(dbs.search),
    index: new IndexStore(dbs.index),
  };
}
