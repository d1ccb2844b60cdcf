/**
 * Fan-out and dispatch end to end: events published to the real exchange, deliveries in the real database,
 * signed POSTs to real receivers on loopback. Retry waits are shrunk to 100 ms and the rotation overlap to 4 s.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSignatureHeader, verifySignature } from '../src/services/signing.js';
import {
  caller,
  envelope,
  sleep,
  startHarness,
  startReceiver,
  waitFor,
  withChannel,
  type Caller,
  type Harness,
  type Receiver,
} from './support/harness.js';
import type { WebhooksWorker } from '../src/app.js';

const NOT_FOUND = '{"ok":false,"error":"not_found"}';
const stripe = new Stripe('sk_test_not_used_offline');

let h: Harness;
let dispatcher: WebhooksWorker;
const receivers: Receiver[] = [];
const wsA = randomUUID();
const wsB = randomUUID();
let admin: Caller;
let viewer: Caller;
let outsider: Caller;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_SECRET_OVERLAP: '4s' });
  dispatcher = await h.startDispatcher();
  admin = caller(h.config, { [wsA]: 'owner', [wsB]: 'admin' });
  viewer = caller(h.config, { [wsA]: 'viewer' });
  outsider = caller(h.config, { [randomUUID()]: 'owner' });
});
afterAll(async () => {
  await dispatcher?.stop();
  await h?.close();
  for (const r of receivers) await r.close();
});

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

async function legacy(workspaceId: string, url: string, eventTypes: string[]): Promise<{ id: string; signing_secret: string }> {
  const res = await h.api.call('POST', '/webhook-endpoints', {
    as: admin,
    body: { workspace_id: workspaceId, url, event_types: eventTypes },
  });
  expect(res.status).toBe(201);
  return res.body.webhook_endpoint;
}

async function deliveryOf(eventId: string, endpointId: string) {
  const [row] = await h.sql(`SELECT id FROM deliveries WHERE event_id = $1 AND endpoint_id = $2`, [eventId, endpointId]);
  if (!row) return null;
  const res = await h.api.call('GET', `/webhook-deliveries/${row.id}`, { as: admin });
  return res.body.delivery;
}

const finalState = (eventId: string, endpointId: string, state: string) =>
  waitFor(`delivery ${state}`, async () => {
    const d = await deliveryOf(eventId, endpointId);
    return d?.state === state ? d : null;
  });

describe('fan-out', () => {
  it('delivers to exactly the active endpoints of the workspace subscribed to the type', async () => {
    const r1 = await receiver();
    const r2 = await receiver();
    const r3 = await receiver();
    const r4 = await receiver();
    const r5 = await receiver();
    const ep1 = await legacy(wsA, r1.url, ['gallery.published', 'gallery.delivered']);
    await legacy(wsA, r2.url, ['gallery.delivered']);
    const sub3 = await h.api.call('POST', '/webhooks/subscriptions', {
      as: admin,
      body: { workspace_id: wsA, target_url: r3.url, event: 'gallery.published' },
    });
    await h.api.call('DELETE', '/webhooks/subscriptions', { as: admin, body: { id: sub3.body.subscription.id } });
    await h.api.call('POST', '/webhooks/subscriptions', {
      as: admin,
      body: { workspace_id: wsA, target_url: r4.url, event: 'gallery.published' },
    });
    await legacy(wsB, r5.url, ['gallery.published']);

    const event = envelope('gallery.published', wsA, { gallery_id: randomUUID(), title: 'Wedding ✓' });
    await h.publish(event);
    await h.publish(envelope('lead.created', wsA, { lead_id: randomUUID() })); // internal-only: never delivered
    await waitFor('both deliveries', () => r1.requests.length === 1 && r4.requests.length === 1);
    await sleep(300);
    expect([r1, r2, r3, r4, r5].map((r) => r.requests.length)).toEqual([1, 0, 0, 1, 0]);

    const req = r1.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.body).toBe(JSON.stringify(event));
    expect(Object.keys(JSON.parse(req.body))).toEqual(['id', 'type', 'created_at', 'workspace_id', 'api_version', 'data']);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-service-event-id']).toBe(event.id);
    expect(req.headers['x-service-event-type']).toBe('gallery.published');
    const header = req.headers['x-service-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(Math.abs(parseSignatureHeader(header)!.timestamp - Date.now() / 1000)).toBeLessThan(5);
    // Stripe's independent verifier accepts it; a tampered body or another secret is refused.
    expect((stripe.webhooks.constructEvent(req.body, header, ep1.signing_secret, 300) as unknown as { id: string }).id).toBe(event.id);
    expect(() => stripe.webhooks.constructEvent(req.body.replace('Wedding', 'Funeral'), header, ep1.signing_secret, 300)).toThrow();
    expect(verifySignature(req.body, header, ep1.signing_secret)).toEqual({ ok: true, scheme: 'v1' });
    expect(verifySignature(req.body, r4.requests[0]!.headers['x-service-signature'] as string, ep1.signing_secret).ok).toBe(false); // per-endpoint secrets

    const d = await finalState(event.id, ep1.id, 'succeeded');
    expect(d).toMatchObject({
      event_id: event.id,
      event_type: 'gallery.published',
      attempt_count: 1,
      last_status: 200,
      last_error: null,
      next_attempt_at: null,
    });
  });

  it('is idempotent on (event id, endpoint): a redelivered event is sent once', async () => {
    const r = await receiver();
    const ep = await legacy(wsA, r.url, ['gallery.delivered']);
    const event = envelope('gallery.delivered', wsA, { gallery_id: randomUUID() });
    await h.publish(event, event, event);
    await finalState(event.id, ep.id, 'succeeded');
    await h.publish(event);
    await sleep(400);
    expect(r.forEvent(event.id)).toHaveLength(1);
    expect(await h.sql(`SELECT 1 FROM deliveries WHERE event_id = $1 AND endpoint_id = $2`, [event.id, ep.id])).toHaveLength(1);
  });

  it('sends a malformed message to the dead-letter queue and keeps consuming', async () => {
    await h.publishRaw('gallery.published', Buffer.from('{"not":"an envelope"'));
    await waitFor('poison message in the DLQ', () =>
      withChannel(async (ch) => (await ch.checkQueue(`${h.config.fanout.queue}.dlq`)).messageCount >= 1),
    );
    const r = await receiver();
    const ep = await legacy(wsA, r.url, ['ai.cull.completed']);
    const event = envelope('ai.cull.completed', wsA, { job_id: randomUUID() });
    await h.publish(event);
    await finalState(event.id, ep.id, 'succeeded');
  });
});

describe('fan-out consumer recovery', () => {
  it('declares its queue again and resumes when the broker cancels it', async () => {
    const queue = h.config.fanout.queue;
    await withChannel((ch) => ch.deleteQueue(queue));
    await waitFor(
      'queue declared and consumed again',
      () => withChannel(async (ch) => (await ch.checkQueue(queue)).consumerCount === 1),
      15_000,
    );
    const r = await receiver();
    const ep = await legacy(wsB, r.url, ['gallery.delivered']);
    const event = envelope('gallery.delivered', wsB, { gallery_id: randomUUID() });
    await h.publish(event);
    await finalState(event.id, ep.id, 'succeeded');
  });
});

describe('retries', () => {
  it('retries a 5xx with the same event id until a 2xx', async () => {
    const r = await receiver((_req, i) => (i < 2 ? { status: 500, body: `boom ${i}` } : { status: 200 }));
    const ep = await legacy(wsA, r.url, ['gallery.published']);
    const event = envelope('gallery.published', wsA, { gallery_id: randomUUID() });
    await h.publish(event);
    const d = await finalState(event.id, ep.id, 'succeeded');
    expect(r.requests.map((q) => q.headers['x-service-event-id'])).toEqual([event.id, event.id, event.id]);
    expect(new Set(r.requests.map((q) => q.body)).size).toBe(1);
    expect(d.attempt_count).toBe(3);
    expect(d.attempts.map((a: { http_status: number }) => a.http_status)).toEqual([500, 500, 200]);
    expect(d.attempts[0].error).toBe('boom 0');
    expect(d.attempts[2].error).toBeNull();
    // Waits were honoured (100 ms each).
    expect(r.requests[1]!.at - r.requests[0]!.at).toBeGreaterThanOrEqual(90);

    const list = await h.api.call('GET', `/webhook-endpoints/${ep.id}/deliveries`, { as: viewer });
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({ id: d.id, state: 'succeeded', last_status: 200, attempt_count: 3 });
    expect(list.body.items[0]).not.toHaveProperty('payload');
  });

  it('dead-letters after the 6th failure and shows the last status and error body', async () => {
    const r = await receiver(() => ({ status: 503, body: 'x'.repeat(10_000) }));
    const ep = await legacy(wsA, r.url, ['gallery.published']);
    const event = envelope('gallery.published', wsA, { gallery_id: randomUUID() });
    await h.publish(event);
    const d = await finalState(event.id, ep.id, 'dead_letter');
    await sleep(400);
    expect(r.requests).toHaveLength(6);
    expect(d).toMatchObject({ attempt_count: 6, last_status: 503, next_attempt_at: null });
    expect(d.last_error).toBe('x'.repeat(4096));
    expect(d.completed_at).toEqual(expect.any(String));
  });

  it('dead-letters a terminal 4xx (410) at once, retries 429 and timeouts', async () => {
    const gone = await receiver(() => ({ status: 410, body: 'gone' }));
    const epGone = await legacy(wsA, gone.url, ['gallery.published']);
    const limited = await receiver((_req, i) => (i === 0 ? { status: 429 } : { status: 204 }));
    const epLimited = await legacy(wsA, limited.url, ['gallery.published']);
    const slow = await receiver((_req, i) => (i === 0 ? 'hang' : { status: 200 }));
    const epSlow = await legacy(wsA, slow.url, ['gallery.published']);
    const event = envelope('gallery.published', wsA, { gallery_id: randomUUID() });
    await h.publish(event);

    const dGone = await finalState(event.id, epGone.id, 'dead_letter');
    expect(dGone).toMatchObject({ attempt_count: 1, last_status: 410, last_error: 'gone' });
    const dLimited = await finalState(event.id, epLimited.id, 'succeeded');
    expect(dLimited.attempts.map((a: { http_status: number }) => a.http_status)).toEqual([429, 204]);
    const dSlow = await finalState(event.id, epSlow.id, 'succeeded');
    expect(dSlow.attempts[0]).toMatchObject({ http_status: null });
    expect(dSlow.attempts[0].error).toMatch(/no answer within 1000 ms/);
    expect(dSlow.attempts[0].duration_ms).toBeGreaterThanOrEqual(950);
    await sleep(300);
    expect(gone.requests).toHaveLength(1);
  });
});

describe('replay', () => {
  it('sends the same event id again with a fresh schedule (admin only)', async () => {
    let healthy = false;
    const r = await receiver(() => (healthy ? { status: 200 } : { status: 400, body: 'bad' }));
    const ep = await legacy(wsA, r.url, ['gallery.delivered']);
    const event = envelope('gallery.delivered', wsA, { gallery_id: randomUUID() });
    await h.publish(event);
    const dead = await finalState(event.id, ep.id, 'dead_letter');

    expect((await h.api.call('POST', `/webhook-deliveries/${dead.id}/replay`, { as: viewer })).status).toBe(403);
    const other = await h.api.call('POST', `/webhook-deliveries/${dead.id}/replay`, { as: outsider });
    expect(other.status).toBe(404);
    expect(other.text).toBe(NOT_FOUND);
    expect((await h.api.call('POST', `/webhook-deliveries/${randomUUID()}/replay`, { as: admin })).text).toBe(NOT_FOUND);

    healthy = true;
    const replay = await h.api.call('POST', `/webhook-deliveries/${dead.id}/replay`, { as: admin });
    expect(replay.status).toBe(202);
    expect(replay.body.delivery).toMatchObject({ id: dead.id, state: 'pending', event_id: event.id });
    const done = await finalState(event.id, ep.id, 'succeeded');
    expect(done.attempt_count).toBe(2);
    expect(r.requests.map((q) => q.headers['x-service-event-id'])).toEqual([event.id, event.id]);
    expect(r.requests[0]!.body).toBe(r.requests[1]!.body);
  });
});

describe('legacy deletion', () => {
  it('removes the delivery history with the endpoint', async () => {
    const r = await receiver();
    const ep = await legacy(wsA, r.url, ['gallery.published']);
    const event = envelope('gallery.published', wsA, { gallery_id: randomUUID() });
    await h.publish(event);
    const d = await finalState(event.id, ep.id, 'succeeded');
    expect((await h.api.call('DELETE', `/webhook-endpoints/${ep.id}`, { as: admin })).status).toBe(200);
    expect((await h.api.call('GET', `/webhook-deliveries/${d.id}`, { as: admin })).text).toBe(NOT_FOUND);
    expect((await h.api.call('GET', `/webhook-endpoints/${ep.id}/deliveries`, { as: admin })).text).toBe(NOT_FOUND);
    expect(await h.sql(`SELECT 1 FROM deliveries WHERE endpoint_id = $1`, [ep.id])).toHaveLength(0);
    expect(await h.sql(`SELECT 1 FROM delivery_attempts WHERE delivery_id = $1`, [d.id])).toHaveLength(0);
  });
});

describe('secret rotation', () => {
  it('signs v1 with the new secret and v0 with the old one during the overlap, then only v1', async () => {
    const r = await receiver();
    const ep = await legacy(wsA, r.url, ['ai.cull.completed']);
    const oldSecret = ep.signing_secret;
    const rotated = await h.api.call('POST', `/webhook-endpoints/${ep.id}/rotate-secret`, { as: admin });
    const newSecret = rotated.body.webhook_endpoint.signing_secret as string;
    const overlapEnds = Date.parse(rotated.body.webhook_endpoint.previous_secret_expires_at);
    expect(overlapEnds - Date.parse(rotated.body.webhook_endpoint.secret_rotated_at)).toBe(4000);

    const during = envelope('ai.cull.completed', wsA, { job_id: randomUUID() });
    await h.publish(during);
    await waitFor('delivery during the overlap', () => r.forEvent(during.id).length === 1);
    const duringReq = r.forEvent(during.id)[0]!;
    const duringHeader = duringReq.headers['x-service-signature'] as string;
    expect(duringHeader).toMatch(/^t=\d+,v1=[0-9a-f]{64},v0=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(duringReq.body, duringHeader, newSecret, 300)).not.toThrow();
    expect(verifySignature(duringReq.body, duringHeader, newSecret)).toEqual({ ok: true, scheme: 'v1' });
    expect(verifySignature(duringReq.body, duringHeader, oldSecret)).toEqual({ ok: true, scheme: 'v0' });

    expect(Date.now()).toBeLessThan(overlapEnds); // the delivery above happened inside the overlap
    await sleep(overlapEnds - Date.now() + 200); // the overlap (4 s here, 24 h by default) ends
    const after = envelope('ai.cull.completed', wsA, { job_id: randomUUID() });
    await h.publish(after);
    await waitFor('delivery after the overlap', () => r.forEvent(after.id).length === 1);
    const afterReq = r.forEvent(after.id)[0]!;
    const afterHeader = afterReq.headers['x-service-signature'] as string;
    expect(afterHeader).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(afterReq.body, afterHeader, newSecret, 300)).not.toThrow();
    expect(() => stripe.webhooks.constructEvent(afterReq.body, afterHeader, oldSecret, 300)).toThrow();
    expect(verifySignature(afterReq.body, afterHeader, oldSecret).ok).toBe(false);
    const listed = await h.api.call('GET', `/webhook-endpoints?workspace_id=${wsA}&limit=100`, { as: admin });
    expect(listed.body.items.find((i: { id: string }) => i.id === ep.id).previous_secret_expires_at).toBeNull();
  });
});
