/**
 * Webhook delivery benchmark (issue 5): events published to the real `studio.events` exchange -> fan-out
 * consumer (webhooks API process) -> deliveries in PostgreSQL -> dispatcher (its own process) -> signed POST to a
 * local receiver that answers 200. Measures sustained deliveries/s and end-to-end latency (publish -> receipt)
 * at a fixed offered rate and at saturation, against the receiver's own ceiling measured with autocannon in the
 * same run. Everything runs on this machine (loopback only).
 *
 * The benchmark starts its own webhooks API and dispatcher processes (as deployed: separate processes) on free
 * ports, with its own fan-out queue, freshly generated secrets and, by default, its own database.
 * Exported for bench/run.ts; also runnable alone:
 * `node --import tsx bench/webhooks.bench.ts [--seconds 10] [--rate 1000] [--burst 15000]`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import amqplib from 'amqplib';
import autocannon from 'autocannon';
import pg from 'pg';
import { API_VERSION, EVENTS_EXCHANGE } from '@studio/amqp';
import { signIdentity } from '@studio/identity';
import { freePorts } from '@studio/testkit/ports';
import { generateSecrets } from '@studio/testkit/secrets';
import { deployableSecretsEnv } from '../scripts/lib/stack.js';
import { identitySigningKey, percentile, processCpuSeconds } from './lib.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVICE_DIR = path.join(ROOT, 'services/webhooks');

export interface WebhooksBenchOptions {
  amqpUrl: string;
  /**
   * A migrated webhooks database the benchmark may write to. By default it creates and migrates its own,
   * `webhooks_bench_run` (dropped first), so a running stack's webhooks processes never share its work.
   */
  databaseUrl?: string;
  /** Admin connection used to create that database. Default: the local postgres superuser. */
  pgAdminUrl?: string;
  /** Length of the fixed-rate phase. */
  seconds: number;
  /** Offered rate of the fixed-rate phase (events/s; one delivery each). Default 1000. */
  rate?: number;
  /** Events of the saturation phase (published as fast as the broker confirms). Default 15,000. */
  burst?: number;
  /** Database created for the run when databaseUrl is not given. Default webhooks_bench_run. */
  databaseName?: string;
  /** Folder for the service processes' logs. Default .run/bench. */
  logDir?: string;
}

/** CPU seconds used during a phase, per component, and per delivery (microseconds). */
export interface CpuCost {
  api: number;
  worker: number;
  postgres: number;
  benchProcess: number;
  microsecondsPerDelivery: { api: number; worker: number; postgres: number; benchProcess: number; serviceTotal: number };
  /** 2 cores' worth of CPU divided by (api + worker + postgres) per delivery: the rate an idle 2-core machine could reach, broker and load generator aside. */
  projectedDeliveriesPerSecondOn2Cores: number;
}

export interface PhaseResult {
  name: string;
  cpu?: CpuCost;
  offeredPerSecond: number | null;
  events: number;
  delivered: number;
  duplicates: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  signaturesChecked: number;
  signatureFailures: number;
}

