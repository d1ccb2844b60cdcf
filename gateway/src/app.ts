/**
 * The gateway process: the public listener (the API under /api/v1 and nothing else) and the admin listener
 * (/healthz, /readyz, /metrics on GATEWAY_ADMIN_PORT, from @studio/process) on the core
 * (core.ts: Redis, the studio gRPC client, the upstream agent, the services); the chain is http/http-app.ts. No
 * broker, no gRPC server. Start and stop order: @studio/process. Integration tests boot it in-process on port 0.
 */
import type { Express } from 'express';
import { defineProcess, type ProcessInstance, type ProcessPorts } from '@studio/process';
import type { GatewayConfig } from './config.js';
import { createGatewayCore, type GatewayCore, type GatewayDeps } from './core.js';
import { buildHttpApp } from './http/http-app.js';
import { waitForReady } from './services/redis.client.js';

export { createGatewayCore, type GatewayCore, type GatewayDeps };
export type GatewayPorts = ProcessPorts;

export interface GatewayExposed extends GatewayCore {
  httpApp: Express;
}

export type Gateway = ProcessInstance<GatewayExposed>;

export const gatewayProcess = defineProcess<GatewayConfig, GatewayDeps, GatewayExposed>({
  name: 'gateway',
  startedFields: (config) => ({ host: config.host }),
  build(config, deps) {
    const core = createGatewayCore(config, deps);
    const { logger, metrics, redis, studio, services } = core;
    const readiness: Record<string, () => Promise<unknown>> = { redis: () => redis.ping() };
    if (studio) readiness.studio_grpc = () => studio.checkHealth();
    const httpApp = buildHttpApp(core);
    return {
      logger,
      registry: metrics.registry,
      async prepare() {
        if (!(await waitForReady(redis, 2000))) logger.warn('redis is not reachable yet; requests are refused until it is');
        services.idempotency.listen().catch((err: Error) => logger.warn({ err: err.message }, 'idempotency: subscribe failed'));
      },
      http: { app: httpApp, port: config.httpPort, host: config.host },
      admin: { port: config.adminPort, host: config.host },
      readiness,
      close: () => core.close(),
      expose: { ...core, httpApp },
    };
  },
});

export const createGateway = (config: GatewayConfig, deps: GatewayDeps = {}): Gateway => gatewayProcess.create(config, deps);
