/**
 * gallery's HTTP application: the shared skeleton (request id, JSON bodies, identity, health, metrics, errors)
 * with the gallery and client-session routes under /api/v1.
 */
import type { Express } from 'express';
import { RouteRegistry } from '@studio/http';
import { createApiApp } from '@studio/http/api-app';
import type { IdempotencyStore } from '@studio/idempotency';
import type { HttpAppOptions, IdentityVerification } from '@studio/http/server';
import type { Services } from '../services/index.js';
import { clientSessionRoutes } from './client-session.routes.js';
import { galleryRoutes } from './gallery.routes.js';

export function galleryHttpRoutes(services: Services): RouteRegistry {
  return new RouteRegistry().add(...galleryRoutes(services), ...clientSessionRoutes(services));
}

export interface GalleryHttpOptions extends HttpAppOptions {
  services: Services;
  identity: IdentityVerification;
  /** The Idempotency-Key records of the keyed routes (the store's SqlIdempotencyStore). */
  idempotency: IdempotencyStore;
}

export function buildHttpApp({ services, ...skeleton }: GalleryHttpOptions): Express {
  return createApiApp({ ...skeleton, routes: galleryHttpRoutes(services), title: 'gallery service' });
}
