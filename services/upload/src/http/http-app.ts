/**
 * upload's HTTP application: the shared skeleton (request id, JSON bodies, identity, health, metrics, errors)
 * with the photo, upload-session and AI routes under /api/v1. Bytes never pass through here: clients PUT them
 * to presigned object-store URLs.
 */
import type { Express } from 'express';
import { RouteRegistry } from '@studio/http';
import { createApiApp } from '@studio/http/api-app';
import type { IdempotencyStore } from '@studio/idempotency';
import type { HttpAppOptions, IdentityVerification } from '@studio/http/server';
import type { Services } from '../services/index.js';
import { aiRoutes } from './ai.routes.js';
import { photoRoutes } from './photo.routes.js';
import { uploadSessionRoutes } from './upload-session.routes.js';

export function uploadRoutes(services: Services): RouteRegistry {
  return new RouteRegistry().add(...photoRoutes(services), ...uploadSessionRoutes(services), ...aiRoutes(services));
}

export interface UploadHttpOptions extends HttpAppOptions {
  services: Services;
  identity: IdentityVerification;
  /** The Idempotency-Key records of the keyed routes (the store's SqlIdempotencyStore). */
  idempotency: IdempotencyStore;
}

export function buildHttpApp({ services, ...skeleton }: UploadHttpOptions): Express {
  return createApiApp({ ...skeleton, routes: uploadRoutes(services), title: 'upload service' });
}
