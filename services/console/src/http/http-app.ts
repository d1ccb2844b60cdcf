/**
 * The console's HTTP application: the shared skeleton (request id, trace, metrics, access log; createHttpApp of
 * @studio/http), then
 *
 *   security headers (CSP, no-store) -> static assets (immutable) -> pages and forms -> 404 page -> error pages
 *
 * Every answer is HTML made by the typed templates of ./pages; a failure is a page too (404, 403, 413, 503, 500),
 * never a stack trace or a JSON envelope. /healthz, /readyz and /metrics are on the admin port (@studio/process).
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { createHttpApp } from '@studio/http/server';
import type { ConsoleCore } from '../core.js';
import { assetRoutes, buildAssets, type StaticAssets } from './assets.routes.js';
import { errorPage, errorStatus, type ErrorPage } from './pages/errors.page.js';
import { securityHeaders } from './security.middleware.js';

export function sendErrorPage(res: Response, assets: StaticAssets, kind: ErrorPage, requestId?: string): void {
  const body = errorPage({ assets: assets.urls, viewer: null }, kind, requestId).text;
  res.status(errorStatus(kind)).type('html').send(body);
}

export function buildHttpApp(core: Pick<ConsoleCore, 'config' | 'logger' | 'metrics' | 'services'>): Express {
  const { config, logger, metrics } = core;
  const app = createHttpApp({ logger, metrics, accessLog: config.accessLog });
  const assets = buildAssets();
  app.use(securityHeaders());
  app.use(assetRoutes(assets));
  const pages = express.Router({ strict: false });
  pages.get(['/console', '/console/'], (_req: Request, res: Response) => {
    res.redirect(303, '/console/sign-in');
  });
  app.use(pages);
  app.use((_req: Request, res: Response) => sendErrorPage(res, assets, 'not_found'));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err, method: req.method, path: req.path }, 'unhandled console error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendErrorPage(res, assets, 'internal', req.requestId);
  });
  return app;
}
