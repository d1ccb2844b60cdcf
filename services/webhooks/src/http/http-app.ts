/**
 * webhook-dispatch's HTTP application: the shared skeleton (request id, JSON bodies, identity, health, metrics,
 * errors) with the endpoint, subscription and delivery-history routes under /api/v1.
 */
import type { Express } from 'express';
import { RouteRegistry } from '@studio/http';
import { createApiApp } from '@studio/http/api-app';
import type { IdempotencyStore } from '@studio/idempotency';
import type { HttpAppOptions, IdentityVerification } from '@studio/http/server';
import type { Services } from '../services/index.js';
import { deliveryRoutes } from './deliveries.routes.js';
import { endpointRoutes } from './endpoints.routes.js';
import { subscriptionRoutes } from './subscriptions.routes.js';
import { webhookEventDocs } from './webhook-events.schema.js';

export function webhooksRoutes(services: Services): RouteRegistry {
  return new RouteRegistry().add(
    ...endpointRoutes(services.endpoints),
    ...subscriptionRoutes(services.subscriptions),
    ...deliveryRoutes(services.deliveries),
  );
}

export interface WebhooksHttpOptions extends HttpAppOptions {
  services: Services;
  identity: IdentityVerification;
  /** The Idempotency-Key records of the keyed routes (the store's SqlIdempotencyStore). */
  idempotency: IdempotencyStore;
}

export function buildHttpApp({ services, ...skeleton }: WebhooksHttpOptions): Express {
  return createApiApp({ ...skeleton, routes: webhooksRoutes(services), title: 'webhooks service', webhooks: webhookEventDocs() });
}
