/**
 * studio's HTTP application: the shared skeleton (request id, JSON bodies, identity, health, metrics, errors)
 * with every public route mounted under /api/v1.
 */
import type { Express } from 'express';
import { RouteRegistry } from '@studio/http';
import { createApiApp } from '@studio/http/api-app';
import type { IdempotencyStore } from '@studio/idempotency';
import type { HttpAppOptions, IdentityVerification } from '@studio/http/server';
import type { Services } from '../services/index.js';
import { authRoutes } from './auth.routes.js';
import { clientRoutes } from './client.routes.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { invoiceRoutes } from './invoice.routes.js';
import { orderRoutes } from './order.routes.js';
import { shootRoutes } from './shoot.routes.js';
import { taskRoutes } from './task.routes.js';
import { workspaceRoutes } from './workspace.routes.js';

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

export interface StudioHttpOptions extends HttpAppOptions {
  services: Services;
  identity: IdentityVerification;
  /** The Idempotency-Key records of the keyed routes (the store's SqlIdempotencyStore). */
  idempotency: IdempotencyStore;
}

export function buildHttpApp({ services, ...skeleton }: StudioHttpOptions): Express {
  return createApiApp({ ...skeleton, routes: studioRoutes(services), title: 'studio service' });
}
