import { describe, expect, it } from 'vitest';
import { listOperations, openApiFragment } from '@studio/http/openapi';
import { validateOpenApi } from '@studio/testkit/openapi';
import { deliveryRoutes } from './deliveries.routes.js';
import { endpointRoutes } from './endpoints.routes.js';
import { subscriptionRoutes } from './subscriptions.routes.js';

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
});
