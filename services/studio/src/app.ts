/**
 * The studio process: HTTP (the public routes behind the gateway), gRPC (StudioInternal, StudioOperations,
 * IndexSource), the outbox relay and the scheduler, on the core (core.ts). Start and stop order, and the listeners at
 * the config's host and ports: @studio/process.
 */
import { startIdempotencySweeper } from '@studio/idempotency';
import { apiAppOptions, defineProcess, type ProcessInstance, type ProcessPorts } from '@studio/process';
import type { StudioConfig } from './config.js';
import { createStudioCore, type StudioCore, type StudioDeps } from './core.js';
import { startScheduler, type Scheduler } from './loops/scheduler.loop.js';
import { STUDIO_GRPC_CALLERS } from './grpc/callers.grpc.js';
import { registerStudioGrpc } from './grpc/studio.grpc.js';
import { buildHttpApp } from './http/http-app.js';

export type StudioPorts = ProcessPorts;

export interface StudioExposed extends StudioCore {
  /** The running scheduler (null before start and after stop). */
  scheduler(): Scheduler | null;
}

export type Studio = ProcessInstance<StudioExposed>;

export const studioProcess = defineProcess<StudioConfig, StudioDeps, StudioExposed>({
  name: 'studio',
  build(config, deps) {
    const core = createStudioCore(config, deps);
    const { logger, db, stores, services, relay } = core;
    let scheduler: Scheduler | null = null;
    const httpApp = buildHttpApp({ services, idempotency: stores.idempotency, ...apiAppOptions(core, config.identityPublicKey) });
    return {
      core,
      http: { app: httpApp },
      readiness: { database: () => db.ping() },
      grpc: {
        register: (server) => registerStudioGrpc(server, services, logger),
        auth: { audience: 'studio', keyring: config.serviceKeyring, allow: STUDIO_GRPC_CALLERS },
      },
      broker: { relay },
      loops: [
        { name: 'idempotency-sweeper', start: () => startIdempotencySweeper({ store: stores.idempotency, logger }) },
        {
          name: 'scheduler',
          start() {
            const running = startScheduler({
              services,
              logger,
              intervalMs: config.schedulerIntervalMs,
              batchSize: config.schedulerBatchSize,
            });
            scheduler = running;
            return {
              async stop() {
                await running.stop();
                scheduler = null;
              },
            };
          },
        },
      ],
      expose: { ...core, scheduler: () => scheduler },
    };
  },
});

export const createStudio = (config: StudioConfig, deps: StudioDeps = {}): Studio => studioProcess.create(config, deps);
