/**
 * The dispatcher under failure: SSRF checks after DNS resolution at delivery time, a dispatcher killed
 * mid-delivery (nothing lost), two dispatchers on one database (each attempt sent once), and a retry schedule
 * that survives a restart. Only the dispatchers a test starts run, so each test knows who delivers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../src/services/ssrf.js';
import {
  caller,
  envelope,
  sleep,
  startHarness,
  startReceiver,
  waitFor,
  type Caller,
  type Harness,
  type Receiver,
} from './support/harness.js';

let h: Harness;
const receivers: Receiver[] = [];
const ws = randomUUID();
let admin: Caller;

beforeAll(async () => {
  h = await startHarness();
  admin = caller(h.config, { [ws]: 'admin' });
});
afterAll(async () => {
  await h?.close();
  for (const r of receivers) await r.close();
});

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

async function legacy(url: string, eventType = 'gallery.published', api = h.api): Promise<string> {
  const res = await api.call('POST', '/webhook-endpoints', { as: admin, body: { workspace_id: ws, url, event_types: [eventType] } });
  expect(res.status, res.text).toBe(201);
  return res.body.webhook_endpoint.id;
}

/** A REST-hook subscription (any of the 28 types). */
async function subscription(url: string, event: string): Promise<string> {
  const res = await h.api.call('POST', '/webhooks/subscriptions', { as: admin, body: { workspace_id: ws, target_url: url, event } });
  expect(res.status, res.text).toBe(201);
  return res.body.subscription.id;
}

/** The endpoint's first delivery attempt, once there is one (status and error). */
async function firstAttempt(endpointId: string): Promise<{ http_status: number | null; error: string | null }> {
  const attempts = () =>
    h.sql<{ http_status: number | null; error: string | null }>(
      `SELECT a.http_status, a.error FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1 ORDER BY attempted_at LIMIT 1`,
      [endpointId],
    );
  await waitFor('refused attempt', async () => (await attempts()).length >= 1);
  return (await attempts())[0]!;
}

const states = async (endpointId: string) =>
  Object.fromEntries(
    (
      await h.sql<{ state: string; n: number }>(
        `SELECT state::text, count(*)::int AS n FROM deliveries WHERE endpoint_id = $1 GROUP BY state`,
        [endpointId],
      )
    ).map((r) => [r.state, r.n]),
  ) as Record<string, number>;

