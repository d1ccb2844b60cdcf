/**
 * Database, stores, the presigner, studio's shoot directory and upload's keeper source (gRPC clients), the services
 * and the outbox relay: everything of gallery but its listeners. The process definition (app.ts) and the admin CLI
 * build on it; the CLI never starts the relay.
 */
import { ServiceTokenSigner } from '@studio/grpc';
import { StudioShootDirectory, type ShootDirectory } from '@studio/grpc/studio-shoots';
import { createOutboxRelay, type OutboxRelay } from '@studio/amqp/outbox';
import { createProcessCore, type CoreDeps, type ProcessCore } from '@studio/process';
import { S3Presigner, type CredentialsProvider } from '@studio/s3-presign';
import type { Logger } from '@studio/logger';
import type { GalleryConfig, GalleryOperatorConfig } from './config.js';
import { UploadKeeperSource, type KeeperSource } from './grpc/upload.client.js';
import { createServices, type Services } from './services/index.js';
import { OperatorService } from './services/operator.service.js';
import { createDatabase, type Database } from './store/db.js';
import { createStores, type Stores } from './store/index.js';

export interface GalleryDeps extends CoreDeps {
  /** The current time (tests). */
  now?: () => Date;
  /** Studio's shoot lookup; defaults to the gRPC client at STUDIO_GRPC_ADDR. */
  shoots?: ShootDirectory;
  /** Upload's ready keepers; defaults to the gRPC client at UPLOAD_GRPC_ADDR. */
  keepers?: KeeperSource;
  /** Poll interval of the outbox relay when idle, ms. */
  relayIntervalMs?: number;
}

export interface GalleryCore extends ProcessCore<GalleryConfig> {
  db: Database;
  stores: Stores;
  services: Services;
  relay: OutboxRelay;
  /** Closes what the core opened (database pool, gRPC clients). */
  close(): Promise<void>;
}

/**
 * The AWS SDK's default credential provider chain (memoized, refreshed before expiry; see ADR 0002), loaded at the
 * first signature: processes that never sign (the CLI) or sign with static keys do not load the SDK.
 */
function awsDefaultCredentials(): CredentialsProvider {
  let chain: Promise<CredentialsProvider> | undefined;
  return async () => {
    chain ??= import('@aws-sdk/credential-provider-node').then((sdk) => sdk.defaultProvider());
    return (await chain)();
  };
}

/** Database, stores, services and the outbox relay, without any listener (the CLI uses only this). */
export function createGalleryCore(config: GalleryConfig, deps: GalleryDeps = {}, name = 'gallery'): GalleryCore {
  const base = createProcessCore(name, config, deps);
  const { logger, metrics } = base;
  const db = createDatabase({ url: config.databaseUrl, logger, poolSize: config.databasePoolSize });
  const stores = createStores(db);
  // Calls to studio and upload carry gallery's service tokens, each made for the service called.
  const signer = new ServiceTokenSigner({ name: 'gallery', signingKey: config.serviceKey });
  const clientOptions = (audience: string) => ({
    timeoutMs: config.grpcTimeoutMs,
    registry: metrics.registry,
    credentials: { signer, audience },
  });
  const studio = deps.shoots ? null : new StudioShootDirectory(config.studioGrpcAddr, clientOptions('studio'));
  const upload = deps.keepers ? null : new UploadKeeperSource(config.uploadGrpcAddr, clientOptions('upload'));
  const relay = createOutboxRelay({ store: stores.outbox, logger, intervalMs: deps.relayIntervalMs, registry: metrics.registry });
  const services = createServices({
    config,
    db,
    stores,
    // Static keys, or the AWS SDK's default provider chain.
    presigner: new S3Presigner({ ...config.s3, credentials: config.s3.credentials ?? awsDefaultCredentials() }),
    shoots: deps.shoots ?? studio!,
    keepers: deps.keepers ?? upload!,
    events: relay,
    now: deps.now,
  });
  return {
    ...base,
    db,
    stores,
    services,
    relay,
    async close() {
      studio?.close();
      upload?.close();
      await db.disconnect();
    },
  };
}

/** What the operator CLI runs on: the database and the operator actions, nothing else (no gRPC client, no presigner). */
export interface GalleryOperatorCore {
  operator: OperatorService;
  close(): Promise<void>;
}

/**
 * The operator CLI's core, from its own configuration (config.ts galleryOperatorEnvSchema: the database, and the
 * portal key for portal-link). The CLI does not publish: an album's album.created waits in the outbox for the
 * service's relay, which polls it (the nudge is a no-op here).
 */
export function createGalleryOperatorCore(config: GalleryOperatorConfig, logger: Logger): GalleryOperatorCore {
  const db = createDatabase({ url: config.databaseUrl, logger, poolSize: config.databasePoolSize });
  const operator = new OperatorService({ db, stores: createStores(db), events: { nudge: () => undefined }, config });
  return { operator, close: () => db.disconnect() };
}
