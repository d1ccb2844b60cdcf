/**
 * studio's HTTP application: the shared skeleton (request id, JSON bodies, identity, health, metrics, errors)
 * with every public route mounted under /api/v1.
 */
import express, { type Express } from 'express';
import { RouteRegistry } from '@studio/http';
import { createHttpApp, finishHttpApp } from '@studio/http/server';
import { serveOpenApiFragment } from '@studio/http/openapi';
import type { HttpMetrics } from '@studio/http/metrics';
import type { Logger } from '@studio/logger';
import type { Services } from '../services/index.js';
import { authRoutes } from './auth.routes.js';
import { clientRoutes } from './client.routes.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { invoiceRoutes } from './invoice.routes.js';
import { orderRoutes } from './order.routes.js';
import { shootRoutes } from './shoot.routes.js';
import { taskRoutes } from './task.routes.js';
import { workspaceRoutes } from './workspace.routes.js';

export const API_BASE = '/api/v1';

export function studioRoutes(services: Services): RouteRegistry {
  return new RouteRegistry().add(
    ...authRoutes(services),
    ...workspaceRoutes(services),
    ...shootRoutes(services),
    ...clientRoutes(services),
    ...orderRoutes(services),
    ...invoiceRoutes(services),
    ...taskRoutes(services),
    ...dashboardRoutes(services),
  );
}

export interface StudioHttpOptions {
  services: Services;
  logger: Logger;
  metrics: HttpMetrics;
  identitySecret: string;
  readiness: Record<string, () => Promise<unknown>>;
  isAccepting: () => boolean;
  /** One access-log line per request (ACCESS_LOG). */
  accessLog?: boolean;
}

export function buildHttpApp(opts: StudioHttpOptions): Express {
  const app = createHttpApp({
    logger: opts.logger,
    metrics: opts.metrics,
    identitySecret: opts.identitySecret,
    readiness: opts.readiness,
    isAccepting: opts.isAccepting,
    accessLog: opts.accessLog,
  });
  const router = express.Router();
  const routes = studioRoutes(opts.services);
  routes.mount(router);
  app.use(API_BASE, router);
  // This service's part of the public OpenAPI document, for the gateway (docs/decisions/0008-openapi.md).
  serveOpenApiFragment(app, routes, { title: 'studio service' });
  finishHttpApp(app, opts.logger);
  return app;
}
