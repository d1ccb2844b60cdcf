/**
 * Graceful life cycle (issue 7, part 3): a rolling restart of every process of the stack, one after the other
 * with SIGTERM, while a steady load runs through the gateway, loses no accepted request and no event.
 *
 * The load is what careful clients do: client writes with an Idempotency-Key, retried with the same key and body
 * after a 503 or a refused connection (the restarting hop is down for a moment: there is one replica of each
 * process here, where Kubernetes would keep another one ready), and shoot reads. What must hold:
 * - every process exits 0 on SIGTERM, by itself, inside the grace period (not killed);
 * - no answer is a 500, and no request hangs;
 * - every write ends with exactly one client (its key converges: no key is stuck, no write happens twice);
 * - every created client's `client.created` event reaches the subscribed receiver (no event lost while the
 *   studio relay, the webhook fan-out or the dispatcher restarted), and every client is found by search (no
 *   event lost while the indexer restarted);
 * - photos finalized just before the upload worker's restart all end `ready` exactly once.
 * Connections are not reused (one request per connection), so a reset can only mean the server dropped a
 * request it had taken: that is counted as a lost request, never retried away. The load goes through a small
 * load balancer that keeps new connections away from a gateway being replaced, as the Service in front of the
 * gateway does in Kubernetes (see startBalancer).
 */
import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl } from './support/client.js';
import { admin, tenant } from './support/operator.js';
import { stackControl, type ProcessName } from './support/stack-control.js';
import { startReceiver, subscribe, type Receiver } from './support/webhooks.js';
import { createShoot, eventually, makeJpeg, uploadPhoto } from './support/photos.js';

/** Restart order: the services behind the gateway first, the workers, the gateway last. */
const ROLLING: ProcessName[] = ['studio', 'search', 'webhooks', 'webhooks-worker', 'gallery', 'upload', 'upload-worker', 'gateway'];

interface Outcome {
  status: number | null;
  /** Set when no answer came: refused (never accepted) or reset/timeout after the request was sent. */
  error?: 'refused' | 'reset' | 'timeout';
  body: string;
  /** On a failure: the request, and the process being restarted when it failed (for the assertion message). */
  request?: string;
  during?: ProcessName | null;
}

/** The process the loop is restarting right now (null between restarts). */
let restarting: ProcessName | null = null;

/**
 * What the load balancer in front of the gateway does in a rolling update (Kubernetes: the pod leaves the
 * Service's endpoints when its readiness fails, and a preStop pause lets that settle before SIGTERM): while the
 * gateway is replaced, new connections wait for the new process instead of reaching one that is closing its
 * listener, and connections already handed over stay with the old process, whose graceful close answers them.
 * Without it, a connection still in the kernel's accept queue when the old gateway closes its listening socket is
 * reset by the kernel (Linux), a request no process ever saw and no server can answer: the single-replica local
 * stack would test the kernel's race, not the gateway. Each client connection is one upstream connection.
 */
interface Balancer {
  port: number;
  /** New connections wait (accepted, not forwarded) until release(). */
  hold(): void;
  /** Forwards the waiting connections and every new one to the gateway again. */
  release(): void;
  close(): Promise<void>;
}

