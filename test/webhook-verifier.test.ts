/**
 * Issue 16 item 2, black box: `@studio/webhooks` verifies REAL deliveries of the stack, received by a loopback
 * receiver: REST-hook subscriptions to shoot.created and client.created (their secret obtained through rotate-secret,
 * so they also carry v0 with the unseen creation secret) and a legacy endpoint for gallery.published (v1 only). Each
 * delivery's exact raw body and X-Service-Signature go through `verifyWebhook` (string and Buffer body), which returns
 * the envelope the receiver parsed, and through Stripe's own verifier (`stripe.webhooks.constructEvent`, offline),
 * which agrees. A wrong secret, a tampered body, a replay after the tolerance and a header without `t` are refused
 * with their codes. After another rotate-secret the deliveries carry v1 (new secret) and v0 (the previous, known
 * secret): both verify with `verifyWebhook`, Stripe (v1 only) accepts only the new one. Uses the stack's own
 * configuration (24 h overlap) and changes nothing shared.
 */
import { type WebhookEvent, WebhookVerificationError, verifyWebhook } from '@studio/webhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/client.js';
import { createGallery, shootWithKeepers } from './support/gallery.js';
import { tenant } from './support/operator.js';
import { type Delivery, type Endpoint, type Receiver, registerLegacy, startReceiver, subscribe } from './support/webhooks.js';

const stripe = new Stripe('sk_test_x');

/** The code verifyWebhook throws, or 'ok'. */
function codeOf(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    return (err as WebhookVerificationError).code;
  }
}

function stripeVerdict(raw: string, header: string, secret: string): 'ok' | 'rejected' {
  try {
    stripe.webhooks.constructEvent(raw, header, secret, 300);
    return 'ok';
  } catch {
    return 'rejected';
  }
}

const signatureOf = (d: Delivery) => d.headers['x-service-signature'] as string;

