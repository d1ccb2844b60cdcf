/**
 * Issue 24 item 5, black box: POST /webhook-endpoints/{id}/test through the gateway, received by a real HTTP receiver
 * on loopback and verified with Stripe's independent verifier (`stripe.webhooks.constructEvent`, offline) and the
 * spec-only verifier of support/webhooks.ts.
 *
 * - A legacy endpoint gets one delivery of the first type it subscribes to (spec section 6 order), signed as real
 *   deliveries are, with `X-Service-Test: true`, recorded in its history with `test: true`; a sibling endpoint of the
 *   same type receives nothing.
 * - A subscription gets one of its type, signed v1 + v0 (its secret came from rotate-secret); its example data has
 *   the same members as a real delivery of that type caused by a real operation (POST /shoots).
 * - Idempotency-Key: the same key twice sends one delivery and answers the same record.
 * - Bad input: unknown type, unsubscribed type, malformed body, viewer 403, another tenant's id 404 (byte-identical),
 *   bad uuid 400, no token 401.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, NOT_FOUND_TEXT } from './support/client.js';
import { tenant } from './support/operator.js';
import { until } from './support/poll.js';
import {
  UUID_RE,
  allDeliveries,
  expectDelivery,
  keysOf,
  registerLegacy,
  startReceiver,
  subscribe,
  type Endpoint,
  type Receiver,
} from './support/webhooks.js';

const stripe = new Stripe('sk_test_x');

describe('POST /webhook-endpoints/{id}/test', () => {
  let ws: Awaited<ReturnType<typeof tenant>>;
  let stranger: Awaited<ReturnType<typeof tenant>>;
  let receiver: Receiver;
  let legacy: Endpoint;
  let sibling: Endpoint;
  let shootSub: Endpoint;

  beforeAll(async () => {
    [ws, stranger] = await Promise.all([tenant(['owner', 'admin', 'viewer']), tenant(['owner'])]);
    receiver = await startReceiver();
    [legacy, sibling, shootSub] = await Promise.all([
      // Registered out of catalog order on purpose: the default is gallery.published, the first in spec order.
      registerLegacy(ws.tokens.admin, ws.workspaceId, `${receiver.url}/test/legacy`, ['ai.cull.completed', 'gallery.published']),
      registerLegacy(ws.tokens.admin, ws.workspaceId, `${receiver.url}/test/sibling`, ['gallery.published']),
      subscribe(ws.tokens.admin, ws.workspaceId, `${receiver.url}/test/shoot`, 'shoot.created'),
    ]);
  });

  afterAll(async () => {
    for (const e of [legacy, sibling, shootSub]) if (e) await api('DELETE', `/webhook-endpoints/${e.id}`, { token: ws.tokens.admin });
    await receiver?.close();
  });

  const sendTest = (id: string, opts: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}) =>
    api('POST', `/webhook-endpoints/${id}/test`, { token: ws.tokens.admin, ...opts });

  it('sends one signed, marked delivery of example data to that endpoint only, and records it in its history', async () => {
    const res = await sendTest(legacy.id);
    expect(res.status, res.text).toBe(201);
    const delivery = res.body.delivery;
    expect(res.body.ok).toBe(true);
    expect(delivery).toMatchObject({
      endpoint_id: legacy.id,
      workspace_id: ws.workspaceId,
      event_type: 'gallery.published',
      state: 'pending',
      test: true,
    });
    expect(delivery.id).toMatch(UUID_RE);

    const [d] = await receiver.waitFor('the test delivery', (x) => x.eventId === delivery.event_id);
    expect(d!.path).toBe('/test/legacy');
    expect(d!.headers['x-service-test']).toBe('true');
    const env = expectDelivery(d!, { secret: legacy.secret, workspaceId: ws.workspaceId, type: 'gallery.published', v0: false });
    expect(env.id).toBe(delivery.event_id);
    expect(stripe.webhooks.constructEvent(d!.raw, d!.headers['x-service-signature'] as string, legacy.secret, 300)).toEqual(env);
    expect(() => stripe.webhooks.constructEvent(d!.raw, d!.headers['x-service-signature'] as string, sibling.secret, 300)).toThrow();
    // Example data of the type: the gallery's members, its workspace the envelope's.
    expect(env.data.gallery_id).toMatch(UUID_RE);
    expect(env.data.workspace_id).toBe(ws.workspaceId);
    expect(env.data.id).toBe(env.data.gallery_id);

    const recorded = await until('the test delivery succeeded in the history', async () => {
      const items = await allDeliveries(ws.tokens.viewer, legacy.id);
      return items.find((i) => i.id === delivery.id && i.state === 'succeeded');
    });
    expect(recorded).toMatchObject({ test: true, event_id: delivery.event_id, attempt_count: 1, last_status: 200 });
    // Exactly one request for that event, to that endpoint; the sibling of the same type has no history at all.
    expect(receiver.where((x) => x.eventId === delivery.event_id)).toHaveLength(1);
    expect(await allDeliveries(ws.tokens.admin, sibling.id)).toEqual([]);
  });

  it('sends a subscription its type, signed v1 and v0, with the members a real delivery of that type has', async () => {
    const res = await sendTest(shootSub.id, { body: {} });
    expect(res.status, res.text).toBe(201);
    expect(res.body.delivery).toMatchObject({ endpoint_id: shootSub.id, event_type: 'shoot.created', test: true });
    const [test] = await receiver.waitFor('the subscription test', (x) => x.eventId === res.body.delivery.event_id);
    expect(test!.headers['x-service-test']).toBe('true');
    const testEnv = expectDelivery(test!, { secret: shootSub.secret, workspaceId: ws.workspaceId, type: 'shoot.created', v0: true });
    stripe.webhooks.constructEvent(test!.raw, test!.headers['x-service-signature'] as string, shootSub.secret, 300);

    // A real shoot.created, caused by a real operation, for comparison: same members, no test header.
    const shoot = await api('POST', '/shoots', { token: ws.tokens.owner, body: { workspace_id: ws.workspaceId, title: 'Real one' } });
    expect(shoot.status, shoot.text).toBe(201);
    const [real] = await receiver.waitFor(
      'the real shoot.created',
      (x) => x.path === '/test/shoot' && x.body?.data?.shoot_id === shoot.body.shoot.id,
    );
    expect(real!.headers['x-service-test']).toBeUndefined();
    const realEnv = expectDelivery(real!, { secret: shootSub.secret, workspaceId: ws.workspaceId, type: 'shoot.created', v0: true });
    expect(keysOf(testEnv.data)).toEqual(keysOf(realEnv.data));
    for (const key of Object.keys(realEnv.data)) {
      const [a, b] = [realEnv.data[key], testEnv.data[key]];
      if (a !== null && b !== null) expect(typeof b, key).toBe(typeof a);
      if (typeof a === 'string' && UUID_RE.test(a)) expect(b, key).toMatch(UUID_RE);
    }
  });

  it('honours Idempotency-Key: the same key twice sends one delivery and answers the same record', async () => {
    const key = `test-delivery-${randomUUID()}`;
    const first = await sendTest(legacy.id, { body: { type: 'ai.cull.completed' }, headers: { 'idempotency-key': key } });
    expect(first.status, first.text).toBe(201);
    const second = await sendTest(legacy.id, { body: { type: 'ai.cull.completed' }, headers: { 'idempotency-key': key } });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.delivery.id).toBe(first.body.delivery.id);
    const [d] = await receiver.waitFor('the keyed test', (x) => x.eventId === first.body.delivery.event_id);
    expectDelivery(d!, { secret: legacy.secret, workspaceId: ws.workspaceId, type: 'ai.cull.completed', v0: false });
    const tests = (await allDeliveries(ws.tokens.admin, legacy.id)).filter((i) => i.event_type === 'ai.cull.completed');
    expect(tests.map((i) => i.id)).toEqual([first.body.delivery.id]);
    // The same key with another body is a conflict.
    const other = await sendTest(legacy.id, { body: { type: 'gallery.published' }, headers: { 'idempotency-key': key } });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('idempotency_conflict');
  });

  it('refuses bad input, a role below admin and ids it cannot show, and sends nothing', async () => {
    const before = (await allDeliveries(ws.tokens.admin, legacy.id)).length;
    const seen = receiver.deliveries.length;

    const unknown = await sendTest(legacy.id, { body: { type: 'gallery.exploded' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ ok: false, error: 'invalid_input' });
    const unsubscribed = await sendTest(legacy.id, { body: { type: 'shoot.created' } });
    expect(unsubscribed.status).toBe(400);
    expect(unsubscribed.body).toMatchObject({ ok: false, error: 'invalid_input' });
    expect(unsubscribed.body.message).toBe(
      'body.type: the endpoint does not subscribe to shoot.created; it subscribes to gallery.published, ai.cull.completed',
    );
    const malformed = await sendTest(legacy.id, { rawBody: '{"type":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ ok: false, error: 'invalid_input' });
    const wrongShape = await sendTest(legacy.id, { body: { type: 42 } });
    expect(wrongShape.status).toBe(400);

    const viewer = await sendTest(legacy.id, { token: ws.tokens.viewer });
    expect(viewer.status).toBe(403);
    expect(viewer.body).toMatchObject({ ok: false, error: 'forbidden' });
    const foreign = await sendTest(legacy.id, { token: stranger.tokens.owner });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(NOT_FOUND_TEXT);
    const missing = await sendTest(randomUUID());
    expect(missing.text).toBe(NOT_FOUND_TEXT);
    const badId = await sendTest('not-a-uuid');
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ ok: false, error: 'invalid_input' });
    const anonymous = await api('POST', `/webhook-endpoints/${legacy.id}/test`);
    expect(anonymous.status).toBe(401);

    expect((await allDeliveries(ws.tokens.admin, legacy.id)).length).toBe(before);
    expect(receiver.deliveries.length).toBe(seen);
  });
});
