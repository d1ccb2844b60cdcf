/**
 * The HTTP skeleton every process shares: call context (request id and W3C trace context continued from the
 * caller's `x-request-id` / `traceparent`), latency metrics by route pattern, an access log line and a span (to the
 * span sink of @studio/trace, when an exporter registered one) per request,
 * JSON body parsing with 400s for bad JSON and oversized bodies, identity verification, /healthz, /readyz,
 * /metrics, the single error handler, graceful shutdown.
 */
import http from 'node:http';
import net from 'node:net';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { AppError, errorBody, toAppError } from '@studio/errors';
import { IDENTITY_HEADER, REQUEST_ID_HEADER, verifyIdentity } from '@studio/identity';
import { createAccessLogger, type Logger } from '@studio/logger';
import { httpServerSpan, logFields, runInContext, spanSinkFor, startCall, TRACEPARENT_HEADER } from '@studio/trace';
import { routePatternOf, trackRoutePattern, UNMATCHED_ROUTE, type HttpMetrics } from './metrics.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface HttpAppOptions {
  logger: Logger;
  metrics: HttpMetrics;
  /** Secret to verify the gateway's signed identity; omit for a process that does not take identities. */
  identitySecret?: string;
  /** Readiness checks: each resolves when its dependency answers, or rejects. */
  readiness?: Record<string, () => Promise<unknown>>;
  /** Set to false while shutting down so /readyz answers 503. */
  isAccepting?: () => boolean;
  /** One access-log line per request (not for /healthz, /readyz, /metrics); default on. See createAccessLogger. */
  accessLog?: boolean;
}

/** Probes and scrapes: measured, but not access-logged (orchestrators call them every few seconds). */
const OPS_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/** Sends an error answer for any thrown value; unknown errors are logged and become a generic 500. */
export function sendError(err: unknown, req: Request, res: Response, logger: Logger): void {
  let appErr = toAppError(err);
  const e = err as { type?: string; status?: number; statusCode?: number } | null;
  if (!appErr && e && typeof e === 'object') {
    const status = e.status ?? e.statusCode;
    // body-parser errors: malformed JSON, oversized or wrongly encoded bodies are the caller's fault.
    if (e.type === 'entity.parse.failed') appErr = new AppError('invalid_input', 'malformed JSON body');
    else if (e.type === 'entity.too.large') appErr = new AppError('invalid_input', 'request body is larger than 1 MiB');
    else if (typeof e.type === 'string' && status && status >= 400 && status < 500) {
      appErr = new AppError('invalid_input', 'request body could not be read');
    } else if (status === 404) {
      appErr = new AppError('not_found');
    } else if (typeof status === 'number' && status >= 400 && status < 500) {
      // http-errors raised by express itself, e.g. a path parameter that is not valid percent-encoding.
      appErr = new AppError('invalid_input', 'the request could not be understood');
    }
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (!appErr) {
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json(errorBody('internal', 'internal error', { request_id: req.requestId }));
    return;
  }
  if (appErr.kind === 'internal') logger.error({ err }, 'internal error');
  if (appErr.kind === 'unavailable') logger.warn({ err: (err as Error)?.message }, 'dependency unavailable');
  let extra = appErr.details && typeof appErr.details === 'object' && appErr.kind === 'invalid_input' ? (appErr.details as Record<string, unknown>) : undefined;
  // A 5xx names the request id so an operator can find the log line; it never carries upstream detail.
  if (appErr.httpStatus >= 500) extra = { request_id: req.requestId };
  const message = appErr.httpStatus >= 500 ? undefined : appErr.message;
  res.status(appErr.httpStatus).json(errorBody(appErr.kind, message, extra));
}

export function createHttpApp(opts: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');

  const access = createAccessLogger(opts.logger, opts.accessLog ?? true);
  app.use((req: Request, res: Response, next: NextFunction) => {
    trackRoutePattern(req);
    const ctx = startCall({ requestId: req.headers[REQUEST_ID_HEADER], traceparent: req.headers[TRACEPARENT_HEADER] });
    req.requestId = ctx.requestId;
    res.setHeader(REQUEST_ID_HEADER, ctx.requestId);
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const route = routePatternOf(req);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // A caller that went away before the answer was complete: 499, as proxies count it.
      const status = res.writableFinished ? res.statusCode : 499;
      opts.metrics.httpDuration.observe({ method: req.method, route, status: String(status) }, seconds);
      if (!OPS_ROUTES.has(route)) {
        access.info({ ...logFields(ctx), method: req.method, route, status, duration_ms: Math.round(seconds * 1e6) / 1e3 }, 'request');
        // The request's span, to the exporter when one is registered (@studio/telemetry); else one null check.
        const sink = spanSinkFor(ctx);
        if (sink) sink(httpServerSpan(ctx, req.method, route === UNMATCHED_ROUTE ? null : route, status, seconds * 1e3));
      }
    });
    runInContext(ctx, next);
  });

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/readyz', async (_req, res) => {
    if (opts.isAccepting && !opts.isAccepting()) {
      res.status(503).json({ ok: false, error: 'unavailable', message: 'shutting down' });
      return;
    }
    const checks: Record<string, string> = {};
    let ready = true;
    await Promise.all(
      Object.entries(opts.readiness ?? {}).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2000);
          checks[name] = 'up';
        } catch {
          checks[name] = 'down';
          ready = false;
        }
      }),
    );
    res.status(ready ? 200 : 503).json(ready ? { ok: true, checks } : { ok: false, error: 'unavailable', checks });
  });
  app.get('/metrics', async (_req, res) => {
    res.setHeader('content-type', opts.metrics.registry.contentType);
    res.send(await opts.metrics.registry.metrics());
  });

  app.use(express.json({ limit: BODY_LIMIT_BYTES, strict: false, type: ['application/json', 'application/*+json'] }));

  if (opts.identitySecret) {
    const secret = opts.identitySecret;
    app.use((req: Request, _res: Response, next: NextFunction) => {
      const header = req.headers[IDENTITY_HEADER];
      req.principal = verifyIdentity(typeof header === 'string' ? header : undefined, secret) ?? undefined;
      next();
    });
  }
  return app;
}

