/**
 * Composition root of the studio service: database, stores, services, HTTP app, gRPC server (StudioInternal,
 * StudioOperations, IndexSource), the outbox relay and the scheduler. `createStudio` builds everything without
 * opening ports; `start()` connects the broker, starts the relay and the scheduler and listens; `stop()` shuts down
 * gracefully. Integration tests boot it in-process on port 0.
 */
import type { Express } from 'express';
import { startEventRelay, type EventRelay } from '@studio/amqp/outbox';
import { startGrpcServer, type GrpcServerHandle } from '@studio/grpc';
import { createMetrics, type HttpMetrics } from '@studio/http/metrics';
import { startHttpServer, type RunningHttpServer } from '@studio/http/server';
import type { StudioConfig } from './config.js';
import { createStudioCore, type StudioCore, type StudioDeps } from './core.js';
import { startScheduler, type Scheduler } from './events/scheduler.js';
import { registerStudioGrpc } from './grpc/studio.grpc.js';
import { buildHttpApp } from './http/http-app.js';

export { createStudioCore, type StudioCore, type StudioDeps };

export interface StudioPorts {
  httpPort: number;
  grpcPort: number;
}

export interface Studio extends StudioCore {
  httpApp: Express;
  /** The process's metrics registry (served at /metrics). */
  metrics: HttpMetrics;
  start(): Promise<StudioPorts>;
  /** Publishes every pending outbox event now (tests). */
  drainEvents(): Promise<void>;
  /** The running scheduler (null before start and after stop). */
  scheduler(): Scheduler | null;
  stop(): Promise<void>;
}

export function createStudio(config: StudioConfig, deps: StudioDeps = {}): Studio {
  const core = createStudioCore(config, deps);
  const { logger, db, stores, services, notifier } = core;
  let accepting = false;
  let relay: EventRelay | null = null;
  let http: RunningHttpServer | null = null;
  let grpcServer: GrpcServerHandle | null = null;
  let scheduler: Scheduler | null = null;

  // One registry for the process: HTTP, gRPC, outbox relay and backlog metrics.
  const metrics = createMetrics('studio');
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
    metrics,
    async start() {
      relay = await startEventRelay({ amqpUrl: config.amqpUrl, store: stores.outbox, logger, connectionName: 'studio', intervalMs: deps.relayIntervalMs, registry: metrics.registry });
      notifier.attach(relay);
      http = await startHttpServer(httpApp, config.httpPort, config.host);
      grpcServer = await startGrpcServer((server) => registerStudioGrpc(server, services, logger), config.grpcPort, config.host, {
        registry: metrics.registry,
        logger,
        accessLog: config.accessLog,
      });
      scheduler = startScheduler({ services, logger, intervalMs: config.schedulerIntervalMs, batchSize: config.schedulerBatchSize });
      accepting = true;
      return { httpPort: http.port, grpcPort: grpcServer.port };
    },
    async drainEvents() {
      if (!relay) throw new Error('studio is not started');
      await relay.drain();
    },
    scheduler: () => scheduler,
    async stop() {
      accepting = false;
      const grace = config.shutdownGraceMs;
      await Promise.all([http?.close(grace), grpcServer?.close(grace), scheduler?.stop()]);
      notifier.attach(null);
      await relay?.stop();
      await db.disconnect();
      http = null;
      grpcServer = null;
      scheduler = null;
      relay = null;
    },
  };
}
