/**
 * The express skeleton every process shares: call context (request id and W3C trace context continued from the
 * caller's `x-request-id` / `traceparent`), latency metrics by route pattern, an access log line and a span (to the
 * span sink of @studio/trace, when an exporter registered one) per request, the cap on requests in flight (shed.ts:
 * 503 with Retry-After past it, never a queue), JSON body parsing with 400s for bad JSON
 * and oversized bodies, identity verification; then (finishHttpApp) 404 for unknown routes and the single error
 * handler (error-response.ts). Listening and graceful close: graceful-server.ts. /healthz, /readyz and /metrics are
 * not here: they are served on the process's admin port only (admin-app.ts, started by @studio/process).
 */
import type { KeyObject } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { AppError } from '@studio/errors';
import { IDENTITY_HEADER, REQUEST_ID_HEADER, verifyIdentity } from '@studio/identity';
import { createAccessLogger, type Logger } from '@studio/logger';
import { httpServerSpan, logFields, runInContext, spanSinkFor, startCallFrom } from '@studio/trace';
import { answerThrownError } from './error-response.js';
import { routePatternOf, trackRoutePatterns, UNMATCHED_ROUTE, type HttpMetrics } from './metrics.js';
import { shedRequests } from './shed.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The gateway's public key (IDENTITY_PUBLIC_KEY) and the service's own name, the audience of its identities. */
export interface IdentityVerification {
  publicKey: KeyObject;
  audience: string;
}

export interface HttpAppOptions {
  logger: Logger;
  metrics: HttpMetrics;
  /**
   * How to verify the gateway's signed identity: its public key, and this service's name (the audience the
   * identity must be made for). Omit for a process that takes no identities.
   */
  identity?: IdentityVerification;
  /** One access-log line per request; default on. See createAccessLogger. */
  accessLog?: boolean;
  /** Requests held at once (HTTP_MAX_IN_FLIGHT); past it a request is answered 503 at once (shed.ts). Omit: no cap. */
  maxInFlight?: number;
}

export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');

  const access = createAccessLogger(options.logger, options.accessLog ?? true);
  // Whether the access line is written at all: with the log off, a request builds none of its fields.
  const logAccess = access.isLevelEnabled('info');
  trackRoutePatterns(app);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const ctx = startCallFrom(req.headers);
    req.requestId = ctx.requestId;
    res.setHeader(REQUEST_ID_HEADER, ctx.requestId);
    const started = performance.now();
    res.once('close', () => {
      const route = routePatternOf(req);
      const ms = performance.now() - started;
      // A caller that went away before the answer was complete: 499, as proxies count it.
      const status = res.writableFinished ? res.statusCode : 499;
      options.metrics.httpDuration.observe({ method: req.method, route, status: String(status) }, ms / 1e3);
      if (logAccess)
        access.info({ ...logFields(ctx), method: req.method, route, status, duration_ms: Math.round(ms * 1e3) / 1e3 }, 'request');
      // The request's span, to the exporter when one is registered (@studio/telemetry); else one null check.
      const sink = spanSinkFor(ctx);
      if (sink) sink(httpServerSpan(ctx, req.method, route === UNMATCHED_ROUTE ? null : route, status, ms));
    });
    runInContext(ctx, next);
  });
  // Before the body is read: a refused request costs its headers only (and is still timed and logged above).
  if (options.maxInFlight !== undefined) app.use(shedRequests({ max: options.maxInFlight, registry: options.metrics.registry }));

  const json = express.json({ limit: BODY_LIMIT_BYTES, strict: false, type: ['application/json', 'application/*+json'] });
  app.use((req: Request, res: Response, next: NextFunction) => {
    // A request without a body (neither Content-Length nor Transfer-Encoding: every GET) skips the parser, which
    // would find that out only after its own checks; req.body is undefined either way, as the parser leaves it.
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
      req.body = undefined;
      next();
      return;
    }
    json(req, res, next);
  });

  if (options.identity) {
    const { publicKey, audience } = options.identity;
    app.use((req: Request, _res: Response, next: NextFunction) => {
      const header = req.headers[IDENTITY_HEADER];
      req.principal = verifyIdentity(typeof header === 'string' ? header : undefined, publicKey, audience) ?? undefined;
      next();
    });
  }
  return app;
}

/** Call after mounting routes: unknown routes are 404 not_found; every error goes through answerThrownError. */
export function finishHttpApp(app: Express, logger: Logger): void {
  app.use((_req: Request, _res: Response, next: NextFunction) => next(new AppError('not_found')));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => answerThrownError(err, req, res, logger));
}
