/**
 * What every console route shares: sending a page, the POST guard (Origin first, then the urlencoded form body, at
 * most FORM_LIMIT_BYTES), the person's address and user agent for studio, and the error pages every failure ends on:
 *
 *   studio says unauthorized -> the session cookie is cleared, 303 to the sign-in page
 *   not found                -> the 404 page
 *   studio unavailable       -> the 503 page ("The console is unavailable. Try again in a moment.")
 *   an oversized form        -> the 413 page; an unreadable one -> the 400 page
 *   anything else            -> the 500 page naming the request id (logged; never a stack)
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError } from '@studio/errors';
import type { Logger } from '@studio/logger';
import type { ClientInfo } from '../grpc/studio-accounts.client.js';
import type { StaticAssets } from './assets.routes.js';
import type { SessionService } from '../services/session.service.js';
import { clearedSessionCookie, type CookieOptions, parseCookies, SESSION_COOKIE } from './cookies.js';
import { errorPage, errorStatus, type ErrorPage } from './pages/errors.page.js';
import type { Html } from './pages/html.js';
import type { Viewer } from './pages/layout.js';
import { isSameOrigin } from './security.middleware.js';

/** The largest form body the console reads (the gateway refuses larger ones first). */
export const FORM_LIMIT_BYTES = 16 * 1024;

export function sendPage(res: Response, status: number, body: Html): void {
  res.status(status).type('html').send(body.text);
}

export function sendErrorPage(
  res: Response,
  assets: StaticAssets,
  kind: ErrorPage,
  requestId?: string,
  viewer: Viewer | null = null,
): void {
  sendPage(res, errorStatus(kind), errorPage({ assets: assets.urls, viewer }, kind, requestId));
}

/** The cookies of the request (parsed once). */
export function cookiesOf(req: Request): Map<string, string> {
  return parseCookies(req.headers.cookie);
}

/**
 * The person's address as the gateway forwarded it (the last X-Forwarded-For entry: the one the gateway wrote), or the
 * socket's peer when the console is reached directly; and their user agent, bounded.
 */
export function clientInfo(req: Request): ClientInfo {
  const forwarded = req.headers['x-forwarded-for'];
  const last = typeof forwarded === 'string' ? forwarded.split(',').at(-1)?.trim() : undefined;
  const userAgent = req.headers['user-agent'];
  return {
    clientAddress: (last || req.socket.remoteAddress || '').slice(0, 64),
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : '',
  };
}

/**
 * Every POST: the Origin must be the console's public origin (a missing one is refused as well) -> 403 page; then the
 * body must be a urlencoded form of at most FORM_LIMIT_BYTES -> 400 or 413 page. The CSRF token is checked by each
 * route (the session's token, or the double-submit cookie's on the signed-out forms).
 */
export function guardPosts(publicOrigin: string, assets: StaticAssets): RequestHandler {
  const form = express.urlencoded({ extended: false, limit: FORM_LIMIT_BYTES, parameterLimit: 50, type: () => true });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST') {
      next();
      return;
    }
    if (!isSameOrigin(req.headers.origin, publicOrigin)) {
      sendErrorPage(res, assets, 'cross_site');
      return;
    }
    if (!req.is('application/x-www-form-urlencoded')) {
      sendErrorPage(res, assets, 'bad_request');
      return;
    }
    // createHttpApp's JSON parser left a form body unread: read it here, within the form limit.
    req.body = undefined;
    form(req, res, next);
  };
}

/** The CSRF token a form carried (one string value, else none). */
export function formCsrf(req: Request): string | undefined {
  const value = (req.body as Record<string, unknown> | undefined)?.csrf;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The final handlers: the 404 page for what no route answered (with the signed-in nav when the cookie still names a
 * session; studio not answering only leaves the nav out), and the error pages.
 */
export function errorPages(assets: StaticAssets, cookies: CookieOptions, logger: Logger, sessions: SessionService) {
  const notFound = async (req: Request, res: Response) => {
    const current = await sessions.current(cookiesOf(req).get(SESSION_COOKIE)).catch(() => null);
    const viewer = current && { email: current.session.email, csrfToken: current.session.csrfToken };
    sendErrorPage(res, assets, 'not_found', undefined, viewer);
  };
  const onError = (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const kind = pageFor(err);
    if (kind === 'sign_in') {
      res.setHeader('set-cookie', clearedSessionCookie(cookies));
      res.redirect(303, '/console/sign-in');
      return;
    }
    if (kind === 'unavailable') logger.warn({ err: (err as Error)?.message }, 'studio unavailable');
    if (kind === 'internal') logger.error({ err, method: req.method, path: req.path }, 'unhandled console error');
    sendErrorPage(res, assets, kind, req.requestId);
  };
  return [notFound, onError] as const;
}

/** Which page a thrown value ends on (gRPC status of studio -> page; the form parser's refusals -> 413 or 400). */
export function pageFor(err: unknown): ErrorPage | 'sign_in' {
  if (err instanceof AppError) {
    switch (err.kind) {
      case 'unauthorized':
        return 'sign_in';
      case 'not_found':
        return 'not_found';
      case 'unavailable':
        return 'unavailable';
      case 'invalid_input':
        return 'bad_request';
      default:
        return 'internal';
    }
  }
  const { type, status } = (err && typeof err === 'object' ? err : {}) as { type?: string; status?: number };
  if (type === 'entity.too.large' || status === 413) return 'too_large';
  if (typeof status === 'number' && status >= 400 && status < 500) return 'bad_request';
  return 'internal';
}
