/**
 * The proxy: http-proxy-middleware 4, one instance per upstream and mode, all sharing ONE keep-alive agent
 * (without it every request opens a connection and upstreams answer `connection: close`).
 * - streaming mode (almost everything): the upstream answer is piped to the caller untouched, so upstream
 *   bodies (e.g. the exact not_found bytes) reach the caller byte-identical;
 * - capturing mode (a request holding an Idempotency-Key lease): the answer is buffered, stored for replays
 *   when it is a success (isStoredAnswer; a 4xx or 5xx releases the key, so a corrected retry runs), then sent.
 * The /api/v1 prefix is kept in the forwarded path. An unreachable or timed-out upstream is a 503 with the
 * request id and no detail. OPTIONS goes in capturing mode too: the upstream's 200 listing the path's methods becomes
 * a 204 with Allow (answerOptions). The gateway's Cache-Control (no-store.middleware.ts) replaces an upstream's.
 */
import http from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware, type Plugin } from 'http-proxy-middleware';
import type { Logger } from '@studio/logger';
import { isStoredAnswer, REPLAYED_HEADERS } from '../services/idempotency.service.js';
import type { GatewayMetrics } from './metrics.js';
import { UPSTREAMS, type Upstream } from './route-table.js';
import { sendErrorKind, sendNotFound } from './respond.js';

/** Largest upstream answer kept for Idempotency-Key replays; a larger one is delivered but not stored. */
export const MAX_STORED_ANSWER_BYTES = 1024 * 1024;

/** Response headers that describe the upstream connection, not the answer. */
const HOP_BY_HOP_RESPONSE = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'proxy-connection',
  'trailer',
  'upgrade',
]);

/** Response headers the gateway sets itself (no-store.middleware.ts); an upstream's value is dropped. */
const GATEWAY_OWNED_RESPONSE = ['cache-control'];

export interface ProxyOptions {
  targets: Record<Upstream, string>;
  agent: http.Agent;
  timeoutMs: number;
  logger: Logger;
  metrics: GatewayMetrics;
}

/** The single upstream agent: keep-alive, bounded sockets, idle sockets dropped before the services' 65 s. */
export function createUpstreamAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, timeout: 60_000, scheduling: 'lifo' });
}

interface ParsedTarget {
  protocol: string;
  host: string;
  hostname: string;
  port: number;
  path: string;
}

export function parseTarget(url: string): ParsedTarget {
  const u = new URL(url);
  const path = u.pathname.replace(/\/+$/, '');
  return { protocol: u.protocol, host: u.hostname, hostname: u.hostname, port: Number(u.port) || 80, path };
}

/**
 * Writes the request body the gateway already read (and validated) to the upstream request, as
 * http-proxy-middleware's own `fixRequestBody` does for parsed bodies, but with the exact bytes received. The
 * proxy then pipes the (ended) incoming stream into the upstream request, which only ends it.
 */
export function writeRawBody(proxyReq: http.ClientRequest, raw: Buffer): void {
  proxyReq.removeHeader('transfer-encoding');
  proxyReq.setHeader('content-length', raw.length);
  proxyReq.write(raw);
}

/**
 * The caller's connection is the gateway's business, not the upstream's: the streamed answer says `connection: close`
 * when the caller asked for it or the gateway is closing (Node's own decision, `res.shouldKeepAlive`), else
 * keep-alive. Without this the proxy would write `keep-alive` (the caller's Connection header is hop-by-hop and
 * stripped before it) or an upstream's `close`, and the connection would outlive a `Connection: close` request.
 */
export function keepClientConnection(proxyRes: http.IncomingMessage, res: http.ServerResponse): void {
  delete proxyRes.headers['keep-alive'];
  proxyRes.headers.connection = res.shouldKeepAlive ? 'keep-alive' : 'close';
}

type ProxyHandler = (req: Request, res: Response, next: NextFunction) => Promise<void>;

