/** Delivery history and replay (spec section 4, routes whose details are limited). */
import { z } from 'zod';
import { defineRoute, idParams, listResponse, type AnyRouteDef } from '@studio/http';
import type { DeliveryService } from '../services/delivery.service.js';
import { webhookDeliveryDetailRecord, webhookDeliveryRecord } from '@studio/contracts/records';
import { deliveryDetailJson, deliveryJson } from '../services/serializers.js';
import { deliveriesListQuery, testDeliveryBody } from './deliveries.schema.js';

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
      response: listResponse(webhookDeliveryRecord),
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
        delivery: webhookDeliveryDetailRecord,
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
      response: z.object({ ok: z.literal(true), delivery: webhookDeliveryRecord }),
      handler: async ({ principal, params }) => ({ ok: true, delivery: deliveryJson(await deliveries.replay(principal, params.id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/webhook-endpoints/:id/test',
      operationId: 'sendTestWebhookDelivery',
      summary: 'Send one test delivery of example data to an endpoint or subscription',
      description:
        "Needs the admin role or above in the endpoint's workspace (403 below it, 404 outside the caller's tenant); {id} is a legacy endpoint's or a subscription's id. Sends one delivery to this endpoint only: a new event (fresh id) of the type named in the optional body, or else of the first type the endpoint subscribes to, whose data is example data valid for that type. It is signed exactly as real deliveries are, carries X-Service-Test: true, is retried on failure and can be replayed like any other, and appears in the endpoint's delivery history with test: true. It is never a domain event: nothing else receives it. Answers 201 with the delivery (pending). A type the endpoint does not subscribe to is 400; an inactive subscription is 409. Takes Idempotency-Key.",
      tags: ['webhooks'],
      auth: 'token' as const,
      params: idParams,
      body: testDeliveryBody,
      bodyOptional: true,
      status: 201,
      idempotent: true,
      errors: ['forbidden', 'conflict'],
      example: { request: { type: 'gallery.published' } },
      response: z.object({ ok: z.literal(true), delivery: webhookDeliveryRecord }),
      handler: async ({ principal, params, body }) => ({
        ok: true,
        delivery: deliveryJson(await deliveries.sendTest(principal, params.id, body?.type)),
      }),
    }),
  ];
}
