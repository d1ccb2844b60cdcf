/**
 * Test deliveries (issue 24 item 5), POST /webhook-endpoints/{id}/test, against the real servers: the API and a
 * dispatcher on a fresh database, real receivers on loopback, and a spy queue bound to every routing key of the real
 * `studio.events` exchange to show that a test delivery never becomes an event.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { Channel } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION, EVENTS_EXCHANGE } from '@studio/amqp';
import { eventDataIssues } from '@studio/contracts/events';
import type { WebhooksWorker } from '../src/app.js';
import { exampleEventData } from '../src/services/test-event.js';
import { caller, envelope, startHarness, startReceiver, waitFor, type Caller, type Harness, type Receiver } from './support/harness.js';

const NOT_FOUND = '{"ok":false,"error":"not_found"}';
const stripe = new Stripe('sk_test_not_used_offline');

let h: Harness;
let dispatcher: WebhooksWorker;
let spy: Channel;
let spyQueue: string;
const receivers: Receiver[] = [];
const wsA = randomUUID();
let admin: Caller;
let viewer: Caller;
let outsider: Caller;

beforeAll(async () => {
  h = await startHarness();
  dispatcher = await h.startDispatcher();
  admin = caller(h.config, { [wsA]: 'admin' });
  viewer = caller(h.config, { [wsA]: 'viewer' });
  outsider = caller(h.config, { [randomUUID()]: 'owner' });
  spy = await h.amqp.model.createChannel();
  spyQueue = (await spy.assertQueue('', { exclusive: true, autoDelete: true })).queue;
  await spy.bindQueue(spyQueue, EVENTS_EXCHANGE, '#');
});
afterAll(async () => {
  await spy?.close().catch(() => undefined);
  await dispatcher?.stop();
  await h?.close();
  for (const r of receivers) await r.close();
});

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

async function legacy(url: string, eventTypes: string[]): Promise<{ id: string; signing_secret: string }> {
  const res = await h.api.call('POST', '/webhook-endpoints', { as: admin, body: { workspace_id: wsA, url, event_types: eventTypes } });
  expect(res.status, res.text).toBe(201);
  return res.body.webhook_endpoint;
}

const sendTest = (id: string, body?: unknown, as: Caller = admin) => h.api.call('POST', `/webhook-endpoints/${id}/test`, { as, body });

const deliveryState = (id: string, state: string) =>
  waitFor(`delivery ${id} ${state}`, async () => {
    const res = await h.api.call('GET', `/webhook-deliveries/${id}`, { as: admin });
    return res.body?.delivery?.state === state ? res.body.delivery : null;
  });

/** Every message the exchange carried since the spy queue was bound (drained). */
async function exchangeMessages(): Promise<{ routingKey: string; body: string }[]> {
  const out: { routingKey: string; body: string }[] = [];
  for (;;) {
    const m = await spy.get(spyQueue, { noAck: true });
    if (!m) return out;
    out.push({ routingKey: m.fields.routingKey, body: m.content.toString('utf8') });
  }
}

