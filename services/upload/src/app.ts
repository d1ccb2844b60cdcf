/**
 * The upload service's two processes, on one core (core.ts):
 *
 * - the API (`uploadProcess`, src/main.ts): HTTP, gRPC (UploadInternal), the outbox relay and the session janitor;
 * - the worker (`uploadWorkerProcess`, src/worker.ts): competing consumers of the derivative and AI-job work queues,
 *   its own outbox relay (events of finished jobs leave at once); its only HTTP listener is the admin port.
 *
 * Each has its admin port (/healthz, /readyz, /metrics) beside the API, served by @studio/process; the listeners bind
 * the config's host and ports (the worker: its own admin port).
 *
 * Start and stop order: @studio/process. Integration tests boot both in-process on port 0.
 */
import { registerQueueDepth } from '@studio/amqp/metrics';
import { startIdempotencySweeper } from '@studio/idempotency';
import { apiAppOptions, defineProcess, type ProcessInstance } from '@studio/process';
import { apiKeysOf, type UploadConfig } from './config.js';
import { createUploadCore, type UploadCore, type UploadDeps } from './core.js';
import { cullConsumers } from './events/cull.consumer.js';
import { jobMetrics } from './events/job-metrics.js';
import { photoConsumers } from './events/photo.consumer.js';
import { UPLOAD_GRPC_CALLERS } from './grpc/callers.grpc.js';
import { registerUploadGrpc } from './grpc/upload.grpc.js';
import { buildHttpApp } from './http/http-app.js';
import { configureImaging } from './imaging/index.js';
import { janitorPass, startJanitor } from './loops/janitor.loop.js';

export { createUploadCore, type UploadCore, type UploadDeps };

export interface UploadExposed extends UploadCore {
  /** One janitor pass now (tests): how many sessions and photos it expired; throws when a step failed. */
  runJanitor(): Promise<number>;
}

export type Upload = ProcessInstance<UploadExposed>;
export type UploadWorker = ProcessInstance<UploadCore>;

export const uploadProcess = defineProcess<UploadConfig, UploadDeps, UploadExposed>({
  name: 'upload',
  build(config, deps) {
    const keys = apiKeysOf(config);
    const core = createUploadCore(config, deps, 'upload');
    const { logger, metrics, db, stores, storage, services, relay } = core;
    const janitor = janitorPass({ sessions: services.sessions, photos: services.photos, logger, registry: metrics.registry });
    const httpApp = buildHttpApp({ services, idempotency: stores.idempotency, ...apiAppOptions(core, keys.identityPublicKey) });
    return {
      core,
      async prepare() {
        if (config.s3.createBucket) await storage.ensureBucket();
        if (config.uploadUrlTarget === 'original')
          logger.warn(
            { upload_url_target: 'original' },
            'upload URLs write originals in place (UPLOAD_URL_TARGET=original): an original can be replaced after finalize until its URL expires; remove the setting once no 1.0.x pod serves',
          );
      },
      http: { app: httpApp },
      readiness: { database: () => db.ping(), object_storage: () => storage.ping() },
      grpc: {
        register: (server) => registerUploadGrpc(server, stores, logger),
        auth: { audience: 'upload', keyring: keys.serviceKeyring, allow: UPLOAD_GRPC_CALLERS },
      },
      broker: { relay },
      loops: [
        { name: 'janitor', start: () => startJanitor(janitor, logger, config.janitorIntervalSeconds * 1000) },
        { name: 'idempotency-sweeper', start: () => startIdempotencySweeper({ store: stores.idempotency, logger }) },
      ],
      expose: { ...core, runJanitor: () => janitor().then((n) => n.sessions + n.photos) },
    };
  },
});

export const uploadWorkerProcess = defineProcess<UploadConfig, UploadDeps, UploadCore>({
  name: 'upload-worker',
  // A derivative of a very large original can take a while: allow for it before giving up.
  hardStopMarginMs: 60_000,
  startedFields: (config) => ({ prefetch: config.worker.derivativePrefetch }),
  /**
   * V8 lets the old generation grow to (1 + percent / 100) x its live size before the next major GC (its own
   * factor is dynamic, ~1.25 for this process). The worker holds ~40 MB of live heap; with ~10 MB of headroom, less
   * than the young generation can promote at once, V8 started a major GC (marking all 40 MB, ~30-50 ms of CPU with
   * its helper threads) every one or two photos (issue 15: 25 major GCs for 32 photos; 8 with 100). Costs at most
   * one more live heap's worth of memory, next to the tens of MB each photo in flight takes (original, pixels).
   */
  v8Flags: ['--heap-growing-percent=100'],
  messages: {
    started: 'upload worker running',
    stopping: 'upload worker shutting down; finishing the jobs in hand',
    overdue: 'shutdown took too long; exiting (unacked jobs are redelivered)',
  },
  build(config, deps, context) {
    const core = createUploadCore(config, deps, 'upload-worker');
    const { logger, metrics, db, storage, services, relay, topology } = core;
    const jobs = jobMetrics(metrics.registry);
    registerQueueDepth({
      registry: metrics.registry,
      amqp: () => context.amqp() ?? undefined,
      queues: [topology.derivatives.queue, topology.derivatives.deadLetter.queue, topology.aiJobs.queue, topology.aiJobs.deadLetter.queue],
    });
    const { derivativePrefetch } = config.worker;
    return {
      core,
      async prepare() {
        configureImaging();
        if (config.s3.createBucket) await storage.ensureBucket();
      },
      broker: {
        relay,
        consumers: [
          ...photoConsumers({
            topology,
            derivatives: services.derivatives,
            logger,
            prefetch: derivativePrefetch,
            retryDelayMs: deps.retryDelayMs,
            jobs,
          }),
          ...cullConsumers({ topology, cullJobs: services.cullJobs, logger, retryDelayMs: deps.retryDelayMs, jobs }),
        ],
      },
      admin: { port: config.workerAdminPort },
      readiness: { database: () => db.ping(), object_storage: () => storage.ping() },
      expose: core,
    };
  },
});

export const createUpload = (config: UploadConfig, deps: UploadDeps = {}): Upload => uploadProcess.create(config, deps);
export const createUploadWorker = (config: UploadConfig, deps: UploadDeps = {}): UploadWorker => uploadWorkerProcess.create(config, deps);
