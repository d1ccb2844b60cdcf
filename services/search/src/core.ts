/**
 * Database pools, stores and services of the search service: everything but its listeners and the index consumer.
 * The process definition (app.ts) builds on it.
 */
import { createCursorCodec } from '@studio/cursor';
import { createMetrics, type HttpMetrics } from '@studio/http/metrics';
import { createLogger, type Logger } from '@studio/logger';
import type { SearchConfig } from './config.js';
import { IndexerService } from './services/indexer.service.js';
import { RebuildService } from './services/rebuild.service.js';
import { SearchService } from './services/search.service.js';
import { createDatabase, type Database } from './store/db.js';
import { IndexStore } from './store/index.store.js';
import { SearchStore } from './store/search.store.js';

export interface SearchDeps {
  logger?: Logger;
}

export interface SearchCore {
  config: SearchConfig;
  logger: Logger;
  metrics: HttpMetrics;
  searchDb: Database;
  indexDb: Database;
  searchStore: SearchStore;
  indexStore: IndexStore;
  search: SearchService;
  indexer: IndexerService;
  rebuilds: RebuildService;
  /** Closes both pools. */
  close(): Promise<void>;
}

export function createSearchCore(config: SearchConfig, deps: SearchDeps = {}): SearchCore {
  const logger = deps.logger ?? createLogger({ service: 'search', level: config.logLevel });
  const metrics = createMetrics('search');
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
  const searchStore = new SearchStore(searchDb);
  const indexStore = new IndexStore(indexDb);
  return {
    config,
    logger,
    metrics,
    searchDb,
    indexDb,
    searchStore,
    indexStore,
    search: new SearchService(searchStore, createCursorCodec(config.cursorSecret)),
    indexer: new IndexerService(indexStore),
    rebuilds: new RebuildService(indexStore, logger),
    async close() {
      await Promise.all([searchDb.disconnect(), indexDb.disconnect()]);
    },
  };
}
