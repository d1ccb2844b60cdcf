/**
 * Composition root of the upload service. Two processes share the core (database, stores, object storage,
 * studio's shoot directory, services):
 *
 * - the API (`createUpload`, src/main.ts): HTTP, gRPC (UploadInternal + health), the outbox relay and the
 *   session janitor;
 * - the worker (`createUploadWorker`, src/worker.ts): competing consumers of the derivative and AI-job queues,
 *   its own outbox relay (events of finished jobs leave at once) and a small HTTP port for health and metrics.
 *
 * Nothing opens a port or a connection until `start()`; integration tests boot both in-process on port 0.
 */
import type { Express } from 'express';
import { consumerObserver, registerQueueDepth } from '@studio/amqp/metrics';
import { RelayNotifier, startEventRelay, type EventRelay } from '@studio/amqp/outbox';
import { startGrpcServer, type GrpcServerHandle } from '@studio/grpc';
import { createMetrics, type HttpMetrics } from '@studio/http/metrics';
import { createHttpApp, finishHttpApp, startHttpServer, type RunningHttpServer } from '@studio/http/server';
import { createLogger, type Logger } from '@studio/logger';
import type { UploadConfig } from './config.js';
import { startCullConsumers } from './events/cull.consumer.js';
import { jobMetrics } from './events/job-metrics.js';
import { startPhotoConsumers } from './events/photo.consumer.js';
import { declareWorkTopology, workTopology, type WorkConsumer, type WorkTopology } from './events/work-queues.js';
import { StudioShootDirectory, type ShootDirectory } from './grpc/studio.client.js';
import { registerUploadGrpc } from './grpc/upload.grpc.js';
import { buildHttpApp } from './http/http-app.js';
import { configureImaging } from './imaging/index.js';
import { createServices, type Services } from './services/index.js';
import { startJanitor, type Janitor } from './services/janitor.js';
import { ObjectStorage } from './services/storage.service.js';
import { createDatabase, type Database } from './store/db.js';
import { createStores, type Stores } from './store/index.js';

export interface UploadDeps {
  logger?: Logger;
  /** The current time (tests). */
  now?: () => Date;
  /** Studio's shoot lookup; defaults to the gRPC client at STUDIO_GRPC_ADDR. */
  shoots?: ShootDirectory;
  /** Poll interval of the outbox relay when idle, ms. */
  relayIntervalMs?: number;
  /** Wait before a failed job is retried, ms (worker). */
  retryDelayMs?: number;
}

export interface UploadCore {
  config: UploadConfig;
  logger: Logger;
  /** The process's metrics registry (named after the process: upload or upload-worker). */
  metrics: HttpMetrics;
  db: Database;
  stores: Stores;
  storage: ObjectStorage;
  shoots: ShootDirectory;
  services: Services;
  notifier: RelayNotifier;
  topology: WorkTopology;
  /** Closes what the core opened (database pool, S3 and gRPC clients). */
  close(): Promise<void>;
}

export function createUploadCore(config: UploadConfig, deps: UploadDeps = {}, name = 'upload'): UploadCore {
  const logger = deps.logger ?? createLogger({ service: name, level: config.logLevel });
  const metrics = createMetrics(name);
  const db = createDatabase({ url: config.databaseUrl, logger, poolSize: config.databasePoolSize });
  const stores = createStores(db);
  const storage = new ObjectStorage(config.s3);
  const studio = deps.shoots ? null : new StudioShootDirectory(config.studioGrpcAddr, undefined, { registry: metrics.registry });
  const shoots = deps.shoots ?? studio!;
  const notifier = new RelayNotifier();
  const services = createServices({ config, db, stores, storage, shoots, events: notifier, now: deps.now }, logger);
  return {
    config,
    logger,
    metrics,
    db,
    stores,
    storage,
    shoots,
    services,
    notifier,
    topology: workTopology(config.queuePrefix, config.queueExpiresMs),
    async close() {
      studio?.close();
      storage.destroy();
      await db.disconnect();
    },
  };
}

export interface UploadPorts {
  httpPort: number;
  grpcPort: number;
}

export interface Upload extends UploadCore {
  httpApp: Express;
  start(): Promise<UploadPorts>;
  /** Publishes every pending outbox event now (tests). */
  drainEvents(): Promise<void>;
  /** One janitor pass now (tests). */
  runJanitor(): Promise<number>;
  stop(): Promise<void>;
}

