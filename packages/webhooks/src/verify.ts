/**
 * Verifies a Studio API webhook delivery. `X-Service-Signature: t=<unix seconds>,v1=<hex>[,v0=<hex>]`, where each
 * hex is HMAC-SHA256(secret, `${t}.${rawBody}`): v1 with the endpoint's current secret and, for 24 h after a secret
 * rotation, v0 with the previous one. node:crypto only; the comparison is constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from './events.js';

/** The header that carries the signature (Node lower-cases header names: `req.headers['x-service-signature']`). */
export const SIGNATURE_HEADER = 'x-service-signature';
/** How far (seconds) the signature's timestamp may be from the subscriber's clock, either way. */
export const DEFAULT_TOLERANCE_S = 300;
/** Longer headers are refused before parsing (a real one is under 200 characters). */
const MAX_HEADER_LENGTH = 4096;
const HEX_SIGNATURE = /^[0-9a-f]{64}$/;

export type WebhookVerificationErrorCode = 'malformed_header' | 'timestamp_outside_tolerance' | 'no_matching_signature' | 'invalid_payload';

/** Why a delivery was refused: answer it with a 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  readonly code: WebhookVerificationErrorCode;

  constructor(code: WebhookVerificationErrorCode, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.code = code;
  }
}

export interface VerifyWebhookOptions {
  /** Seconds the timestamp may be away from `now`, in the past or the future; default 300. `Infinity` disables the check. */
  toleranceS?: number;
  /** The current time in unix seconds; defaults to the clock (for tests). */
  now?: number;
}

export type RawBody = string | Uint8Array;

interface ParsedHeader {
  t: number;
  signatures: string[];
}

function fail(code: WebhookVerificationErrorCode, message: string): never {
  throw new WebhookVerificationError(code, message);
}

/** `t=<unix>,v1=<hex>[,v0=<hex>]`: exactly one integer `t` and at least one v1 or v0 member; other members (future schemes) are ignored. */
function parseHeader(header: unknown): ParsedHeader {
  if (typeof header !== 'string' || header.trim() === '') fail('malformed_header', 'the X-Service-Signature header is missing or empty');
  if (header.length > MAX_HEADER_LENGTH)
    fail('malformed_header', `the X-Service-Signature header is longer than ${MAX_HEADER_LENGTH} characters`);
  let t: number | undefined;
  const signatures: string[] = [];
  for (const member of header.split(',')) {
    const eq = member.indexOf('=');
    if (eq <= 0) continue;
    const key = member.slice(0, eq).trim();
    const value = member.slice(eq + 1).trim();
    if (key === 't') {
      if (t !== undefined) fail('malformed_header', 'the X-Service-Signature header has more than one t member');
      if (!/^\d{1,12}$/.test(value)) fail('malformed_header', 'the t member of the X-Service-Signature header is not unix seconds');
      t = Number(value);
    } else if (key === 'v1' || key === 'v0') {
      signatures.push(value);
    }
  }
  if (t === undefined) fail('malformed_header', 'the X-Service-Signature header has no t member');
  if (signatures.length === 0) fail('malformed_header', 'the X-Service-Signature header has no v1 or v0 signature');
  return { t, signatures };
}

function secretList(secrets: string | readonly string[]): readonly string[] {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  if (!Array.isArray(list) || list.length === 0 || list.some((s) => typeof s !== 'string' || s === ''))
    throw new TypeError('verifyWebhook: pass the signing secret (whsec_...) or a non-empty list of them');
  return list;
}

function bodyBytes(rawBody: unknown): Uint8Array {
  if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
  if (rawBody instanceof Uint8Array) return rawBody;
  return fail(
    'invalid_payload',
    'the body must be the raw request body (a string or a Buffer/Uint8Array), not parsed JSON: re-serialised JSON does not match the signature',
  );
}

