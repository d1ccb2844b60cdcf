/**
 * The pages of the console deployable: the account console (docs/decisions/0016-account-console.md: GET, HEAD and
 * POST of `/console` and `/console/*`) and the client portal (docs/decisions/0017-client-portal.md: GET and HEAD of
 * `/portal` and `/portal/*`, a static page that calls the API itself) go to its upstream (CONSOLE_HTTP_URL), apart
 * from the API:
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
import { keepClientConnection, parseTarget } from './proxy.routes.js';
import { pathOf } from './route-table.js';

export const CONSOLE_PATH = '/console';
export const PORTAL_PATH = '/portal';
export const CONSOLE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST']);
/** The portal takes no form: a POST there is the route table's 404 like any other unknown request. */
export const PORTAL_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);
/** The largest form the console takes (its own limit is the same). */
export const CONSOLE_FORM_LIMIT_BYTES = 16 * 1024;

const under = (root: string, path: string) => path === root || path.startsWith(`${root}/`);

/** `/console` and everything below it (`/console/...`), not `/consoles`. */
export function isConsolePath(path: string): boolean {
  return under(CONSOLE_PATH, path);
}

/** `/portal` and everything below it (`/portal/...`), not `/portals`. */
export function isPortalPath(path: string): boolean {
  return under(PORTAL_PATH, path);
}

/** The label (metrics, logs) of a request the console deployable serves, or undefined for any other request. */
export function consoleDeployablePath(method: string, path: string): string | undefined {
  if (CONSOLE_METHODS.has(method) && isConsolePath(path)) return CONSOLE_PATH;
  if (PORTAL_METHODS.has(method) && isPortalPath(path)) return PORTAL_PATH;
  return undefined;
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

/** The fingerprinted static files: served from the console's memory, not counted against the budget. */
const ASSET_PATHS = [`${CONSOLE_PATH}/assets/`, `${PORTAL_PATH}/assets/`];

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
    const path = pathOf(req.url);
    const label = consoleDeployablePath(req.method, path);
    if (!label) {
      next();
      return;
    }
    req.gateway.label = label;
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
    if (ASSET_PATHS.some((prefix) => path.startsWith(prefix))) {
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
      if (req.gateway?.label === PORTAL_PATH) {
        sendConsolePage(res as Response, 503, 'Gallery unavailable', "We can't show this gallery right now. Try again in a moment.");
      } else {
        sendConsolePage(res as Response, 503, 'Console unavailable', 'The console is unavailable. Try again in a moment.');
      }
    });
    server.on('proxyRes', (proxyRes: http.IncomingMessage, _req: Request, res: Response) => {
      keepClientConnection(proxyRes, res);
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