describe('POST /webhook-endpoints/{id}/test', () => {
  it('sends one signed delivery of example data, marked as a test, to that endpoint only, and records it', async () => {
    const r = await receiver();
    const sibling = await receiver();
    // Registered in this order on purpose: the default type is the first in catalog order (gallery.delivered).
    const ep = await legacy(r.url, ['ai.cull.completed', 'gallery.delivered']);
    const other = await legacy(sibling.url, ['gallery.delivered', 'ai.cull.completed']);
    const sub = await h.api.call('POST', '/webhooks/subscriptions', {
      as: admin,
      body: { workspace_id: wsA, target_url: `${sibling.url}?sub`, event: 'gallery.delivered' },
    });
    expect(sub.status).toBe(201);

    const res = await sendTest(ep.id);
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body)).toEqual(['ok', 'delivery']);
    const delivery = res.body.delivery;
    expect(delivery).toMatchObject({
      endpoint_id: ep.id,
      workspace_id: wsA,
      event_type: 'gallery.delivered',
      state: 'pending',
      attempt_count: 0,
      test: true,
    });

    const done = await deliveryState(delivery.id, 'succeeded');
    expect(r.requests).toHaveLength(1);
    const req = r.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-service-test']).toBe('true');
    expect(req.headers['x-service-event-id']).toBe(delivery.event_id);
    expect(req.headers['x-service-event-type']).toBe('gallery.delivered');
    const header = req.headers['x-service-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // Signed exactly as real deliveries: Stripe's independent verifier accepts it with the endpoint's secret only.
    const verified = stripe.webhooks.constructEvent(req.body, header, ep.signing_secret, 300) as unknown as Record<string, unknown>;
    expect(verified.id).toBe(delivery.event_id);
    expect(() => stripe.webhooks.constructEvent(req.body, header, `${ep.signing_secret}x`, 300)).toThrow();

    const sent = JSON.parse(req.body);
    expect(Object.keys(sent)).toEqual(['id', 'type', 'created_at', 'workspace_id', 'api_version', 'data']);
    expect(sent).toMatchObject({ id: delivery.event_id, type: 'gallery.delivered', workspace_id: wsA, api_version: API_VERSION });
    expect(eventDataIssues('gallery.delivered', sent.data)).toEqual([]);
    expect(sent.data.workspace_id).toBe(wsA);
    // The history has it, marked; the detail's payload is the exact body that was sent.
    expect(done).toMatchObject({ test: true, attempt_count: 1, last_status: 200 });
    expect(JSON.stringify(done.payload)).toBe(req.body);
    const history = await h.api.call('GET', `/webhook-endpoints/${ep.id}/deliveries`, { as: viewer });
    expect(history.status).toBe(200);
    expect(history.body.items).toEqual([expect.objectContaining({ id: delivery.id, test: true, state: 'succeeded' })]);

    // No fan-out: one delivery row for the event, none for the sibling endpoint and subscription of the same type.
    expect(await h.sql(`SELECT endpoint_id FROM deliveries WHERE event_id = $1`, [delivery.event_id])).toEqual([{ endpoint_id: ep.id }]);
    expect(await h.sql(`SELECT 1 FROM deliveries WHERE endpoint_id = ANY($1::uuid[])`, [[other.id, sub.body.subscription.id]])).toEqual([]);
    expect(sibling.requests).toHaveLength(0);
    // And never an event: nothing with its id crossed the exchange (search and every other consumer never see it),
    // while a real event published afterwards is seen by the spy and fans out to all three.
    const real = envelope('gallery.delivered', wsA, exampleEventData('gallery.delivered', wsA));
    await h.publish(real);
    await waitFor('the real event fanned out', () => sibling.requests.length === 2 && r.requests.length === 2);
    const seen = await exchangeMessages();
    expect(seen.filter((m) => m.body.includes(real.id)).map((m) => m.routingKey)).toEqual(['gallery.delivered']);
    expect(seen.filter((m) => m.body.includes(delivery.event_id))).toEqual([]);
    expect(r.requests[1]!.headers['x-service-test']).toBeUndefined();
  });

  it('takes a type the endpoint subscribes to; each test is a new event', async () => {
    const r = await receiver();
    const ep = await legacy(r.url, ['gallery.published', 'ai.cull.completed']);
    const first = await sendTest(ep.id, { type: 'ai.cull.completed' });
    expect(first.status, first.text).toBe(201);
    expect(first.body.delivery.event_type).toBe('ai.cull.completed');
    const second = await sendTest(ep.id, {});
    expect(second.body.delivery.event_type).toBe('gallery.published');
    expect(second.body.delivery.event_id).not.toBe(first.body.delivery.event_id);
    await deliveryState(first.body.delivery.id, 'succeeded');
    await deliveryState(second.body.delivery.id, 'succeeded');
    const bodies = r.requests.map((q) => JSON.parse(q.body));
    const cull = bodies.find((b) => b.type === 'ai.cull.completed');
    expect(eventDataIssues('ai.cull.completed', cull.data)).toEqual([]);
    expect(r.requests.every((q) => q.headers['x-service-test'] === 'true')).toBe(true);
  });

  it('works for a subscription, signed with v1 and v0 during a rotation; an inactive one is 409', async () => {
    const r = await receiver();
    const sub = await h.api.call('POST', '/webhooks/subscriptions', {
      as: admin,
      body: { workspace_id: wsA, target_url: r.url, event: 'invoice.paid' },
    });
    const id = sub.body.subscription.id as string;
    const rotated = await h.api.call('POST', `/webhook-endpoints/${id}/rotate-secret`, { as: admin });
    const secret = rotated.body.webhook_endpoint.signing_secret as string;

    const res = await sendTest(id);
    expect(res.status, res.text).toBe(201);
    expect(res.body.delivery).toMatchObject({ endpoint_id: id, event_type: 'invoice.paid', test: true });
    await deliveryState(res.body.delivery.id, 'succeeded');
    const req = r.requests[0]!;
    const header = req.headers['x-service-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v0=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(req.body, header, secret, 300)).not.toThrow();
    expect(eventDataIssues('invoice.paid', JSON.parse(req.body).data)).toEqual([]);
    expect(req.headers['x-service-test']).toBe('true');

    const wrongType = await sendTest(id, { type: 'gallery.published' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({
      ok: false,
      error: 'invalid_input',
      message: 'body.type: the endpoint does not subscribe to gallery.published; it subscribes to invoice.paid',
    });

    expect((await h.api.call('DELETE', '/webhooks/subscriptions', { as: admin, body: { id } })).body.deleted).toBe(true);
    const inactive = await sendTest(id);
    expect(inactive.status).toBe(409);
    expect(inactive.body.error).toBe('conflict');
  });

  it('is retried like any delivery, and can be replayed: the same event id, still marked as a test', async () => {
    const r = await receiver((_req, i) => (i === 0 ? { status: 503, body: 'not yet' } : { status: 204 }));
    const ep = await legacy(r.url, ['gallery.published']);
    const res = await sendTest(ep.id);
    const id = res.body.delivery.id as string;
    const done = await deliveryState(id, 'succeeded');
    expect(done.attempts.map((a: { http_status: number }) => a.http_status)).toEqual([503, 204]);
    expect(done.attempts[0].error).toBe('not yet');

    const replay = await h.api.call('POST', `/webhook-deliveries/${id}/replay`, { as: admin });
    expect(replay.status).toBe(202);
    expect(replay.body.delivery).toMatchObject({ id, test: true, state: 'pending' });
    await waitFor('the replayed test delivery', () => r.requests.length === 3);
    expect(new Set(r.requests.map((q) => q.headers['x-service-event-id']))).toEqual(new Set([res.body.delivery.event_id]));
    expect(r.requests.map((q) => q.headers['x-service-test'])).toEqual(['true', 'true', 'true']);
    expect(new Set(r.requests.map((q) => q.body)).size).toBe(1);
  });

  it('refuses bad input, a role below admin, and ids it cannot show, creating nothing', async () => {
    const r = await receiver();
    const ep = await legacy(r.url, ['gallery.published']);
    const before = await h.sql(`SELECT count(*)::int AS n FROM deliveries`);

    const viewerRes = await sendTest(ep.id, undefined, viewer);
    expect(viewerRes.status).toBe(403);
    expect(viewerRes.body.error).toBe('forbidden');
    const outsiderRes = await sendTest(ep.id, undefined, outsider);
    expect(outsiderRes.status).toBe(404);
    expect(outsiderRes.text).toBe(NOT_FOUND);
    expect((await sendTest(randomUUID())).text).toBe(NOT_FOUND);
    const badId = await sendTest('not-a-uuid');
    expect(badId.status).toBe(400);
    expect(badId.body.error).toBe('invalid_input');

    const unknownType = await sendTest(ep.id, { type: 'gallery.exploded' });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.message).toMatch(/^body\.type: /);
    const internalType = await sendTest(ep.id, { type: 'lead.created' }); // internal-only: never delivered
    expect(internalType.status).toBe(400);
    const unsubscribed = await sendTest(ep.id, { type: 'shoot.created' });
    expect(unsubscribed.status).toBe(400);
    expect(unsubscribed.body.message).toBe(
      'body.type: the endpoint does not subscribe to shoot.created; it subscribes to gallery.published',
    );
    const extra = await sendTest(ep.id, { type: 'gallery.published', event: 'x' });
    expect(extra.status).toBe(400);
    const notObject = await sendTest(ep.id, ['gallery.published']);
    expect(notObject.status).toBe(400);
    const malformed = await h.api.call('POST', `/webhook-endpoints/${ep.id}/test`, { as: admin, rawBody: '{"type":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('invalid_input');
    const anonymous = await h.api.call('POST', `/webhook-endpoints/${ep.id}/test`);
    expect(anonymous.status).toBe(401);

    expect(await h.sql(`SELECT count(*)::int AS n FROM deliveries`)).toEqual(before);
    expect(r.requests).toHaveLength(0);
  });
});