describe('SSRF at delivery time', () => {
  it('refuses a name that resolves to loopback (localhost) when private targets are off', async () => {
    const r = await receiver();
    const endpointId = await legacy(`http://localhost:${r.port}/hook`); // registered while allowed (dev stack)
    const strict = await h.startDispatcher({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    try {
      const event = envelope('gallery.published', ws, { gallery_id: randomUUID() });
      await h.publish(event);
      await waitFor('dead letter', async () => (await states(endpointId)).dead_letter === 1);
      const attempts = await h.sql(
        `SELECT http_status, error FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1`,
        [endpointId],
      );
      expect(attempts).toHaveLength(6);
      for (const a of attempts) {
        expect(a.http_status).toBeNull();
        expect(a.error).toMatch(/localhost is not allowed \(loopback\)/);
      }
      expect(r.requests).toHaveLength(0);
    } finally {
      await strict.stop();
    }
  });

  it('refuses DNS rebinding to a private range other than loopback even with the switch on', async () => {
    let answer = '93.184.216.34'; // public while the endpoint is registered
    const resolver: Resolver = async (host) => (host === 'hooks.rebind-private.test' ? [{ address: answer, family: 4 }] : []);
    const api = await h.extraApi({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, { resolver });
    const endpointId = await legacy('http://hooks.rebind-private.test:9/hook', 'gallery.published', api);
    answer = '10.0.0.8'; // then the name points into RFC 1918 (refused before any connection is made)
    const relaxed = await h.startDispatcher({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, { resolver });
    try {
      await h.publish(envelope('gallery.published', ws, { gallery_id: randomUUID() }));
      const a = await firstAttempt(endpointId);
      expect(a.http_status).toBeNull();
      expect(a.error).toMatch(/hooks\.rebind-private\.test resolves to a private address/);
    } finally {
      await relaxed.stop();
    }
  });

  it('checks the address it connects to: DNS rebinding to 127.0.0.1 after registration is refused', async () => {
    const r = await receiver();
    let answer = '93.184.216.34'; // public while the endpoint is registered
    const resolver: Resolver = async (host) => (host === 'hooks.rebind.test' ? [{ address: answer, family: 4 }] : []);
    const strictApi = await h.extraApi({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' }, { resolver });
    const endpointId = await legacy(`http://hooks.rebind.test:${r.port}/hook`, 'gallery.published', strictApi);
    answer = '127.0.0.1'; // then the name points at loopback
    const strict = await h.startDispatcher({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' }, { resolver });
    const event = envelope('gallery.published', ws, { gallery_id: randomUUID() });
    try {
      await h.publish(event);
      const a = await firstAttempt(endpointId);
      expect(a.error).toMatch(/hooks\.rebind\.test resolves to a loopback address/);
    } finally {
      await strict.stop();
    }
    expect(r.requests).toHaveLength(0);

    // Control: with private targets allowed, the same lookup connects to the checked address (the receiver).
    await h.sql(`UPDATE deliveries SET state = 'pending', cycle_attempts = 0, next_attempt_at = now() WHERE endpoint_id = $1`, [
      endpointId,
    ]);
    const relaxed = await h.startDispatcher({}, { resolver });
    try {
      await waitFor('delivered through the checked address', () => r.forEvent(event.id).length === 1);
    } finally {
      await relaxed.stop();
    }
  });
});

describe('crash safety', () => {
  it('loses nothing when the dispatcher is killed mid-delivery and restarted', async () => {
    let hang = true;
    const r = await receiver(() => (hang ? 'hang' : { status: 200 }));
    const endpointId = await subscription(r.url, 'order.created');
    const settings = { DELIVERY_TIMEOUT_MS: '5000', DISPATCH_LEASE_MS: '6000' };
    const worker = h.spawnWorker(settings);
    const events = Array.from({ length: 20 }, () => envelope('order.created', ws, { order_id: randomUUID() }));
    await h.publish(...events);
    await waitFor(
      'all 20 requests in flight',
      () => new Set(r.requests.map((q) => q.headers['x-service-event-id'])).size === 20,
      30_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\nworker output:\n${worker.output()}`);
    });
    await worker.kill('SIGKILL');
    expect(await states(endpointId)).toEqual({ pending: 20 });

    hang = false;
    const restarted = h.spawnWorker(settings);
    await waitFor('all 20 delivered after the restart', async () => (await states(endpointId)).succeeded === 20, 30_000).catch(
      (err: Error) => {
        throw new Error(`${err.message}\n${JSON.stringify(r.requests.length)}\nworker output:\n${restarted.output()}`);
      },
    );
    for (const e of events) {
      const got = r.forEvent(e.id);
      expect(got.length).toBeGreaterThanOrEqual(2); // the lost attempt, then the successful one
      expect(new Set(got.map((q) => q.body))).toEqual(new Set([JSON.stringify(e)]));
    }
    await restarted.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }, 60_000);

  it('keeps the retry schedule across a restart (it lives in the database)', async () => {
    const r = await receiver((_req, i) => (i === 0 ? { status: 500 } : { status: 200 }));
    const endpointId = await subscription(r.url, 'invoice.paid');
    const first = await h.startDispatcher({ RETRY_SCHEDULE: '2s' });
    const event = envelope('invoice.paid', ws, { invoice_id: randomUUID() });
    await h.publish(event);
    await waitFor('first failure recorded', async () => (await states(endpointId)).failed_retrying === 1);
    await first.stop();
    const [row] = await h.sql(
      `SELECT (EXTRACT(EPOCH FROM next_attempt_at - now()) * 1000)::int AS wait_ms FROM deliveries WHERE endpoint_id = $1`,
      [endpointId],
    );
    expect(row.wait_ms).toBeGreaterThan(1000);
    expect(row.wait_ms).toBeLessThanOrEqual(2000);

    const second = await h.startDispatcher({ RETRY_SCHEDULE: '2s' });
    try {
      await sleep(500);
      expect(r.requests).toHaveLength(1); // not early
      await waitFor('retry after the wait', async () => (await states(endpointId)).succeeded === 1, 10_000);
      expect(r.requests[1]!.at - r.requests[0]!.at).toBeGreaterThanOrEqual(1900);
    } finally {
      await second.stop();
    }
  });
});

describe('replicas', () => {
  it('two dispatchers on one database send each delivery exactly once', async () => {
    const r = await receiver(() => ({ status: 200 }));
    const endpointId = await subscription(r.url, 'photo.uploaded');
    // Small batches so the two interleave; a long timeout so no attempt is legitimately repeated after a timeout.
    const settings = { DISPATCH_BATCH_SIZE: '10', DELIVERY_TIMEOUT_MS: '10000', DISPATCH_LEASE_MS: '20000' };
    const a = await h.startDispatcher(settings);
    const b = await h.startDispatcher(settings);
    try {
      const events = Array.from({ length: 400 }, () => envelope('photo.uploaded', ws, { photo_id: randomUUID() }));
      await h.publish(...events);
      await waitFor('400 succeeded', async () => (await states(endpointId)).succeeded === 400, 30_000);
      await sleep(300);
      expect(r.requests).toHaveLength(400);
      expect(new Set(r.requests.map((q) => q.headers['x-service-event-id'])).size).toBe(400);
      const sa = a.dispatcher()!.stats();
      const sb = b.dispatcher()!.stats();
      expect(sa.attempts + sb.attempts).toBe(400);
      expect(sa.attempts).toBeGreaterThan(0);
      expect(sb.attempts).toBeGreaterThan(0);
      const [attempts] = await h.sql(
        `SELECT count(*)::int AS n FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1`,
        [endpointId],
      );
      expect(attempts.n).toBe(400);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
