/**
 * Issue 5, black box: the event pipeline and the dispatcher under faults, at stack level (real processes, real
 * RabbitMQ, real receiver), driven through the stack control server (test/support/stack-control.ts).
 *
 * (a) A broker outage for this stack only (its AMQP connections run through a TCP proxy the control server cuts; the
 *     machine's RabbitMQ keeps running for everybody else) while clients and shoots are being created: every
 *     operation still succeeds, nothing is delivered while the broker is away, and once it returns every event is
 *     delivered exactly once.
 * (b) The dispatcher process (`webhooks-worker`) killed with SIGKILL while the receiver holds its requests, then
 *     started again: every delivery completes and none is lost. At-least-once, precisely: deliveries recorded as
 *     succeeded before the kill are never sent again, each request interrupted by the kill is sent exactly once
 *     more (same event id, same body, a valid signature), events produced while no dispatcher runs are queued and
 *     sent once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { adminPortOf } from '../scripts/lib/stack.js';
import { api } from './support/client.js';
import { tenant } from './support/operator.js';
import { until } from './support/poll.js';
import { stackControl } from './support/stack-control.js';
import {
  allDeliveries,
  expectDelivery,
  startReceiver,
  subscribe,
  type Delivery,
  type Endpoint,
  type Receiver,
} from './support/webhooks.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The /readyz status of the process whose ADMIN port is `port` (0 when it does not answer). */
async function readyStatus(port: number): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return 0;
  }
}

const LONG = 240_000;

