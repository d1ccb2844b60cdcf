/**
 * Delivery signatures (spec section 6): `X-Service-Signature: t=<unix seconds>,v1=<hex>` where the hex is
 * HMAC-SHA256(secret, `${t}.${rawBody}`); during a rotation overlap also `,v0=<hex>` with the previous secret.
 * The scheme is byte-compatible with Stripe's, so `stripe.webhooks.constructEvent` verifies v1 (it ignores v0).
 * `verifySignature` is the reference verifier of the subscriber guide: it accepts a match on v1 or v0.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-service-signature';
export const EVENT_ID_HEADER = 'x-service-event-id';
export const EVENT_TYPE_HEADER = 'x-service-event-type';
/** On test deliveries only (POST /webhook-endpoints/{id}/test): `true`. Not covered by the signature, as the other headers. */
export const TEST_HEADER = 'x-service-test';
/** Spec section 8: subscribers reject a timestamp more than 5 minutes away from their clock. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function computeSignature(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody, 'utf8').digest('hex');
}

export interface SignInput {
  rawBody: string;
  secret: string;
  /** The previous secret while its overlap lasts: adds a v0 member. */
  previousSecret?: string | null;
  /** Unix seconds; defaults to now. */
  timestamp?: number;
}

export function signatureHeader({ rawBody, secret, previousSecret, timestamp }: SignInput): string {
  const t = timestamp ?? Math.floor(Date.now() / 1000);
  let header = `t=${t},v1=${computeSignature(secret, t, rawBody)}`;
  if (previousSecret) header += `,v0=${computeSignature(previousSecret, t, rawBody)}`;
  return header;
}

export interface ParsedSignature {
  timestamp: number;
  v1: string[];
  v0: string[];
}

/** Parses the header; null when it has no integer `t`. Unknown members are ignored. */
export function parseSignatureHeader(header: string | undefined | null): ParsedSignature | null {
  if (typeof header !== 'string' || header.length > 4096) return null;
  const out: ParsedSignature = { timestamp: NaN, v1: [], v0: [] };
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    if (eq <= 0) continue;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) out.timestamp = Number(value);
    else if (key === 'v1') out.v1.push(value);
    else if (key === 'v0') out.v0.push(value);
  }
  return Number.isFinite(out.timestamp) ? out : null;
}

export type VerifyResult = { ok: true; scheme: 'v1' | 'v0' } | { ok: false; reason: 'malformed' | 'stale' | 'mismatch' };

export interface VerifyOptions {
  toleranceSeconds?: number;
  /** Unix seconds; defaults to now. */
  now?: number;
}

function hexEqual(a: string, b: string): boolean {
  if (a.length !== b.length || !/^[0-9a-f]+$/.test(a)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/**
 * The subscriber's check: `t` within the tolerance, and HMAC(secret, `${t}.${rawBody}`) equal in constant time
 * to a v1 member, or to a v0 member (which is what a subscriber still holding the previous secret matches
 * during a rotation overlap).
 */
export function verifySignature(
  rawBody: string,
  header: string | undefined | null,
  secret: string,
  opts: VerifyOptions = {},
): VerifyResult {
  const parsed = parseSignatureHeader(header);
  if (!parsed || (parsed.v1.length === 0 && parsed.v0.length === 0)) return { ok: false, reason: 'malformed' };
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - parsed.timestamp) > (opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' };
  const expected = computeSignature(secret, parsed.timestamp, rawBody);
  if (parsed.v1.some((v) => hexEqual(v, expected))) return { ok: true, scheme: 'v1' };
  if (parsed.v0.some((v) => hexEqual(v, expected))) return { ok: true, scheme: 'v0' };
  return { ok: false, reason: 'mismatch' };
}
