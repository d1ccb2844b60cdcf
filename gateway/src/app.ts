/**
 * Composition root of the gateway. `createGateway(config)` wires Redis, the studio gRPC client, the services
 * and the middleware chain, and returns the express app with start()/stop(), so tests boot it in-process on
 * port 0 and main.ts runs it for real.
 *
 * Chain (order matters):
 *   strip x-studio-* / request id -> metrics + access log -> helmet -> /healthz /readyz /metrics
 *   -> GET /api/v1/openapi.json -> route table (404) -> bearer auth (401/503) -> rate limit (429) -> body (400) -> Idempotency-Key
 *   -> proxy (503 when the upstream is unreachable)
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { createLogger, type Logger } from '@studio/logger';
import { startHttpServer, type RunningHttpServer } from '@studio/http/server';
import type { GatewayConfig } from './config.js';
import { createGatewayMetrics, type GatewayMetrics } from './metrics.js';
import { StudioClient, type TokenAuthenticator } from './grpc/studio.client.js';
import { AuthService } from './services/auth.service.js';
import { ClientSessionVerifier } from './services/client-session.service.js';
import { RateLimitService } from './services/rate-limit.service.js';
import { IdempotencyService } from './services/idempotency.service.js';
import { closeRedis, createRedisClient, waitForReady } from './services/redis.client.js';
import { RouteTable, type Upstream } from './http/route-table.js';
import { requestContext } from './http/request-context.middleware.js';
import { observe } from './http/observe.middleware.js';
import { opsRoutes } from './http/ops.routes.js';
import { routeResolver } from './http/router.middleware.js';
import { authenticate } from './http/auth.middleware.js';
import { rateLimit } from './http/rate-limit.middleware.js';
import { readBody } from './http/body.middleware.js';
import { idempotency } from './http/idempotency.middleware.js';
import { createUpstreamAgent, proxyRoutes } from './http/proxy.routes.js';
import { openApiRoutes } from './http/openapi.routes.js';
import { OpenApiService } from './services/openapi.service.js';
import { sendError } from './http/respond.js';
import './http/context.js';

export interface GatewayDeps {
  logger?: Logger;
  /** Replaces the studio gRPC authenticator (the readiness check then skips studio gRPC). */
  authenticator?: TokenAuthenticator;
  routes?: RouteTable;
}

export interface Gateway {
  app: Express;
  config: GatewayConfig;
  metrics: GatewayMetrics;
  auth: AuthService;
  redis: Redis;
  /** Listens on GATEWAY_HOST:GATEWAY_PORT (0 picks a free port); resolves with the bound port. */
  start(): Promise<number>;
  /** Stops taking requests, lets in-flight ones finish (up to SHUTDOWN_GRACE_MS), closes connections. */
  stop(): Promise<void>;
  readonly port: number;
}

