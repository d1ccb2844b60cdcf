/** /webhooks/subscriptions: REST hooks for automation platforms (the preferred interface, spec section 4). */
import { z } from 'zod';
import { defineRoute, type AnyRouteDef } from '@studio/http';
import type { SubscriptionService } from '../services/subscription.service.js';
import { webhookSubscriptionRecord } from '@studio/contracts/records';
import { subscriptionJson } from '../services/serializers.js';
import { subscribeBody, unsubscribeBody } from './subscriptions.schema.js';

export function subscriptionRoutes(subscriptions: SubscriptionService): AnyRouteDef[] {
  return [
    defineRoute({
      method: 'post',
      path: '/webhooks/subscriptions',
      operationId: 'subscribeWebhook',
      summary: 'Register or reactivate a REST-hook subscription (no secret in the answer)',
      description:
        'Needs the admin role or above in the workspace (workspace_id in the body, optional for a token scoped to one workspace). Registers a REST-hook subscription of target_url to one event, or reactivates the existing one for the same target and event (same id and history); answers 201 with created telling which. Takes Idempotency-Key; the signing secret is not returned (obtain it with rotate-secret).',
      tags: ['webhooks'],
      auth: 'token' as const,
      body: subscribeBody,
      status: 201,
      idempotent: true,
      errors: ['forbidden', 'conflict'],
      response: z.object({ ok: z.literal(true), subscription: webhookSubscriptionRecord, created: z.boolean() }),
      handler: async ({ principal, body }) => {
        const { subscription, created } = await subscriptions.subscribe(principal, {
          workspaceId: body.workspace_id,
          targetUrl: body.target_url,
          event: body.event,
        });
        return { ok: true, subscription: subscriptionJson(subscription), created };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/webhooks/subscriptions',
      operationId: 'unsubscribeWebhook',
      summary: 'Remove a subscription; a repeated delete answers deleted: false',
      description:
        "Needs the admin role or above in the subscription's workspace. The JSON body names the subscription by id, or by workspace_id, target_url and event; it is deactivated. Returns deleted: true, or deleted: false when there was no active subscription, so repeated deletes are safe.",
      tags: ['webhooks'],
      auth: 'token' as const,
      body: unsubscribeBody,
      // By id (the other form names workspace_id, target_url and event instead).
      example: { request: { id: '6b1f0c2e-8d4a-4f3b-9c7e-2a5d8e1f4b70' } },
      errors: ['forbidden'],
      response: z.object({ ok: z.literal(true), deleted: z.boolean() }),
      handler: async ({ principal, body }) => {
        const input =
          body.id !== undefined
            ? { id: body.id, workspaceId: body.workspace_id }
            : { workspaceId: body.workspace_id, targetUrl: body.target_url!, event: body.event! };
        const deleted = await subscriptions.unsubscribe(principal, input);
        return { ok: true, deleted };
      },
    }),
  ];
}
