/**
 * Mixed workload (issue 7): what a busy studio's API sees, through the gateway, for a fixed time: reads of one
 * shoot and of shoot lists, client writes with Idempotency-Key (a few of them retried with the same key, as
 * clients do after a timeout), searches, gallery reads, single-shot uploads (POST /photos, PUT to the presigned
 * URL, finalize) and the webhook deliveries those writes cause (client.created to a subscribed local receiver).
 *
 * Closed loop: `concurrency` virtual users each pick an operation by weight, wait for its answer, and go again.
 * With several gateway base URLs (one per replica set) each operation goes to the next one in turn, as a load
 * balancer would. Reported: operations per second, p50/p99 per route class, errors (any answer other than the
 * expected one; a 429 is counted apart as deliberate), and for deliveries the count, duplicates and the time
 * from the event's created_at to its arrival.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { insertReadyPhotos, percentile } from './lib.js';

export interface MixedOptions {
  /** Gateway base URLs (`http://host:port/api/v1`), one per replica set. */
  baseUrls: string[];
  /** Owner token with a raised rate limit (the limiter is checked, never refuses). */
  token: string;
  workspaceId: string;
  profileId: string;
  uploadDatabaseUrl: string;
  seconds: number;
  concurrency: number;
  log?: (m: string) => void;
  /** Called after each operation with its class and duration (the soak bench follows throughput over time). */
  onOperation?: (cls: RouteClass, ms: number) => void;
  /** Called for each error (an unexpected status or a network error; not a 429), with what went wrong. */
  onError?: (cls: RouteClass, detail: string) => void;
}

export type RouteClass = 'shoot_read' | 'shoot_list' | 'client_write' | 'search' | 'gallery_read' | 'upload';

/** Share of operations per class (sums to 100). */
export const MIX: Record<RouteClass, number> = {
  shoot_read: 35,
  shoot_list: 10,
  client_write: 12,
  search: 18,
  gallery_read: 20,
  upload: 5,
};

export interface ClassFigure {
  count: number;
  per_second: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  rate_limited: number;
}

export interface MixedResult {
  replicas: number;
  seconds: number;
  concurrency: number;
  operations: number;
  operations_per_second: number;
  requests_per_second: number;
  errors: number;
  error_rate: number;
  rate_limited: number;
  classes: Record<RouteClass, ClassFigure>;
  deliveries: {
    expected: number;
    delivered: number;
    /** Arrivals of an event id already received. */
    duplicates: number;
    /** Clients created in the run whose client.created never arrived (after the drain). */
    missing: number;
    /** Clients created in the run that arrived under more than one event id (the event emitted twice). */
    repeated_clients: number;
    p50_ms: number;
    p99_ms: number;
    drained_in_ms: number;
  };
  error_samples: string[];
}

const round2 = (v: number) => Math.round(v * 100) / 100;

interface Answer {
  status: number;
  body: string;
}

function request(agent: http.Agent, url: string, method: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** One event as the receiver saw it first: when it arrived, its created_at, and the client it is about. */
interface Arrival {
  at: number;
  createdAt: number;
  clientId: string | undefined;
}

/** A local webhook receiver: records each event id once (a second arrival of an id is a duplicate), and when it arrived. */
async function startReceiver(): Promise<{
  url: string;
  arrivals: Map<string, Arrival>;
  duplicates: () => number;
  close(): Promise<void>;
}> {
  const arrivals = new Map<string, Arrival>();
  let duplicates = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          id: string;
          created_at: string;
          data?: { client_id?: string };
        };
        if (arrivals.has(event.id)) duplicates++;
        else arrivals.set(event.id, { at, createdAt: Date.parse(event.created_at), clientId: event.data?.client_id });
      } catch {
        /* not an event: still answer 200 so nothing retries */
      }
      res.writeHead(200).end('ok');
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrivals,
    duplicates: () => duplicates,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const FIRST = ['Ada', 'Jonathan', 'Maria', 'Luca', 'Sofia', 'Noah', 'Emma', 'Liam', 'Olivia', 'Mateo', 'Chloe', 'Hugo'];
