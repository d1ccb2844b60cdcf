/**
 * Database, stores, services, the secret box, the SSRF policy and the metrics registry: what the webhooks API and
 * the dispatcher share (app.ts defines both processes on it). Nothing opens a port or a connection until a process
 * starts.
 */
import { createCursorCodec } from '@studio/cursor';
import { createProcessCore, type CoreDeps, type ProcessCore } from '@studio/process';
import type { WebhooksConfig } from './config.js';
import { createServices, type Services } from './services/index.js';
import { SealedBox } from '@studio/sealed-box';
import { createSecretBox, type SecretBox } from './services/secret-crypto.js';
import type { Resolver, TargetPolicy } from './services/ssrf.js';
import { createDatabase, type Database } from './store/db.js';
import { createStores, type Stores } from './store/index.js';

/** The `service` of log lines and metrics, in both processes. */
export const SERVICE_NAME = 'webhooks';

export interface WebhooksDeps extends CoreDeps {
  /** DNS resolver for the SSRF checks (tests may substitute one; production uses the system resolver). */
  resolver?: Resolver;
}

export interface WebhooksCore extends ProcessCore<WebhooksConfig> {
  db: Database;
  secrets: SecretBox;
  policy: TargetPolicy;
  stores: Stores;
  services: Services;
  /** Closes what the core opened (the database pool); safe to call twice. */
  close(): Promise<void>;
}

export function createWebhooksCore(config: WebhooksConfig, deps: WebhooksDeps = {}): WebhooksCore {
  const base = createProcessCore(SERVICE_NAME, config, deps);
  const { logger } = base;
  const db = createDatabase({ url: config.databaseUrl, logger, poolSize: config.databasePoolSize });
  const secrets = createSecretBox(config.signingSecrets.encryptionKey);
  const policy: TargetPolicy = { allowLoopback: config.allowLoopbackTargets };
  // Kept answers of keyed requests are sealed under the signing secrets' key: a creation or rotation answer holds one.
  const stores = createStores(db, new SealedBox(config.signingSecrets.encryptionKey, 'idempotency answer'));
  const services = createServices({
    stores,
    secrets,
    cursors: createCursorCodec(config.cursorSecret),
    policy,
    rotationOverlapMs: config.signingSecrets.rotationOverlapMs,
    resolver: deps.resolver,
    logger,
  });
  let closed: Promise<void> | null = null;
  return {
    ...base,
    db,
    secrets,
    policy,
    stores,
    services,
    close: () => (closed ??= db.disconnect()),
  };
}
