/**
 * verifyWebhook on hand-made deliveries, and the same payloads through Stripe's own verifier
 * (`stripe.webhooks.constructEvent`, offline): the scheme is Stripe's, so both must agree on accept/reject, except
 * where this verifier is deliberately stricter (future timestamps, oversized headers) or wider (v0 members).
 */
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOLERANCE_S,
  type UnknownWebhookEvent,
  WebhookVerificationError,
  isWebhookEventType,
  signWebhook,
  verifyWebhook,
} from './index.js';

const stripe = new Stripe('sk_test_x');
const secret = 'whsec_current_0123456789abcdefghijklmnopqrstuvwxyz';
const previous = 'whsec_previous_0123456789abcdefghijklmnopqrstuvwxyz';
const NOW = 1_795_000_000;
const body = JSON.stringify({
  id: '6f1c1a51-5d2c-4c55-9a8f-2f6f3b0f7d11',
  type: 'gallery.published',
  created_at: '2026-11-22T10:00:00.000Z',
  workspace_id: '0b9f3c70-1c7a-4d57-a7b2-0b5c2b8e9f10',
  api_version: '2026-11',
  data: { gallery_id: '1d7d5a4e-96f4-4e0c-8a52-7e0a3c1c9d01', title: 'Zoë & Émile — été' },
});

/** The hex HMAC written independently of the package. */
const hmac = (key: string, t: number, raw: string) => createHmac('sha256', key).update(`${t}.${raw}`).digest('hex');
const header = (t: number, v1Key: string, v0Key?: string, raw = body) =>
  `t=${t},v1=${hmac(v1Key, t, raw)}${v0Key ? `,v0=${hmac(v0Key, t, raw)}` : ''}`;

/** The code verifyWebhook throws, or 'ok'. */
function ours(raw: string | Uint8Array, h: string | null | undefined, secrets: string | string[], now = NOW, toleranceS?: number) {
  try {
    verifyWebhook(raw, h, secrets, { now, toleranceS });
    return 'ok';
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    expect((err as Error).message.length).toBeGreaterThan(20);
    return (err as WebhookVerificationError).code;
  }
}

/** Stripe's verdict on the same payload; it reads only `t` and `v1`. */
function theirs(raw: string | Uint8Array, h: string | null | undefined, key: string, now = NOW, toleranceS = DEFAULT_TOLERANCE_S) {
  try {
    stripe.webhooks.constructEvent(raw as string, h as string, key, toleranceS, undefined, now * 1000);
    return 'ok';
  } catch {
    return 'rejected';
  }
}