export function createGateway(config: GatewayConfig, deps: GatewayDeps = {}): Gateway {
  const logger = deps.logger ?? createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  const metrics = createGatewayMetrics();

  const redis = createRedisClient({ url: config.REDIS_URL, deadlineMs: config.RATE_LIMIT_TIMEOUT_MS, name: 'main', logger });
  const subscriber = createRedisClient({ url: config.REDIS_URL, name: 'subscriber', logger, subscriber: true });

  const studio = deps.authenticator ? null : new StudioClient(config.STUDIO_GRPC_ADDR, config.AUTH_TIMEOUT_MS, { registry: metrics.registry });
  const authenticator = deps.authenticator ?? studio!;
  const auth = new AuthService({
    authenticator,
    identitySecret: config.INTERNAL_JWT_SECRET,
    cacheTtlMs: config.AUTH_CACHE_TTL_MS,
    maxEntries: config.AUTH_CACHE_MAX_ENTRIES,
    onCacheHit: () => metrics.authCache.hit.inc(),
    onCacheMiss: () => metrics.authCache.miss.inc(),
  });
  const clients = new ClientSessionVerifier({
    secret: config.CLIENT_SESSION_SECRET,
    identitySecret: config.INTERNAL_JWT_SECRET,
    maxEntries: config.AUTH_CACHE_MAX_ENTRIES,
  });
  const limiter = new RateLimitService(redis, config.REDIS_KEY_PREFIX, config.RATE_LIMIT_WINDOW_MS, config.RATE_LIMIT_TIMEOUT_MS);
  const idempotencyService = new IdempotencyService({
    redis,
    subscriber,
    keyPrefix: config.REDIS_KEY_PREFIX,
    ttlSeconds: config.IDEMPOTENCY_TTL_SECONDS,
    lockMs: config.IDEMPOTENCY_LOCK_MS,
    waitMs: config.IDEMPOTENCY_WAIT_MS,
    // Records carry bodies (up to 1 MiB): a little more room than the limiter's one-integer reply.
    deadlineMs: Math.max(config.RATE_LIMIT_TIMEOUT_MS * 2, 500),
    logger,
  });

  const agent = createUpstreamAgent(config.UPSTREAM_MAX_SOCKETS);
  const targets: Record<Upstream, string> = {
    studio: config.STUDIO_HTTP_URL,
    gallery: config.GALLERY_HTTP_URL,
    upload: config.UPLOAD_HTTP_URL,
    search: config.SEARCH_HTTP_URL,
    webhooks: config.WEBHOOKS_HTTP_URL,
  };

  const routes = deps.routes ?? new RouteTable();
  const openApi = new OpenApiService({
    targets,
    table: routes,
    logger,
    ttlMs: config.OPENAPI_CACHE_TTL_MS,
    fetchTimeoutMs: config.OPENAPI_FETCH_TIMEOUT_MS,
  });

  let accepting = true;
  const readiness: Record<string, () => Promise<unknown>> = { redis: () => redis.ping() };
  if (studio) readiness.studio_grpc = () => studio.checkHealth();

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);

  app.use(requestContext());
  app.use(observe({ metrics, logger, accessLog: config.ACCESS_LOG }));
  // A JSON API: no CSP/COEP (they govern documents a browser renders, and cost bytes on every answer).
  app.use(helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false }));
  app.use(opsRoutes({ metrics, readiness, isAccepting: () => accepting }));
  // The public OpenAPI document: no bearer, answered before the route table (docs/decisions/0008-openapi.md).
  app.use(openApiRoutes(openApi, Math.floor(config.OPENAPI_CACHE_TTL_MS / 1000)));
  app.use(routeResolver(routes));
  app.use(authenticate(auth, clients));
  app.use(
    rateLimit({
      limiter,
      metrics,
      defaultLimit: config.RATE_LIMIT_PER_MINUTE,
      publicLimit: config.CLIENT_SESSION_RATE_LIMIT_PER_MINUTE,
      clientLimit: config.CLIENT_BEARER_RATE_LIMIT_PER_MINUTE,
    }),
  );
  app.use(readBody(logger));
  app.use(idempotency(idempotencyService, metrics));
  app.use(proxyRoutes({ targets, agent, timeoutMs: config.UPSTREAM_TIMEOUT_MS, logger, metrics }));
  // Safety net: nothing above should throw, but if it does the caller gets a bare 500 with the request id.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err }, 'unhandled gateway error');
    void req.gateway?.idempotency?.release();
    sendError(req, res, 'internal', 'internal error');
  });

  let server: RunningHttpServer | null = null;

  return {
    app,
    config,
    metrics,
    auth,
    redis,
    get port() {
      return server?.port ?? 0;
    },
    async start() {
      if (!(await waitForReady(redis, 2000))) logger.warn('redis is not reachable yet; requests are refused until it is');
      idempotencyService.listen().catch((err: Error) => logger.warn({ err: err.message }, 'idempotency: subscribe failed'));
      server = await startHttpServer(app, config.GATEWAY_PORT, config.GATEWAY_HOST);
      logger.info({ port: server.port, host: config.GATEWAY_HOST }, 'gateway listening');
      return server.port;
    },
    async stop() {
      accepting = false;
      if (server) await server.close(config.SHUTDOWN_GRACE_MS);
      server = null;
      agent.destroy();
      studio?.close();
      await Promise.all([closeRedis(redis), closeRedis(subscriber)]);
    },
  };
}
