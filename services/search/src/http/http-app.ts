/**
 * search's HTTP application: the shared skeleton (request id, JSON bodies, identity, health, metrics, errors) with
 * GET /search under /api/v1. Database trouble during a search (unreachable, pool or statement timeout) is a 503
 * with the usual error body, never a 500 (asUnavailable of @studio/errors).
 */
import type { Express } from 'express';
import { asUnavailable } from '@studio/errors';
import { RouteRegistry } from '@studio/http';
import { createApiApp } from '@studio/http/api-app';
import type { HttpAppOptions, IdentityVerification } from '@studio/http/server';
import type { Services } from '../services/index.js';
import { searchRoutes } from './search.routes.js';

export function searchHttpRoutes(services: Services): RouteRegistry {
  return new RouteRegistry().add(...searchRoutes(services.search));
}

export interface SearchHttpOptions extends HttpAppOptions {
  services: Services;
  identity: IdentityVerification;
}

export function buildHttpApp({ services, ...skeleton }: SearchHttpOptions): Express {
  return createApiApp({
    ...skeleton,
    routes: searchHttpRoutes(services),
    title: 'search service',
    mapError: (err) => asUnavailable(err, 'search is temporarily unavailable'),
  });
}
