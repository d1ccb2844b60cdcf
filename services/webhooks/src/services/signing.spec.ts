import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { computeSignature, parseSignatureHeader, signatureHeader, verifySignature } from './signing.js';

const stripe = new Stripe('sk_test_not_used_offline');
const body = JSON.stringify({
  id: '6f1c1a51-5d2c-4c55-9a8f-2f6f3b0f7d11',
  type: 'gallery.published',
  created_at: '2026-11-22T10:00:00.000Z',
  workspace_id: '0b9f3c70-1c7a-4d57-a7b2-0b5c2b8e9f10',
  api_version: '2026-11',
  data: { gallery_id: 'b3b0f8e2-8a47-4a0e-9d38-4a7a6c1f7f52', title: 'Ünïcödé ✓' },
});
const secret = 'whsec_test_current_secret_0123456789abcdef';
const previous = 'whsec_test_previous_secret_0123456789abcd';

describe('signatureHeader', () => {
  it('is t=<unix>,v1=<hex> with HMAC-SHA256 over "<t>.<rawBody>"', () => {
    const t = 1_790_000_000;
    const header = signatureHeader({ rawBody: body, secret, timestamp: t });
    expect(header).toMatch(/^t=1790000000,v1=[0-9a-f]{64}$/);
    expect(header.split('v1=')[1]).toBe(computeSignature(secret, t, body));
  });

  it('adds v0 made with the previous secret during an overlap', () => {
    const t = 1_790_000_000;
    const header = signatureHeader({ rawBody: body, secret, previousSecret: previous, timestamp: t });
    const parsed = parseSignatureHeader(header)!;
    expect(parsed.v1).toEqual([computeSignature(secret, t, body)]);
    expect(parsed.v0).toEqual([computeSignature(previous, t, body)]);
  });
});

describe("stripe's independent verifier (webhooks.constructEvent)", () => {
  it('accepts our signature, with and without a v0 member', () => {
    const now = Math.floor(Date.now() / 1000);
    for (const header of [
      signatureHeader({ rawBody: body, secret, timestamp: now }),
      signatureHeader({ rawBody: body, secret, previousSecret: previous, timestamp: now }),
    ]) {
      const event = stripe.webhooks.constructEvent(body, header, secret, 300) as unknown as { id: string; type: string };
      expect(event.type).toBe('gallery.published');
    }
  });

  it('rejects a tampered body, a stale timestamp and a wrong secret', () => {
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader({ rawBody: body, secret, timestamp: now });
    expect(() => stripe.webhooks.constructEvent(body.replace('published', 'delivered'), header, secret, 300)).toThrow();
    expect(() =>
      stripe.webhooks.constructEvent(body, signatureHeader({ rawBody: body, secret, timestamp: now - 301 }), secret, 300),
    ).toThrow(/tolerance/i);
    expect(() => stripe.webhooks.constructEvent(body, header, previous, 300)).toThrow();
  });

  it('ignores v0: a subscriber holding only the previous secret needs our verifier during the overlap', () => {
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader({ rawBody: body, secret, previousSecret: previous, timestamp: now });
    expect(() => stripe.webhooks.constructEvent(body, header, previous, 300)).toThrow();
    expect(verifySignature(body, header, previous)).toEqual({ ok: true, scheme: 'v0' });
  });
});

describe('verifySignature (the reference verifier of the subscriber guide)', () => {
  const t = 1_790_000_000;
  const header = signatureHeader({ rawBody: body, secret, previousSecret: previous, timestamp: t });

  it('accepts v1 with the current secret and v0 with the previous one', () => {
    expect(verifySignature(body, header, secret, { now: t })).toEqual({ ok: true, scheme: 'v1' });
    expect(verifySignature(body, header, previous, { now: t + 300 })).toEqual({ ok: true, scheme: 'v0' });
  });

  it('rejects tampering, a timestamp more than 5 minutes away, other secrets and malformed headers', () => {
    expect(verifySignature(`${body} `, header, secret, { now: t })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(body, header, secret, { now: t + 301 })).toEqual({ ok: false, reason: 'stale' });
    expect(verifySignature(body, header, secret, { now: t - 301 })).toEqual({ ok: false, reason: 'stale' });
    expect(verifySignature(body, header, 'whsec_other', { now: t })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(body, header.replace(/^t=\d+/, `t=${t + 1}`), secret, { now: t })).toEqual({ ok: false, reason: 'mismatch' });
    for (const bad of [undefined, '', 'v1=abc', 't=abc,v1=00', `t=${t}`, 'x'.repeat(5000)]) {
      expect(verifySignature(body, bad, secret, { now: t }).ok).toBe(false);
    }
    expect(verifySignature(body, `t=${t},v1=${'zz'.repeat(32)}`, secret, { now: t })).toEqual({ ok: false, reason: 'mismatch' });
  });
});