export function createUpload(config: UploadConfig, deps: UploadDeps = {}): Upload {
  const core = createUploadCore(config, deps, 'upload');
  const { logger, metrics, db, stores, storage, services, notifier } = core;
  let accepting = false;
  let relay: EventRelay | null = null;
  let http: RunningHttpServer | null = null;
  let grpcServer: GrpcServerHandle | null = null;
  let janitor: Janitor | null = null;

  const httpApp = buildHttpApp({
    services,
    logger,
    metrics,
    accessLog: config.accessLog,
    identitySecret: config.internalJwtSecret,
    isAccepting: () => accepting,
    readiness: {
      database: () => db.ping(),
      object_storage: () => storage.ping(),
      amqp: async () => {
        if (!relay?.amqp.isConnected()) throw new Error('amqp not connected');
      },
    },
  });

  return {
    ...core,
    httpApp,
    async start() {
      if (config.s3.createBucket) await storage.ensureBucket();
      relay = await startEventRelay({
        amqpUrl: config.amqpUrl,
        store: stores.outbox,
        logger,
        intervalMs: deps.relayIntervalMs,
        connectionName: 'upload',
        declareTopology: (amqp) => declareWorkTopology(amqp, core.topology),
        registry: metrics.registry,
      });
      notifier.attach(relay);
      http = await startHttpServer(httpApp, config.httpPort, config.host);
      grpcServer = await startGrpcServer((server) => registerUploadGrpc(server, stores, logger), config.grpcPort, config.host, {
        registry: metrics.registry,
        logger,
        accessLog: config.accessLog,
      });
      janitor = startJanitor(services.sessions, logger, config.janitorIntervalSeconds * 1000);
      accepting = true;
      return { httpPort: http.port, grpcPort: grpcServer.port };
    },
    async drainEvents() {
      if (!relay) throw new Error('upload is not started');
      await relay.drain();
    },
    runJanitor() {
      return services.sessions.expireIdleSessions();
    },
    async stop() {
      accepting = false;
      const grace = config.shutdownGraceMs;
      await Promise.all([http?.close(grace), grpcServer?.close(grace)]);
      await janitor?.stop();
      notifier.attach(null);
      await relay?.drain().catch(() => undefined);
      await relay?.stop();
      await core.close();
      http = null;
      grpcServer = null;
      relay = null;
      janitor = null;
    },
  };
}

export interface UploadWorker extends UploadCore {
  start(): Promise<{ httpPort: number }>;
  drainEvents(): Promise<void>;
  /** Stops taking jobs, finishes (and acks) the ones in hand, then closes everything. */
  stop(): Promise<void>;
}

export function createUploadWorker(config: UploadConfig, deps: UploadDeps = {}): UploadWorker {
  const core = createUploadCore(config, deps, 'upload-worker');
  const { logger, metrics, db, stores, storage, services, notifier } = core;
  const observer = consumerObserver({ registry: metrics.registry, logger, accessLog: config.accessLog });
  const jobs = jobMetrics(metrics.registry);
  let relay: EventRelay | null = null;
  registerQueueDepth({
    registry: metrics.registry,
    amqp: () => relay?.amqp,
    queues: [core.topology.derivatives.queue, core.topology.derivatives.deadQueue, core.topology.aiJobs.queue, core.topology.aiJobs.deadQueue],
  });
  let accepting = false;
  let consumers: WorkConsumer[] = [];
  let http: RunningHttpServer | null = null;

  const app = createHttpApp({
    logger,
    metrics,
    accessLog: config.accessLog,
    isAccepting: () => accepting,
    readiness: {
      database: () => db.ping(),
      object_storage: () => storage.ping(),
      amqp: async () => {
        if (!relay?.amqp.isConnected()) throw new Error('amqp not connected');
        if (!consumers.every((c) => c.isConsuming())) throw new Error('not consuming');
      },
    },
  });
  finishHttpApp(app, logger);

  return {
    ...core,
    async start() {
      configureImaging();
      if (config.s3.createBucket) await storage.ensureBucket();
      relay = await startEventRelay({
        amqpUrl: config.amqpUrl,
        store: stores.outbox,
        logger,
        intervalMs: deps.relayIntervalMs,
        connectionName: 'upload-worker',
        declareTopology: (amqp) => declareWorkTopology(amqp, core.topology),
        registry: metrics.registry,
      });
      notifier.attach(relay);
      consumers = [
        ...startPhotoConsumers({ amqp: relay.amqp, topology: core.topology, derivatives: services.derivatives, logger, prefetch: config.worker.derivativePrefetch, retryDelayMs: deps.retryDelayMs, observer, jobs }),
        ...startCullConsumers({ amqp: relay.amqp, topology: core.topology, cullJobs: services.cullJobs, logger, retryDelayMs: deps.retryDelayMs, observer, jobs }),
      ];
      http = await startHttpServer(app, config.workerHttpPort, config.host);
      accepting = true;
      return { httpPort: http.port };
    },
    async drainEvents() {
      if (!relay) throw new Error('worker is not started');
      await relay.drain();
    },
    async stop() {
      accepting = false;
      await Promise.all(consumers.map((c) => c.stop()));
      consumers = [];
      notifier.attach(null);
      await relay?.drain().catch(() => undefined);
      await relay?.stop();
      await http?.close(config.shutdownGraceMs);
      await core.close();
      relay = null;
      http = null;
    },
  };
}
