/**
 * Database, stores, services and the outbox relay: everything of studio but the network. The process definition
 * (app.ts) and the admin CLI both build on it; the CLI never starts the relay (its events leave with a running
 * studio's relay).
 */
import { randomBytes } from 'node:crypto';
import { createOutboxRelay, type OutboxRelay } from '@studio/amqp/outbox';
import { createCursorCodec, type CursorCodec } from '@studio/cursor';
import type { Logger } from '@studio/logger';
import { createProcessCore, type CoreDeps, type ProcessCore } from '@studio/process';
import type { StudioConfig, StudioOperatorConfig } from './config.js';
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
  const { services, close } = studioServices(config, db, stores, createCursorCodec(config.cursorSecret), relay, logger, deps);
  return { ...base, db, stores, services, relay, close };
}

/** What the operator CLI runs on: studio's services over its database, without listeners, relay or keys. */
export interface StudioOperatorCore {
  services: Services;
  close(): Promise<void>;
}

/**
 * The operator CLI's core, from its own configuration (config.ts studioOperatorEnvSchema). No command lists records,
 * so no cursor ever leaves the CLI: its codec signs with a key made for this run instead of CURSOR_SECRET. The CLI
 * does not publish: the events of its changes wait in the outbox for the service's relay, which polls it.
 */
export function createStudioOperatorCore(config: StudioOperatorConfig, logger: Logger): StudioOperatorCore {
  const db = createDatabase({ url: config.databaseUrl, logger, poolSize: config.databasePoolSize });
  const cursor = createCursorCodec(randomBytes(32).toString('base64url'));
  return studioServices(config, db, createStores(db), cursor, { nudge: () => undefined }, logger, {});
}

/** Studio's services over a database (the core's and the CLI's), and the close of what they hold. */
function studioServices(
  config: Pick<StudioConfig, 'accounts'>,
  db: Database,
  stores: Stores,
  cursor: CursorCodec,
  events: Pick<OutboxRelay, 'nudge'>,
  logger: Logger,
  deps: Pick<StudioDeps, 'mailer' | 'now'>,
): { services: Services; close(): Promise<void> } {
  const { publicUrl, sessionIdleMs, sessionAbsoluteMs, smtpUrl, mailFrom } = config.accounts;
  const mailer = deps.mailer ?? createMailer({ smtpUrl, from: mailFrom, logger });
  const services = createServices(
    { db, stores, cursor, events, now: deps.now },
    { settings: { publicUrl, sessionIdleMs, sessionAbsoluteMs }, mailer, logger },
  );
  const close = async () => {
    mailer.close();
    await db.disconnect();
  };
  return { services, close };
}
