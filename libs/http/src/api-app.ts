/**
 * The HTTP application of a service with a public API: the shared skeleton (createHttpApp: call context, JSON
 * bodies, identity, health, metrics), the service's route registry under /api/v1, its OpenAPI fragment for the
 * gateway (docs/decisions/0008-openapi.md), then 404 and the error handler (finishHttpApp).
 */
import express, { type Express } from 'express';
import { PUBLIC_API_BASE, serveOpenApiFragment, type WebhookDef } from './openapi.js';
import type { RouteRegistry } from './route.js';
import { createHttpApp, finishHttpApp, type HttpAppOptions } from './http-app.js';

export interface ApiAppOptions extends HttpAppOptions {
  routes: RouteRegistry;
  /** `info.title` of the service's OpenAPI fragment, e.g. "studio service". */
  title: string;
  /** The webhooks the service sends, documented in its fragment (OpenAPI 3.1 `webhooks`). */
  webhooks?: readonly WebhookDef[];
}

export function createApiApp({ routes, title, webhooks, ...skeleton }: ApiAppOptions): Express {
  const app = createHttpApp(skeleton);
  const router = express.Router();
  routes.mount(router);
  app.use(PUBLIC_API_BASE, router);
  serveOpenApiFragment(app, routes, { title, ...(webhooks ? { webhooks } : {}) });
  finishHttpApp(app, skeleton.logger);
  return app;
}