/** Call after mounting routes: unknown routes are 404 not_found; every error goes through sendError. */
export function finishHttpApp(app: Express, logger: Logger): void {
  app.use((_req: Request, _res: Response, next: NextFunction) => next(new AppError('not_found')));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => sendError(err, req, res, logger));
}

export interface RunningHttpServer {
  server: http.Server;
  port: number;
  /**
   * Graceful close: stops listening, lets every request in flight finish (its answer says `connection: close`),
   * and closes each connection once it has nothing in flight, all within `graceMs`. A connection accepted just
   * before the close whose request has not been read yet gets FRESH_CONNECTION_GRACE_MS to deliver it, and it
   * is answered: Node's own close() would destroy it as "idle", and its client would see a reset for a request
   * it had sent.
   */
  close(graceMs?: number): Promise<void>;
}

/** How long a connection that has sent nothing yet is kept open during a graceful close. */
export const FRESH_CONNECTION_GRACE_MS = 1000;

interface ConnectionState {
  /** Requests seen on this connection. */
  requests: number;
  /** Responses not finished yet. */
  inFlight: Set<http.ServerResponse>;
}

export function startHttpServer(app: Express, port: number, host = '127.0.0.1'): Promise<RunningHttpServer> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.on('clientError', answerClientError);

    const connections = new Map<net.Socket, ConnectionState>();
    let closing = false;
    const endIfDone = (socket: net.Socket, state: ConnectionState) => {
      if (closing && state.inFlight.size === 0 && state.requests > 0) socket.destroySoon();
    };
    /** Puts one connection on its way out once the close has begun (the overall grace timer bounds all of it). */
    const wind = (socket: net.Socket, state: ConnectionState) => {
      for (const res of state.inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      if (state.requests > 0) endIfDone(socket, state);
      else setTimeout(() => state.requests === 0 && socket.destroy(), FRESH_CONNECTION_GRACE_MS).unref();
    };
    server.on('connection', (socket: net.Socket) => {
      const state: ConnectionState = { requests: 0, inFlight: new Set() };
      connections.set(socket, state);
      socket.once('close', () => connections.delete(socket));
      if (closing) wind(socket, state);
    });
    // Before the app's listener, so an answer written at once during a close still says `connection: close`.
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const socket = req.socket;
      const state = connections.get(socket);
      if (!state) return;
      state.requests++;
      state.inFlight.add(res);
      if (closing) res.shouldKeepAlive = false;
      res.once('close', () => {
        state.inFlight.delete(res);
        endIfDone(socket, state);
      });
    });
    server.on('request', app);

    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      resolve({
        server,
        port: actualPort,
        close: (graceMs = 10_000) =>
          new Promise<void>((done) => {
            closing = true;
            const timer = setTimeout(() => {
              server.closeAllConnections();
              done();
            }, graceMs);
            timer.unref();
            // net.Server's close: stop listening, and call back once every connection has ended. (http.Server's
            // close() would first destroy every connection without a request in progress, fresh ones included.)
            net.Server.prototype.close.call(server, () => {
              clearTimeout(timer);
              done();
            });
            for (const [socket, state] of connections) wind(socket, state);
          }),
      });
    });
  });
}

/**
 * A request Node's parser refuses before any handler runs: a request line or headers over the 16 KiB limit (Node
 * would answer a bare 431), malformed HTTP (a bare 400), a request that took too long to arrive (408). The caller
 * gets the API's error envelope instead, and the connection is closed (its framing can no longer be trusted).
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const timedOut = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const message =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'the request line and headers are larger than 16 KiB'
      : timedOut
        ? 'the request did not arrive in time'
        : 'the request is not valid HTTP';
  const body = JSON.stringify(errorBody('invalid_input', message));
  const status = timedOut ? '408 Request Timeout' : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