const LAST = ['Smithers', 'Rossi', 'Novak', 'Dubois', 'Garcia', 'Müller', 'Jensen', 'Kowalski', 'Silva', 'Brown'];

/** Everything the operations read: shoots, a 200-photo gallery, a subscription; made once per run. */
export interface MixedFixture {
  shootIds: string[];
  galleryId: string;
  uploadShootId: string;
  jpeg: Buffer;
  receiver: Awaited<ReturnType<typeof startReceiver>>;
}

export async function prepareMixed(
  options: Pick<MixedOptions, 'baseUrls' | 'token' | 'workspaceId' | 'profileId' | 'uploadDatabaseUrl'>,
): Promise<MixedFixture> {
  const base = options.baseUrls[0]!;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const auth = { authorization: `Bearer ${options.token}` };
  const call = async (method: string, path: string, body?: unknown) => {
    const a = await request(
      agent,
      base + path,
      method,
      body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
      body === undefined ? undefined : JSON.stringify(body),
    );
    if (a.status >= 300) throw new Error(`${method} ${path} -> ${a.status} ${a.body.slice(0, 300)}`);
    return JSON.parse(a.body) as any;
  };
  const shootIds: string[] = [];
  for (let i = 0; i < 20; i++)
    shootIds.push(
      (
        await call('POST', '/shoots', {
          workspace_id: options.workspaceId,
          title: `Mixed shoot ${i}`,
          shot_list: ['rings', 'vows', 'cake'],
        })
      ).shoot.id,
    );
  for (let i = 0; i < 60; i++)
    await call('POST', '/clients', {
      workspace_id: options.workspaceId,
      name: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
      email: `seed${i}@example.test`,
    });

  const galleryShoot = (await call('POST', '/shoots', { workspace_id: options.workspaceId, title: 'Mixed gallery' })).shoot.id as string;
  await insertReadyPhotos(options.uploadDatabaseUrl, {
    workspaceId: options.workspaceId,
    shootId: galleryShoot,
    profileId: options.profileId,
    count: 200,
  });
  const galleryId = (await call('POST', '/galleries', { shoot_id: galleryShoot, title: 'Mixed gallery' })).gallery.id as string;
  const uploadShootId = (await call('POST', '/shoots', { workspace_id: options.workspaceId, title: 'Mixed uploads' })).shoot.id as string;
  const jpeg = await sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: { r: 120, g: 90, b: 60 },
      noise: { type: 'gaussian', mean: 120, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const receiver = await startReceiver();
  await call('POST', '/webhooks/subscriptions', { workspace_id: options.workspaceId, target_url: receiver.url, event: 'client.created' });
  agent.destroy();
  return { shootIds, galleryId, uploadShootId, jpeg, receiver };
}

export async function runMixed(options: MixedOptions, fx: MixedFixture): Promise<MixedResult> {
  const log = options.log ?? console.log;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency * 2 });
  const s3Agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const auth = { authorization: `Bearer ${options.token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const latencies = Object.fromEntries(Object.keys(MIX).map((k) => [k, [] as number[]])) as Record<RouteClass, number[]>;
  const errors = Object.fromEntries(Object.keys(MIX).map((k) => [k, 0])) as Record<RouteClass, number>;
  const limited = Object.fromEntries(Object.keys(MIX).map((k) => [k, 0])) as Record<RouteClass, number>;
  const samples: string[] = [];
  const createdClients = new Set<string>();
  const recentWrites: { key: string; body: string }[] = [];
  let requests = 0;
  let next = 0;
  const baseUrl = () => options.baseUrls[next++ % options.baseUrls.length]!;
  const pick = (() => {
    const table: RouteClass[] = [];
    for (const [k, w] of Object.entries(MIX) as [RouteClass, number][]) for (let i = 0; i < w; i++) table.push(k);
    return () => table[Math.floor(Math.random() * table.length)]!;
  })();
  const expect = (cls: RouteClass, a: Answer, ok: number[]): boolean => {
    requests++;
    if (ok.includes(a.status)) return true;
    if (a.status === 429) limited[cls]++;
    else {
      errors[cls]++;
      if (samples.length < 10) samples.push(`${cls} ${a.status} ${a.body.slice(0, 200)}`);
      options.onError?.(cls, `${a.status} ${a.body.slice(0, 200)}`);
    }
    return false;
  };

  const ops: Record<RouteClass, () => Promise<void>> = {
    shoot_read: async () => {
      const id = fx.shootIds[Math.floor(Math.random() * fx.shootIds.length)]!;
      expect('shoot_read', await request(agent, `${baseUrl()}/shoots/${id}`, 'GET', auth), [200]);
    },
    shoot_list: async () => {
      expect('shoot_list', await request(agent, `${baseUrl()}/shoots?workspace_id=${options.workspaceId}&limit=20`, 'GET', auth), [200]);
    },
    client_write: async () => {
      // One write in ten is a client retrying an earlier request with the same key and body: a replay.
      const retry = recentWrites.length > 0 && Math.random() < 0.1 ? recentWrites[Math.floor(Math.random() * recentWrites.length)]! : null;
      const key = retry?.key ?? randomUUID();
      const n = Math.floor(Math.random() * 1e9);
      const body =
        retry?.body ??
        JSON.stringify({
          workspace_id: options.workspaceId,
          name: `${FIRST[n % FIRST.length]} ${LAST[n % LAST.length]} ${n}`,
          email: `c${n}@example.test`,
        });
      const a = await request(agent, `${baseUrl()}/clients`, 'POST', { ...json, 'idempotency-key': key }, body);
      if (expect('client_write', a, [201])) {
        createdClients.add((JSON.parse(a.body) as { client: { id: string } }).client.id);
        if (!retry) {
          recentWrites.push({ key, body });
          if (recentWrites.length > 200) recentWrites.shift();
        }
      }
    },
    search: async () => {
      const q =
        Math.random() < 0.5
          ? FIRST[Math.floor(Math.random() * FIRST.length)]!
          : `${LAST[Math.floor(Math.random() * LAST.length)]!.slice(0, 4)}`;
      expect(
        'search',
        await request(agent, `${baseUrl()}/search?workspace_id=${options.workspaceId}&q=${encodeURIComponent(q)}&limit=20`, 'GET', auth),
        [200],
      );
    },
    gallery_read: async () => {
      expect(
        'gallery_read',
        await request(agent, `${baseUrl()}/galleries/${fx.galleryId}`, 'GET', { ...auth, 'accept-encoding': 'gzip' }),
        [200],
      );
    },
    upload: async () => {
      const base = baseUrl();
      const created = await request(
        agent,
        `${base}/photos`,
        'POST',
        json,
        JSON.stringify({
          shoot_id: fx.uploadShootId,
          file_name: `mixed-${randomUUID()}.jpg`,
          content_type: 'image/jpeg',
          size: fx.jpeg.length,
        }),
      );
      if (!expect('upload', created, [201])) return;
      const c = JSON.parse(created.body) as { photo: { id: string }; upload: { url: string; headers?: Record<string, string> } };
      const put = await request(s3Agent, c.upload.url, 'PUT', { ...(c.upload.headers ?? {}), 'content-type': 'image/jpeg' }, fx.jpeg);
      if (!expect('upload', put, [200])) return;
      expect('upload', await request(agent, `${base}/photos/${c.photo.id}/finalize`, 'POST', json, '{}'), [200]);
    },
  };

  const deliveredBefore = fx.receiver.arrivals.size;
  const duplicatesBefore = fx.receiver.duplicates();
  const startedAt = performance.now();
  const until = startedAt + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < until) {
        const cls = pick();
        const t = performance.now();
        try {
          await ops[cls]();
        } catch (err) {
          errors[cls]++;
          if (samples.length < 10) samples.push(`${cls} ${(err as Error).message}`);
          options.onError?.(cls, (err as Error).message);
        }
        const ms = performance.now() - t;
        latencies[cls].push(ms);
        options.onOperation?.(cls, ms);
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;

  // Every client created in the window must arrive once at the receiver: matched by the event's client_id.
  const drainStarted = Date.now();
  const expected = createdClients.size;
  const arrivedClients = new Map<string, number>();
  const newArrivals: Arrival[] = [];
  let scanned = 0;
  const scan = () => {
    // Arrivals is insertion-ordered: read only what came since the last scan.
    let i = 0;
    for (const a of fx.receiver.arrivals.values()) {
      if (i++ < deliveredBefore + scanned) continue;
      scanned++;
      newArrivals.push(a);
      if (a.clientId) arrivedClients.set(a.clientId, (arrivedClients.get(a.clientId) ?? 0) + 1);
    }
  };
  const missingCount = () => {
    let n = 0;
    for (const id of createdClients) if (!arrivedClients.has(id)) n++;
    return n;
  };
  scan();
  while (missingCount() > 0 && Date.now() - drainStarted < 120_000) {
    await new Promise((r) => setTimeout(r, 250));
    scan();
  }
  const drainedInMs = Date.now() - drainStarted;
  const missing = missingCount();
  let repeatedClients = 0;
  for (const [id, n] of arrivedClients) if (n > 1 && createdClients.has(id)) repeatedClients++;
  const lags = newArrivals.map((a) => a.at - a.createdAt).sort((a, b) => a - b);

  const classes = {} as Record<RouteClass, ClassFigure>;
  let operations = 0;
  let errorCount = 0;
  let limitedCount = 0;
  for (const cls of Object.keys(MIX) as RouteClass[]) {
    const sorted = latencies[cls].sort((a, b) => a - b);
    operations += sorted.length;
    errorCount += errors[cls];
    limitedCount += limited[cls];
    classes[cls] = {
      count: sorted.length,
      per_second: round2(sorted.length / elapsed),
      p50_ms: round2(percentile(sorted, 50)),
      p99_ms: round2(percentile(sorted, 99)),
      errors: errors[cls],
      rate_limited: limited[cls],
    };
  }
  agent.destroy();
  s3Agent.destroy();
  const result: MixedResult = {
    replicas: options.baseUrls.length,
    seconds: options.seconds,
    concurrency: options.concurrency,
    operations,
    operations_per_second: round2(operations / elapsed),
    requests_per_second: round2(requests / elapsed),
    errors: errorCount,
    error_rate: operations === 0 ? 0 : Math.round((errorCount / operations) * 1e5) / 1e5,
    rate_limited: limitedCount,
    classes,
    deliveries: {
      expected,
      delivered: fx.receiver.arrivals.size - deliveredBefore,
      duplicates: fx.receiver.duplicates() - duplicatesBefore,
      missing,
      repeated_clients: repeatedClients,
      p50_ms: percentile(lags, 50),
      p99_ms: percentile(lags, 99),
      drained_in_ms: drainedInMs,
    },
    error_samples: samples,
  };
  log(
    `  ${options.baseUrls.length} replica(s): ${result.operations_per_second} ops/s (${result.requests_per_second} req/s), errors ${errorCount}, 429s ${limitedCount}`,
  );
  for (const [cls, f] of Object.entries(classes))
    log(
      `    ${cls.padEnd(13)} ${String(f.per_second).padStart(8)}/s  p50 ${f.p50_ms} ms  p99 ${f.p99_ms} ms${f.errors ? `  errors ${f.errors}` : ''}`,
    );
  log(
    `    deliveries    ${result.deliveries.delivered}/${expected} delivered, ${missing} missing, ${result.deliveries.duplicates} duplicates, ${repeatedClients} clients delivered twice, event->arrival p50 ${result.deliveries.p50_ms} ms p99 ${result.deliveries.p99_ms} ms`,
  );
  for (const s of samples) log(`    error sample: ${s}`);
  return result;
}