describe('@studio/webhooks verifies real deliveries', () => {
  let ws: Awaited<ReturnType<typeof tenant>>;
  let receiver: Receiver;
  let shootSub: Endpoint;
  let clientSub: Endpoint;
  let legacy: Endpoint;

  beforeAll(async () => {
    ws = await tenant(['owner', 'admin', 'photographer']);
    receiver = await startReceiver();
    [shootSub, clientSub, legacy] = await Promise.all([
      subscribe(ws.tokens.admin, ws.workspaceId, `${receiver.url}/verifier/shoot`, 'shoot.created'),
      subscribe(ws.tokens.admin, ws.workspaceId, `${receiver.url}/verifier/client`, 'client.created'),
      registerLegacy(ws.tokens.admin, ws.workspaceId, `${receiver.url}/verifier/legacy`, ['gallery.published']),
    ]);
  });

  afterAll(async () => {
    for (const e of [shootSub, clientSub, legacy]) if (e) await api('DELETE', `/webhook-endpoints/${e.id}`, { token: ws.tokens.admin });
    await receiver?.close();
  });

  async function createShoot(title: string): Promise<Delivery> {
    const r = await api('POST', '/shoots', { token: ws.tokens.owner, body: { workspace_id: ws.workspaceId, title } });
    expect(r.status, r.text).toBe(201);
    const id = r.body.shoot.id as string;
    const [d] = await receiver.waitFor(`shoot.created of ${title}`, (x) => x.path === '/verifier/shoot' && x.body?.data?.shoot_id === id);
    return d!;
  }

  async function createClient(name: string): Promise<Delivery> {
    const r = await api('POST', '/clients', { token: ws.tokens.owner, body: { workspace_id: ws.workspaceId, name } });
    expect(r.status, r.text).toBe(201);
    const id = r.body.client.id as string;
    const [d] = await receiver.waitFor(`client.created of ${name}`, (x) => x.path === '/verifier/client' && x.body?.data?.client_id === id);
    return d!;
  }

  /** Every check of one delivery with the endpoint's current secret; returns the verified event. */
  function checkDelivery(d: Delivery, secret: string): WebhookEvent {
    const header = signatureOf(d);
    const event: WebhookEvent = verifyWebhook(d.raw, header, secret);
    expect(event).toEqual(d.body);
    expect(event.workspace_id).toBe(ws.workspaceId);
    expect(event.id).toBe(d.eventId);
    expect(event.type).toBe(d.eventType);
    // The raw bytes as a Buffer, as express.raw() hands them over.
    expect(verifyWebhook(Buffer.from(d.raw, 'utf8'), header, secret, { toleranceS: 300 })).toEqual(event);
    // Stripe's verifier on the same payload.
    expect(stripe.webhooks.constructEvent(d.raw, header, secret, 300)).toEqual(event);

    // Refusals, each with its code; Stripe refuses the same.
    expect(codeOf(() => verifyWebhook(d.raw, header, `${secret}x`))).toBe('no_matching_signature');
    expect(stripeVerdict(d.raw, header, `${secret}x`)).toBe('rejected');
    expect(codeOf(() => verifyWebhook(`${d.raw} `, header, secret))).toBe('no_matching_signature');
    expect(stripeVerdict(`${d.raw} `, header, secret)).toBe('rejected');
    const t = Number(/^t=(\d+)/.exec(header)![1]);
    expect(codeOf(() => verifyWebhook(d.raw, header, secret, { now: t + 301 }))).toBe('timestamp_outside_tolerance');
    expect(codeOf(() => verifyWebhook(d.raw, header.replace(/^t=\d+,/, ''), secret))).toBe('malformed_header');
    expect(stripeVerdict(d.raw, header.replace(/^t=\d+,/, ''), secret)).toBe('rejected');
    return event;
  }

  it('verifies subscription deliveries with the endpoint secret and returns the typed event; Stripe agrees', async () => {
    const shoots = [await createShoot('Verifier one'), await createShoot('Vérifieur — deux ✓')];
    const client = await createClient('Zoë Verifier');
    for (const d of [...shoots, client]) {
      // The secret came from rotate-secret: v0 is signed with the unseen creation secret.
      expect(signatureOf(d)).toMatch(/^t=\d+,v1=[0-9a-f]{64},v0=[0-9a-f]{64}$/);
    }
    for (const d of shoots) {
      const event = checkDelivery(d, shootSub.secret);
      if (event.type === 'shoot.created') expect(event.data.shoot_id).toEqual(expect.any(String));
      else expect.unreachable(`a ${event.type} at /verifier/shoot`);
    }
    expect(checkDelivery(client, clientSub.secret).type).toBe('client.created');
    // One endpoint's secret does not verify another's deliveries.
    expect(codeOf(() => verifyWebhook(client.raw, signatureOf(client), shootSub.secret))).toBe('no_matching_signature');
  });

  it('verifies a legacy endpoint delivery (v1 only)', async () => {
    const { shootId } = await shootWithKeepers(ws.tokens.photographer, ws.workspaceId, 1);
    const gallery = await createGallery(ws.tokens.photographer, shootId, 'Verifier gallery');
    const pub = await api('POST', `/galleries/${gallery.id}/publish`, { token: ws.tokens.owner });
    expect(pub.status, pub.text).toBe(200);
    const [d] = await receiver.waitFor(
      'gallery.published at /verifier/legacy',
      (x) => x.path === '/verifier/legacy' && x.body?.data?.gallery_id === gallery.id,
    );
    expect(signatureOf(d!)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = checkDelivery(d!, legacy.secret);
    // Narrowed on its type, the event's data is typed (issue 24 item 4): gallery_id is a string.
    if (event.type !== 'gallery.published') expect.unreachable(`a ${event.type} at /verifier/legacy`);
    const galleryId: string = event.data.gallery_id;
    expect(galleryId).toBe(gallery.id);
  });

  it('during a secret rotation: v1 verifies with the new secret, v0 with the old one; Stripe (v1 only) needs the new one', async () => {
    const old = shootSub.secret;
    const rotated = await api('POST', `/webhook-endpoints/${shootSub.id}/rotate-secret`, { token: ws.tokens.admin });
    expect(rotated.status, rotated.text).toBe(200);
    const secret = rotated.body.webhook_endpoint.signing_secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(old);
    shootSub = { id: shootSub.id, secret };

    for (const d of [await createShoot('During the rotation'), await createShoot('Still during the rotation')]) {
      const header = signatureOf(d);
      expect(header, 'v0 with the previous secret during the overlap').toMatch(/^t=\d+,v1=[0-9a-f]{64},v0=[0-9a-f]{64}$/);
      checkDelivery(d, secret);
      expect(verifyWebhook(d.raw, header, old)).toEqual(d.body); // the subscriber has not deployed the new secret yet
      expect(verifyWebhook(d.raw, header, [old, secret])).toEqual(d.body); // switching over
      expect(verifyWebhook(Buffer.from(d.raw), header, [old])).toEqual(d.body);
      expect(codeOf(() => verifyWebhook(d.raw, header, 'whsec_not_the_secret'))).toBe('no_matching_signature');
      expect(codeOf(() => verifyWebhook(`${d.raw}\n`, header, old))).toBe('no_matching_signature');
      // The old secret matches the v0 member only.
      const v1Only = header.replace(/,v0=[0-9a-f]{64}$/, '');
      expect(codeOf(() => verifyWebhook(d.raw, v1Only, old))).toBe('no_matching_signature');
      expect(verifyWebhook(d.raw, v1Only, secret)).toEqual(d.body);
      // Stripe reads only v1: the new secret verifies, the old one does not.
      expect(stripeVerdict(d.raw, header, secret)).toBe('ok');
      expect(stripeVerdict(d.raw, header, old)).toBe('rejected');
    }
  });
});
