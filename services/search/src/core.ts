/**
 * Database pools, stores and services of the search service: everything but its listeners and the index consumer.
 * The process definition (app.ts) builds on it.
 */
import { createCursorCodec } from '@studio/cursor';
import { createProcessCore, type CoreDeps, type ProcessCore } from '@studio/process';
import type { SearchConfig } from './config.js';
import { createServices, type Services } from './services/index.js';
import { createDatabase, type Database } from './store/db.js';
import { createStores, type Stores } from './store/index.js';

export type SearchDeps = CoreDeps;

export interface SearchCore extends ProcessCore<SearchConfig> {
  searchDb: Database;
  indexDb: Database;
  stores: Stores;
  services: Services;
  /** Closes both pools. */
  close(): Promise<void>;
}

export function createSearchCore(config: SearchConfig, deps: SearchDeps = {}): SearchCore {
  const base = createProcessCore('search', config, deps);
  const { logger } = base;
  const searchDb = createDatabase({
    url: config.databaseUrl,
    logger,
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.searchStatementTimeoutMs,
    applicationName: 'search-read',
  });
  // Index writes get their own small pool so a burst of events never starves searches (and vice versa).
  const indexDb = createDatabase({
    url: config.databaseUrl,
    logger,
    poolSize: 4,
    statementTimeoutMs: 30_000,
    applicationName: 'search-index',
  });
  const stores = createStores({ search: searchDb, index: indexDb });
  const services = createServices({ stores, cursors: createCursorCodec(config.cursorSecret), logger });
  return {
    ...base,
    searchDb,
    indexDb,
    stores,
    services,
    async close() {
      await Promise.all([searchDb.disconnect(), indexDb.disconnect()]);
    },
  };
}