export interface WebhooksBenchResult {
  receiverCeiling: { requestsPerSecond: number; p50Ms: number; p99Ms: number; connections: number };
  phases: PhaseResult[];
  goals: { sustained_1000_per_s: boolean; p99_under_1s_at_1000_per_s: boolean };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The subscriber: records receipt times, checks every 50th signature, answers 200. */
async function startReceiver(secret: () => string | null) {
  const published = new Map<string, number>();
  const received = new Map<string, number>();
  let duplicates = 0;
  let checked = 0;
  let failures = 0;
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = performance.now();
      const id = req.headers['x-service-event-id'];
      if (typeof id === 'string' && published.has(id)) {
        if (received.has(id)) duplicates++;
        else received.set(id, now);
        const s = secret();
        if (s && n++ % 50 === 0) {
          checked++;
          const header = String(req.headers['x-service-signature'] ?? '');
          const t = /t=(\d+)/.exec(header)?.[1];
          const v1 = /v1=([0-9a-f]{64})/.exec(header)?.[1];
          const expected = t
            ? createHmac('sha256', s)
                .update(`${t}.${Buffer.concat(chunks).toString('utf8')}`)
                .digest('hex')
            : '';
          if (!v1 || v1 !== expected) failures++;
        }
      }
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    published,
    received,
    stats: () => ({ duplicates, checked, failures }),
    reset() {
      published.clear();
      received.clear();
      duplicates = 0;
      checked = 0;
      failures = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

interface ServiceProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
}

function launch(name: string, entry: string, env: Record<string, string>, logDir: string): ServiceProcess {
  mkdirSync(logDir, { recursive: true });
  // WEBHOOKS_BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the service processes.
  const extra = (process.env.WEBHOOKS_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--enable-source-maps', '--import', 'tsx', path.join(SERVICE_DIR, entry)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const sink = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  child.stdout!.pipe(sink, { end: false });
  child.stderr!.pipe(sink, { end: false });
  return { child, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

async function waitReady(url: string, proc: ServiceProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void proc.exited.then(() => (exited = true));
  while (Date.now() < until) {
    if (exited) throw new Error(`process for ${url} exited before it was ready`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(150);
  }
  throw new Error(`${url} not ready within ${timeoutMs / 1000} s`);
}

async function stop(proc: ServiceProcess): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const t = setTimeout(() => proc.child.kill('SIGKILL'), 20_000);
  await proc.exited;
  clearTimeout(t);
}

/** Drops and creates `name`, then applies the webhooks migrations; returns its URL. */
export async function provisionBenchDatabase(
  name = 'webhooks_bench_run',
  adminUrl = 'postgresql://postgres@127.0.0.1:5432/postgres',
): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const res = spawnSync('npm', ['run', '-s', 'migrate:deploy'], {
    cwd: SERVICE_DIR,
    env: { ...process.env, DATABASE_URL: url.toString() },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`services/webhooks migrate:deploy failed: ${res.stderr}`);
  return url.toString();
}

export async function webhooksBench(opts: WebhooksBenchOptions): Promise<WebhooksBenchResult> {
  const databaseUrl = opts.databaseUrl ?? (await provisionBenchDatabase(opts.databaseName ?? 'webhooks_bench_run', opts.pgAdminUrl));
  const rate = opts.rate ?? 1000;
  const burst = opts.burst ?? 15_000;
  const logDir = opts.logDir ?? path.join(ROOT, '.run/bench');
  const queue = `webhooks.fanout.bench.${randomUUID().slice(0, 8)}`;
  // The API's own port (its routes), its gRPC port, and the admin ports (/readyz, /metrics) of the API and the
  // dispatcher (which serves nothing else).
  const [apiPort, grpcPort, apiAdminPort, workerAdminPort] = (await freePorts(4)) as [number, number, number, number];
  const env = {
    DATABASE_URL: databaseUrl,
    AMQP_URL: opts.amqpUrl,
    WEBHOOKS_FANOUT_QUEUE: queue,
    WEBHOOKS_FANOUT_QUEUE_EXPIRES_MS: String(10 * 60_000),
    WEBHOOKS_HTTP_PORT: String(apiPort),
    WEBHOOKS_GRPC_PORT: String(grpcPort),
    WEBHOOKS_ADMIN_PORT: String(apiAdminPort),
    WEBHOOKS_WORKER_ADMIN_PORT: String(workerAdminPort),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  // No secret has a default: this run's own, each process given its deployable's share (as deployed).
  const secrets = generateSecrets();
  let secret: string | null = null;
  const receiver = await startReceiver(() => secret);
  const api = launch('webhooks', 'src/main.ts', { ...env, ...deployableSecretsEnv(secrets, 'webhooks') }, logDir);
  const worker = launch('webhooks-worker', 'src/worker.ts', { ...env, ...deployableSecretsEnv(secrets, 'webhooks-worker') }, logDir);
  const conn = await amqplib.connect(opts.amqpUrl);
  try {
    await waitReady(`http://127.0.0.1:${apiAdminPort}/readyz`, api);
    await waitReady(`http://127.0.0.1:${workerAdminPort}/readyz`, worker);

    // One workspace, one endpoint subscribed to the benchmark's event type: one delivery per event.
    const workspaceId = randomUUID();
    const identity = signIdentity(
      { kind: 'token', profileId: randomUUID(), tokenId: randomUUID(), scopeWorkspaceId: null, memberships: { [workspaceId]: 'owner' } },
      identitySigningKey(secrets),
      'webhooks',
    );
    const created = await fetch(`http://127.0.0.1:${apiPort}/api/v1/webhook-endpoints`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-studio-identity': identity },
      body: JSON.stringify({ workspace_id: workspaceId, url: receiver.url, event_types: ['gallery.published'] }),
    });
    const body = (await created.json()) as { webhook_endpoint?: { signing_secret: string } };
    if (created.status !== 201 || !body.webhook_endpoint)
      throw new Error(`could not register the endpoint: ${created.status} ${JSON.stringify(body)}`);
    secret = body.webhook_endpoint.signing_secret;

    const ch = await conn.createConfirmChannel();
    await ch.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true });
    const makeEvent = () => {
      const id = randomUUID();
      const content = Buffer.from(
        JSON.stringify({
          id,
          type: 'gallery.published',
          created_at: new Date().toISOString(),
          workspace_id: workspaceId,
          api_version: API_VERSION,
          data: {
            gallery_id: randomUUID(),
            shoot_id: randomUUID(),
            title: 'Benchmark gallery',
            slug: 'benchmark-gallery',
            photo_count: 240,
          },
        }),
      );
      return { id, content };
    };
    const publish = (e: { id: string; content: Buffer }) => {
      receiver.published.set(e.id, performance.now());
      ch.publish(EVENTS_EXCHANGE, 'gallery.published', e.content, { persistent: true, contentType: 'application/json', messageId: e.id });
    };

    // CPU accounting: the two service processes, this process, and the PostgreSQL backends serving our database.
    const dbName = new URL(databaseUrl).pathname.slice(1);
    const pgPids = async (): Promise<number[]> => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        return (
          await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName])
        ).rows.map((r) => r.pid);
      } finally {
        await c.end();
      }
    };
    const cpuSnapshot = async () => {
      const pids = await pgPids();
      const self = process.cpuUsage();
      return {
        api: processCpuSeconds(api.child.pid),
        worker: processCpuSeconds(worker.child.pid),
        bench: (self.user + self.system) / 1e6,
        pg: new Map(pids.map((pid) => [pid, processCpuSeconds(pid)])),
      };
    };
    const cpuSince = async (before: Awaited<ReturnType<typeof cpuSnapshot>>, deliveries: number): Promise<CpuCost> => {
      const after = await cpuSnapshot();
      let postgres = 0;
      for (const [pid, t] of after.pg) postgres += t - (before.pg.get(pid) ?? 0);
      const r = (x: number) => Math.round(x * 100) / 100;
      const per = (x: number) => Math.round((x / Math.max(1, deliveries)) * 1e6);
      const cost = {
        api: r(after.api - before.api),
        worker: r(after.worker - before.worker),
        postgres: r(postgres),
        benchProcess: r(after.bench - before.bench),
      };
      const serviceTotal = per(cost.api + cost.worker + cost.postgres);
      return {
        ...cost,
        microsecondsPerDelivery: {
          api: per(cost.api),
          worker: per(cost.worker),
          postgres: per(cost.postgres),
          benchProcess: per(cost.benchProcess),
          serviceTotal,
        },
        projectedDeliveriesPerSecondOn2Cores: serviceTotal > 0 ? Math.round(2e6 / serviceTotal) : 0,
      };
    };

