/**
 * Database, stores and services: everything of studio but the network. The HTTP/gRPC composition root
 * (app.ts) and the admin CLI both build on it.
 */
import { RelayNotifier } from '@studio/amqp/outbox';
import { createCursorCodec } from '@studio/cursor';
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
  db: Database;
  stores: Stores;
  services: Services;
  notifier: RelayNotifier;
}

export function createStudioCore(config: StudioConfig, deps: StudioDeps = {}): StudioCore {
  const logger = deps.logger ?? createLogger({ service: 'studio', level: config.logLevel });
  const db = createDatabase({ url: config.databaseUrl, logger });
  const stores = createStores(db);
  const notifier = new RelayNotifier();
  const services = createServices({
    db,
    stores,
    cursor: createCursorCodec(config.cursorSecret),
    events: notifier,
    now: deps.now,
  });
  return { logger, db, stores, services, notifier };
}

