/**
 * gallery's HTTP application: the shared skeleton (request id, JSON bodies, identity, health, metrics, errors)
 * with the gallery and client-session routes under /api/v1.
 */
import express, { type Express } from 'express';
import { RouteRegistry } from '@studio/http';
import { createHttpApp, finishHttpApp } from '@studio/http/server';
import { serveOpenApiFragment } from '@studio/http/openapi';
import type { HttpMetrics } from '@studio/http/metrics';
import type { Logger } from '@studio/logger';
import type { Services } from '../services/index.js';
import { clientSessionRoutes } from './client-session.routes.js';
import { galleryRoutes } from './gallery.routes.js';

export const API_BASE = '/api/v1';

export function galleryHttpRoutes(services: Services): RouteRegistry {
  return new RouteRegistry().add(...galleryRoutes(services), ...clientSessionRoutes(services));
}

export interface GalleryHttpOptions {
  services: Services;
  logger: Logger;
  metrics: HttpMetrics;
  identitySecret: string;
  readiness: Record<string, () => Promise<unknown>>;
  isAccepting: () => boolean;
  /** One access-log line per request (ACCESS_LOG). */
  accessLog?: boolean;
}

export function buildHttpApp(opts: GalleryHttpOptions): Express {
  const app = createHttpApp({
    logger: opts.logger,
    metrics: opts.metrics,
    identitySecret: opts.identitySecret,
    readiness: opts.readiness,
    isAccepting: opts.isAccepting,
    accessLog: opts.accessLog,
  });
  const router = express.Router();
  const routes = galleryHttpRoutes(opts.services);
  routes.mount(router);
  app.use(API_BASE, router);
  // This service's part of the public OpenAPI document, for the gateway (docs/decisions/0008-openapi.md).
  serveOpenApiFragment(app, routes, { title: 'gallery service' });
  finishHttpApp(app, opts.logger);
  return app;
}
