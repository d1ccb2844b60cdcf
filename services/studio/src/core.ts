/**
 * Database, stores, services and the outbox relay: everything of studio but the network. The process definition
 * (app.ts) and the admin CLI both build on it; the CLI never starts the relay (its events leave with a running
 * studio's relay).
 */
import { createOutboxRelay, type OutboxRelay } from '@studio/amqp/outbox';
import { createCursorCodec } from '@studio/cursor';
import { createMetrics, type HttpMetrics } from '@studio/http/metrics';
import { createLogger, type Logger } from '@studio/logger';
import type { StudioConfig } from './config.js';
import { createServices, type Services } from './services/index.js';
import { createDatabase, type Database } from './store/db.js';
import { createStores, type Stores } from './store/index.js';

export interface StudioDeps {
  logger?: Logger;
  /** The current time (tests). */
  now?: () => Date;
  /** Poll interval of the outbox relay when idle, ms. */
  relayIntervalMs?: number;
}

export interface StudioCore {
  logger: Logger;
  /** The process's metrics registry (served at /metrics). */
  metrics: HttpMetrics;
  db: Database;
  stores: Stores;
  services: Services;
  relay: OutboxRelay;
}

export function createStudioCore(config: StudioConfig, deps: StudioDeps = {}): StudioCore {
  const logger = deps.logger ?? createLogger({ service: 'studio', level: config.logLevel });
  const metrics = createMetrics('studio');
  const db = createDatabase({ url: config.databaseUrl, logger });
  const stores = createStores(db);
  const relay = createOutboxRelay({ store: stores.outbox, logger, intervalMs: deps.relayIntervalMs, registry: metrics.registry });
  const services = createServices({
    db,
    stores,
    cursor: createCursorCodec(config.cursorSecret),
    events: relay,
    now: deps.now,
  });
  return { logger, metrics, db, stores, services, relay };
}
