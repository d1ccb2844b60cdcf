/**
 * CORS for the client portal only (docs/decisions/0001-public-api-shapes.md, "CORS"). A browser page on an origin of
 * CORS_ORIGINS (exact `scheme://host[:port]` matches; empty by default: no CORS at all) may call the routes a gallery's
 * customer uses: POST /client-sessions (the portal token is the credential) and, with the client-session bearer it
 * returns, GET /galleries/{id}, GET /galleries/{id}/photos, POST and DELETE /galleries/{id}/favorites. Every other
 * route stays without CORS: API tokens belong to servers, not to pages, so a browser cannot be made to use one.
 *
 * - A preflight (OPTIONS with Origin and Access-Control-Request-Method) for a listed origin, a portal route and one of
 *   its methods, asking only for headers the portal needs, is answered 204 here with the allow headers. Any other
 *   preflight gets no CORS header and goes on like any request without a bearer (401), so the browser refuses it.
 * - An actual request from a listed origin to a portal route gets Access-Control-Allow-Origin (and the headers the
 *   page may read) on every answer, errors and 429s included, so the page can read why it failed.
 * No credentials mode (no cookies: the bearer is a header), so Access-Control-Allow-Credentials is never sent.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { clientRouteGallery } from '../services/client-session.service.js';
import { API_BASE } from './route-table.js';

/** Request headers a portal page may send. */
export const CORS_ALLOWED_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'x-request-id'] as const;
/** Answer headers a portal page may read, besides the CORS-safelisted ones. */
export const CORS_EXPOSED_HEADERS = ['x-request-id', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after'];
/** How long a browser may cache a preflight answer, s. */
export const CORS_MAX_AGE_SECONDS = 600;

const CLIENT_SESSIONS_PATH = `${API_BASE}/client-sessions`;
const PORTAL_METHODS = ['GET', 'POST', 'DELETE'] as const;

/** The methods a portal page may use on `path` (the route table's normalised path); empty when none. */
export function portalMethods(path: string): string[] {
  if (path === CLIENT_SESSIONS_PATH) return ['POST'];
  return PORTAL_METHODS.filter((method) => clientRouteGallery(method, path) !== null);
}

export function cors(allowedOrigins: ReadonlySet<string>): RequestHandler {
  if (allowedOrigins.size === 0) return (_req, _res, next) => next();
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    const route = req.gateway.route;
    if (typeof origin !== 'string' || !route) {
      next();
      return;
    }
    // Caches must keep answers for different origins apart, listed or not.
    res.vary('Origin');
    if (!allowedOrigins.has(origin)) {
      next();
      return;
    }
    const methods = portalMethods(route.path);
    if (methods.length === 0) {
      next();
      return;
    }
    const requested = req.headers['access-control-request-method'];
    if (req.method === 'OPTIONS' && typeof requested === 'string') {
      if (!methods.includes(requested) || !headersAllowed(req.headers['access-control-request-headers'])) {
        next();
        return;
      }
      res.vary('Access-Control-Request-Method').vary('Access-Control-Request-Headers');
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-allow-methods', methods.join(', '));
      res.setHeader('access-control-allow-headers', CORS_ALLOWED_HEADERS.join(', '));
      res.setHeader('access-control-max-age', String(CORS_MAX_AGE_SECONDS));
      res.status(204).end();
      return;
    }
    if (methods.includes(req.method)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-expose-headers', CORS_EXPOSED_HEADERS.join(', '));
    }
    next();
  };
}

function headersAllowed(header: string | undefined): boolean {
  if (!header) return true;
  const allowed: readonly string[] = CORS_ALLOWED_HEADERS;
  return header
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .every((h) => h === '' || allowed.includes(h));
}
