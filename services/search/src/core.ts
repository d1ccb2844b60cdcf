/**
 * Database pools, stores and services of the search service: everything but its listeners and the index consumer.
 * The process definition (app.ts) builds on it.
 */
import { createCursorCodec } from '@studio/cursor';
import { createMetrics, type HttpMetrics } from '@studio/http/metrics';
import { createLogger, type Logger } from '@studio/logger';
import type { SearchConfig } from './config.js';
import { createServices, type Services } from './services/index.js';
import { createDatabase, type Database } from './store/db.js';
import { createStores, type Stores } from './store/index.js';

export interface SearchDeps {
  logger?: Logger;
}

export interface SearchCore {
  config: SearchConfig;
  logger: Logger;
  metrics: HttpMetrics;
  searchDb: Database;
  indexDb: Database;
  stores: Stores;
  services: Services;
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
  const stores = createStores({ search: searchDb, index: indexDb });
  const services = createServices({ stores, cursors: createCursorCodec(config.cursorSecret), logger });
  return {
    config,
    logger,
    metrics,
    searchDb,
    indexDb,
    stores,
    services,
    async close() {
      await Promise.all([searchDb.disconnect(), indexDb.disconnect()]);
    },
  };
}