describe('verifyWebhook', () => {
  it('accepts a good v1 signature and returns the typed event', () => {
    const event = verifyWebhook(body, header(NOW, secret), secret, { now: NOW });
    expect(event).toEqual(JSON.parse(body));
    if (event.type === 'gallery.published') expect(event.data.gallery_id).toBe('1d7d5a4e-96f4-4e0c-8a52-7e0a3c1c9d01');
    // Default tolerance and clock.
    const t = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(body, header(t, secret), secret).id).toBe('6f1c1a51-5d2c-4c55-9a8f-2f6f3b0f7d11');
  });

  it('accepts a Uint8Array or Buffer body (the bytes are signed, multi-byte UTF-8 included)', () => {
    const bytes = new TextEncoder().encode(body);
    expect(verifyWebhook(bytes, header(NOW, secret), secret, { now: NOW }).type).toBe('gallery.published');
    expect(verifyWebhook(Buffer.from(body), header(NOW, secret), secret, { now: NOW }).type).toBe('gallery.published');
  });

  it('during a rotation: v0 verifies with the previous secret, v1 with the new one, and a list accepts either', () => {
    const h = header(NOW, secret, previous);
    expect(ours(body, h, secret)).toBe('ok');
    expect(ours(body, h, previous)).toBe('ok');
    expect(ours(body, h, [previous, secret])).toBe('ok');
    // A subscriber that has deployed the new secret but keeps the old one meanwhile, once the overlap is over.
    expect(ours(body, header(NOW, secret), [previous, secret])).toBe('ok');
    expect(ours(body, header(NOW, secret), [previous])).toBe('no_matching_signature');
  });

  it('refuses a tampered body and a wrong secret', () => {
    expect(ours(body.replace('été', 'ete'), header(NOW, secret), secret)).toBe('no_matching_signature');
    expect(ours(`${body} `, header(NOW, secret), secret)).toBe('no_matching_signature');
    expect(ours(body, header(NOW, secret), `${secret}x`)).toBe('no_matching_signature');
    expect(ours(body, header(NOW, secret, previous), ['whsec_other', 'whsec_another'])).toBe('no_matching_signature');
    // The signature of another timestamp.
    expect(ours(body, `t=${NOW},v1=${hmac(secret, NOW - 1, body)}`, secret)).toBe('no_matching_signature');
    // Uppercase or truncated hex never matches.
    expect(ours(body, `t=${NOW},v1=${hmac(secret, NOW, body).toUpperCase()}`, secret)).toBe('no_matching_signature');
    expect(ours(body, `t=${NOW},v1=${hmac(secret, NOW, body).slice(0, 62)}`, secret)).toBe('no_matching_signature');
  });

  it('refuses stale and future timestamps beyond the tolerance, both ways', () => {
    expect(ours(body, header(NOW - 300, secret), secret)).toBe('ok');
    expect(ours(body, header(NOW + 300, secret), secret)).toBe('ok');
    expect(ours(body, header(NOW - 301, secret), secret)).toBe('timestamp_outside_tolerance');
    expect(ours(body, header(NOW + 301, secret), secret)).toBe('timestamp_outside_tolerance');
    expect(ours(body, header(NOW - 60, secret), secret, NOW, 30)).toBe('timestamp_outside_tolerance');
    expect(ours(body, header(NOW - 86_400, secret), secret, NOW, Number.POSITIVE_INFINITY)).toBe('ok');
    expect(() => verifyWebhook(body, header(NOW - 400, secret), secret, { now: NOW })).toThrow(/400 s old; at most 300 s/);
  });

  it('refuses malformed headers: missing, empty, no t, non-numeric or repeated t, no signature, oversized', () => {
    const v1 = hmac(secret, NOW, body);
    for (const h of [
      undefined,
      null,
      '',
      '   ',
      `v1=${v1}`,
      `t=,v1=${v1}`,
      `t=abc,v1=${v1}`,
      `t=1.5,v1=${v1}`,
      `t=-${NOW},v1=${v1}`,
      `t=${NOW},t=${NOW},v1=${v1}`,
      `t=${NOW}`,
      `t=${NOW},v2=${v1}`,
      'garbage',
      `t=${NOW},v1=${v1},x=${'a'.repeat(5000)}`,
    ]) {
      expect(ours(body, h, secret), String(h).slice(0, 80)).toBe('malformed_header');
    }
    expect(() => verifyWebhook(body, `t=${NOW}`, secret, { now: NOW })).toThrow(/no v1 or v0 signature/);
  });

  it('ignores unknown members and surrounding spaces', () => {
    expect(ours(body, `t=${NOW}, v1=${hmac(secret, NOW, body)}, v2=future`, secret)).toBe('ok');
  });

  it('returns a verified event of a type newer than the package as it came, for the default branch', () => {
    const future = JSON.stringify({ ...JSON.parse(body), type: 'gallery.archived', data: { gallery_id: 'g', reason: 'x' } });
    const event = verifyWebhook(future, header(NOW, secret, undefined, future), secret, { now: NOW });
    expect(event).toEqual(JSON.parse(future));
    expect(isWebhookEventType(event.type)).toBe(false);
    const other = event as UnknownWebhookEvent;
    expect(other.data.reason).toBe('x');
  });

  it('refuses a parsed object as body, and a signed body that is not an event envelope', () => {
    expect(ours(JSON.parse(body), header(NOW, secret), secret)).toBe('invalid_payload');
    for (const raw of ['not json', '[]', 'null', '{"id":"x","type":"shoot.created"}']) {
      expect(ours(raw, header(NOW, secret, undefined, raw), secret), raw).toBe('invalid_payload');
    }
  });

  it('refuses bad arguments as programming errors (TypeError), not as a bad delivery', () => {
    expect(() => verifyWebhook(body, header(NOW, secret), '', { now: NOW })).toThrow(TypeError);
    expect(() => verifyWebhook(body, header(NOW, secret), [], { now: NOW })).toThrow(TypeError);
    expect(() => verifyWebhook(body, header(NOW, secret), secret, { now: NOW, toleranceS: -1 })).toThrow(TypeError);
  });

  it('signWebhook builds the header the service sends', () => {
    expect(signWebhook(body, secret, { timestamp: NOW })).toBe(header(NOW, secret));
    expect(signWebhook(body, secret, { timestamp: NOW, previousSecret: previous })).toBe(header(NOW, secret, previous));
    expect(signWebhook(new TextEncoder().encode(body), secret, { timestamp: NOW })).toBe(header(NOW, secret));
  });
});