export function proxyRoutes(opts: ProxyOptions): RequestHandler {
  const streaming = {} as Record<Upstream, ProxyHandler>;
  const capturing = {} as Record<Upstream, ProxyHandler>;
  for (const upstream of UPSTREAMS) {
    const target = parseTarget(opts.targets[upstream]);
    for (const capture of [false, true]) {
      const proxy = createProxyMiddleware<Request, Response>({
        target,
        agent: opts.agent,
        proxyTimeout: opts.timeoutMs,
        selfHandleResponse: capture,
        xfwd: false,
        changeOrigin: false,
        ejectPlugins: true,
        plugins: [upstreamEvents(upstream, capture, opts)],
      });
      (capture ? capturing : streaming)[upstream] = proxy;
    }
  }

  return (req: Request, res: Response, next: NextFunction) => {
    const { route, idempotency } = req.gateway;
    if (!route) {
      sendNotFound(res);
      return;
    }
    // OPTIONS is captured too: its answer is rewritten (deliverCaptured) before the caller sees it.
    const proxy = (idempotency || req.method === 'OPTIONS' ? capturing : streaming)[route.upstream];
    proxy(req, res, next).catch(next);
  };
}

function upstreamEvents(upstream: Upstream, capture: boolean, opts: ProxyOptions): Plugin<Request, Response> {
  return (server) => {
    server.on('proxyReq', (proxyReq: http.ClientRequest, req: Request) => {
      const body = req.gateway?.body;
      if (body) writeRawBody(proxyReq, body.raw);
    });
    server.on('error', (error: Error, req?: Request, res?: Response | import('node:net').Socket) => {
      const err = error as NodeJS.ErrnoException;
      opts.metrics.upstreamErrors.inc({ upstream });
      if (!req || !res) return;
      opts.logger.warn({ upstream, code: err.code ?? err.message }, 'upstream request failed');
      void req.gateway?.idempotency?.release();
      if (!(res instanceof http.ServerResponse) || res.headersSent) {
        res.destroy();
        return;
      }
      sendErrorKind(req, res as Response, 'unavailable');
    });
    server.on('proxyRes', (proxyRes: http.IncomingMessage, req: Request, res: Response) => {
      if (capture) {
        captureAnswer(upstream, proxyRes, req, res, opts);
        return;
      }
      keepClientConnection(proxyRes, res);
      for (const name of GATEWAY_OWNED_RESPONSE) delete proxyRes.headers[name];
      proxyRes.on('error', () => {
        opts.metrics.upstreamErrors.inc({ upstream });
        res.destroy();
      });
      res.once('close', () => {
        if (!res.writableEnded) proxyRes.destroy();
      });
    });
  };
}

function captureAnswer(upstream: Upstream, proxyRes: http.IncomingMessage, req: Request, res: Response, opts: ProxyOptions): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let failed = false;
  proxyRes.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
  });
  proxyRes.on('error', () => {
    if (failed) return;
    failed = true;
    opts.metrics.upstreamErrors.inc({ upstream });
    void req.gateway.idempotency?.release();
    if (res.headersSent) res.destroy();
    else sendErrorKind(req, res, 'unavailable');
  });
  proxyRes.on('end', () => {
    if (failed) return;
    void deliverCaptured(proxyRes, Buffer.concat(chunks, size), req, res);
  });
}

async function deliverCaptured(proxyRes: http.IncomingMessage, body: Buffer, req: Request, res: Response): Promise<void> {
  const status = proxyRes.statusCode ?? 502;
  const lease = req.gateway.idempotency;
  if (lease) {
    if (!isStoredAnswer(status) || body.length > MAX_STORED_ANSWER_BYTES) {
      await lease.release();
    } else {
      const contentType = proxyRes.headers['content-type'];
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const value = proxyRes.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      await lease.complete({ status, contentType: typeof contentType === 'string' ? contentType : '', body, headers });
    }
  }
  if (res.headersSent || res.destroyed) return;
  if (req.method === 'OPTIONS' && status === 200 && typeof proxyRes.headers.allow === 'string') {
    answerOptions(res, proxyRes.headers.allow);
    return;
  }
  res.statusCode = status;
  for (const [name, value] of Object.entries(proxyRes.headers)) {
    if (value === undefined || HOP_BY_HOP_RESPONSE.has(name) || GATEWAY_OWNED_RESPONSE.includes(name)) continue;
    res.setHeader(name, value);
  }
  res.setHeader('content-length', body.length);
  res.end(body);
}

/**
 * A non-preflight OPTIONS (docs/decisions/0018-edge-limits.md): the upstream's router knows the methods of the path and
 * answers them in Allow (express's automatic OPTIONS, a 200 text/plain listing them in its body); the caller gets
 * `204 No Content` with that Allow and no body. A path no route serves stays the upstream's 404 not_found.
 */
function answerOptions(res: Response, allow: string): void {
  res.statusCode = 204;
  res.setHeader('allow', allow);
  res.end();
}
