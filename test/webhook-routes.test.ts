/**
 * Issue 5, black box: the webhook routes and the delivery rules behind them, through the gateway with a real receiver
 * on loopback (test/webhook-events.test.ts covers the 28 event types, test/webhook-faults.test.ts the broker and
 * dispatcher faults).
 *
 * - Retries with shrunk waits (the dispatcher restarted with RETRY_SCHEDULE / DELIVERY_TIMEOUT_MS for this file): a
 *   receiver that fails twice then succeeds, one that always fails (dead_letter after 6 attempts, the waits of the
 *   schedule between them), 410 and 400 (dead_letter at once), 429 and a timeout (retried), a 302 (retried, never
 *   followed), a 100 KiB error body (the first 4 KiB kept, cut at a character boundary).
 * - Replay (same event id, same body, a fresh signature); replay of an inactive subscription is 409.
 * - Secret rotation (the API restarted with a short WEBHOOK_SECRET_OVERLAP): v1 with the new and v0 with the old
 *   secret during the overlap, only v1 after it.
 * - Legacy endpoint deletion removes its delivery history; subscriptions register (no secret), reactivate, delete
 *   twice (by id and by Zapier's { target_url, event }), with the workspace implied by a scoped token.
 * - SSRF refusals at registration (the API restarted without WEBHOOK_ALLOW_PRIVATE_TARGETS) and at delivery time
 *   (the dispatcher restarted without it, for endpoints registered while private targets were allowed, one of them a
 *   name that resolves to 127.0.0.1 through the system resolver).
 * - Every error code of these routes: 400, 401, 403, 404 (byte-identical for another tenant's ids and for a token
 *   scoped to another workspace), 409, 422.
 *
 * Everything this file changes on the shared stack is put back in afterAll (`control.restart(name)`).
 * The tests share the state built in beforeAll and run in order.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, NOT_FOUND_TEXT } from './support/client.js';
import { createGallery, shootWithKeepers } from './support/gallery.js';
import { admin, tenant } from './support/operator.js';
import { until } from './support/poll.js';
import { stackControl, type ProcessName } from './support/stack-control.js';
import {
  allDeliveries,
  expectDelivery,
  parseSignature,
  registerLegacy,
  startReceiver,
  subscribe,
  verify,
  type Delivery,
  type Endpoint,
  type Receiver,
} from './support/webhooks.js';

const LONG = 180_000;

/** Shrunk waits between attempts (production: 30s,2m,10m,30m,2h), all different so the order can be checked. */
const SCHEDULE_MS = [200, 400, 600, 800, 1000];
const DISPATCHER_ENV = { RETRY_SCHEDULE: SCHEDULE_MS.map((ms) => `${ms}ms`).join(','), DELIVERY_TIMEOUT_MS: '3000' };
/** The dispatcher of a production deployment: no private targets (the black-box stack allows them). */
const DISPATCHER_STRICT_ENV = { ...DISPATCHER_ENV, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' };
/** The API without private targets, and with a rotation overlap short enough to see it end (production: 24h). */
const OVERLAP_MS = 8000;
const API_STRICT_ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_SECRET_OVERLAP: `${OVERLAP_MS / 1000}s` };

const RETRY_PATHS = [
  '/retry/fail-twice',
  '/retry/always-503',
  '/retry/gone-410',
  '/retry/bad-400',
  '/retry/429-then-ok',
  '/retry/timeout-then-ok',
] as const;
type RetryPath = (typeof RETRY_PATHS)[number];