function digest(secret: string, t: number, body: Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${t}.`, 'utf8').update(body).digest();
}

/** Constant-time: every candidate is compared with every expected digest, on equal-length buffers. */
function anyMatches(candidates: readonly string[], expected: readonly Buffer[]): boolean {
  let found = false;
  for (const hex of candidates) {
    if (!HEX_SIGNATURE.test(hex)) continue;
    const given = Buffer.from(hex, 'hex');
    for (const e of expected) if (given.length === e.length && timingSafeEqual(given, e)) found = true;
  }
  return found;
}

function parseEvent(bytes: Uint8Array): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    fail('invalid_payload', 'the body is signed but is not UTF-8 JSON');
  }
  const e = event as Record<string, unknown> | null;
  if (
    typeof e !== 'object' ||
    e === null ||
    Array.isArray(e) ||
    typeof e.id !== 'string' ||
    typeof e.type !== 'string' ||
    typeof e.created_at !== 'string' ||
    typeof e.workspace_id !== 'string' ||
    typeof e.data !== 'object' ||
    e.data === null ||
    Array.isArray(e.data)
  )
    fail('invalid_payload', 'the body is signed but is not an event envelope { id, type, created_at, workspace_id, api_version, data }');
  return e as unknown as WebhookEvent;
}

/**
 * Checks that `rawBody` was sent by the Studio API with one of `secrets` and returns the parsed event, typed per event
 * type (narrow on `event.type`); throws a {@link WebhookVerificationError} otherwise. A verified event of a type newer
 * than this package is returned as it came (see {@link WebhookEvent}: it reaches a switch's `default` branch). Pass the previous and the new secret while you switch secrets after a
 * rotation: a match of any secret with the v1 or the v0 signature counts.
 *
 * @param rawBody the exact request body, before any JSON parsing (Express: `express.raw({ type: 'application/json' })`)
 * @param header the `X-Service-Signature` header
 * @param secrets the endpoint's signing secret (`whsec_...`, used whole as the HMAC key), or several
 */
export function verifyWebhook(
  rawBody: RawBody,
  header: string | null | undefined,
  secrets: string | readonly string[],
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const keys = secretList(secrets);
  const toleranceS = options.toleranceS ?? DEFAULT_TOLERANCE_S;
  if (typeof toleranceS !== 'number' || Number.isNaN(toleranceS) || toleranceS < 0)
    throw new TypeError('verifyWebhook: toleranceS must be a number of seconds >= 0');
  const body = bodyBytes(rawBody);
  const { t, signatures } = parseHeader(header);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > toleranceS)
    fail(
      'timestamp_outside_tolerance',
      `the signature's timestamp is ${Math.abs(now - t)} s ${t < now ? 'old' : 'in the future'}; at most ${toleranceS} s is accepted (a replay, or a wrong clock)`,
    );
  if (
    !anyMatches(
      signatures,
      keys.map((secret) => digest(secret, t, body)),
    )
  )
    fail(
      'no_matching_signature',
      'no signature of the X-Service-Signature header matches the body with the given secret(s): a wrong secret, or a body changed after it was received (verify the raw bytes)',
    );
  return parseEvent(body);
}

export interface SignWebhookOptions {
  /** Unix seconds; defaults to now. */
  timestamp?: number;
  /** Adds a v0 member signed with this secret, as deliveries carry during a rotation overlap. */
  previousSecret?: string;
}

/** Builds the `X-Service-Signature` header the service would send for `rawBody`: for subscribers' own tests. */
export function signWebhook(rawBody: RawBody, secret: string, options: SignWebhookOptions = {}): string {
  const t = options.timestamp ?? Math.floor(Date.now() / 1000);
  const body = bodyBytes(rawBody);
  let header = `t=${t},v1=${digest(secret, t, body).toString('hex')}`;
  if (options.previousSecret) header += `,v0=${digest(options.previousSecret, t, body).toString('hex')}`;
  return header;
}
