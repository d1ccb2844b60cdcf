/**
 * Database, stores, services and the outbox relay: everything of studio but the network. The process definition
 * (app.ts) and the admin CLI both build on it; the CLI never starts the relay (its events leave with a running
 * studio's relay).
 */
import { createOutboxRelay, type OutboxRelay } from '@studio/amqp/outbox';
import { createCursorCodec } from '@studio/cursor';
import { createProcessCore, type CoreDeps, type ProcessCore } from '@studio/process';
import type { StudioConfig } from './config.js';
import { createServices, type Services } from './services/index.js';
import { createMailer, type Mailer } from './services/mail.js';
import { createDatabase, type Database } from './store/db.js';
import { createStores, type Stores } from './store/index.js';

export interface StudioDeps extends CoreDeps {
  /** The current time (tests). */
  now?: () => Date;
  /** Poll interval of the outbox relay when idle, ms. */
  relayIntervalMs?: number;
  /** Sends the invitation and reset e-mails (default: nodemailer over the config's SMTP_URL; tests pass a fake). */
  mailer?: Mailer;
}

export interface StudioCore extends ProcessCore<StudioConfig> {
  db: Database;
  stores: Stores;
  services: Services;
  relay: OutboxRelay;
  /** Closes what the core opened (the database pool, the SMTP connections). */
  close(): Promise<void>;
}

export function createStudioCore(config: StudioConfig, deps: StudioDeps = {}): StudioCore {
  const base = createProcessCore('studio', config, deps);
  const { logger, metrics } = base;
  const db = createDatabase({ url: config.databaseUrl, logger, poolSize: config.databasePoolSize });
  const stores = createStores(db);
  const relay = createOutboxRelay({ store: stores.outbox, logger, intervalMs: deps.relayIntervalMs, registry: metrics.registry });
  const { publicUrl, sessionIdleMs, sessionAbsoluteMs, smtpUrl, mailFrom } = config.accounts;
  const mailer = deps.mailer ?? createMailer({ smtpUrl, from: mailFrom, logger });
  const services = createServices(
    { db, stores, cursor: createCursorCodec(config.cursorSecret), events: relay, now: deps.now },
    { settings: { publicUrl, sessionIdleMs, sessionAbsoluteMs }, mailer, logger },
  );
  const close = async () => {
    mailer.close();
    await db.disconnect();
  };
  return { ...base, db, stores, services, relay, close };
}
