/**
 * The console's HTTP application: the shared skeleton (request id, trace, metrics, access log; createHttpApp of
 * @studio/http), then
 *
 *   the client portal (/portal, its own policy; it answers every /portal request: portal.routes.ts)
 *   -> security headers (CSP, no-store) -> static assets (immutable) -> POST guard (Origin, form body <= 16 KiB)
 *   -> signing in and out (account.routes.ts) -> tokens and workspaces (tokens.routes.ts) -> 404 page -> error pages
 *
 * Every answer is HTML made by the typed templates of ./pages; a failure is a page too (404, 403, 413, 503, 500),
 * never a stack trace or a JSON envelope. The console reads the session cookie and never an Authorization header.
 * /healthz, /readyz and /metrics are on the admin port (@studio/process).
 */
import type { Express } from 'express';
import { createHttpApp } from '@studio/http/server';
import type { ConsoleCore } from '../core.js';
import { accountRoutes } from './account.routes.js';
import { assetRoutes, buildAssets } from './assets.routes.js';
import { errorPages, guardPosts } from './console.middleware.js';
import { portalRoutes } from './portal.routes.js';
import { securityHeaders } from './security.middleware.js';
import { tokenRoutes } from './tokens.routes.js';

export interface ConsoleHttpOptions extends Pick<ConsoleCore, 'config' | 'logger' | 'metrics' | 'services'> {
  /** The clock (tests). */
  now?: () => Date;
}

export function buildHttpApp({ config, logger, metrics, services, now = () => new Date() }: ConsoleHttpOptions): Express {
  const app = createHttpApp({ logger, metrics, accessLog: config.accessLog, maxInFlight: config.maxInFlight });
  const assets = buildAssets();
  const cookies = { secure: config.secureCookies };
  app.use(portalRoutes({ imageOrigins: config.portalImageOrigins }));
  app.use(securityHeaders());
  app.use(assetRoutes(assets));
  app.use(guardPosts(config.publicOrigin, assets));
  app.use(accountRoutes({ services, assets, cookies }));
  app.use(tokenRoutes({ services, assets, cookies, now }));
  const [notFound, onError] = errorPages(assets, cookies, logger, services.sessions);
  app.use(notFound);
  app.use(onError);
  return app;
}