/** HMAC-SHA256 of `${t}.${raw}` with `secret` equals one of `members` (constant time). */
function signedWith(raw: string, t: number, members: string[], secret: string): boolean {
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`, 'utf8').digest();
  return members.some((m) => timingSafeEqual(Buffer.from(m, 'hex'), expected));
}

/** The error body of /huge-error: 100 KiB, a 1-byte character then 2-byte ones (so 4 KiB falls inside one). */
const HUGE_ERROR = `x${'é'.repeat(50 * 1024)}`;

/**
 * `/redirect` answers 302 to `target` (which must never be requested: redirects are not followed); `/huge-error`
 * answers 400 with HUGE_ERROR (only its first 4 KiB are kept).
 */
async function startOddServer(target: string): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push(req.url ?? '');
      if (req.url === '/redirect') res.writeHead(302, { location: target, 'content-type': 'text/plain' }).end('moved');
      else res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(HUGE_ERROR);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('webhook routes: retries, replay, rotation, deletion, subscriptions, SSRF, errors', () => {
  const control = stackControl();
  let a: Awaited<ReturnType<typeof tenant>>;
  let b: Awaited<ReturnType<typeof tenant>>;
  let receiver: Receiver;
  let port: string;
  /** This machine's name: the system resolver maps it to 127.0.0.1 (/etc/hosts), and no name-based rule covers it. */
  let hostName: string;
  /** Status forced for a path by a test (e.g. a receiver that has recovered), else the path's behaviour. */
  const forced = new Map<string, number>();
  const retrySubs = new Map<RetryPath, Endpoint>();
  let rotationSub: Endpoint;
  /** A second subscriber that answers what the receiver helper cannot: a redirect and a huge error body. */
  let odd: { url: string; hits: string[]; close(): Promise<void> };
  const oddSubs = new Map<string, Endpoint>();
  /** A token of A's admin scoped to workspace A; a token of A's owner (also admin in B) scoped to workspace B. */
  let scopedToA: string;
  let aOwnerScopedToB: string;
  const ssrfSubs = new Map<string, Endpoint>();
  /** Retry scenario results shared with the replay and error tests. */
  let retryClientId: string;
  const retryRecords = new Map<RetryPath, any>();

  /** Restarts `name` with `env` unless it already runs with exactly that launch environment. */
  async function ensure(name: ProcessName, env: Record<string, string>) {
    const p = (await control.processes()).find((x) => x.name === name)!;
    const same = p.running && JSON.stringify(Object.entries(p.env_overrides).sort()) === JSON.stringify(Object.entries(env).sort());
    if (!same) await control.restart(name, env);
  }

  /** Deliveries at `path` of the client.created event of `clientId`. */
  const clientDeliveries = (path: string, clientId: string) =>
    receiver.where((d) => d.path === path && d.body?.data?.client_id === clientId);

  async function createClient(token: string, workspaceId: string, name: string): Promise<string> {
    const r = await api('POST', '/clients', { token, body: { workspace_id: workspaceId, name } });
    expect(r.status, r.text).toBe(201);
    return r.body.client.id;
  }

  async function detail(token: string, deliveryId: string) {
    const r = await api('GET', `/webhook-deliveries/${deliveryId}`, { token });
    expect(r.status, r.text).toBe(200);
    return r.body.delivery;
  }

  beforeAll(async () => {
    [a, b] = await Promise.all([tenant(['owner', 'admin', 'photographer', 'viewer']), tenant(['owner', 'admin'])]);
    receiver = await startReceiver();
    port = new URL(receiver.url).port;
    // A name the system resolver maps to loopback (this machine's name, through /etc/hosts); where the machine's
    // name does not resolve to loopback only, `localhost` plays its part.
    hostName = os.hostname().toLowerCase();
    const resolved = await dns.promises.lookup(hostName, { all: true }).catch(() => []);
    if (resolved.length === 0 || !resolved.every((r) => r.address === '127.0.0.1') || /(^|\.)localhost$/.test(hostName))
      hostName = 'localhost';
    const arrivals = (d: Delivery) => receiver.where((x) => x.path === d.path && x.eventId === d.eventId).length; // includes d
    const behaviour: Record<RetryPath, (n: number) => number | 'hold'> = {
      '/retry/fail-twice': (n) => (n <= 2 ? 500 : 200),
      '/retry/always-503': () => 503,
      '/retry/gone-410': () => 410,
      '/retry/bad-400': () => 400,
      '/retry/429-then-ok': (n) => (n === 1 ? 429 : 200),
      '/retry/timeout-then-ok': (n) => (n === 1 ? 'hold' : 200),
    };
    receiver.behave((d) => forced.get(d.path) ?? behaviour[d.path as RetryPath]?.(arrivals(d)) ?? 200);
    odd = await startOddServer(`${receiver.url}/redirect-target`);
    [scopedToA, aOwnerScopedToB] = await Promise.all([
      admin<{ token: string }>('create-token', '--profile', a.profiles.admin, '--workspace', a.workspaceId).then((r) => r.token),
      admin('add-member', '--workspace', b.workspaceId, '--profile', a.profiles.owner, '--role', 'admin').then(() =>
        admin<{ token: string }>('create-token', '--profile', a.profiles.owner, '--workspace', b.workspaceId).then((r) => r.token),
      ),
    ]);
    // Registered while the stack allows private targets (its receivers are on loopback).
    for (const p of RETRY_PATHS) retrySubs.set(p, await subscribe(a.tokens.admin, a.workspaceId, `${receiver.url}${p}`, 'client.created'));
    for (const p of ['/redirect', '/huge-error'])
      oddSubs.set(p, await subscribe(a.tokens.admin, a.workspaceId, `${odd.url}${p}`, 'client.created'));
    rotationSub = await subscribe(a.tokens.admin, a.workspaceId, `${receiver.url}/rotation`, 'shoot.created');
    // Delivery-time SSRF: a literal loopback address, a name that resolves to 127.0.0.1 through the system resolver
    // (this machine's name, so only the check after resolution can refuse it), and `localhost`.
    for (const [path, host] of [
      ['/ssrf/literal', '127.0.0.1'],
      ['/ssrf/dns', hostName],
      ['/ssrf/localhost', 'localhost'],
    ] as const) {
      ssrfSubs.set(path, await subscribe(b.tokens.admin, b.workspaceId, `http://${host}:${port}${path}`, 'client.created'));
    }
    await ensure('webhooks-worker', DISPATCHER_ENV);
  }, LONG);

  afterAll(async () => {
    // Put the shared stack back as the next test file expects it: the stack's own configuration.
    for (const name of ['webhooks', 'webhooks-worker'] as const) {
      const p = (await control.processes()).find((x) => x.name === name);
      if (!p?.running || Object.keys(p.env_overrides).length > 0) await control.restart(name);
    }
    receiver?.releaseHeld();
    await receiver?.close();
    await odd?.close();
  }, LONG);

  it(
    'retries with the configured waits: fails twice then succeeds at attempt 3; always failing ends dead_letter after 6; 410/400 end at once; 429 and a timeout are retried',
    async () => {
      await ensure('webhooks-worker', DISPATCHER_ENV);
      retryClientId = await createClient(a.tokens.owner, a.workspaceId, 'Retry client');
      const expectedArrivals: Record<RetryPath, number> = {
        '/retry/fail-twice': 3,
        '/retry/always-503': 6,
        '/retry/gone-410': 1,
        '/retry/bad-400': 1,
        '/retry/429-then-ok': 2,
        '/retry/timeout-then-ok': 2,
      };
      for (const p of RETRY_PATHS)
        await receiver.waitFor(
          `${expectedArrivals[p]} attempts at ${p}`,
          (d) => d.path === p && d.body?.data?.client_id === retryClientId,
          expectedArrivals[p],
          60_000,
        );
      // The service's records reach their final states.
      for (const p of RETRY_PATHS) {
        const record = await until(`the delivery at ${p} is final`, async () => {
          const recs = await allDeliveries(a.tokens.viewer, retrySubs.get(p)!.id);
          return recs.length === 1 && ['succeeded', 'dead_letter'].includes(recs[0].state) ? recs[0] : false;
        });
        retryRecords.set(p, record);
      }

      // Every attempt is the same event (same id, same bytes), each with a valid, fresh signature.
      let eventId: string | undefined;
      for (const p of RETRY_PATHS) {
        const got = clientDeliveries(p, retryClientId);
        expect(got, `attempts at ${p}`).toHaveLength(expectedArrivals[p]);
        for (const d of got) {
          const env = expectDelivery(d, { secret: retrySubs.get(p)!.secret, workspaceId: a.workspaceId, type: 'client.created', v0: true });
          eventId ??= env.id;
          expect(env.id, `${p}: one event fanned out to every subscription`).toBe(eventId);
          expect(d.raw).toBe(got[0]!.raw);
        }
        const ts = got.map((d) => parseSignature(d.headers['x-service-signature'])!.t);
        expect(ts, `${p}: t taken per attempt`).toEqual([...ts].sort((x, y) => x - y));
        const rec = retryRecords.get(p);
        expect(rec.event_id).toBe(eventId);
        expect(rec.attempt_count, p).toBe(expectedArrivals[p]);
      }

      const attemptsOf = async (p: RetryPath) => (await detail(a.tokens.viewer, retryRecords.get(p).id)).attempts as any[];

      // Fails twice, then succeeds: succeeded on attempt 3, the two failures recorded with their answers.
      expect(retryRecords.get('/retry/fail-twice')).toMatchObject({
        state: 'succeeded',
        attempt_count: 3,
        last_status: 200,
        last_error: null,
        next_attempt_at: null,
      });
      expect(retryRecords.get('/retry/fail-twice').completed_at).not.toBeNull();
      const failTwice = await attemptsOf('/retry/fail-twice');
      expect(failTwice.map((x) => [x.http_status, x.error])).toEqual([
        [500, 'receiver answered 500'],
        [500, 'receiver answered 500'],
        [200, null],
      ]);

      // Always failing: 6 attempts, then dead_letter with the last status and error body; the waits follow the schedule.
      expect(retryRecords.get('/retry/always-503')).toMatchObject({
        state: 'dead_letter',
        attempt_count: 6,
        last_status: 503,
        last_error: 'receiver answered 503',
        next_attempt_at: null,
      });
      const always = await attemptsOf('/retry/always-503');
      expect(always).toHaveLength(6);
      for (const x of always) expect(x).toMatchObject({ http_status: 503, error: 'receiver answered 503' });
      for (let i = 1; i < always.length; i++) {
        const gap = Date.parse(always[i].attempted_at) - Date.parse(always[i - 1].attempted_at);
        expect(gap, `wait before attempt ${i + 1}`).toBeGreaterThanOrEqual(SCHEDULE_MS[i - 1]! - 5);
      }
      const deadLettered = await api('GET', `/webhook-endpoints/${retrySubs.get('/retry/always-503')!.id}/deliveries`, {
        token: a.tokens.viewer,
        query: { state: 'dead_letter' },
      });
      expect(deadLettered.body.items.map((x: any) => x.id)).toEqual([retryRecords.get('/retry/always-503').id]);
      const succeededOnly = await api('GET', `/webhook-endpoints/${retrySubs.get('/retry/always-503')!.id}/deliveries`, {
        token: a.tokens.viewer,
        query: { state: 'succeeded' },
      });
      expect(succeededOnly.body.items).toEqual([]);

      // A terminal 4xx (410 Gone, 400) ends at once: one attempt, dead_letter.
      expect(retryRecords.get('/retry/gone-410')).toMatchObject({
        state: 'dead_letter',
        attempt_count: 1,
        last_status: 410,
        last_error: 'receiver answered 410',
        next_attempt_at: null,
      });
      expect(retryRecords.get('/retry/bad-400')).toMatchObject({
        state: 'dead_letter',
        attempt_count: 1,
        last_status: 400,
        last_error: 'receiver answered 400',
      });

      // 429 is retried (not terminal like the other 4xx).
      expect(retryRecords.get('/retry/429-then-ok')).toMatchObject({
        state: 'succeeded',
        attempt_count: 2,
        last_status: 200,
        last_error: null,
      });
      expect((await attemptsOf('/retry/429-then-ok')).map((x) => x.http_status)).toEqual([429, 200]);

      // A timeout (the receiver held the request past DELIVERY_TIMEOUT_MS) is retried: the sender gave up on the first
      // request (the receiver saw the connection close unanswered), and the second attempt succeeded.
      const timedOut = clientDeliveries('/retry/timeout-then-ok', retryClientId);
      expect(timedOut[0]!.aborted && !timedOut[0]!.answered).toBe(true);
      expect(timedOut[1]!.answered).toBe(true);
      expect(retryRecords.get('/retry/timeout-then-ok')).toMatchObject({
        state: 'succeeded',
        attempt_count: 2,
        last_status: 200,
        last_error: null,
      });
      const timeoutAttempts = await attemptsOf('/retry/timeout-then-ok');
      expect(timeoutAttempts[0]).toMatchObject({ http_status: null, error: 'no answer within 3000 ms' });
      expect(timeoutAttempts[1]).toMatchObject({ http_status: 200, error: null });

      // A redirect is a failure like a 5xx (retried, then dead_letter) and is never followed.
      const redirected = await until('the redirected delivery is dead-lettered', async () => {
        const recs = await allDeliveries(a.tokens.viewer, oddSubs.get('/redirect')!.id);
        return recs.length === 1 && recs[0].state === 'dead_letter' ? recs[0] : false;
      });
      expect(redirected).toMatchObject({ attempt_count: 6, last_status: 302, last_error: 'moved', event_id: eventId });
      expect(odd.hits.filter((h) => h === '/redirect')).toHaveLength(6);
      expect(receiver.where((d) => d.path === '/redirect-target')).toHaveLength(0);

      // The error body kept is the first 4 KiB of a 100 KiB answer, cut at a character boundary.
      const huge = await until('the huge-error delivery is dead-lettered', async () => {
        const recs = await allDeliveries(a.tokens.viewer, oddSubs.get('/huge-error')!.id);
        return recs.length === 1 && recs[0].state === 'dead_letter' ? recs[0] : false;
      });
      expect(huge).toMatchObject({ attempt_count: 1, last_status: 400 });
      expect(huge.last_error).toBe(HUGE_ERROR.slice(0, 2048)); // 'x' + 2047 x 'é' = 4095 bytes: the next 'é' would pass 4096
      expect(Buffer.byteLength(huge.last_error)).toBe(4095);
      expect((await detail(a.tokens.viewer, huge.id)).attempts[0].error).toBe(huge.last_error);

      // Nothing more arrives for the final deliveries (checked again in the next test, after more time has passed).
      for (const p of RETRY_PATHS) expect(clientDeliveries(p, retryClientId)).toHaveLength(expectedArrivals[p]);
    },
    LONG,
  );

  it(
    'replay: POST /webhook-deliveries/{id}/replay sends the same event again (202), a new cycle; an inactive subscription is 409',
    async () => {
      await ensure('webhooks-worker', DISPATCHER_ENV);
      // The dead-lettered deliveries were not retried meanwhile.
      expect(clientDeliveries('/retry/always-503', retryClientId)).toHaveLength(6);
      expect(clientDeliveries('/retry/gone-410', retryClientId)).toHaveLength(1);

      // The always-failing receiver has recovered: replay its dead-lettered delivery.
      forced.set('/retry/always-503', 200);
      const dead = retryRecords.get('/retry/always-503');
      const sub = retrySubs.get('/retry/always-503')!;
      const replayed = await api('POST', `/webhook-deliveries/${dead.id}/replay`, { token: a.tokens.admin });
      expect(replayed.status, replayed.text).toBe(202);
      expect(replayed.body.delivery).toMatchObject({
        id: dead.id,
        event_id: dead.event_id,
        endpoint_id: sub.id,
        state: 'pending',
        attempt_count: 6,
      });
      expect(replayed.body.delivery.next_attempt_at).not.toBeNull();
      const got = await receiver.waitFor(
        'the replayed delivery',
        (d) => d.path === '/retry/always-503' && d.body?.data?.client_id === retryClientId,
        7,
      );
      expect(got).toHaveLength(7);
      const again = got[6]!;
      expectDelivery(again, { secret: sub.secret, workspaceId: a.workspaceId, type: 'client.created', v0: true });
      expect(again.headers['x-service-event-id']).toBe(dead.event_id);
      expect(again.raw).toBe(got[0]!.raw);
      expect(parseSignature(again.headers['x-service-signature'])!.t).toBeGreaterThanOrEqual(
        parseSignature(got[5]!.headers['x-service-signature'])!.t,
      );
      const after = await until('the replayed delivery succeeded', async () => {
        const d = await detail(a.tokens.viewer, dead.id);
        return d.state === 'succeeded' ? d : false;
      });
      expect(after).toMatchObject({ state: 'succeeded', attempt_count: 7, last_status: 200, last_error: null, event_id: dead.event_id });
      expect(after.attempts.map((x: any) => x.http_status)).toEqual([503, 503, 503, 503, 503, 503, 200]);
      // Still one delivery record for the endpoint: a replay reuses the row.
      expect((await allDeliveries(a.tokens.viewer, sub.id)).map((r) => r.id)).toEqual([dead.id]);

      // A succeeded delivery can be replayed too (the subscriber asked for it again).
      const ok = retryRecords.get('/retry/fail-twice');
      expect((await api('POST', `/webhook-deliveries/${ok.id}/replay`, { token: a.tokens.owner })).status).toBe(202);
      const okGot = await receiver.waitFor(
        'the replayed succeeded delivery',
        (d) => d.path === '/retry/fail-twice' && d.body?.data?.client_id === retryClientId,
        4,
      );
      expect(okGot[3]!.headers['x-service-event-id']).toBe(ok.event_id);
      expect(okGot[3]!.raw).toBe(okGot[0]!.raw);
      await until('the second replay recorded', async () => {
        const d = await detail(a.tokens.viewer, ok.id);
        return d.state === 'succeeded' && d.attempt_count === 4;
      });

      // Replaying a delivery of an unsubscribed (inactive) subscription is a conflict; nothing is sent.
      const gone = retryRecords.get('/retry/gone-410');
      const del = await api('DELETE', '/webhooks/subscriptions', {
        token: a.tokens.admin,
        body: { id: retrySubs.get('/retry/gone-410')!.id },
      });
      expect(del.body).toEqual({ ok: true, deleted: true });
      const conflict = await api('POST', `/webhook-deliveries/${gone.id}/replay`, { token: a.tokens.admin });
      expect(conflict.status, conflict.text).toBe(409);
      expect(conflict.body).toMatchObject({ ok: false, error: 'conflict' });
      expect(await detail(a.tokens.viewer, gone.id)).toMatchObject({ state: 'dead_letter', attempt_count: 1 });
      expect(clientDeliveries('/retry/gone-410', retryClientId)).toHaveLength(1);
    },
    LONG,
  );

  it(
    'legacy endpoint: registered with its secret once, receives gallery.published; DELETE removes it and its delivery history',
    async () => {
      await ensure('webhooks', {});
      const legacy = await registerLegacy(a.tokens.admin, a.workspaceId, `${receiver.url}/legacy`, ['gallery.published']);
      const listed = await api('GET', '/webhook-endpoints', { token: a.tokens.viewer, query: { workspace_id: a.workspaceId } });
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((e: any) => e.id)).toContain(legacy.id);
      expect(listed.text).not.toMatch(/whsec_|signing_secret/);

      const { shootId } = await shootWithKeepers(a.tokens.photographer, a.workspaceId, 1);
      const gallery = await createGallery(a.tokens.photographer, shootId, 'Legacy gallery');
      const pub = await api('POST', `/galleries/${gallery.id}/publish`, { token: a.tokens.owner });
      expect(pub.status, pub.text).toBe(200);
      const [d] = await receiver.waitFor(
        'gallery.published at /legacy',
        (x) => x.path === '/legacy' && x.body?.data?.gallery_id === gallery.id,
      );
      const env = expectDelivery(d!, { secret: legacy.secret, workspaceId: a.workspaceId, type: 'gallery.published', v0: false });

      const history = await until('the delivery recorded as succeeded', async () => {
        const recs = await allDeliveries(a.tokens.viewer, legacy.id);
        return recs.length === 1 && recs[0].state === 'succeeded' ? recs : false;
      });
      const deliveryId = history[0].id as string;
      expect(history[0]).toMatchObject({
        event_id: env.id,
        event_type: 'gallery.published',
        endpoint_id: legacy.id,
        attempt_count: 1,
        last_status: 200,
      });
      const one = await detail(a.tokens.viewer, deliveryId);
      expect(one.payload).toEqual(env);
      expect(one.attempts).toHaveLength(1);

      const del = await api('DELETE', `/webhook-endpoints/${legacy.id}`, { token: a.tokens.admin });
      expect(del.status, del.text).toBe(200);
      expect(del.body).toEqual({ ok: true, deleted: true });

      // The endpoint and its history are gone: every route answers the plain 404.
      for (const [method, path] of [
        ['GET', `/webhook-endpoints/${legacy.id}/deliveries`],
        ['GET', `/webhook-deliveries/${deliveryId}`],
        ['POST', `/webhook-deliveries/${deliveryId}/replay`],
        ['POST', `/webhook-endpoints/${legacy.id}/rotate-secret`],
        ['DELETE', `/webhook-endpoints/${legacy.id}`],
      ] as const) {
        const r = await api(method, path, { token: a.tokens.admin });
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(r.text, `${method} ${path}`).toBe(NOT_FOUND_TEXT);
      }
      for (const kind of ['legacy', 'all']) {
        const after = await api('GET', '/webhook-endpoints', { token: a.tokens.viewer, query: { workspace_id: a.workspaceId, kind } });
        expect(after.body.items.map((e: any) => e.id)).not.toContain(legacy.id);
      }
      // Other endpoints' history is untouched.
      expect(await allDeliveries(a.tokens.viewer, retrySubs.get('/retry/fail-twice')!.id)).toHaveLength(1);
    },
    LONG,
  );

  it(
    'subscriptions: 201 without a secret; subscribing again reactivates the same one; DELETE (JSON body) twice: deleted true, then false',
    async () => {
      await ensure('webhooks', {});
      const target = `${receiver.url}/subs/lifecycle`;
      const body = { workspace_id: b.workspaceId, target_url: target, event: 'client.created' };
      // A witness subscription to the same event: once it has an event, the fan-out of that event is complete.
      const witness = await subscribe(b.tokens.admin, b.workspaceId, `${receiver.url}/subs/witness`, 'client.created');

      const first = await api('POST', '/webhooks/subscriptions', { token: b.tokens.admin, body });
      expect(first.status, first.text).toBe(201);
      expect(first.body).toMatchObject({
        ok: true,
        created: true,
        subscription: { workspace_id: b.workspaceId, target_url: target, event: 'client.created', active: true },
      });
      expect(Object.keys(first.body.subscription).sort()).toEqual([
        'active',
        'created_at',
        'event',
        'id',
        'target_url',
        'updated_at',
        'workspace_id',
      ]);
      expect(first.text).not.toMatch(/whsec_|secret/);
      const id = first.body.subscription.id as string;

      const repeat = await api('POST', '/webhooks/subscriptions', { token: b.tokens.admin, body });
      expect(repeat.status).toBe(201);
      expect(repeat.body).toMatchObject({ ok: true, created: false, subscription: { id, active: true } });
      expect(repeat.text).not.toMatch(/whsec_|secret/);

      // Active: receives the event (unsigned as far as its owner knows; no secret was shown).
      const c1 = await createClient(b.tokens.owner, b.workspaceId, 'Lifecycle 1');
      const [d1] = await receiver.waitFor(
        'client.created at /subs/lifecycle',
        (d) => d.path === '/subs/lifecycle' && d.body?.data?.client_id === c1,
      );
      expect(d1!.headers['x-service-event-type']).toBe('client.created');

      const del1 = await api('DELETE', '/webhooks/subscriptions', { token: b.tokens.admin, body: { id } });
      expect(del1.status, del1.text).toBe(200);
      expect(del1.body).toEqual({ ok: true, deleted: true });
      const del2 = await api('DELETE', '/webhooks/subscriptions', { token: b.tokens.admin, body: { id } });
      expect(del2.status).toBe(200);
      expect(del2.body).toEqual({ ok: true, deleted: false });
      const listed = await api('GET', '/webhook-endpoints', {
        token: b.tokens.owner,
        query: { workspace_id: b.workspaceId, kind: 'subscription' },
      });
      expect(listed.body.items.find((e: any) => e.id === id)).toMatchObject({
        active: false,
        kind: 'subscription',
        url: target,
        event_types: ['client.created'],
      });

      // Inactive: the next event reaches the witness but no delivery is made for the inactive subscription.
      const c2 = await createClient(b.tokens.owner, b.workspaceId, 'Lifecycle 2');
      const [w2] = await receiver.waitFor(
        'client.created at the witness',
        (d) => d.path === '/subs/witness' && d.body?.data?.client_id === c2,
      );
      const ofLifecycle = await allDeliveries(b.tokens.owner, id);
      expect(ofLifecycle.map((r) => r.event_id)).toEqual([d1!.body.id]);
      expect(ofLifecycle.map((r) => r.event_id)).not.toContain(w2!.body.id);

      // Subscribing again reactivates it: same id, history kept, events flow again.
      const back = await api('POST', '/webhooks/subscriptions', { token: b.tokens.admin, body });
      expect(back.status).toBe(201);
      expect(back.body).toMatchObject({ ok: true, created: false, subscription: { id, active: true } });
      expect(back.text).not.toMatch(/whsec_|secret/);
      const c3 = await createClient(b.tokens.owner, b.workspaceId, 'Lifecycle 3');
      await receiver.waitFor(
        'client.created at /subs/lifecycle after reactivation',
        (d) => d.path === '/subs/lifecycle' && d.body?.data?.client_id === c3,
      );
      expect(clientDeliveries('/subs/lifecycle', c2)).toHaveLength(0);
      const history = await until('the two deliveries recorded', async () => {
        const recs = await allDeliveries(b.tokens.owner, id);
        return recs.length === 2 ? recs : false;
      });
      expect(history.map((r) => r.event_id)).toContain(d1!.body.id);

      // The target URL is normalised: another spelling of the same URL (case, a fragment) is the same subscription.
      const spelled = `${receiver.url.replace('http://', 'HTTP://')}/subs/lifecycle#zap`;
      const same = await api('POST', '/webhooks/subscriptions', { token: b.tokens.admin, body: { ...body, target_url: spelled } });
      expect(same.status, same.text).toBe(201);
      expect(same.body).toMatchObject({ created: false, subscription: { id, target_url: target } });

      // DELETE by { workspace_id, target_url, event } (Zapier's shape) works the same: true, then false.
      const byUrl = { workspace_id: b.workspaceId, target_url: target, event: 'client.created' };
      expect((await api('DELETE', '/webhooks/subscriptions', { token: b.tokens.admin, body: byUrl })).body).toEqual({
        ok: true,
        deleted: true,
      });
      expect((await api('DELETE', '/webhooks/subscriptions', { token: b.tokens.admin, body: byUrl })).body).toEqual({
        ok: true,
        deleted: false,
      });
      // A subscription that never existed: deleted false as well.
      expect((await api('DELETE', '/webhooks/subscriptions', { token: b.tokens.admin, body: { id: randomUUID() } })).body).toEqual({
        ok: true,
        deleted: false,
      });
      // A token scoped to one workspace may leave workspace_id out of both bodies.
      const scopedBody = { target_url: `${receiver.url}/subs/scoped`, event: 'invoice.paid' };
      const scoped = await api('POST', '/webhooks/subscriptions', { token: scopedToA, body: scopedBody });
      expect(scoped.status, scoped.text).toBe(201);
      expect(scoped.body).toMatchObject({
        created: true,
        subscription: { workspace_id: a.workspaceId, target_url: scopedBody.target_url, event: 'invoice.paid', active: true },
      });
      expect((await api('DELETE', '/webhooks/subscriptions', { token: scopedToA, body: scopedBody })).body).toEqual({
        ok: true,
        deleted: true,
      });
      expect((await api('DELETE', '/webhooks/subscriptions', { token: scopedToA, body: scopedBody })).body).toEqual({
        ok: true,
        deleted: false,
      });
      // A legacy endpoint is not a subscription: unsubscribing its id does nothing.
      const legacy = await registerLegacy(b.tokens.admin, b.workspaceId, `${receiver.url}/subs/legacy`, ['ai.cull.completed']);
      expect((await api('DELETE', '/webhooks/subscriptions', { token: b.tokens.admin, body: { id: legacy.id } })).body).toEqual({
        ok: true,
        deleted: false,
      });
      const legacyListed = await api('GET', '/webhook-endpoints', { token: b.tokens.owner, query: { workspace_id: b.workspaceId } });
      expect(legacyListed.body.items.find((e: any) => e.id === legacy.id)).toMatchObject({ active: true });
      expect((await api('DELETE', `/webhook-endpoints/${legacy.id}`, { token: b.tokens.admin })).body).toEqual({ ok: true, deleted: true });
      // The witness is no longer needed.
      expect((await api('DELETE', '/webhooks/subscriptions', { token: b.tokens.admin, body: { id: witness.id } })).body).toEqual({
        ok: true,
        deleted: true,
      });
    },
    LONG,
  );

  it(
    'errors: 400 bad bodies and unsubscribable types, 401, 403 below admin, 404 byte-identical for another tenant, 422 Idempotency-Key conflicts',
    async () => {
      await ensure('webhooks', {});
      const endpointId = retrySubs.get('/retry/fail-twice')!.id;
      const deliveryId = retryRecords.get('/retry/fail-twice').id as string;
      const missing = randomUUID();
      const legacyBody = (url: string, types: unknown = ['gallery.published']) => ({
        workspace_id: a.workspaceId,
        url,
        event_types: types,
      });

      // 401: no token, a malformed one, an unknown one, on every route.
      const routes: [string, string, unknown?][] = [
        ['GET', `/webhook-endpoints?workspace_id=${a.workspaceId}`],
        ['POST', '/webhook-endpoints', legacyBody(`${receiver.url}/x`)],
        ['DELETE', `/webhook-endpoints/${endpointId}`],
        ['POST', `/webhook-endpoints/${endpointId}/rotate-secret`],
        ['GET', `/webhook-endpoints/${endpointId}/deliveries`],
        ['GET', `/webhook-deliveries/${deliveryId}`],
        ['POST', `/webhook-deliveries/${deliveryId}/replay`],
        ['POST', '/webhooks/subscriptions', { workspace_id: a.workspaceId, target_url: `${receiver.url}/x`, event: 'client.created' }],
        ['DELETE', '/webhooks/subscriptions', { id: endpointId }],
      ];
      for (const [method, path, body] of routes) {
        for (const headers of [
          {},
          { authorization: 'Bearer not-a-token' },
          { authorization: `Bearer ${a.tokens.owner.slice(0, -4)}AAAA` },
        ] as Record<string, string>[]) {
          const r = await api(method, path, { body, headers });
          expect(r.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
          expect(r.body).toMatchObject({ ok: false, error: 'unauthorized' });
        }
      }

      // 403: a viewer and a photographer of the workspace on every admin+ route; nothing changes.
      const before = (
        await api('GET', '/webhook-endpoints', { token: a.tokens.viewer, query: { workspace_id: a.workspaceId, kind: 'all' } })
      ).body.items.find((e: any) => e.id === endpointId);
      const adminRoutes = routes.filter(([method]) => method !== 'GET');
      for (const role of ['viewer', 'photographer'] as const) {
        for (const [method, path, body] of adminRoutes) {
          const r = await api(method, path, { token: a.tokens[role], body });
          expect(r.status, `${role}: ${method} ${path}: ${r.text}`).toBe(403);
          expect(r.body).toMatchObject({ ok: false, error: 'forbidden' });
        }
        // Reading is for every member.
        for (const [method, path] of routes.filter(([m]) => m === 'GET'))
          expect((await api(method, path, { token: a.tokens[role] })).status, `${role}: ${method} ${path}`).toBe(200);
      }
      const afterForbidden = (
        await api('GET', '/webhook-endpoints', { token: a.tokens.viewer, query: { workspace_id: a.workspaceId, kind: 'all' } })
      ).body.items.find((e: any) => e.id === endpointId);
      expect(afterForbidden).toEqual(before); // not deleted, not rotated, not deactivated
      expect((await detail(a.tokens.viewer, deliveryId)).attempt_count).toBe(4); // not replayed

      // 404: another tenant's endpoint and delivery ids answer exactly like ids that do not exist.
      for (const [method, path] of [
        ['GET', `/webhook-endpoints/%s/deliveries`, endpointId],
        ['DELETE', `/webhook-endpoints/%s`, endpointId],
        ['POST', `/webhook-endpoints/%s/rotate-secret`, endpointId],
        ['GET', `/webhook-deliveries/%s`, deliveryId],
        ['POST', `/webhook-deliveries/%s/replay`, deliveryId],
      ].map(([m, p, id]) => [m!, p!.replace('%s', id!)] as const)) {
        const foreign = await api(method, path, { token: b.tokens.admin });
        const none = await api(method, path.replace(/[0-9a-f-]{36}/, missing), { token: b.tokens.admin });
        expect(foreign.status, `${method} ${path}`).toBe(404);
        expect(foreign.text).toBe(NOT_FOUND_TEXT);
        expect(none.status).toBe(404);
        expect(none.text).toBe(foreign.text);
      }
      for (const [method, path, body] of [
        ['GET', `/webhook-endpoints?workspace_id=${a.workspaceId}`, undefined],
        ['POST', '/webhook-endpoints', legacyBody(`${receiver.url}/x`)],
        ['POST', '/webhooks/subscriptions', { workspace_id: a.workspaceId, target_url: `${receiver.url}/x`, event: 'client.created' }],
        [
          'DELETE',
          '/webhooks/subscriptions',
          { workspace_id: a.workspaceId, target_url: `${receiver.url}/retry/fail-twice`, event: 'client.created' },
        ],
      ] as const) {
        const r = await api(method, path, { token: b.tokens.admin, body });
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(r.text).toBe(NOT_FOUND_TEXT);
      }
      // A token scoped to another workspace answers the same 404, even for a profile that is an owner of A.
      expect((await api('GET', '/webhook-endpoints', { token: aOwnerScopedToB, query: { workspace_id: b.workspaceId } })).status).toBe(200);
      for (const [method, path, body] of [
        ['GET', `/webhook-endpoints?workspace_id=${a.workspaceId}`, undefined],
        ['GET', `/webhook-endpoints/${endpointId}/deliveries`, undefined],
        ['POST', `/webhook-endpoints/${endpointId}/rotate-secret`, undefined],
        ['DELETE', `/webhook-endpoints/${endpointId}`, undefined],
        ['GET', `/webhook-deliveries/${deliveryId}`, undefined],
        ['POST', `/webhook-deliveries/${deliveryId}/replay`, undefined],
        ['POST', '/webhooks/subscriptions', { workspace_id: a.workspaceId, target_url: `${receiver.url}/x`, event: 'client.created' }],
      ] as const) {
        const r = await api(method, path, { token: aOwnerScopedToB, body });
        expect(r.status, `scoped to B: ${method} ${path}`).toBe(404);
        expect(r.text).toBe(NOT_FOUND_TEXT);
      }
      expect((await api('DELETE', '/webhooks/subscriptions', { token: aOwnerScopedToB, body: { id: endpointId } })).body).toEqual({
        ok: true,
        deleted: false,
      });

      // Unsubscribing another tenant's subscription by id: deleted false, like a missing one, and it stays active.
      expect((await api('DELETE', '/webhooks/subscriptions', { token: b.tokens.admin, body: { id: endpointId } })).body).toEqual({
        ok: true,
        deleted: false,
      });
      const stillThere = (
        await api('GET', '/webhook-endpoints', { token: a.tokens.viewer, query: { workspace_id: a.workspaceId, kind: 'all' } })
      ).body.items.find((e: any) => e.id === endpointId);
      expect(stillThere).toEqual(before);

      // 400: bad bodies, unsubscribable event types, bad queries and ids.
      const bad: [
        string,
        string,
        { body?: unknown; rawBody?: string; headers?: Record<string, string>; query?: Record<string, string> },
      ][] = [
        ['POST', '/webhook-endpoints', { body: legacyBody(`${receiver.url}/x`, ['client.created']) }], // not a legacy type
        ['POST', '/webhook-endpoints', { body: legacyBody(`${receiver.url}/x`, ['gallery.created']) }], // public, not legacy
        ['POST', '/webhook-endpoints', { body: legacyBody(`${receiver.url}/x`, ['no.such_event']) }],
        ['POST', '/webhook-endpoints', { body: legacyBody(`${receiver.url}/x`, []) }],
        ['POST', '/webhook-endpoints', { body: legacyBody(`${receiver.url}/x`, 'gallery.published') }],
        ['POST', '/webhook-endpoints', { body: { workspace_id: a.workspaceId, event_types: ['gallery.published'] } }], // no url
        ['POST', '/webhook-endpoints', { body: { url: `${receiver.url}/x`, event_types: ['gallery.published'] } }], // no workspace
        ['POST', '/webhook-endpoints', { body: { ...legacyBody(`${receiver.url}/x`), workspace_id: 'not-a-uuid' } }],
        ['POST', '/webhook-endpoints', { body: legacyBody('not a url') }],
        ['POST', '/webhook-endpoints', { body: legacyBody(`ftp://127.0.0.1:${port}/x`) }],
        ['POST', '/webhook-endpoints', { body: legacyBody(`http://user:pw@127.0.0.1:${port}/x`) }],
        ['POST', '/webhook-endpoints', { body: legacyBody(`http://example.invalid/x`) }], // does not resolve
        ['POST', '/webhook-endpoints', { body: legacyBody(`http://127.0.0.1:${port}/${'x'.repeat(2100)}`) }],
        ['POST', '/webhook-endpoints', { rawBody: '{"workspace_id": ', headers: { 'content-type': 'application/json' } }],
        ['POST', '/webhook-endpoints', { body: legacyBody(`${receiver.url}/x`), headers: { 'idempotency-key': 'k'.repeat(201) } }],
        [
          'POST',
          '/webhooks/subscriptions',
          { body: { workspace_id: a.workspaceId, target_url: `${receiver.url}/x`, event: 'shoot.updated' } },
        ], // internal type
        [
          'POST',
          '/webhooks/subscriptions',
          { body: { workspace_id: a.workspaceId, target_url: `${receiver.url}/x`, event: 'no.such_event' } },
        ],
        ['POST', '/webhooks/subscriptions', { body: { workspace_id: a.workspaceId, target_url: `${receiver.url}/x` } }],
        ['POST', '/webhooks/subscriptions', { body: { workspace_id: a.workspaceId, event: 'client.created' } }],
        ['POST', '/webhooks/subscriptions', { body: { target_url: `${receiver.url}/x`, event: 'client.created' } }], // token not scoped: workspace needed
        [
          'POST',
          '/webhooks/subscriptions',
          { body: { workspace_id: a.workspaceId, target_url: 'javascript:alert(1)', event: 'client.created' } },
        ],
        ['DELETE', '/webhooks/subscriptions', {}],
        ['DELETE', '/webhooks/subscriptions', { body: {} }],
        ['DELETE', '/webhooks/subscriptions', { body: { workspace_id: a.workspaceId, target_url: `${receiver.url}/x` } }],
        ['DELETE', '/webhooks/subscriptions', { body: { id: 'not-a-uuid' } }],
        ['GET', '/webhook-endpoints', {}],
        ['GET', '/webhook-endpoints', { query: { workspace_id: a.workspaceId, limit: '0' } }],
        ['GET', '/webhook-endpoints', { query: { workspace_id: a.workspaceId, kind: 'everything' } }],
        ['GET', '/webhook-endpoints', { query: { workspace_id: a.workspaceId, cursor: 'garbage' } }],
        ['GET', `/webhook-endpoints/${endpointId}/deliveries`, { query: { state: 'lost' } }],
        ['GET', `/webhook-endpoints/${endpointId}/deliveries`, { query: { limit: '101' } }],
        ['GET', '/webhook-deliveries/not-a-uuid', {}],
        ['POST', '/webhook-endpoints/not-a-uuid/rotate-secret', {}],
      ];
      for (const [method, path, opts] of bad) {
        const r = await api(method, path, { token: a.tokens.admin, ...opts });
        expect(r.status, `${method} ${path} ${JSON.stringify(opts).slice(0, 200)}: ${r.text}`).toBe(400);
        expect(r.body).toMatchObject({ ok: false, error: 'invalid_input' });
      }
      // None of them registered anything.
      const all = (
        await api('GET', '/webhook-endpoints', { token: a.tokens.viewer, query: { workspace_id: a.workspaceId, kind: 'all', limit: 100 } })
      ).body.items;
      expect(all.filter((e: any) => e.url.endsWith('/x'))).toEqual([]);

      // 422: an Idempotency-Key reused with another body. The same body replays the original answer, secret included.
      const key = `routes-${randomUUID()}`;
      const epBody = { workspace_id: b.workspaceId, url: `${receiver.url}/idem/legacy`, event_types: ['gallery.delivered'] };
      const ep1 = await api('POST', '/webhook-endpoints', { token: b.tokens.admin, body: epBody, headers: { 'idempotency-key': key } });
      expect(ep1.status, ep1.text).toBe(201);
      const ep2 = await api('POST', '/webhook-endpoints', { token: b.tokens.admin, body: epBody, headers: { 'idempotency-key': key } });
      expect(ep2.status).toBe(201);
      expect(ep2.headers.get('idempotent-replayed')).toBe('true');
      expect(ep2.text).toBe(ep1.text);
      const ep3 = await api('POST', '/webhook-endpoints', {
        token: b.tokens.admin,
        body: { ...epBody, event_types: ['gallery.published'] },
        headers: { 'idempotency-key': key },
      });
      expect(ep3.status, ep3.text).toBe(422);
      expect(ep3.body).toMatchObject({ ok: false, error: 'idempotency_conflict' });
      const legacyOfB = (await api('GET', '/webhook-endpoints', { token: b.tokens.owner, query: { workspace_id: b.workspaceId } })).body
        .items;
      expect(legacyOfB.filter((e: any) => e.url === epBody.url).map((e: any) => e.id)).toEqual([ep1.body.webhook_endpoint.id]);

      const subBody = { workspace_id: b.workspaceId, target_url: `${receiver.url}/idem/sub`, event: 'proposal.sent' };
      // The key is scoped per token, not per route: the endpoint above holds it.
      const reused = await api('POST', '/webhooks/subscriptions', {
        token: b.tokens.admin,
        body: subBody,
        headers: { 'idempotency-key': key },
      });
      expect(reused.status, reused.text).toBe(422);
      const subKey = `routes-${randomUUID()}`;
      const s1 = await api('POST', '/webhooks/subscriptions', {
        token: b.tokens.admin,
        body: subBody,
        headers: { 'idempotency-key': subKey },
      });
      expect(s1.status, s1.text).toBe(201);
      const s2 = await api('POST', '/webhooks/subscriptions', {
        token: b.tokens.admin,
        body: subBody,
        headers: { 'idempotency-key': subKey },
      });
      expect(s2.status).toBe(201);
      expect(s2.headers.get('idempotent-replayed')).toBe('true');
      expect(s2.text).toBe(s1.text);
      const s3 = await api('POST', '/webhooks/subscriptions', {
        token: b.tokens.admin,
        body: { ...subBody, event: 'proposal.viewed' },
        headers: { 'idempotency-key': subKey },
      });
      expect(s3.status, s3.text).toBe(422);
      expect(s3.body).toMatchObject({ ok: false, error: 'idempotency_conflict' });
      const subsOfB = (
        await api('GET', '/webhook-endpoints', { token: b.tokens.owner, query: { workspace_id: b.workspaceId, kind: 'subscription' } })
      ).body.items;
      expect(subsOfB.filter((e: any) => e.url === subBody.target_url).map((e: any) => e.event_types)).toEqual([['proposal.sent']]);

      // Clean up what this test registered.
      expect((await api('DELETE', `/webhook-endpoints/${ep1.body.webhook_endpoint.id}`, { token: b.tokens.admin })).status).toBe(200);
      expect((await api('DELETE', `/webhook-endpoints/${s1.body.subscription.id}`, { token: b.tokens.admin })).status).toBe(200);
    },
    LONG,
  );

  it(
    'secret rotation: the new secret is returned once; deliveries carry v1 (new) and v0 (old) during the overlap, then only v1',
    async () => {
      await ensure('webhooks', API_STRICT_ENV);
      await ensure('webhooks-worker', DISPATCHER_ENV);
      // The first rotation happened in subscribe() (the creation secret is never shown); rotate again, so both the
      // previous and the new secret are known here.
      const previous = rotationSub.secret;
      const rotated = await api('POST', `/webhook-endpoints/${rotationSub.id}/rotate-secret`, { token: a.tokens.admin });
      expect(rotated.status, rotated.text).toBe(200);
      const ep = rotated.body.webhook_endpoint;
      const secret = ep.signing_secret as string;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(secret).not.toBe(previous);
      expect(ep).toMatchObject({ id: rotationSub.id, kind: 'subscription', active: true });
      // The overlap is WEBHOOK_SECRET_OVERLAP from the rotation.
      const expiresAt = Date.parse(ep.previous_secret_expires_at);
      expect(expiresAt - Date.parse(ep.secret_rotated_at)).toBe(OVERLAP_MS);
      // Shown this once: never in a listing.
      const listed = await api('GET', '/webhook-endpoints', {
        token: a.tokens.admin,
        query: { workspace_id: a.workspaceId, kind: 'subscription' },
      });
      expect(listed.body.items.find((e: any) => e.id === rotationSub.id)).toMatchObject({
        previous_secret_expires_at: ep.previous_secret_expires_at,
        secret_rotated_at: ep.secret_rotated_at,
      });
      expect(listed.text).not.toContain(secret);
      expect(listed.text).not.toMatch(/whsec_|signing_secret/);

      const shoot = async (title: string) => {
        const r = await api('POST', '/shoots', { token: a.tokens.owner, body: { workspace_id: a.workspaceId, title } });
        expect(r.status, r.text).toBe(201);
        const id = r.body.shoot.id as string;
        const [d] = await receiver.waitFor(`shoot.created of ${title}`, (x) => x.path === '/rotation' && x.body?.data?.shoot_id === id);
        return d!;
      };

      // During the overlap: v1 with the new secret, v0 with the previous one.
      const during = await shoot('During the overlap');
      expect(during.receivedAt, 'delivered before the overlap ended (else the machine is too slow for this test)').toBeLessThan(
        expiresAt - 500,
      );
      expectDelivery(during, { secret, workspaceId: a.workspaceId, type: 'shoot.created', v0: true });
      const sig = parseSignature(during.headers['x-service-signature'])!;
      expect(signedWith(during.raw, sig.t, sig.v0, previous), 'v0 made with the previous secret').toBe(true);
      expect(signedWith(during.raw, sig.t, sig.v1, previous), 'v1 is not the previous secret').toBe(false);
      expect(verify(during.raw, during.headers['x-service-signature'], previous)).toBe('mismatch'); // a v1-only verifier needs the new secret

      // After the overlap: only v1, with the new secret; the previous secret verifies nothing.
      await until(
        'the overlap has ended',
        async () => {
          const r = await api('GET', '/webhook-endpoints', {
            token: a.tokens.viewer,
            query: { workspace_id: a.workspaceId, kind: 'subscription' },
          });
          return r.body.items.find((e: any) => e.id === rotationSub.id)?.previous_secret_expires_at === null && Date.now() > expiresAt;
        },
        60_000,
        500,
      );
      const afterOverlap = await shoot('After the overlap');
      expectDelivery(afterOverlap, { secret, workspaceId: a.workspaceId, type: 'shoot.created', v0: false });
      const sig2 = parseSignature(afterOverlap.headers['x-service-signature'])!;
      expect(sig2.v0).toEqual([]);
      expect(signedWith(afterOverlap.raw, sig2.t, sig2.v1, previous)).toBe(false);
      rotationSub = { id: rotationSub.id, secret };
    },
    LONG,
  );

  it(
    'SSRF at registration: loopback, private, link-local, metadata, IPv6 and IPv4-mapped, odd IPv4 spellings and names resolving to loopback are refused with one identical 400',
    async () => {
      await ensure('webhooks', API_STRICT_ENV);
      // Every kind of refused target gets the very same answer (status and body byte for byte), so answers map nothing.
      const refused: string[] = [
        `http://127.0.0.1:${port}/hook`,
        'http://127.1/hook', // short form
        'http://10.0.0.1/hook',
        'http://10.255.255.254/hook',
        'http://172.16.0.1/hook',
        'http://172.31.255.254/hook',
        'http://192.168.1.1/hook',
        'http://100.64.0.1/hook', // CGNAT
        'http://169.254.169.254/latest/meta-data/',
        'http://169.254.10.10/hook',
        'http://0.0.0.0/hook',
        'http://[::1]/hook',
        'http://[fc00::1]/hook',
        'http://[fd12:3456:789a::1]/hook',
        'http://[fe80::1]/hook',
        'http://[::ffff:127.0.0.1]/hook', // IPv4-mapped
        'http://[::ffff:10.1.2.3]/hook',
        'http://[::ffff:169.254.169.254]/hook',
        'http://[::127.0.0.1]/hook', // IPv4-compatible
        'http://[64:ff9b::10.0.0.1]/hook', // NAT64
        'http://[2002:7f00:1::1]/hook', // 6to4 of 127.0.0.1
        'http://[::]/hook',
        'http://2130706433/hook', // decimal 127.0.0.1
        'http://0177.0.0.1/hook', // octal
        'http://0x7f.0.0.1/hook', // hex
        'http://0x7f000001/hook',
        'http://2852039166/hook', // decimal metadata address
        'http://012.0.0.1/hook', // octal 10.0.0.1
        `http://localhost:${port}/hook`,
        'http://api.localhost/hook',
        `http://${hostName}:${port}/hook`, // system resolver
      ];
      const legacyAnswers = new Set<string>();
      const subscriptionAnswers = new Set<string>();
      for (const url of refused) {
        const legacy = await api('POST', '/webhook-endpoints', {
          token: a.tokens.admin,
          body: { workspace_id: a.workspaceId, url, event_types: ['gallery.published'] },
        });
        expect(legacy.status, `${url}: ${legacy.text}`).toBe(400);
        expect(legacy.body).toMatchObject({ ok: false, error: 'invalid_input' });
        legacyAnswers.add(legacy.text);
        const sub = await api('POST', '/webhooks/subscriptions', {
          token: a.tokens.admin,
          body: { workspace_id: a.workspaceId, target_url: url, event: 'review.approved' },
        });
        expect(sub.status, `${url}: ${sub.text}`).toBe(400);
        subscriptionAnswers.add(sub.text);
      }
      const answer = (field: string) =>
        JSON.stringify({
          ok: false,
          error: 'invalid_input',
          message: `${field}: target is not allowed`,
          issues: [{ path: field, message: 'target is not allowed' }],
        });
      expect([...legacyAnswers]).toEqual([answer('body.url')]);
      expect([...subscriptionAnswers]).toEqual([answer('body.target_url')]);
      // Nothing was registered.
      const listed = await api('GET', '/webhook-endpoints', {
        token: a.tokens.viewer,
        query: { workspace_id: a.workspaceId, kind: 'all', limit: 100 },
      });
      expect(listed.body.items.filter((e: any) => e.url.endsWith('/hook') || e.url.includes('meta-data'))).toEqual([]);

      // Public addresses are accepted (the refusals above are about the address), in both spellings; then removed.
      for (const url of ['http://1.1.1.1/hook', 'https://[2606:4700:4700::1111]/hook']) {
        const ok = await api('POST', '/webhooks/subscriptions', {
          token: b.tokens.admin,
          body: { workspace_id: b.workspaceId, target_url: url, event: 'review.approved' },
        });
        expect(ok.status, `${url}: ${ok.text}`).toBe(201);
        expect((await api('DELETE', `/webhook-endpoints/${ok.body.subscription.id}`, { token: b.tokens.admin })).body).toEqual({
          ok: true,
          deleted: true,
        });
      }
    },
    LONG,
  );

  it(
    'SSRF at delivery: endpoints registered while private targets were allowed are refused at every attempt when they are not (literal, resolved name, localhost), then dead_letter',
    async () => {
      // While allowed (the black-box stack's setting), each of them is delivered to.
      await ensure('webhooks-worker', DISPATCHER_ENV);
      const c1 = await createClient(b.tokens.owner, b.workspaceId, 'Reachable');
      for (const [path, sub] of ssrfSubs) {
        const [d] = await receiver.waitFor(`client.created at ${path}`, (x) => x.path === path && x.body?.data?.client_id === c1);
        expectDelivery(d!, { secret: sub.secret, workspaceId: b.workspaceId, type: 'client.created', v0: true });
      }

      // The dispatcher as production runs it: the same targets are refused after resolution, before any byte is sent.
      await ensure('webhooks-worker', DISPATCHER_STRICT_ENV);
      const c2 = await createClient(b.tokens.owner, b.workspaceId, 'Refused');
      const reasons: Record<string, string> = {
        '/ssrf/literal': 'target address 127.0.0.1 is not allowed (loopback)',
        '/ssrf/dns':
          hostName === 'localhost'
            ? 'target host localhost is not allowed (loopback)'
            : `target host ${hostName} resolves to a loopback address`,
        '/ssrf/localhost': 'target host localhost is not allowed (loopback)',
      };
      for (const [path, sub] of ssrfSubs) {
        const record = await until(`the refused delivery at ${path} is dead-lettered`, async () => {
          // Only this event's delivery can end dead_letter (the earlier ones were answered 200).
          const r = (await allDeliveries(b.tokens.owner, sub.id)).find((x) => x.state === 'dead_letter');
          return r ?? false;
        });
        // Retried like a connection error (all 6 attempts), each refused with the reason, never an HTTP answer.
        expect(record).toMatchObject({ state: 'dead_letter', attempt_count: 6, last_status: null, last_error: reasons[path] });
        const d = await detail(b.tokens.owner, record.id);
        expect(d.attempts.map((x: any) => [x.http_status, x.error])).toEqual(new Array(6).fill([null, reasons[path]]));
        expect(d.payload.data.client_id).toBe(c2);
        expect(clientDeliveries(path, c2), `${path}: nothing reached the receiver`).toHaveLength(0);
      }
    },
    LONG,
  );
});
