/**
 * Helpers for the webhook black-box tests: a real HTTP receiver on loopback that records every delivery with its
 * raw body, an independent subscriber-side signature verifier (spec section 6, written from the spec with
 * node:crypto, sharing no code with the service), registration through the public routes, and the checks every
 * delivery must pass.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, inject } from 'vitest';
import { stackSecretsEnv } from './secrets.js';
import { api, baseUrl } from './client.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The 28 public event types of spec section 6. */
export const EVENT_TYPES = [
  'gallery.created',
  'gallery.published',
  'gallery.delivered',
  'shoot.created',
  'shoot.completed',
  'photo.uploaded',
  'ai_job.done',
  'ai.cull.completed',
  'payment.received',
  'order.shipped',
  'order.created',
  'order.sent_to_print',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
  'order.needs_intervention',
  'client.created',
  'booking.requested',
  'booking.accepted',
  'booking.declined',
  'proposal.sent',
  'proposal.viewed',
  'proposal.accepted',
  'proposal.declined',
  'proposal.expired',
  'contract.signed',
  'invoice.paid',
  'review.approved',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const LEGACY_TYPES = ['gallery.published', 'gallery.delivered', 'ai.cull.completed'] as const;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const UUID_V4_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** ISO 8601 in UTC (`Z`), as JavaScript's toISOString writes it. */
export const ISO_UTC_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------------ receiver

export interface Delivery {
  /** Order of arrival at this receiver. */
  seq: number;
  receivedAt: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The exact bytes of the body, as UTF-8 text (what the signature covers). */
  raw: string;
  /** The parsed body (undefined when it is not JSON). */
  body: any;
  /** The event id header, for grouping. */
  eventId: string | undefined;
  eventType: string | undefined;
  /** True once the receiver has answered it; false while held or when the connection died before an answer. */
  answered: boolean;
  /** True when the sender's connection closed before the receiver answered. */
  aborted: boolean;
}

/** What the receiver does with a delivery: answer this status, or hold it without answering. */
export type Behaviour = (d: Delivery) => number | 'hold';

export interface Receiver {
  /** Base URL, e.g. http://127.0.0.1:PORT; deliveries to any path are recorded. */
  url: string;
  deliveries: Delivery[];
  behave(fn: Behaviour): void;
  /** Deliveries held open right now (neither answered nor aborted). */
  held(): Delivery[];
  /** Answers every held delivery whose connection is still open with `status`. */
  releaseHeld(status?: number): void;
  where(pred: (d: Delivery) => boolean): Delivery[];
  /** Polls until at least `n` deliveries match (a bound against a hung stack, not a timing assertion). */
  waitFor(what: string, pred: (d: Delivery) => boolean, n?: number, timeoutMs?: number): Promise<Delivery[]>;
  close(): Promise<void>;
}

export async function startReceiver(behaviour: Behaviour = () => 200): Promise<Receiver> {
  let behave = behaviour;
  const deliveries: Delivery[] = [];
  const holding = new Map<Delivery, http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const d: Delivery = {
        seq: deliveries.length,
        receivedAt: Date.now(),
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw,
        body,
        eventId: req.headers['x-service-event-id'] as string | undefined,
        eventType: req.headers['x-service-event-type'] as string | undefined,
        answered: false,
        aborted: false,
      };
      deliveries.push(d);
      res.on('close', () => {
        holding.delete(d);
        if (!d.answered) d.aborted = true;
      });
      const what = behave(d);
      if (what === 'hold') {
        holding.set(d, res);
        return;
      }
      d.answered = true;
      res.writeHead(what, { 'content-type': 'text/plain' }).end(what < 300 ? 'ok' : `receiver answered ${what}`);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const where = (pred: (d: Delivery) => boolean) => deliveries.filter(pred);
  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    behave(fn) {
      behave = fn;
    },
    held: () => [...holding.keys()],
    releaseHeld(status = 200) {
      for (const [d, res] of [...holding]) {
        holding.delete(d);
        if (res.destroyed || d.aborted) continue;
        d.answered = true;
        res.writeHead(status).end();
      }
    },
    where,
    async waitFor(what, pred, n = 1, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = where(pred);
        if (found.length >= n) return found;
        if (Date.now() > until) {
          const seen = deliveries.map((d) => `${d.eventType} ${d.path}`).slice(-40);
          throw new Error(`receiver: ${what}: ${found.length} of ${n} within ${timeoutMs} ms; last deliveries: ${JSON.stringify(seen)}`);
        }
        await sleep(50);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ------------------------------------------------------------------------------------------------ verification

export interface ParsedSignature {
  t: number;
  v1: string[];
  v0: string[];
}

/** Parses `t=<unix>,v1=<hex>[,v0=<hex>]` strictly: null for anything else. */
export function parseSignature(header: unknown): ParsedSignature | null {
  if (typeof header !== 'string') return null;
  const out: ParsedSignature = { t: NaN, v1: [], v0: [] };
  for (const part of header.split(',')) {
    const m = /^(t|v1|v0)=(.+)$/.exec(part);
    if (!m) return null;
    if (m[1] === 't') {
      if (!/^\d{1,12}$/.test(m[2]!) || Number.isFinite(out.t)) return null;
      out.t = Number(m[2]);
    } else {
      if (!/^[0-9a-f]{64}$/.test(m[2]!)) return null;
      (m[1] === 'v1' ? out.v1 : out.v0).push(m[2]!);
    }
  }
  return Number.isFinite(out.t) && out.v1.length > 0 ? out : null;
}

/**
 * The subscriber's check of spec section 6: `t` within 5 minutes of now, HMAC-SHA256(secret, `${t}.${rawBody}`) in
 * lowercase hex equal (constant time) to a `v1` member. Returns the reason when it fails.
 */
export function verify(
  rawBody: string,
  header: unknown,
  secret: string,
  toleranceSeconds = 300,
): 'ok' | 'malformed' | 'stale' | 'mismatch' {
  const sig = parseSignature(header);
  if (!sig) return 'malformed';
  if (Math.abs(Date.now() / 1000 - sig.t) > toleranceSeconds) return 'stale';
  const expected = createHmac('sha256', secret).update(`${sig.t}.${rawBody}`, 'utf8').digest();
  return sig.v1.some((v) => timingSafeEqual(Buffer.from(v, 'hex'), expected)) ? 'ok' : 'mismatch';
}

export interface ExpectDelivery {
  secret: string;
  workspaceId: string;
  type: string;
  /** Whether a v0 member (previous secret during a rotation overlap) must be present (true) or absent (false). */
  v0: boolean;
}

/**
 * Everything a delivery must be: a POST with JSON, the exact envelope (members, order, formats), the three headers
 * and a signature that verifies with the endpoint's secret. Returns the envelope.
 */
export function expectDelivery(
  d: Delivery,
  x: ExpectDelivery,
): { id: string; type: string; created_at: string; workspace_id: string; api_version: string; data: Record<string, any> } {
  const ctx = `${x.type} delivery to ${d.path}`;
  expect(d.method, ctx).toBe('POST');
  expect(String(d.headers['content-type']), ctx).toMatch(/^application\/json/);
  const env = d.body;
  expect(env, `${ctx}: body is JSON`).toBeTypeOf('object');
  expect(Object.keys(env), `${ctx}: envelope members`).toEqual(['id', 'type', 'created_at', 'workspace_id', 'api_version', 'data']);
  expect(env.id, ctx).toMatch(UUID_V4_RE);
  expect(env.type, ctx).toBe(x.type);
  expect(env.created_at, ctx).toMatch(ISO_UTC_RE);
  expect(Number.isNaN(Date.parse(env.created_at)), ctx).toBe(false);
  expect(Date.parse(env.created_at), `${ctx}: created before it was received`).toBeLessThanOrEqual(d.receivedAt);
  expect(env.workspace_id, ctx).toBe(x.workspaceId);
  expect(env.api_version, ctx).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
  expect(env.data, ctx).toBeTypeOf('object');
  expect(env.data, ctx).not.toBeNull();
  expect(Array.isArray(env.data), ctx).toBe(false);
  // Headers
  expect(d.headers['x-service-event-id'], ctx).toBe(env.id);
  expect(d.headers['x-service-event-type'], ctx).toBe(x.type);
  const header = d.headers['x-service-signature'];
  expect(header, ctx).toMatch(x.v0 ? /^t=\d+,v1=[0-9a-f]{64},v0=[0-9a-f]{64}$/ : /^t=\d+,v1=[0-9a-f]{64}$/);
  expect(verify(d.raw, header, x.secret), `${ctx}: signature`).toBe('ok');
  // The signature covers these exact bytes: another body or another secret does not verify.
  expect(verify(`${d.raw} `, header, x.secret), `${ctx}: tampered body`).toBe('mismatch');
  expect(verify(d.raw, header, `${x.secret}x`), `${ctx}: wrong secret`).toBe('mismatch');
  return env;
}

/** The members of `data` in sorted order, to compare with a documented member list. */
export const keysOf = (record: Record<string, unknown>) => Object.keys(record).sort();

// ------------------------------------------------------------------------------------------------ registration

export interface Endpoint {
  id: string;
  secret: string;
}

/**
 * A REST-hook subscription through POST /webhooks/subscriptions (201, no secret in the answer), then its secret
 * through POST /webhook-endpoints/{id}/rotate-secret (the documented way to verify subscription deliveries; the
 * unseen creation secret keeps signing v0 during the overlap).
 */
export async function subscribe(token: string, workspaceId: string, targetUrl: string, event: string, base = baseUrl()): Promise<Endpoint> {
  const sub = await api(
    'POST',
    '/webhooks/subscriptions',
    { token, body: { workspace_id: workspaceId, target_url: targetUrl, event } },
    base,
  );
  expect(sub.status, sub.text).toBe(201);
  expect(sub.body.subscription).toMatchObject({ workspace_id: workspaceId, target_url: targetUrl, event, active: true });
  expect(sub.text).not.toMatch(/whsec_|secret/);
  const rotated = await api('POST', `/webhook-endpoints/${sub.body.subscription.id}/rotate-secret`, { token }, base);
  expect(rotated.status, rotated.text).toBe(200);
  const secret = rotated.body.webhook_endpoint.signing_secret as string;
  expect(secret).toMatch(/^whsec_/);
  return { id: sub.body.subscription.id, secret };
}

/** A legacy endpoint through POST /webhook-endpoints: the secret comes back once, in the 201 answer. */
export async function registerLegacy(token: string, workspaceId: string, url: string, eventTypes: readonly string[]): Promise<Endpoint> {
  const res = await api('POST', '/webhook-endpoints', { token, body: { workspace_id: workspaceId, url, event_types: eventTypes } });
  expect(res.status, res.text).toBe(201);
  const secret = res.body.webhook_endpoint.signing_secret as string;
  expect(secret).toMatch(/^whsec_/);
  return { id: res.body.webhook_endpoint.id, secret };
}

/** Every delivery record of an endpoint (GET /webhook-endpoints/{id}/deliveries, all pages). */
export async function allDeliveries(token: string, endpointId: string): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await api('GET', `/webhook-endpoints/${endpointId}/deliveries`, { token, query: { limit: 100, cursor } });
    expect(res.status, res.text).toBe(200);
    out.push(...res.body.items);
    if (!res.body.next_cursor) return out;
    cursor = res.body.next_cursor;
  }
}

// ------------------------------------------------------------------------------------------------ operator CLI

/** The studio operator CLI when the operation must be refused: resolves with the exit code and stderr. */
export async function adminRefused(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/studio/src/cli/admin.ts'), ...args, '--json'], {
      cwd: ROOT,
      env: { ...process.env, ...stackSecretsEnv('studio'), DATABASE_URL: inject('databaseUrls').studio, LOG_LEVEL: 'warn' },
    });
  } catch (err) {
    const e = err as { code?: number; stderr?: string };
    return { code: e.code ?? -1, stderr: e.stderr ?? '' };
  }
  throw new Error(`admin ${args.join(' ')} succeeded; it should have been refused`);
}
