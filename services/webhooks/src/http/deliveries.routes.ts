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
      tags: ['webhooks'],
      auth: 'token' as const,
      params: idParams,
      status: 202,
      errors: ['forbidden', 'conflict'],
      response: z.object({ ok: z.literal(true), delivery: deliverySchema }),
      handler: async ({ principal, params }) => ({ ok: true, delivery: deliveryJson(await deliveries.replay(principal, params.id)) }),
    }),
  ];
}
