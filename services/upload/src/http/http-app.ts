/**
 * upload's HTTP application: the shared skeleton (request id, JSON bodies, identity, health, metrics, errors)
 * with the photo, upload-session and AI routes under /api/v1. Bytes never pass through here: clients PUT them
 * to presigned object-store URLs.
 */
import express, { type Express } from 'express';
import { RouteRegistry } from '@studio/http';
import { createHttpApp, finishHttpApp } from '@studio/http/server';
import { serveOpenApiFragment } from '@studio/http/openapi';
import type { HttpMetrics } from '@studio/http/metrics';
import type { Logger } from '@studio/logger';
import type { Services } from '../services/index.js';
import { aiRoutes } from './ai.routes.js';
import { photoRoutes } from './photo.routes.js';
import { uploadSessionRoutes } from './upload-session.routes.js';

export const API_BASE = '/api/v1';

export function uploadRoutes(services: Services): RouteRegistry {
  return new RouteRegistry().add(...photoRoutes(services), ...uploadSessionRoutes(services), ...aiRoutes(services));
}

export interface UploadHttpOptions {
  services: Services;
  logger: Logger;
  metrics: HttpMetrics;
  identitySecret: string;
  readiness: Record<string, () => Promise<unknown>>;
  isAccepting: () => boolean;
  /** One access-log line per request (ACCESS_LOG). */
  accessLog?: boolean;
}

export function buildHttpApp(opts: UploadHttpOptions): Express {
  const app = createHttpApp({
    logger: opts.logger,
    metrics: opts.metrics,
    identitySecret: opts.identitySecret,
    readiness: opts.readiness,
    isAccepting: opts.isAccepting,
    accessLog: opts.accessLog,
  });
  const router = express.Router();
  const routes = uploadRoutes(opts.services);
  routes.mount(router);
  app.use(API_BASE, router);
  // This service's part of the public OpenAPI document, for the gateway (docs/decisions/0008-openapi.md).
  serveOpenApiFragment(app, routes, { title: 'upload service' });
  finishHttpApp(app, opts.logger);
  return app;
}
