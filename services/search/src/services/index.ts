/** Every domain service of search (queries, the event indexer, rebuilds), built over the stores. */
import type { CursorCodec } from '@studio/cursor';
import type { Logger } from '@studio/logger';
import type { Stores } from '../store/index.js';
import { IndexerService } from './indexer.service.js';
import { RebuildService } from './rebuild.service.js';
import { SearchService } from './search.service.js';

export interface Services {
  search: SearchService;
  indexer: IndexerService;
  rebuilds: RebuildService;
}

export interface ServiceDeps {
  stores: Stores;
  /** Signs and checks the page cursors of search answers. */
  cursors: CursorCodec;
  logger: Logger;
}

export function createServices({ stores, cursors, logger }: ServiceDeps): Services {
  return {
    search: new SearchService(stores.search, cursors),
    indexer: new IndexerService(stores.index),
    rebuilds: new RebuildService(stores.index, logger),
  };
}
