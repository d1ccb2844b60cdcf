import { describe, expect, it } from 'vitest';
import { EVENT_CATALOG, PUBLIC_EVENT_TYPES } from '@studio/contracts/events';
import { listOperations, openApiFragment } from '@studio/http/openapi';
import { validateOpenApi } from '@studio/testkit/openapi';
import { deliveryRoutes } from './deliveries.routes.js';
import { endpointRoutes } from './endpoints.routes.js';
import { subscriptionRoutes } from './subscriptions.routes.js';
import { webhookEventDocs } from './webhook-events.schema.js';

describe("webhooks' OpenAPI fragment", () => {
  const routes = [...endpointRoutes({} as never), ...subscriptionRoutes({} as never), ...deliveryRoutes({} as never)];

  it('is a valid OpenAPI 3.1 document with a response schema for every route', async () => {
    const doc = openApiFragment(routes, { title: 'webhooks service', requireResponses: true });
    expect((await validateOpenApi(doc)).errors).toEqual([]);
    expect(listOperations(doc)).toHaveLength(routes.length);
  });

  it('marks the legacy endpoint routes deprecated, documents Idempotency-Key and the admin-role 403', () => {
    const doc = openApiFragment(routes, { title: 'webhooks service' });
    const create = doc.paths['/webhook-endpoints']!.post!;
    expect(create.deprecated).toBe(true);
    expect(doc.paths['/webhooks/subscriptions']!.post!.deprecated).toBeUndefined();
    for (const op of [create, doc.paths['/webhooks/subscriptions']!.post!]) {
      expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
      expect(Object.keys(op.responses as object)).toEqual(expect.arrayContaining(['201', '403', '409', '422']));
    }
    // DELETE /webhooks/subscriptions: either id, or target_url and event (the refine, made visible).
    const body = (
      doc.paths['/webhooks/subscriptions']!.delete!.requestBody as { content: Record<string, { schema: Record<string, unknown> }> }
    ).content['application/json']!.schema;
    expect(body.anyOf).toEqual([{ required: ['id'] }, { required: ['target_url', 'event'] }]);
  });

  it('documents the test delivery: admin 403, Idempotency-Key, an optional body of one type, the delivery answered', () => {
    const doc = openApiFragment(routes, { title: 'webhooks service' });
    const op = doc.paths['/webhook-endpoints/{id}/test']!.post! as Record<string, any>;
    expect(op.operationId).toBe('sendTestWebhookDelivery');
    expect(op.deprecated).toBeUndefined();
    expect(op.description).toMatch(/X-Service-Test: true/);
    expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '403', '404', '409', '422']));
    const body = op.requestBody.content['application/json'];
    expect(op.requestBody.required).toBe(false);
    expect(body.schema.properties.type.enum).toContain('gallery.published');
    expect(body.schema.properties.type.enum).not.toContain('lead.created');
    expect(body.example).toEqual({ type: 'gallery.published' });
    const answer = op.responses['201'].content['application/json'];
    expect(answer.schema.properties.delivery).toEqual({ $ref: '#/components/schemas/WebhookDelivery' });
    expect(answer.example.delivery.test).toBe(true);
    expect((doc.components.schemas as Record<string, any>).WebhookDelivery.required).toContain('test');
  });

  it('documents every public event type as an OpenAPI 3.1 webhook: envelope, typed data, delivery headers', async () => {
    const doc = openApiFragment(routes, { title: 'webhooks service', webhooks: webhookEventDocs() });
    expect((await validateOpenApi(doc)).errors).toEqual([]);
    expect(Object.keys(doc.webhooks ?? {})).toEqual([...PUBLIC_EVENT_TYPES]);
    expect(PUBLIC_EVENT_TYPES).toHaveLength(28);
    const published = doc.webhooks!['gallery.published']!.post!;
    expect(published.operationId).toBe('onGalleryPublished');
    expect(published.security).toEqual([]);
    const headers = (published.parameters as { name: string; in: string; required: boolean }[]).map((p) => [p.name, p.in, p.required]);
    expect(headers).toEqual([
      ['X-Service-Signature', 'header', true],
      ['X-Service-Event-Id', 'header', true],
      ['X-Service-Event-Type', 'header', true],
      ['X-Service-Test', 'header', false],
    ]);
    const body = (published.requestBody as any).content['application/json'];
    expect(body.schema).toEqual({ $ref: '#/components/schemas/GalleryPublishedEvent' });
    const schema = doc.components.schemas.GalleryPublishedEvent as any;
    expect(schema.required).toEqual(['id', 'type', 'created_at', 'workspace_id', 'api_version', 'data']);
    expect(schema.properties.type).toMatchObject({ const: 'gallery.published' });
    // data is the catalog's schema of the type, so its example parses with it.
    expect(schema.properties.data.properties.gallery_id).toMatchObject({ type: 'string', format: 'uuid' });
    expect(EVENT_CATALOG['gallery.published'].data.safeParse(body.example.data).success).toBe(true);
    expect(Object.keys(published.responses as object).sort()).toEqual(['2XX', '429', '4XX', '5XX']);
  });
});
