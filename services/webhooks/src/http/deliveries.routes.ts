/** Delivery history and replay (spec section 4, routes whose details are limited). */
import { z } from 'zod';
import { defineRoute, idParams, listResponse, type AnyRouteDef } from '@studio/http';
import type { DeliveryService } from '../services/delivery.service.js';
import { attemptSchema, deliveriesListQuery, deliveryDetailJson, deliveryJson, deliverySchema } from './deliveries.schema.js';

export function deliveryRoutes(deliveries: DeliveryService): AnyRouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/webhook-endpoints/:id/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: 'Delivery history of an endpoint, newest first, with the last status and error body',
      description:
        "Any member of the endpoint's workspace may call it. Returns a page of the endpoint's deliveries, newest first, each with its state, last HTTP status and error body, and next_cursor; state filters by delivery state. An endpoint of another tenant is 404.",
      tags: ['webhooks'],
      auth: 'token' as const,
      params: idParams,
      query: deliveriesListQuery,
      response: listResponse(deliverySchema),
      handler: async ({ principal, params, query }) => {
        const page = await deliveries.listForEndpoint(principal, params.id, query.limit, query.cursor, query.state);
        return { ok: true, items: page.rows.map(deliveryJson), next_cursor: page.nextCursor };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/webhook-deliveries/:id',
      operationId: 'getWebhookDelivery',
      summary: 'One delivery with its payload and every attempt',
      description:
        "Any member of the delivery's workspace may call it. Returns the delivery with its event payload and every attempt made so far. A delivery of another tenant is 404.",
      tags: ['webhooks'],
      auth: 'token' as const,
      params: idParams,
      response: z.object({
        ok: z.literal(true),
        delivery: deliverySchema.extend({ payload: z.unknown(), attempts: z.array(attemptSchema) }),
      }),
      handler: async ({ principal, params }) => ({ ok: true, delivery: deliveryDetailJson(await deliveries.get(principal, params.id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/webhook-deliveries/:id/replay',
      operationId: 'replayWebhookDelivery',
      summary: 'Send the same event (same X-Service-Event-Id) again, with a fresh retry schedule',
      description:
        "Needs the admin role or above in the delivery's workspace (403 below it, 404 outside the caller's tenant). Starts a new delivery cycle of the same event with a fresh retry schedule, so the subscriber sees the same X-Service-Event-Id again, and answers 202 with the delivery. A delivery whose endpoint is inactive is 409: subscribe again first.",
      tags: ['webhooks'],
      auth: 'token' as const,
      idempotent: true,
      params: idParams,
      status: 202,
      errors: ['forbidden', 'conflict'],
      response: z.object({ ok: z.literal(true), delivery: deliverySchema }),
      handler: async ({ principal, params }) => ({ ok: true, delivery: deliveryJson(await deliveries.replay(principal, params.id)) }),
    }),
  ];
}
