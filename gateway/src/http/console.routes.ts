/**
 * The account console's pages (docs/decisions/0016-account-console.md): GET, HEAD and POST of `/console` and
 * `/console/*` go to the console's upstream (CONSOLE_HTTP_URL), apart from the API:
 * - no bearer authentication, no API rate limit, no Idempotency-Key, not in the OpenAPI document; mounted before the
 *   route table, whose 404 answers every other method and path;
 * - the Authorization header is deleted (an API token cannot use the console, so a leaked one cannot mint more);
 * - X-Forwarded-For is replaced by the client's address as the gateway resolves it (TRUSTED_PROXIES), the one the
 *   console hands to studio's sign-in throttle;
 * - each client address has a budget of console requests per window (CONSOLE_RATE_LIMIT_PER_MINUTE, in Redis like the
 *   other limits; the fingerprinted assets are not counted): past it, or when Redis cannot say (fail-closed), a 429
 *   page with Retry-After. Studio's sign-in throttle works per account and address on failures; this budget bounds
 *   everything else a flood could make the console ask studio (session reads, reset requests);
 * - the body is streamed untouched; a form declaring more than CONSOLE_FORM_LIMIT_BYTES is refused with a 413 page
 *   before it travels (the console enforces the same limit on a body without a length);
 * - the console's answer, headers included, reaches the browser as it is: its Cache-Control (no-store pages,
 *   immutable assets) and its Content-Security-Policy. An unreachable console is a 503 page.
 */
import http from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware, type Plugin } from 'http-proxy-middleware';
import type { Logger } from '@studio/logger';
import { clientAddress, type TrustedProxies } from '../services/client-address.js';
import type { RateLimitDecision, RateLimitService } from '../services/rate-limit.service.js';
import type { GatewayMetrics } from './metrics.js';
import { parseTarget } from './proxy.routes.js';
import { pathOf } from './route-table.js';

export const CONSOLE_PATH = '/console';
export const CONSOLE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST']);
/** The largest form the console takes (its own limit is the same). */
export const CONSOLE_FORM_LIMIT_BYTES = 16 * 1024;

/** `/console` and everything below it (`/console/...`), not `/consoles`. */
export function isConsolePath(path: string): boolean {
  return path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`);
}

export interface ConsoleProxyOptions {
  /** CONSOLE_HTTP_URL. */
  target: string;
  agent: http.Agent;
  timeoutMs: number;
  trustedProxies: TrustedProxies;
  logger: Logger;
  metrics: GatewayMetrics;
  /** The per-address budget of console requests (assets excepted). */
  rateLimit: { limiter: RateLimitService; perWindow: number };
}

/** The console's fingerprinted static files: served from the console's memory, not counted against the budget. */
const ASSETS_PATH = `${CONSOLE_PATH}/assets/`;

/** The few answers the gateway gives in the console's place: a small HTML page under the console's own CSP. */
function sendConsolePage(res: Response, status: number, heading: string, text: string): void {
  const body = Buffer.from(
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${heading}</title></head><body><main><h1>${heading}</h1><p role="alert">${text}</p></main></body></html>\n`,
  );
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('content-security-policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', body.length);
  res.end(body);
}

export function consoleRoutes(opts: ConsoleProxyOptions): RequestHandler {
  const proxy = createProxyMiddleware<Request, Response>({
    target: parseTarget(opts.target),
    agent: opts.agent,
    proxyTimeout: opts.timeoutMs,
    xfwd: false,
    changeOrigin: false,
    ejectPlugins: true,
    plugins: [consoleEvents(opts)],
  });

  return (req: Request, res: Response, next: NextFunction) => {
    if (!CONSOLE_METHODS.has(req.method) || !isConsolePath(pathOf(req.url))) {
      next();
      return;
    }
    req.gateway.label = CONSOLE_PATH;
    delete req.headers.authorization;
    const address = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], opts.trustedProxies);
    req.headers['x-forwarded-for'] = address;
    const length = Number(req.headers['content-length'] ?? 0);
    if (!(length <= CONSOLE_FORM_LIMIT_BYTES)) {
      // The caller is still sending: answer, then close the connection rather than read the rest.
      res.setHeader('connection', 'close');
      sendConsolePage(res, 413, 'Request too large', 'The form sent more than the console accepts. Shorten the values and try again.');
      return;
    }
    const forward = () => proxy(req, res, next).catch(next);
    if (pathOf(req.url).startsWith(ASSETS_PATH)) {
      forward();
      return;
    }
    const refuse = (decision: RateLimitDecision) => {
      const retryAfter = decision.kind === 'limited' ? decision.resetSeconds : 1;
      if (decision.kind === 'limited') opts.metrics.rateLimitRefusals.limit.inc();
      else opts.metrics.rateLimitRefusals.unavailable.inc();
      res.setHeader('retry-after', String(retryAfter));
      const wait = retryAfter === 1 ? 'a second' : `${retryAfter} seconds`;
      sendConsolePage(res, 429, 'Too many requests', `Too many requests from your address. Try again in ${wait}.`);
    };
    opts.rateLimit.limiter.hit(`console:ip:${address}`, opts.rateLimit.perWindow).then(
      (decision) => (decision.kind === 'allowed' ? forward() : refuse(decision)),
      () => refuse({ kind: 'unavailable' }),
    );
  };
}

function consoleEvents(opts: ConsoleProxyOptions): Plugin<Request, Response> {
  return (server) => {
    server.on('error', (error: Error, req?: Request, res?: Response | import('node:net').Socket) => {
      opts.metrics.upstreamErrors.inc({ upstream: 'console' });
      if (!req || !res) return;
      opts.logger.warn({ upstream: 'console', code: (error as NodeJS.ErrnoException).code ?? error.message }, 'upstream request failed');
      if (!(res instanceof http.ServerResponse) || res.headersSent) {
        res.destroy();
        return;
      }
      sendConsolePage(res as Response, 503, 'Console unavailable', 'The console is unavailable. Try again in a moment.');
    });
    server.on('proxyRes', (proxyRes: http.IncomingMessage, _req: Request, res: Response) => {
      delete proxyRes.headers['keep-alive'];
      proxyRes.on('error', () => {
        opts.metrics.upstreamErrors.inc({ upstream: 'console' });
        res.destroy();
      });
      res.once('close', () => {
        if (!res.writableEnded) proxyRes.destroy();
      });
    });
  };
}
