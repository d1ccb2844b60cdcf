/**
 * Database, stores, object storage, studio's shoot directory, the services, the work-queue topology and the outbox
 * relay: what the upload API and the upload worker share (app.ts defines both processes on it). Nothing opens a
 * port or a connection until a process starts.
 */
import { createOutboxRelay, type OutboxRelay } from '@studio/amqp/outbox';
import { ServiceTokenSigner } from '@studio/grpc';
import { StudioShootDirectory, type ShootDirectory } from '@studio/grpc/studio-shoots';
import { createProcessCore, type CoreDeps, type ProcessCore } from '@studio/process';
import type { UploadConfig } from './config.js';
import { declareWorkTopology, workTopology, type WorkTopology } from './events/work-queues.js';
import { createServices, type Services } from './services/index.js';
import { ObjectStorage } from './services/storage.service.js';
import { createDatabase, type Database } from './store/db.js';
import { createStores, type Stores } from './store/index.js';

export interface UploadDeps extends CoreDeps {
  /** The current time (tests). */
  now?: () => Date;
  /** Studio's shoot lookup; defaults to the gRPC client at STUDIO_GRPC_ADDR. */
  shoots?: ShootDirectory;
  /** Poll interval of the outbox relay when idle, ms (default: the relay's for the API, WORKER_OUTBOX_POLL_MS for the worker). */
  relayIntervalMs?: number;
  /** Wait before a failed job is retried, ms (worker). */
  retryDelayMs?: number;
}

/** Named after the process: upload or upload-worker (its log lines and metrics). */
export interface UploadCore extends ProcessCore<UploadConfig> {
  db: Database;
  stores: Stores;
  storage: ObjectStorage;
  shoots: ShootDirectory;
  services: Services;
  relay: OutboxRelay;
  topology: WorkTopology;
  /** Closes what the core opened (database pool, S3 and gRPC clients). */
  close(): Promise<void>;
}

/** Deadline of a shoot lookup (upload sessions, photos, cull jobs): it sits on the path of an upload request. */
const STUDIO_TIMEOUT_MS = 2_000;

export function createUploadCore(config: UploadConfig, deps: UploadDeps = {}, name = 'upload'): UploadCore {
  const base = createProcessCore(name, config, deps);
  const { logger, metrics } = base;
  const db = createDatabase({ url: config.databaseUrl, logger, poolSize: config.databasePoolSize });
  const stores = createStores(db);
  const storage = new ObjectStorage(config.s3);
  // The API process calls studio with its service key; the worker has none (and never looks a shoot up).
  const credentials = config.keys
    ? { signer: new ServiceTokenSigner({ name: 'upload', signingKey: config.keys.serviceKey }), audience: 'studio' }
    : undefined;
  const studio = deps.shoots
    ? null
    : new StudioShootDirectory(config.studioGrpcAddr, { timeoutMs: STUDIO_TIMEOUT_MS, registry: metrics.registry, credentials });
  const shoots = deps.shoots ?? studio!;
  const topology = workTopology(config.queuePrefix, config.queueExpiresMs);
  // Both processes publish work events: the work queues must be bound before the first one leaves.
  const relay = createOutboxRelay({
    store: stores.outbox,
    logger,
    intervalMs: deps.relayIntervalMs ?? (name === 'upload-worker' ? config.worker.outboxPollMs : undefined),
    registry: metrics.registry,
    declareTopology: (amqp) => declareWorkTopology(amqp, topology),
  });
  const services = createServices({ config, db, stores, storage, shoots, events: relay, now: deps.now }, logger);
  return {
    ...base,
    db,
    stores,
    storage,
    shoots,
    services,
    relay,
    topology,
    async close() {
      studio?.close();
      storage.destroy();
      await db.disconnect();
    },
  };
}
