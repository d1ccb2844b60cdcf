/** /webhooks/subscriptions (REST hooks): register, reactivate, delete twice, roles, tenancy, delivery. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, envelope, startHarness, startReceiver, waitFor, type Caller, type Harness, type Receiver } from './support/harness.js';
import type { WebhooksWorker } from '../src/app.js';

const NOT_FOUND = '{"ok":false,"error":"not_found"}';

let h: Harness;
let receiver: Receiver;
let dispatcher: WebhooksWorker;
const ws = randomUUID();
let admin: Caller;
let viewer: Caller;
let outsider: Caller;

beforeAll(async () => {
  h = await startHarness();
  receiver = await startReceiver();
  dispatcher = await h.startDispatcher();
  admin = caller(h.config, { [ws]: 'admin' });
  viewer = caller(h.config, { [ws]: 'viewer' });
  outsider = caller(h.config, { [randomUUID()]: 'owner' });
});
afterAll(async () => {
  await dispatcher?.stop();
  await h?.close();
  await receiver?.close();
});

const subscribe = (as: Caller, body: unknown) => h.api.call('POST', '/webhooks/subscriptions', { as, body });
const unsubscribe = (as: Caller, body: unknown) => h.api.call('DELETE', '/webhooks/subscriptions', { as, body });

describe('REST-hook subscriptions', () => {
  it('registers (201, no secret), reactivates the same subscription, and deletes twice (deleted: false)', async () => {
    const target = `${receiver.url}?zap=1`;
    const first = await subscribe(admin, { workspace_id: ws, target_url: target, event: 'invoice.paid' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      ok: true,
      created: true,
      subscription: { workspace_id: ws, target_url: target, event: 'invoice.paid', active: true },
    });
    expect(first.text).not.toMatch(/secret|whsec_/);
    const id = first.body.subscription.id;

    const again = await subscribe(admin, { workspace_id: ws, target_url: target, event: 'invoice.paid' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ created: false, subscription: { id, active: true } });

    const del1 = await unsubscribe(admin, { workspace_id: ws, target_url: target, event: 'invoice.paid' });
    expect(del1.status).toBe(200);
    expect(del1.body).toEqual({ ok: true, deleted: true });
    const del2 = await unsubscribe(admin, { workspace_id: ws, target_url: target, event: 'invoice.paid' });
    expect(del2.body).toEqual({ ok: true, deleted: false });

    const reactivated = await subscribe(admin, { workspace_id: ws, target_url: target, event: 'invoice.paid' });
    expect(reactivated.status).toBe(201);
    expect(reactivated.body).toMatchObject({ created: false, subscription: { id, active: true } });

    const byId = await unsubscribe(admin, { id });
    expect(byId.body).toEqual({ ok: true, deleted: true });
    expect((await unsubscribe(admin, { id })).body).toEqual({ ok: true, deleted: false });
    expect((await unsubscribe(admin, { id: randomUUID() })).body).toEqual({ ok: true, deleted: false });
    expect((await unsubscribe(admin, { workspace_id: ws, target_url: 'http://127.0.0.1:1/never', event: 'invoice.paid' })).body).toEqual({
      ok: true,
      deleted: false,
    });

    // One row throughout: (workspace, url, event) is unique.
    expect((await h.sql(`SELECT count(*)::int AS n FROM endpoints WHERE workspace_id = $1 AND url = $2`, [ws, target]))[0].n).toBe(1);
  });

  it('a different event or URL is a different subscription', async () => {
    const a = await subscribe(admin, { workspace_id: ws, target_url: `${receiver.url}/a`, event: 'order.created' });
    const b = await subscribe(admin, { workspace_id: ws, target_url: `${receiver.url}/a`, event: 'order.shipped' });
    const c = await subscribe(admin, { workspace_id: ws, target_url: `${receiver.url}/b`, event: 'order.created' });
    expect(new Set([a.body.subscription.id, b.body.subscription.id, c.body.subscription.id]).size).toBe(3);
    const listed = await h.api.call('GET', `/webhook-endpoints?workspace_id=${ws}&kind=subscription`, { as: viewer });
    expect(listed.body.items.map((i: { id: string }) => i.id)).toEqual(
      expect.arrayContaining([a.body.subscription.id, b.body.subscription.id]),
    );
    const legacyOnly = await h.api.call('GET', `/webhook-endpoints?workspace_id=${ws}`, { as: viewer });
    expect(legacyOnly.body.items).toEqual([]);
  });

  it('takes the workspace from a token scoped to one workspace', async () => {
    const scoped = caller(h.config, { [ws]: 'owner' }, ws);
    const res = await subscribe(scoped, { target_url: `${receiver.url}/scoped`, event: 'client.created' });
    expect(res.status).toBe(201);
    expect(res.body.subscription.workspace_id).toBe(ws);
    expect((await unsubscribe(scoped, { target_url: `${receiver.url}/scoped`, event: 'client.created' })).body.deleted).toBe(true);
    const unscoped = await subscribe(admin, { target_url: `${receiver.url}/x`, event: 'client.created' });
    expect(unscoped.status).toBe(400);
  });

  it('needs admin; another tenant is 404; bad bodies are 400', async () => {
    const body = { workspace_id: ws, target_url: receiver.url, event: 'shoot.created' };
    expect((await subscribe(viewer, body)).status).toBe(403);
    const other = await subscribe(outsider, body);
    expect(other.status).toBe(404);
    expect(other.text).toBe(NOT_FOUND);
    expect((await unsubscribe(viewer, body)).status).toBe(403);
    expect((await unsubscribe(outsider, body)).text).toBe(NOT_FOUND);

    const created = await subscribe(admin, body);
    expect((await unsubscribe(viewer, { id: created.body.subscription.id })).status).toBe(403);
    // Another tenant cannot tell the id exists.
    expect((await unsubscribe(outsider, { id: created.body.subscription.id })).body).toEqual({ ok: true, deleted: false });

    for (const bad of [
      { workspace_id: ws, target_url: receiver.url, event: 'lead.created' },
      { workspace_id: ws, target_url: receiver.url },
      { workspace_id: ws, event: 'shoot.created' },
      { workspace_id: ws, target_url: 'gopher://x', event: 'shoot.created' },
    ]) {
      expect((await subscribe(admin, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    for (const bad of [{}, { workspace_id: ws }, { target_url: receiver.url }, { id: 'nope' }]) {
      expect((await unsubscribe(admin, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await h.api.call('DELETE', '/webhooks/subscriptions', { as: admin })).status).toBe(400);
    expect((await h.api.call('DELETE', '/webhooks/subscriptions', { as: admin, rawBody: '{oops' })).status).toBe(400);
  });

  it('delivers any of the 28 types to an active subscription, and nothing after unsubscribe', async () => {
    const target = `${receiver.url}/deliver`;
    const sub = await subscribe(admin, { workspace_id: ws, target_url: target, event: 'proposal.accepted' });
    const e1 = envelope('proposal.accepted', ws, { proposal_id: randomUUID() });
    await h.publish(e1);
    await waitFor('delivery to the subscription', () => receiver.forEvent(e1.id).length === 1);
    const req = receiver.forEvent(e1.id)[0]!;
    expect(req.url).toBe('/hook/deliver');
    expect(req.body).toBe(JSON.stringify(e1));

    expect((await unsubscribe(admin, { id: sub.body.subscription.id })).body.deleted).toBe(true);
    const e2 = envelope('proposal.accepted', ws, { proposal_id: randomUUID() });
    await h.publish(e2);
    // Give fan-out a moment, then check nothing was created for the inactive subscription.
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.forEvent(e2.id)).toHaveLength(0);
    expect(await h.sql(`SELECT 1 FROM deliveries WHERE event_id = $1`, [e2.id])).toHaveLength(0);
  });
});
