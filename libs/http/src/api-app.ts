/**
 * The HTTP application of a service with a public API: the shared skeleton (createHttpApp: call context, JSON
 * bodies, identity, health, metrics), the service's route registry under /api/v1, its OpenAPI fragment for the
 * gateway (docs/decisions/0008-openapi.md), then 404 and the error handler (finishHttpApp). `mapError` lets a service
 * say what an error of its routes means before the shared handler answers it (e.g. asUnavailable of @studio/errors:
 * database trouble is a 503, never a 500).
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { AppError } from '@studio/errors';
import { PUBLIC_API_BASE, serveOpenApiFragment, type WebhookDef } from './openapi.js';
import type { MountOptions, RouteRegistry } from './route.js';
import { createHttpApp, finishHttpApp, type HttpAppOptions } from './http-app.js';

export interface ApiAppOptions extends HttpAppOptions {
  routes: RouteRegistry;
  /** `info.title` of the service's OpenAPI fragment, e.g. "studio service". */
  title: string;
  /** The webhooks the service sends, documented in its fragment (OpenAPI 3.1 `webhooks`). */
  webhooks?: readonly WebhookDef[];
  /** Maps an error thrown by one of `routes` to an AppError (null: leave it as it is) before it is answered. */
  mapError?: (err: unknown) => AppError | null;
  /** The service's table of Idempotency-Keys (required when a route is idempotent; see RouteRegistry.mount). */
  idempotency?: NonNullable<MountOptions['idempotency']>['store'];
}

export function createApiApp({ routes, title, webhooks, mapError, idempotency, ...skeleton }: ApiAppOptions): Express {
  const app = createHttpApp(skeleton);
  const router = express.Router();
  routes.mount(router, idempotency ? { idempotency: { store: idempotency, logger: skeleton.logger } } : {});
  if (mapError) router.use((err: unknown, _req: Request, _res: Response, next: NextFunction) => next(mapError(err) ?? err));
  app.use(PUBLIC_API_BASE, router);
  serveOpenApiFragment(app, routes, { title, ...(webhooks ? { webhooks } : {}) });
  finishHttpApp(app, skeleton.logger);
  return app;
}
