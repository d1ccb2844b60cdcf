/** /webhook-endpoints: the deprecated legacy shim over the one outbound webhook system (spec section 4). */
import { z } from 'zod';
import { defineRoute, idParams, listResponse, type AnyRouteDef } from '@studio/http';
import type { EndpointService } from '../services/endpoint.service.js';
import { createEndpointBody, endpointJson, endpointSchema, endpointsListQuery, endpointWithSecretSchema } from './endpoints.schema.js';

export function endpointRoutes(endpoints: EndpointService): AnyRouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/webhook-endpoints',
      operationId: 'listWebhookEndpoints',
      summary: 'List webhook endpoints of a workspace (never with their secrets)',
      tags: ['webhooks'],
      auth: 'token' as const,
      deprecated: true,
      query: endpointsListQuery,
      response: listResponse(endpointSchema),
      handler: async ({ principal, query }) => {
        const page = await endpoints.list(principal, query.workspace_id, query.kind, query.limit, query.cursor);
        const now = new Date();
        return { ok: true, items: page.rows.map((e) => endpointJson(e, now)), next_cursor: page.nextCursor };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/webhook-endpoints',
      operationId: 'createWebhookEndpoint',
      summary: 'Register a legacy endpoint; the signing secret is returned this once',
      tags: ['webhooks'],
      auth: 'token' as const,
      deprecated: true,
      body: createEndpointBody,
      status: 201,
      idempotent: true,
      errors: ['forbidden', 'conflict'],
      response: z.object({ ok: z.literal(true), webhook_endpoint: endpointWithSecretSchema }),
      handler: async ({ principal, body }) => {
        const { endpoint, secret } = await endpoints.create(principal, {
          workspaceId: body.workspace_id,
          url: body.url,
          eventTypes: body.event_types,
        });
        return { ok: true, webhook_endpoint: { ...endpointJson(endpoint), signing_secret: secret } };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/webhook-endpoints/:id',
      operationId: 'deleteWebhookEndpoint',
      summary: 'Hard-delete an endpoint and its delivery history',
      tags: ['webhooks'],
      auth: 'token' as const,
      deprecated: true,
      params: idParams,
      errors: ['forbidden'],
      response: z.object({ ok: z.literal(true), deleted: z.literal(true) }),
      handler: async ({ principal, params }) => {
        await endpoints.remove(principal, params.id);
        return { ok: true, deleted: true };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/webhook-endpoints/:id/rotate-secret',
      operationId: 'rotateWebhookSecret',
      summary: 'Rotate the signing secret; the new one is returned this once, the old one signs v0 for 24 h',
      tags: ['webhooks'],
      auth: 'token' as const,
      deprecated: true,
      params: idParams,
      errors: ['forbidden'],
      response: z.object({ ok: z.literal(true), webhook_endpoint: endpointWithSecretSchema }),
      handler: async ({ principal, params }) => {
        const { endpoint, secret } = await endpoints.rotate(principal, params.id);
        return { ok: true, webhook_endpoint: { ...endpointJson(endpoint), signing_secret: secret } };
      },
    }),
  ];
}