function startBalancer(target: { host: string; port: number }): Promise<Balancer> {
  let held = false;
  const waiting: net.Socket[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (client: net.Socket) => {
    const upstream = net.connect(target);
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    // A failure on one side ends the other the same way: a reset stays a reset, so the test still sees it.
    upstream.on('error', () => client.resetAndDestroy());
    client.on('error', () => upstream.resetAndDestroy());
    client.pipe(upstream).pipe(client);
  };
  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    if (held) waiting.push(client);
    else forward(client);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        hold: () => {
          held = true;
        },
        release: () => {
          held = false;
          for (const client of waiting.splice(0)) forward(client);
        },
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

let balancer: Balancer;

/** One request on its own connection (no keep-alive), so a failure says whether the request was ever taken. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Outcome> {
  const url = new URL(baseUrl() + path);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: balancer.port,
        path: url.pathname + url.search,
        method,
        agent: false,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ status: null, error: 'reset', body: '', request: `${method} ${path}`, during: restarting }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({
        status: null,
        error: err.code === 'ECONNREFUSED' ? 'refused' : err.code === 'TIMEOUT' ? 'timeout' : 'reset',
        body: '',
        request: `${method} ${path}`,
        during: restarting,
      }),
    );
    req.end(body);
  });
}

/** A random word of lower-case letters: a name search finds exactly one client by it. */
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('rolling restart of every process under steady load', () => {
  const control = stackControl();
  let owner: string;
  let workspaceId: string;
  let receiver: Receiver;
  let shootId: string;

  beforeAll(async () => {
    const t = await tenant(['owner']);
    // A steady load is more than the default 600 requests a minute: an integration's raised limit.
    owner = (await admin<{ token: string }>('create-token', '--profile', t.profiles.owner, '--rate-limit', '100000')).token;
    workspaceId = t.workspaceId;
    receiver = await startReceiver();
    await subscribe(owner, workspaceId, `${receiver.url}/rolling`, 'client.created');
    shootId = await createShoot(owner, workspaceId, 'Rolling restart');
    const gateway = new URL(baseUrl());
    balancer = await startBalancer({ host: gateway.hostname, port: Number(gateway.port) });
  });

  afterAll(async () => {
    // Whatever happened, leave every process running for the next file.
    for (const name of ROLLING) {
      const info = (await control.processes()).find((p) => p.name === name);
      if (info && !info.running) await control.start(name);
    }
    await receiver?.close();
    await balancer?.close();
  });

  it('loses no accepted request and no event', async () => {
    const auth = { authorization: `Bearer ${owner}` };
    const writes: { key: string; name: string; word: string; clientId: string | null; answers: Outcome[] }[] = [];
    const reads: Outcome[] = [];
    const exits: { name: ProcessName; exit_code: number | null; signal: string | null }[] = [];
    let stop = false;

    // A few photos in the pipeline when the upload worker goes down.
    const jpeg = await makeJpeg({ width: 1600, height: 1000, seed: 7 });

    /** A careful client: the same key and body until a final answer (201) or the deadline. */
    const writer = async (_w: number) => {
      while (!stop) {
        const word = letters(10);
        const name = `Rolling ${word}`;
        const entry = { key: randomUUID(), name, word, clientId: null as string | null, answers: [] as Outcome[] };
        writes.push(entry);
        const body = JSON.stringify({ workspace_id: workspaceId, name, email: `${entry.key}@example.test` });
        const deadline = Date.now() + 90_000;
        while (Date.now() < deadline) {
          const a = await send('POST', '/clients', { ...auth, 'content-type': 'application/json', 'idempotency-key': entry.key }, body);
          entry.answers.push(a);
          if (a.status === 201) {
            entry.clientId = (JSON.parse(a.body) as { client: { id: string } }).client.id;
            break;
          }
          // 503 (a hop restarting), 409 (the same key still in progress), refused: retry the same request.
          await sleep(100);
        }
      }
    };
    const reader = async () => {
      while (!stop) {
        reads.push(await send('GET', `/shoots/${shootId}`, auth));
        await sleep(20);
      }
    };
    const load = Promise.all([writer(1), writer(2), writer(3), reader(), reader()]);

    const photos: string[] = [];
    for (const name of ROLLING) {
      await sleep(500); // steady load before each restart
      if (name === 'upload-worker') {
        for (let i = 0; i < 3; i++) photos.push(await uploadPhoto(owner, shootId, jpeg, `rolling-${i}.jpg`));
      }
      restarting = name;
      if (name === 'gateway') {
        // Out of the balancer first, then a pause (Kubernetes: readiness and preStop) so that every connection
        // already handed to the old gateway has been accepted by it before it closes its listener.
        balancer.hold();
        await sleep(500);
      }
      const killed = await control.kill(name, 'SIGTERM');
      exits.push({ name, exit_code: killed.exit_code, signal: killed.signal });
      await control.start(name);
      if (name === 'gateway') balancer.release();
      restarting = null;
    }
    await sleep(1000);
    stop = true;
    await load;

    // Every process shut down by itself, cleanly, on SIGTERM.
    expect(exits).toEqual(ROLLING.map((name) => ({ name, exit_code: 0, signal: null })));

    const all = [...writes.flatMap((w) => w.answers), ...reads];
    // No request that reached a server was dropped or left hanging, and nothing failed with a 500.
    expect(all.filter((a) => a.error === 'reset' || a.error === 'timeout')).toEqual([]);
    expect(all.filter((a) => a.status !== null && a.status >= 500 && a.status !== 503).map((a) => `${a.status} ${a.body}`)).toEqual([]);
    // Only final or retryable answers: 200/201, or 503/409 while a hop restarted.
    for (const a of all) if (a.status !== null) expect([200, 201, 409, 503]).toContain(a.status);
    // The load really ran through the restarts: reads succeeded, and requests were answered 503 (or refused)
    // while a hop behind the gateway was down.
    const refused = all.filter((a) => a.error === 'refused').length;
    const unavailable = all.filter((a) => a.status === 503).length;
    console.log(
      `rolling restart: ${writes.length} writes, ${reads.length} reads, ${refused} refused, ${unavailable} answered 503, ${all.filter((a) => a.status === 409).length} answered 409`,
    );
    expect(reads.filter((r) => r.status === 200).length).toBeGreaterThan(20);
    expect(refused + unavailable).toBeGreaterThan(0);

    // Every write converged on exactly one client.
    const created = writes.filter((w) => w.clientId !== null);
    expect(created.length).toBe(writes.length);
    expect(new Set(created.map((w) => w.clientId)).size).toBe(created.length);
    for (const w of created) {
      const replay = await api('POST', '/clients', {
        token: owner,
        headers: { 'idempotency-key': w.key },
        body: { workspace_id: workspaceId, name: w.name, email: `${w.key}@example.test` },
      });
      expect(replay.status).toBe(201);
      expect(replay.body.client.id).toBe(w.clientId);
    }
    const listed = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await api('GET', '/clients', { token: owner, query: { workspace_id: workspaceId, limit: 100, cursor } });
      expect(page.status).toBe(200);
      for (const c of page.body.items as { id: string }[]) listed.add(c.id);
      cursor = page.body.next_cursor ?? undefined;
    } while (cursor);
    expect(listed.size).toBe(created.length);

    // No event lost: each client's client.created arrives (at least once; each event id names one client).
    const wanted = new Set(created.map((w) => w.clientId!));
    const arrived = await receiver.waitFor(
      'every client.created',
      (d) => d.eventType === 'client.created' && wanted.has(d.body?.data?.client_id ?? d.body?.data?.id),
      wanted.size,
      60_000,
    );
    const clientsDelivered = new Set(arrived.map((d) => d.body?.data?.client_id ?? d.body?.data?.id));
    expect([...wanted].filter((id) => !clientsDelivered.has(id))).toEqual([]);
    const eventIdsPerClient = new Map<string, Set<string>>();
    for (const d of arrived) {
      const id = d.body?.data?.client_id ?? d.body?.data?.id;
      eventIdsPerClient.set(id, (eventIdsPerClient.get(id) ?? new Set()).add(d.eventId!));
    }
    for (const ids of eventIdsPerClient.values()) expect(ids.size).toBe(1); // one event per client, never two

    // ...and the indexer missed none of them either.
    for (const w of created) {
      await eventually(
        () => api('GET', '/search', { token: owner, query: { workspace_id: workspaceId, q: w.word, types: 'client', limit: 5 } }),
        (r) => r.status === 200 && (r.body.items as { id: string }[]).some((i) => i.id === w.clientId),
        30_000,
      );
    }

    // Photos in flight across the worker's restart all end ready.
    for (const id of photos) {
      const done = await eventually(
        () => api('POST', `/photos/${id}/finalize`, { token: owner }),
        (r) => r.status === 200 && (r.body.photo.state === 'ready' || r.body.photo.state === 'failed'),
        60_000,
      );
      expect(done.body.photo.state).toBe('ready');
    }
  }, 300_000);
});
