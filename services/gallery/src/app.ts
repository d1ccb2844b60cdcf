/**
 * Composition root of the gallery service: database, stores, the presigner, studio's shoot directory and
 * upload's keeper source (gRPC clients), the services, HTTP, gRPC (IndexSource + health) and the outbox relay.
 * Nothing opens a port or a connection until `start()`; integration tests boot it in-process on port 0.
 */
import type { Express } from 'express';
import { RelayNotifier, startEventRelay, type EventRelay } from '@studio/amqp/outbox';
import { startGrpcServer, type GrpcServerHandle } from '@studio/grpc';
import { createMetrics, type HttpMetrics } from '@studio/http/metrics';
import { startHttpServer, type RunningHttpServer } from '@studio/http/server';
import { createLogger, type Logger } from '@studio/logger';
import { S3Presigner, type CredentialsProvider } from '@studio/s3-presign';
import type { GalleryConfig } from './config.js';
import { registerIndexSource } from './grpc/index-source.grpc.js';
import { StudioShootDirectory, type ShootDirectory } from './grpc/studio.client.js';
import { UploadKeeperSource, type KeeperSource } from './grpc/upload.client.js';
import { buildHttpApp } from './http/http-app.js';
import { createServices, type Services } from './services/index.js';
import { createDatabase, type Database } from './store/db.js';
import { createStores, type Stores } from './store/index.js';

export interface GalleryDeps {
  logger?: Logger;
  /** The current time (tests). */
  now?: () => Date;
  /** Studio's shoot lookup; defaults to the gRPC client at STUDIO_GRPC_ADDR. */
  shoots?: ShootDirectory;
  /** Upload's ready keepers; defaults to the gRPC client at UPLOAD_GRPC_ADDR. */
  keepers?: KeeperSource;
  /** Poll interval of the outbox relay when idle, ms. */
  relayIntervalMs?: number;
}

export interface GalleryCore {
  config: GalleryConfig;
  logger: Logger;
  /** The process's metrics registry (HTTP, gRPC server and clients, outbox). */
  metrics: HttpMetrics;
  db: Database;
  stores: Stores;
  services: Services;
  notifier: RelayNotifier;
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

/** Database, stores and services without any listener (the CLI uses only this). */
export function createGalleryCore(config: GalleryConfig, deps: GalleryDeps = {}, name = 'gallery'): GalleryCore {
  const logger = deps.logger ?? createLogger({ service: name, level: config.logLevel });
  const metrics = createMetrics(name);
  const db = createDatabase({ url: config.databaseUrl, logger, poolSize: config.databasePoolSize });
  const stores = createStores(db);
  const grpcClient = { registry: metrics.registry };
  const studio = deps.shoots ? null : new StudioShootDirectory(config.studioGrpcAddr, config.grpcTimeoutMs, grpcClient);
  const upload = deps.keepers ? null : new UploadKeeperSource(config.uploadGrpcAddr, config.grpcTimeoutMs, grpcClient);
  const notifier = new RelayNotifier();
  const services = createServices({
    config,
    db,
    stores,
    // Static keys, or the AWS SDK's default provider chain.
    presigner: new S3Presigner({ ...config.s3, credentials: config.s3.credentials ?? awsDefaultCredentials() }),
    shoots: deps.shoots ?? studio!,
    keepers: deps.keepers ?? upload!,
    events: notifier,
    now: deps.now,
  });
  return {
    config,
    logger,
    metrics,
    db,
    stores,
    services,
    notifier,
    async close() {
      studio?.close();
      upload?.close();
      await db.disconnect();
    },
  };
}

export interface GalleryPorts {
  httpPort: number;
  grpcPort: number;
}

export interface Gallery extends GalleryCore {
  httpApp: Express;
  start(): Promise<GalleryPorts>;
  /** Publishes every pending outbox event now (tests). */
  drainEvents(): Promise<void>;
  stop(): Promise<void>;
}

export function createGallery(config: GalleryConfig, deps: GalleryDeps = {}): Gallery {
  const core = createGalleryCore(config, deps);
  const { logger, metrics, db, stores, services, notifier } = core;
  let accepting = false;
  let relay: EventRelay | null = null;
  let http: RunningHttpServer | null = null;
  let grpcServer: GrpcServerHandle | null = null;

  const httpApp = buildHttpApp({
    services,
    logger,
    metrics,
    accessLog: config.accessLog,
    identitySecret: config.internalJwtSecret,
    isAccepting: () => accepting,
    readiness: {
      database: () => db.ping(),
      amqp: async () => {
        if (!relay?.amqp.isConnected()) throw new Error('amqp not connected');
      },
    },
  });

  return {
    ...core,
    httpApp,
    async start() {
      relay = await startEventRelay({ amqpUrl: config.amqpUrl, store: stores.outbox, logger, connectionName: 'gallery', intervalMs: deps.relayIntervalMs, registry: metrics.registry });
      notifier.attach(relay);
      http = await startHttpServer(httpApp, config.httpPort, config.host);
      grpcServer = await startGrpcServer((server) => registerIndexSource(server, stores, logger), config.grpcPort, config.host, {
        registry: metrics.registry,
        logger,
        accessLog: config.accessLog,
      });
      accepting = true;
      return { httpPort: http.port, grpcPort: grpcServer.port };
    },
    async drainEvents() {
      if (!relay) throw new Error('gallery is not started');
      await relay.drain();
    },
    async stop() {
      accepting = false;
      const grace = config.shutdownGraceMs;
      await Promise.all([http?.close(grace), grpcServer?.close(grace)]);
      notifier.attach(null);
      await relay?.drain().catch(() => undefined);
      await relay?.stop();
      await core.close();
      http = null;
      grpcServer = null;
      relay = null;
    },
  };
}
