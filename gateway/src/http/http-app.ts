/**
 * The gateway's HTTP application: the middleware chain every public request goes through. Order matters:
 *
 *   strip x-studio-* / request id -> metrics + access log -> helmet -> body deadline (408) -> in-flight cap (503 + Retry-After past it)
 *   -> GET /api/v1/openapi.json (429 past its per-address limit) -> GET /api/v1/docs and its assets (the HTML
 *   reference, same kind of limit) -> the account console's pages (/console, /console/*: proxied without a bearer,
 *   their own caching) -> Cache-Control: no-store -> route table (404)
 *   -> CORS for the client-portal routes from CORS_ORIGINS (preflights answered 204 here)
 *   -> bearer auth (401/503; 429 past the failed-authentication budget of the client address) -> rate limit (429)
 *   -> body (400) -> Idempotency-Key -> proxy (503 when the upstream is unreachable)
 *
 * Every answer from the route table on is `no-store` (it answers or carries a bearer); the public OpenAPI document
 * keeps its own caching. /healthz, /readyz and /metrics are not on this listener: they are on the admin port
 * (GATEWAY_ADMIN_PORT, served by @studio/process), so the public port answers them with the route table's 404.
 */
import type http from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from '@studio/logger';
import { shedRequests } from '@studio/http/server';
import type { GatewayConfig } from '../config.js';
import type { GatewayServices } from '../core.js';
import { authenticate } from './auth.middleware.js';
import { bodyDeadline } from './body-deadline.middleware.js';
import { readBody } from './body.middleware.js';
import { consoleRoutes } from './console.routes.js';
import { cors } from './cors.middleware.js';
import { docsRoutes } from './docs.routes.js';
import { idempotency } from './idempotency.middleware.js';
import type { GatewayMetrics } from './metrics.js';
import { noStore } from './no-store.middleware.js';
import { observe } from './observe.middleware.js';
import { openApiRoutes } from './openapi.routes.js';
import { proxyRoutes } from './proxy.routes.js';
import { addressRateLimit, rateLimit } from './rate-limit.middleware.js';
import { requestContext } from './request-context.middleware.js';
import { sendErrorKind } from './respond.js';
import type { RouteTable } from './route-table.js';
import { routeResolver } from './router.middleware.js';
import './context.js';

export interface GatewayHttpOptions {
  config: GatewayConfig;
  logger: Logger;
  metrics: GatewayMetrics;
  services: GatewayServices;
  routes: RouteTable;
  upstreamAgent: http.Agent;
}

export function buildHttpApp({ config, logger, metrics, services, routes, upstreamAgent }: GatewayHttpOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);

  app.use(requestContext());
  app.use(observe({ metrics, logger, accessLog: config.accessLog }));
  // A JSON API: no CSP/COEP (they govern documents a browser renders, and cost bytes on every answer).
  app.use(helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false }));
  // A body not fully arrived GATEWAY_BODY_TIMEOUT_MS after its headers: 408 and the connection closed (decision 0018).
  app.use(bodyDeadline(config.edge.bodyTimeoutMs));
  // The cap on requests in flight (GATEWAY_MAX_IN_FLIGHT): past it 503 + Retry-After at once, before any other work;
  // it covers everything on this port, the console's pages and the OpenAPI document too (docs/decisions/0019).
  app.use(shedRequests({ max: config.maxInFlight, registry: metrics.registry }));
  // The public OpenAPI document: no bearer, answered before the route table (docs/decisions/0008-openapi.md).
  app.use(
    openApiRoutes(
      services.openApi,
      Math.floor(config.openApi.cacheTtlMs / 1000),
      addressRateLimit({
        bucket: 'doc',
        limiter: services.rateLimit,
        metrics,
        limit: config.openApi.rateLimitPerMinute,
        trustedProxies: config.rateLimit.trustedProxies,
      }),
    ),
  );
  // The HTML API reference of that document and its assets: no bearer either, its own per-address budget.
  app.use(
    docsRoutes(
      services.apiDocs,
      addressRateLimit({
        bucket: 'docs',
        limiter: services.rateLimit,
        metrics,
        limit: config.openApi.rateLimitPerMinute,
        trustedProxies: config.rateLimit.trustedProxies,
      }),
    ),
  );
  // The account console's pages: no bearer, their own caching and CSP (console.routes.ts); before no-store.
  app.use(
    consoleRoutes({
      target: config.upstream.consoleUrl,
      agent: upstreamAgent,
      timeoutMs: config.upstream.timeoutMs,
      trustedProxies: config.rateLimit.trustedProxies,
      logger,
      metrics,
      rateLimit: { limiter: services.rateLimit, perWindow: config.upstream.consolePerMinute },
    }),
  );
  app.use(noStore());
  app.use(routeResolver(routes));
  app.use(cors(config.corsOrigins));
  app.use(
    authenticate(services.auth, services.clientSessions, {
      limiter: services.authFailures,
      trustedProxies: config.rateLimit.trustedProxies,
      metrics,
    }),
  );
  app.use(
    rateLimit({
      limiter: services.rateLimit,
      metrics,
      defaultLimit: config.rateLimit.perMinute,
      publicLimit: config.rateLimit.clientSessionPerMinute,
      clientLimit: config.rateLimit.clientBearerPerMinute,
      trustedProxies: config.rateLimit.trustedProxies,
    }),
  );
  app.use(readBody(logger));
  app.use(idempotency(services.idempotency, metrics));
  app.use(proxyRoutes({ targets: config.upstream.urls, agent: upstreamAgent, timeoutMs: config.upstream.timeoutMs, logger, metrics }));
  // Safety net: nothing above should throw, but if it does the caller gets a bare 500 with the request id.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err }, 'unhandled gateway error');
    void req.gateway?.idempotency?.release();
    sendErrorKind(req, res, 'internal', 'internal error');
  });
  return app;
}