    const drain = async (expected: number, timeoutMs: number) => {
      const until = Date.now() + timeoutMs;
      while (receiver.received.size < expected && Date.now() < until) await sleep(50);
    };

    const summarise = (name: string, offered: number | null, startedAt: number): PhaseResult => {
      const latencies: number[] = [];
      let last = startedAt;
      for (const [id, at] of receiver.received) {
        latencies.push(at - receiver.published.get(id)!);
        if (at > last) last = at;
      }
      latencies.sort((a, b) => a - b);
      const s = receiver.stats();
      const r: PhaseResult = {
        name,
        offeredPerSecond: offered,
        events: receiver.published.size,
        delivered: receiver.received.size,
        duplicates: s.duplicates,
        deliveriesPerSecond: Math.round(receiver.received.size / ((last - startedAt) / 1000)),
        p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
        p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
        maxMs: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
        signaturesChecked: s.checked,
        signatureFailures: s.failures,
      };
      console.log(
        `  ${name.padEnd(34)} ${String(r.delivered).padStart(6)}/${r.events} delivered  ${String(r.deliveriesPerSecond).padStart(5)} deliveries/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  max ${r.maxMs} ms` +
          (r.duplicates ? `  duplicates=${r.duplicates}` : '') +
          (r.signatureFailures ? `  BAD SIGNATURES=${r.signatureFailures}` : ''),
      );
      return r;
    };

