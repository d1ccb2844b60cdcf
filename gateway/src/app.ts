/**
 * The gateway process: the public listener (the API under /api/v1 and nothing else) and the admin listener
 * (/healthz, /readyz, /metrics on GATEWAY_ADMIN_PORT, from @studio/process) on the core
 * (core.ts: Redis, the studio gRPC client, the upstream agent, the services); the chain is http/http-app.ts. No
 * broker, no gRPC server. Start and stop order, and the listeners at the config's host and ports: @studio/process. Integration tests boot it in-process on port 0.
 */
import { withServerLimits } from '@studio/http/server';
import { defineProcess, type ProcessInstance } from '@studio/process';
import type { GatewayConfig } from './config.js';
import { createGatewayCore, type GatewayCore, type GatewayDeps } from './core.js';
import { buildHttpApp } from './http/http-app.js';
import { waitForReady } from './services/redis.client.js';

export type Gateway = ProcessInstance<GatewayCore>;

export const gatewayProcess = defineProcess<GatewayConfig, GatewayDeps, GatewayCore>({
  name: 'gateway',
  /**
   * Every socket read of a streamed upstream answer is a new ArrayBuffer (~64 KiB), dead once written to the caller:
   * 2.88 MiB of them per gallery read. V8 13.6 (Node 24) leaves such buffers to full mark-compacts of the gateway's
   * whole heap, started each time external memory grows 64 MB past the last one (nodejs/node#61967, #63863): a third
   * of the gateway's CPU on that read (issue 15). Three flags, set at start, together give them back to cheap
   * scavenges: one once young ArrayBuffers reach 32 MB (Node 22's trigger; the new space keeps its size), external
   * memory counted in V8's global limit (V8's later default) instead of a mark-compact per 64 MB, and that limit at
   * twice the live heap (as the upload worker's) so that the chunks in flight do not reach it. Measured in
   * docs/decisions/0014-cost-per-request.md.
   */
  v8Flags: ['--scavenger-max-new-space-capacity-mb=8', '--external-memory-accounted-in-global-limit', '--heap-growing-percent=100'],
  build(config, deps) {
    const core = createGatewayCore(config, deps);
    const { logger, redis, studio, services } = core;
    const readiness: Record<string, () => Promise<unknown>> = { redis: () => redis.ping() };
    if (studio) readiness.studio_grpc = () => studio.checkHealth();
    // Connections per client address are capped where they are accepted (decision 0018); the trusted proxies in
    // front of the gateway carry many clients on their connections and are not capped.
    const httpApp = withServerLimits(buildHttpApp(core), {
      maxConnectionsPerAddress: config.edge.maxConnectionsPerAddress,
      exempt: (address) => config.rateLimit.trustedProxies.has(address),
    });
    return {
      core,
      async prepare() {
        if (!(await waitForReady(redis, 2000))) logger.warn('redis is not reachable yet; requests are refused until it is');
        services.idempotency.listen().catch((err: Error) => logger.warn({ err: err.message }, 'idempotency: subscribe failed'));
      },
      http: { app: httpApp },
      readiness,
      expose: core,
    };
  },
});

export const createGateway = (config: GatewayConfig, deps: GatewayDeps = {}): Gateway => gatewayProcess.create(config, deps);
