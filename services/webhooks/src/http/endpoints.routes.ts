/** /webhook-endpoints: the deprecated legacy shim over the one outbound webhook system (spec section 4). */
import { z } from 'zod';
import { defineRoute, deprecation, idParams, listResponse, type AnyRouteDef } from '@studio/http';
import type { EndpointService } from '../services/endpoint.service.js';
import { webhookEndpointRecord, webhookEndpointWithSecretRecord } from '@studio/contracts/records';
import { endpointJson } from '../services/serializers.js';
import { createEndpointBody, endpointsListQuery } from './endpoints.schema.js';

/**
 * The legacy group (list, create, delete) is deprecated in favour of /webhooks/subscriptions (spec sections 4 and 9):
 * every answer says so (Deprecation, Sunset, Link to the guide in the API reference's introduction). Rotate-secret and
 * the delivery history are not: they are the only way to do that for subscriptions too.
 */
export const LEGACY_ENDPOINTS_DEPRECATION = deprecation({
  since: '2026-11-01',
  sunset: '2027-05-01',
  guide: 'Migrating-from-webhook-endpoints',
});

export function endpointRoutes(endpoints: EndpointService): AnyRouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/webhook-endpoints',
      operationId: 'listWebhookEndpoints',
      summary: 'List webhook endpoints of a workspace (never with their secrets)',
      description:
        'Deprecated: prefer /webhooks/subscriptions. Any member of the workspace named by workspace_id (required) may call it; kind selects legacy endpoints (the default), subscriptions or all. Returns a page with next_cursor; signing secrets are never included.',
      tags: ['webhooks'],
      auth: 'token' as const,
      deprecated: LEGACY_ENDPOINTS_DEPRECATION,
      query: endpointsListQuery,
      response: listResponse(webhookEndpointRecord),
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
      description:
        'Deprecated: prefer POST /webhooks/subscriptions. Needs the admin role or above (403 below it). Registers a legacy endpoint for some of gallery.published, gallery.delivered and ai.cull.completed and returns it with 201 and its signing_secret, shown this once. Takes Idempotency-Key; a refused target URL is 400 and a workspace at its limit of active endpoints is 409.',
      tags: ['webhooks'],
      auth: 'token' as const,
      deprecated: LEGACY_ENDPOINTS_DEPRECATION,
      body: createEndpointBody,
      status: 201,
      idempotent: true,
      errors: ['forbidden', 'conflict'],
      response: z.object({ ok: z.literal(true), webhook_endpoint: webhookEndpointWithSecretRecord }),
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
      description:
        "Deprecated. Needs the admin role or above in the endpoint's workspace (403 below it, 404 outside the caller's tenant). Hard-deletes the endpoint, of either kind, with its deliveries and their attempts, and answers deleted: true.",
      tags: ['webhooks'],
      auth: 'token' as const,
      deprecated: LEGACY_ENDPOINTS_DEPRECATION,
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
      description:
        "Needs the admin role or above in the endpoint's workspace (403 below it, 404 outside the caller's tenant). Generates a new signing secret, returned this once; for 24 hours deliveries carry v1 signed with the new secret and v0 signed with the old one. It is also how an admin obtains the secret of a REST-hook subscription.",
      tags: ['webhooks'],
      auth: 'token' as const,
      idempotent: true,
      params: idParams,
      errors: ['forbidden'],
      response: z.object({ ok: z.literal(true), webhook_endpoint: webhookEndpointWithSecretRecord }),
      handler: async ({ principal, params }) => {
        const { endpoint, secret } = await endpoints.rotate(principal, params.id);
        return { ok: true, webhook_endpoint: { ...endpointJson(endpoint), signing_secret: secret } };
      },
    }),
  ];
}