describe("the same payloads through Stripe's verifier (stripe.webhooks.constructEvent, t and v1 only)", () => {
  const v1 = (t: number, key: string, raw = body) => `t=${t},v1=${hmac(key, t, raw)}`;
  const bytes = new TextEncoder().encode(body);
  const cases: { name: string; raw: string | Uint8Array; header: string | undefined; secret: string; expected: string }[] = [
    { name: 'good v1', raw: body, header: v1(NOW, secret), secret, expected: 'ok' },
    { name: 'Uint8Array body', raw: bytes, header: v1(NOW, secret), secret, expected: 'ok' },
    { name: 'tampered body', raw: `${body} `, header: v1(NOW, secret), secret, expected: 'no_matching_signature' },
    { name: 'wrong secret', raw: body, header: v1(NOW, secret), secret: previous, expected: 'no_matching_signature' },
    { name: 'stale timestamp', raw: body, header: v1(NOW - 301, secret), secret, expected: 'timestamp_outside_tolerance' },
    { name: 'at the tolerance', raw: body, header: v1(NOW - 300, secret), secret, expected: 'ok' },
    { name: 'missing header', raw: body, header: undefined, secret, expected: 'malformed_header' },
    { name: 'empty header', raw: body, header: '', secret, expected: 'malformed_header' },
    { name: 'missing t', raw: body, header: `v1=${hmac(secret, NOW, body)}`, secret, expected: 'malformed_header' },
    { name: 'non-numeric t', raw: body, header: `t=abc,v1=${hmac(secret, NOW, body)}`, secret, expected: 'malformed_header' },
    { name: 'no v1', raw: body, header: `t=${NOW}`, secret, expected: 'malformed_header' },
    { name: 'oversized, no t', raw: body, header: `v1=${'a'.repeat(5000)}`, secret, expected: 'malformed_header' },
  ];

  it.each(cases)('$name: both verifiers agree', (c) => {
    const mine = ours(c.raw, c.header, c.secret);
    expect(mine).toBe(c.expected);
    expect(theirs(c.raw, c.header, c.secret)).toBe(mine === 'ok' ? 'ok' : 'rejected');
    if (mine === 'ok') {
      const event = stripe.webhooks.constructEvent(c.raw as string, c.header!, c.secret, 300, undefined, NOW * 1000);
      expect(event).toEqual(verifyWebhook(c.raw, c.header, c.secret, { now: NOW }));
    }
  });

  it('where they differ on purpose: future timestamps and oversized headers (stricter here), v0 (accepted here only)', () => {
    // Stripe bounds only the age; the subscriber guide refuses a timestamp more than 5 minutes away either way.
    expect(theirs(body, v1(NOW + 301, secret), secret)).toBe('ok');
    expect(ours(body, v1(NOW + 301, secret), secret)).toBe('timestamp_outside_tolerance');
    // Stripe has no length bound; real headers are under 200 characters.
    const padded = `${v1(NOW, secret)},x=${'a'.repeat(5000)}`;
    expect(theirs(body, padded, secret)).toBe('ok');
    expect(ours(body, padded, secret)).toBe('malformed_header');
    // During a rotation overlap, Stripe ignores v0: a subscriber still holding the previous secret needs this verifier.
    const rotating = header(NOW, secret, previous);
    expect(theirs(body, rotating, secret)).toBe('ok');
    expect(ours(body, rotating, secret)).toBe('ok');
    expect(theirs(body, rotating, previous)).toBe('rejected');
    expect(ours(body, rotating, previous)).toBe('ok');
  });
});
