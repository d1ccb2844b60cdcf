/**
 * The gateway's clients and services: everything of it but the listener. Redis (commands, and a subscriber for
 * Idempotency-Key wake-ups), the studio gRPC client, the upstreams' one keep-alive agent, the route table and the
 * services built on them. Nothing connects until used; the process definition (app.ts) serves them over HTTP and
 * closes them with `close()`.
 */
import { ServiceTokenSigner } from '@studio/grpc';
import type http from 'node:http';
import type { Redis } from 'ioredis';
import { createLogger, type Logger } from '@studio/logger';
import type { GatewayConfig } from './config.js';
import { StudioClient, type TokenAuthenticator } from './grpc/studio.client.js';
import { createGatewayMetrics, type GatewayMetrics } from './http/metrics.js';
import { createUpstreamAgent } from './http/proxy.routes.js';
import { RouteTable } from './http/route-table.js';
import { AuthFailureLimiter } from './services/auth-failure.service.js';
import { AnswerCipher } from './services/answer-cipher.js';
import { ApiDocsService } from './services/api-docs.service.js';
import { AuthService } from './services/auth.service.js';
import { ClientSessionVerifier } from './services/client-session.service.js';
import { IdempotencyService } from './services/idempotency.service.js';
import { OPENAPI_PATH, OpenApiService } from './services/openapi.service.js';
import { RateLimitService } from './services/rate-limit.service.js';
import { closeRedis, createRedisClient } from './services/redis.client.js';

export interface GatewayDeps {
  logger?: Logger;
  /** Replaces the studio gRPC authenticator (the readiness check then skips studio gRPC). */
  authenticator?: TokenAuthenticator;
  routes?: RouteTable;
}

export interface GatewayServices {
  /** Bearer tokens, checked by studio over gRPC and cached. */
  auth: AuthService;
  /** Client-session bearers (a gallery's customer), verified locally. */
  clientSessions: ClientSessionVerifier;
  rateLimit: RateLimitService;
  /** Failed authentications per client address (a lookup is refused past the budget). */
  authFailures: AuthFailureLimiter;
  idempotency: IdempotencyService;
  /** The public OpenAPI document, assembled from the services' fragments. */
  openApi: OpenApiService;
  /** The HTML API reference (Redoc) rendering it, with its assets. */
  apiDocs: ApiDocsService;
}

export interface GatewayCore {
  config: GatewayConfig;
  logger: Logger;
  /** The process's metrics registry (served at /metrics) and the gateway's own counters. */
  metrics: GatewayMetrics;
  /** The command connection (rate limits, Idempotency-Key records). */
  redis: Redis;
  /** Studio's gRPC client; null when an authenticator was given instead. */
  studio: StudioClient | null;
  /** The one keep-alive agent every proxied request goes through. */
  upstreamAgent: http.Agent;
  routes: RouteTable;
  services: GatewayServices;
  /** Releases the upstream sockets, the studio gRPC channel and both Redis connections. */
  close(): Promise<void>;
}

export function createGatewayCore(config: GatewayConfig, deps: GatewayDeps = {}): GatewayCore {
  const logger = deps.logger ?? createLogger({ service: 'gateway', level: config.logLevel });
  const metrics = createGatewayMetrics();

  const redis = createRedisClient({ url: config.redis.url, deadlineMs: config.rateLimit.timeoutMs, name: 'main', logger });
  const subscriber = createRedisClient({ url: config.redis.url, name: 'subscriber', logger, subscriber: true });
  const studio = deps.authenticator
    ? null
    : new StudioClient(config.auth.studioGrpcAddr, config.auth.timeoutMs, {
        registry: metrics.registry,
        credentials: { signer: new ServiceTokenSigner({ name: 'gateway', signingKey: config.serviceKey }), audience: 'studio' },
      });
  const upstreamAgent = createUpstreamAgent(config.upstream.maxSockets);
  const routes = deps.routes ?? new RouteTable();

  const services: GatewayServices = {
    auth: new AuthService({
      authenticator: deps.authenticator ?? studio!,
      identityKey: config.identitySigningKey,
      cacheTtlMs: config.auth.cacheTtlMs,
      maxEntries: config.auth.cacheMaxEntries,
      onCacheHit: () => metrics.authCache.hit.inc(),
      onCacheMiss: () => metrics.authCache.miss.inc(),
    }),
    clientSessions: new ClientSessionVerifier({
      publicKey: config.clientSessionPublicKey,
      identityKey: config.identitySigningKey,
      maxEntries: config.auth.cacheMaxEntries,
    }),
    rateLimit: new RateLimitService(redis, config.redis.keyPrefix, config.rateLimit.windowMs, {
      deadlineMs: config.rateLimit.timeoutMs,
      leaseFraction: config.rateLimit.leaseFraction,
    }),
    authFailures: new AuthFailureLimiter({
      redis,
      keyPrefix: config.redis.keyPrefix,
      limit: config.rateLimit.authFailurePerMinute,
      windowMs: config.rateLimit.windowMs,
      deadlineMs: config.rateLimit.timeoutMs,
    }),
    idempotency: new IdempotencyService({
      redis,
      subscriber,
      keyPrefix: config.redis.keyPrefix,
      ttlSeconds: config.idempotency.ttlSeconds,
      lockMs: config.idempotency.lockMs,
      waitMs: config.idempotency.waitMs,
      // Records carry bodies (up to 1 MiB): a little more room than the limiter's one-integer reply.
      deadlineMs: Math.max(config.rateLimit.timeoutMs * 2, 500),
      cipher: new AnswerCipher(config.idempotency.encryptionKey),
      logger,
    }),
    openApi: new OpenApiService({
      targets: config.upstream.urls,
      table: routes,
      logger,
      ttlMs: config.openApi.cacheTtlMs,
      fetchTimeoutMs: config.openApi.fetchTimeoutMs,
    }),
    apiDocs: new ApiDocsService({ documentPath: OPENAPI_PATH }),
  };

  return {
    config,
    logger,
    metrics,
    redis,
    studio,
    upstreamAgent,
    routes,
    services,
    async close() {
      upstreamAgent.destroy();
      services.rateLimit.close();
      studio?.close();
      await Promise.all([closeRedis(redis), closeRedis(subscriber)]);
    },
  };
}