describe('webhook faults at stack level', () => {
  const control = stackControl();
  let t: Awaited<ReturnType<typeof tenant>>;
  let receiver: Receiver;
  const subs = new Map<string, Endpoint>();
  const path = (type: string) => `/sub/${type}`;

  beforeAll(async () => {
    t = await tenant(['owner', 'admin']);
    receiver = await startReceiver(() => 200);
    for (const type of ['client.created', 'shoot.created'])
      subs.set(type, await subscribe(t.tokens.admin, t.workspaceId, `${receiver.url}${path(type)}`, type));
  }, LONG);

  afterAll(async () => {
    // Leave the shared stack as the next test file expects it, whatever happened above.
    await control.restoreBroker().catch(() => undefined);
    await control.restart('webhooks-worker').catch(() => undefined);
    if (!(await control.processes()).find((p) => p.name === 'studio')?.running) await control.start('studio').catch(() => undefined);
    await receiver?.close();
  }, LONG);

  const deliveriesOf = (type: string, idMember: string, id: string) =>
    receiver.where((d) => d.path === path(type) && d.body?.data?.[idMember] === id);

  function check(d: Delivery, type: string) {
    return expectDelivery(d, { secret: subs.get(type)!.secret, workspaceId: t.workspaceId, type, v0: true });
  }

  it(
    '(a) broker cut while events are produced: operations succeed, nothing is lost, each event is delivered exactly once after it returns',
    async () => {
      const webhooksPort = adminPortOf(inject('ports'), 'webhooks');
      expect(await control.broker()).toBe('pass');
      expect(await readyStatus(webhooksPort)).toBe(200);

      // A producer creating clients and shoots one after the other for the whole test; every answer must be 201.
      const made: { type: 'client.created' | 'shoot.created'; idMember: string; id: string; at: 'before' | 'during' | 'after' }[] = [];
      const failures: string[] = [];
      let phase: 'before' | 'during' | 'after' = 'before';
      let producing = true;
      const producer = (async () => {
        for (let i = 0; producing; i++) {
          const at = phase;
          if (i % 2 === 0) {
            const r = await api('POST', '/clients', {
              token: t.tokens.owner,
              body: { workspace_id: t.workspaceId, name: `Outage client ${i}` },
            });
            if (r.status === 201) made.push({ type: 'client.created', idMember: 'client_id', id: r.body.client.id, at });
            else failures.push(`POST /clients ${r.status} ${r.text}`);
          } else {
            const r = await api('POST', '/shoots', {
              token: t.tokens.owner,
              body: { workspace_id: t.workspaceId, title: `Outage shoot ${i}` },
            });
            if (r.status === 201) made.push({ type: 'shoot.created', idMember: 'shoot_id', id: r.body.shoot.id, at });
            else failures.push(`POST /shoots ${r.status} ${r.text}`);
          }
          await sleep(100); // stays far below the 600 requests per minute of one token
        }
      })();
      const count = (at: string) => made.filter((m) => m.at === at).length;

      try {
        await until('10 operations before the cut', async () => count('before') >= 10);
        // The broker goes away for this stack only.
        await control.cutBroker();
        phase = 'during';
        expect(await control.broker()).toBe('cut');
        // The stack notices (its webhooks API is no longer ready: broker not connected) ...
        await until('webhooks /readyz reports the broker gone', async () => (await readyStatus(webhooksPort)) === 503);
        // ... and operations keep succeeding meanwhile.
        await until('20 operations during the outage', async () => count('during') >= 20);
        // Nothing produced during the outage can have been delivered yet (proves the cut was real).
        const during = made.filter((m) => m.at === 'during');
        for (const m of during)
          expect(deliveriesOf(m.type, m.idMember, m.id), `${m.type} ${m.id} delivered during the outage`).toHaveLength(0);

        await control.restoreBroker();
        phase = 'after';
        await until('webhooks /readyz ready again', async () => (await readyStatus(webhooksPort)) === 200);
        await until('10 operations after the broker returned', async () => count('after') >= 10);
      } finally {
        producing = false;
        await producer;
        await control.restoreBroker();
      }
      expect(failures, 'operations refused during the test').toEqual([]);
      expect(count('during')).toBeGreaterThanOrEqual(20);
      // Every process of the stack rode out the outage.
      for (const p of await control.processes()) expect(p.running, `${p.name} running`).toBe(true);

      // Every event arrives, exactly once, valid.
      for (const m of made)
        await receiver.waitFor(`${m.type} of ${m.id}`, (d) => d.path === path(m.type) && d.body?.data?.[m.idMember] === m.id, 1, 90_000);
      for (const m of made) {
        const got = deliveriesOf(m.type, m.idMember, m.id);
        expect(got, `${m.type} of ${m.id} (${m.at})`).toHaveLength(1);
        check(got[0]!, m.type);
      }
      // No other delivery (a duplicate of a republished message would be one), and the records agree: one delivery
      // per event, succeeded at its first attempt, so none is still to come.
      for (const type of ['client.created', 'shoot.created'] as const) {
        const ours = made.filter((m) => m.type === type);
        const got = receiver.where((d) => d.path === path(type));
        expect(got.length, `deliveries at ${path(type)}`).toBe(ours.length);
        expect(new Set(got.map((d) => d.body.id)).size).toBe(ours.length);
        const records = await allDeliveries(t.tokens.owner, subs.get(type)!.id);
        expect(records.map((r) => r.event_id).sort()).toEqual(got.map((d) => d.body.id).sort());
        for (const r of records) expect(r).toMatchObject({ state: 'succeeded', attempt_count: 1, last_status: 200 });
      }
    },
    LONG,
  );

  it(
    '(b) dispatcher SIGKILLed mid-delivery, started again: all delivered, succeeded ones never resent, each interrupted one resent once',
    async () => {
      // The lease is how long a dead dispatcher's claims stay locked (DISPATCH_LEASE_MS, default 120 s). A shorter one
      // for this test (it must exceed DELIVERY_TIMEOUT_MS + 1 s) brings the interrupted deliveries back in seconds.
      const DISPATCH_ENV = { DELIVERY_TIMEOUT_MS: '15000', DISPATCH_LEASE_MS: '17000' };
      await control.restart('webhooks-worker', DISPATCH_ENV);
      const type = 'client.created';
      const sub = subs.get(type)!;
      const createClients = async (label: string, n: number): Promise<string[]> => {
        const ids: string[] = [];
        for (let i = 0; i < n; i++) {
          const r = await api('POST', '/clients', { token: t.tokens.owner, body: { workspace_id: t.workspaceId, name: `${label} ${i}` } });
          expect(r.status, r.text).toBe(201);
          ids.push(r.body.client.id);
        }
        return ids;
      };
      const of = (id: string) => deliveriesOf(type, 'client_id', id);
      const recordsOf = async (ids: string[]) => {
        const byEvent = new Map<string, string>();
        for (const d of receiver.where((x) => x.path === path(type) && ids.includes(x.body?.data?.client_id)))
          byEvent.set(d.body.id, d.body.data.client_id);
        return (await allDeliveries(t.tokens.owner, sub.id)).filter((r) => byEvent.has(r.event_id));
      };
      const alreadyAtPath = receiver.where((d) => d.path === path(type)).length;
      const recordsAtStart = (await allDeliveries(t.tokens.owner, sub.id)).length;

      // 1. Delivered, answered and recorded as succeeded before the kill.
      receiver.behave(() => 200);
      const before = await createClients('Before kill', 5);
      for (const id of before) await receiver.waitFor(`client.created of ${id}`, (d) => d.body?.data?.client_id === id && d.answered);
      await until('the 5 deliveries recorded as succeeded', async () => {
        const recs = await recordsOf(before);
        return recs.length === 5 && recs.every((r) => r.state === 'succeeded');
      });

      // 2. The receiver holds every request: the dispatcher has them in flight when it is killed.
      receiver.behave(() => 'hold');
      const interrupted = await createClients('Interrupted', 8);
      await until('all 8 requests held by the receiver', async () =>
        interrupted.every((id) => of(id).some((d) => !d.answered && !d.aborted)),
      );
      const killed = await control.kill('webhooks-worker', 'SIGKILL');
      expect(killed.signal).toBe('SIGKILL');
      expect((await control.processes()).find((p) => p.name === 'webhooks-worker')!.running).toBe(false);
      // Its connections died with it: every held request was cut off unanswered.
      await until('the held requests were cut off', async () => interrupted.every((id) => of(id).every((d) => d.aborted)));
      receiver.behave(() => 200);

      // 3. Produced while no dispatcher runs: the operations succeed and the deliveries wait, queued (not lost).
      const whileDown = await createClients('While down', 5);
      await until('the fan-out recorded a delivery for each of them, none attempted', async () => {
        const recs = await allDeliveries(t.tokens.owner, sub.id);
        return (
          recs.length === recordsAtStart + before.length + interrupted.length + whileDown.length &&
          recs.filter((r) => r.state === 'pending' && r.attempt_count === 0).length === interrupted.length + whileDown.length
        );
      });
      for (const id of whileDown) expect(of(id), 'delivered with no dispatcher running').toHaveLength(0);

      // 4. The dispatcher comes back: everything is delivered.
      const started = await control.start('webhooks-worker', DISPATCH_ENV);
      expect(started.pid).not.toBe(killed.pid);
      expect(started.env_overrides).toEqual(DISPATCH_ENV);
      for (const id of whileDown)
        await receiver.waitFor(
          `client.created of ${id} (produced while down)`,
          (d) => d.body?.data?.client_id === id && d.answered,
          1,
          90_000,
        );
      for (const id of interrupted)
        await receiver.waitFor(`client.created of ${id} (interrupted)`, (d) => d.body?.data?.client_id === id && d.answered, 1, 90_000);
      const all = [...before, ...interrupted, ...whileDown];
      await until(
        'every delivery recorded as succeeded',
        async () => {
          const recs = await recordsOf(all);
          return recs.length === all.length && recs.every((r) => r.state === 'succeeded');
        },
        90_000,
        250,
      );

      // Exactly once for what was recorded before the kill and for what was produced while it was down.
      for (const id of [...before, ...whileDown]) {
        expect(of(id), `deliveries of ${id}`).toHaveLength(1);
        check(of(id)[0]!, type);
      }
      // Exactly twice for each interrupted one: the cut-off request and one completed resend of the same event.
      for (const id of interrupted) {
        const got = of(id);
        expect(got, `deliveries of interrupted ${id}`).toHaveLength(2);
        const [first, second] = got;
        expect(first!.aborted && !first!.answered).toBe(true);
        expect(second!.answered).toBe(true);
        expect(second!.headers['x-service-event-id']).toBe(first!.headers['x-service-event-id']);
        expect(second!.raw).toBe(first!.raw);
        check(first!, type);
        check(second!, type);
      }
      // Nothing else reached the endpoint, and every record is final (succeeded, last answer 200): nothing more to send.
      expect(receiver.where((d) => d.path === path(type)).length - alreadyAtPath).toBe(
        before.length + 2 * interrupted.length + whileDown.length,
      );
      const records = await recordsOf(all);
      expect(records).toHaveLength(all.length);
      for (const r of records) {
        expect(r).toMatchObject({ state: 'succeeded', last_status: 200 });
        expect(r.attempt_count).toBeGreaterThanOrEqual(1);
        expect(r.attempt_count).toBeLessThanOrEqual(2); // at most the interrupted attempt (if recorded at all) + the resend
      }
    },
    LONG,
  );
  it(
    '(c) studio (and its outbox relay) SIGKILLed with events still in its outbox during an outage: after the restart each is delivered once',
    async () => {
      const type = 'client.created';
      await control.cutBroker();
      const ids: string[] = [];
      try {
        for (let i = 0; i < 6; i++) {
          const r = await api('POST', '/clients', {
            token: t.tokens.owner,
            body: { workspace_id: t.workspaceId, name: `Crash client ${i}` },
          });
          expect(r.status, r.text).toBe(201);
          ids.push(r.body.client.id);
        }
        // The relay cannot publish them; it dies with the rows pending.
        const killed = await control.kill('studio', 'SIGKILL');
        expect(killed.signal).toBe('SIGKILL');
        for (const id of ids) expect(deliveriesOf(type, 'client_id', id), 'delivered during the outage').toHaveLength(0);
      } finally {
        await control.restoreBroker();
      }
      // A new studio process (its readiness needs the broker) finds the rows its predecessor left and publishes them.
      await control.start('studio');
      for (const id of ids)
        await receiver.waitFor(`client.created of ${id}`, (d) => d.path === path(type) && d.body?.data?.client_id === id, 1, 90_000);
      const records = await allDeliveries(t.tokens.owner, subs.get(type)!.id);
      for (const id of ids) {
        const got = deliveriesOf(type, 'client_id', id);
        expect(got, `deliveries of ${id}`).toHaveLength(1);
        check(got[0]!, type);
        const rec = records.filter((r) => r.event_id === got[0]!.body.id);
        expect(rec).toHaveLength(1);
      }
      // The API works through the new process.
      const after = await api('POST', '/clients', {
        token: t.tokens.owner,
        body: { workspace_id: t.workspaceId, name: 'After the crash' },
      });
      expect(after.status).toBe(201);
      await receiver.waitFor('client.created after the crash', (d) => d.body?.data?.client_id === after.body.client.id);
    },
    LONG,
  );
  it(
    '(d) a hung broker (connections accepted, never answered) then healed: operations succeed, every event is delivered once',
    async () => {
      const webhooksPort = adminPortOf(inject('ports'), 'webhooks');
      const type = 'client.created';
      await control.stallBroker();
      const ids: string[] = [];
      try {
        expect(await control.broker()).toBe('stall');
        await until('webhooks /readyz reports the broker gone', async () => (await readyStatus(webhooksPort)) === 503);
        for (let i = 0; i < 6; i++) {
          const r = await api('POST', '/clients', {
            token: t.tokens.owner,
            body: { workspace_id: t.workspaceId, name: `Stall client ${i}` },
          });
          expect(r.status, r.text).toBe(201);
          ids.push(r.body.client.id);
        }
        // The fault lasts a few seconds (a duration, not an assertion): long enough for the services' reconnection
        // attempts (0.2 s, then backing off) to reach the hung broker and hang in the AMQP handshake.
        await sleep(3_000);
        for (const id of ids) expect(deliveriesOf(type, 'client_id', id), 'delivered while the broker hung').toHaveLength(0);
      } finally {
        await control.restoreBroker();
      }
      await until('webhooks /readyz ready again', async () => (await readyStatus(webhooksPort)) === 200, 90_000);
      for (const id of ids)
        await receiver.waitFor(`client.created of ${id}`, (d) => d.path === path(type) && d.body?.data?.client_id === id, 1, 90_000);
      for (const id of ids) {
        const got = deliveriesOf(type, 'client_id', id);
        expect(got, `deliveries of ${id}`).toHaveLength(1);
        check(got[0]!, type);
      }
    },
    LONG,
  );
});