    console.log('\nwebhook deliveries: event published -> signed POST answered by a local receiver');
    // Warm-up: connections, JIT, prepared plans.
    for (let i = 0; i < 500; i++) publish(makeEvent());
    await ch.waitForConfirms();
    await drain(500, 30_000);
    receiver.reset();

    const phases: PhaseResult[] = [];
    // Phase 1: a fixed offered rate, paced in 10 ms ticks.
    {
      const cpu0 = await cpuSnapshot();
      const total = Math.round(rate * opts.seconds);
      const started = performance.now();
      let sent = 0;
      while (sent < total) {
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
        while (sent < due) {
          publish(makeEvent());
          sent++;
        }
        await ch.waitForConfirms();
        await sleep(10);
      }
      await drain(total, 60_000);
      const phase = summarise(`fixed rate ${rate}/s for ${opts.seconds} s`, rate, started);
      phase.cpu = await cpuSince(cpu0, phase.delivered);
      phases.push(phase);
      receiver.reset();
    }
    // Phase 2: saturation: a burst published as fast as the broker confirms; throughput = drain rate.
    {
      const cpu0 = await cpuSnapshot();
      const started = performance.now();
      for (let i = 0; i < burst; i++) {
        publish(makeEvent());
        if (i % 500 === 499) await ch.waitForConfirms();
      }
      await ch.waitForConfirms();
      await drain(burst, 120_000);
      const phase = summarise(`saturation (burst of ${burst})`, null, started);
      phase.cpu = await cpuSince(cpu0, phase.delivered);
      phases.push(phase);
      receiver.reset();
    }
    await ch.close();
    for (const p of phases) {
      const c = p.cpu!;
      console.log(
        `  cpu per delivery (${p.name.split(' (')[0]}): api ${c.microsecondsPerDelivery.api} us, worker ${c.microsecondsPerDelivery.worker} us, postgres ${c.microsecondsPerDelivery.postgres} us` +
          ` (service total ${c.microsecondsPerDelivery.serviceTotal} us => ~${c.projectedDeliveriesPerSecondOn2Cores}/s on 2 idle cores); load generator ${c.microsecondsPerDelivery.benchProcess} us`,
      );
    }

    // The receiver's own ceiling, same machine, same run: autocannon POSTing a signed delivery body.
    const sample = makeEvent();
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${sample.content.toString()}`).digest('hex')}`;
    const ceilingRun = (await autocannon({
      url: receiver.url,
      method: 'POST',
      connections: 64,
      duration: Math.max(3, Math.min(10, opts.seconds)),
      headers: {
        'content-type': 'application/json',
        'x-service-signature': signature,
        'x-service-event-id': sample.id,
        'x-service-event-type': 'gallery.published',
      },
      body: sample.content.toString(),
    })) as unknown as autocannon.Result;
    const receiverCeiling = {
      requestsPerSecond: Math.round(ceilingRun.requests.average),
      p50Ms: ceilingRun.latency.p50,
      p99Ms: ceilingRun.latency.p99,
      connections: 64,
    };
    console.log(
      `  ${'receiver ceiling (autocannon, c=64)'.padEnd(34)} ${receiverCeiling.requestsPerSecond} req/s  p50 ${receiverCeiling.p50Ms} ms  p99 ${receiverCeiling.p99Ms} ms`,
    );

    const fixed = phases[0]!;
    const goals = {
      sustained_1000_per_s: fixed.delivered === fixed.events && (phases[1]?.deliveriesPerSecond ?? 0) >= 1000 && rate >= 1000,
      p99_under_1s_at_1000_per_s: fixed.delivered === fixed.events && fixed.p99Ms < 1000 && rate >= 1000,
    };
    console.log('  goals:', JSON.stringify(goals));
    return { receiverCeiling, phases, goals };
  } finally {
    await Promise.all([stop(worker), stop(api)]);
    await receiver.close();
    const ch = await conn.createChannel();
    await ch.deleteQueue(queue).catch(() => undefined);
    await ch.deleteQueue(`${queue}.dlq`).catch(() => undefined);
    await conn.close();
  }
}

/** Standalone run. */
async function standalone(): Promise<void> {
  const args = process.argv.slice(2);
  const arg = (name: string, def: number) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : def;
  };
  const result = await webhooksBench({
    amqpUrl: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    pgAdminUrl: process.env.TEST_PG_ADMIN_URL,
    seconds: arg('--seconds', 10),
    rate: arg('--rate', 1000),
    burst: arg('--burst', 15_000),
  });
  console.log(JSON.stringify(result, null, 2));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  standalone().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
