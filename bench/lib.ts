/** Benchmark helpers: autocannon runs summarised as req/s and latency percentiles, and a results file. */
import type { KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { IDENTITY_HEADER, IDENTITY_MAX_TTL_SECONDS, signIdentity, type Principal } from '@studio/identity';
import { privateKeyOf, type SecretsFile } from '@studio/testkit/secrets';

/** The stack's identity signing key (IDENTITY_SIGNING_KEY: base64 of PKCS#8 DER), to call a service directly. */
export function identitySigningKey(secrets: SecretsFile): KeyObject {
  const b64 = secrets.IDENTITY_SIGNING_KEY;
  if (!b64) throw new Error('the secrets have no IDENTITY_SIGNING_KEY');
  return privateKeyOf(b64);
}

/** Request headers, fixed or read again during a run (a signed identity lives 60 s at most). */
export type BenchHeaders = Record<string, string> | (() => Record<string, string>);

/**
 * `x-studio-identity` of `principal` for the service `audience`, signed with the stack's key as the gateway would:
 * one identity re-used until under 30 s of its 60 s remain, then a fresh one. Pass it as `headers` to measure /
 * measureSequential, which read it again during a run.
 */
export function identityHeaders(secrets: SecretsFile, principal: Principal, audience: string): () => Record<string, string> {
  const key = identitySigningKey(secrets);
  let current: { headers: Record<string, string>; expiresAtMs: number } | null = null;
  return () => {
    const now = Date.now();
    if (!current || current.expiresAtMs - now < 30_000) {
      current = {
        headers: { [IDENTITY_HEADER]: signIdentity(principal, key, audience, IDENTITY_MAX_TTL_SECONDS, now) },
        // iat is the whole second: count the expiry from it.
        expiresAtMs: Math.floor(now / 1000) * 1000 + IDENTITY_MAX_TTL_SECONDS * 1000,
      };
    }
    return current.headers;
  };
}

/** How often an autocannon run reads its headers again when they are a function (well within an identity's 30 s slack). */
const HEADER_REFRESH_MS = 10_000;

/**
 * autocannon options carrying `headers`: fixed ones as they are; a function's result set on every client again
 * every HEADER_REFRESH_MS (with `requests`, on each request), so a run of any length keeps a valid identity.
 * Call `stop()` when the run is over.
 */
export function autocannonHeaders(
  headers: BenchHeaders | undefined,
  requests?: autocannon.Request[],
): { options: Pick<autocannon.Options, 'headers' | 'requests' | 'setupClient'>; stop(): void } {
  if (typeof headers !== 'function') return { options: { headers, requests }, stop: () => undefined };
  const clients = new Set<autocannon.Client>();
  const timer = setInterval(() => {
    const current = headers();
    for (const client of clients) {
      if (requests) client.setRequests(requests.map((r) => ({ ...r, headers: { ...r.headers, ...current } })));
      else client.setHeaders(current);
    }
  }, HEADER_REFRESH_MS);
  timer.unref();
  return { options: { headers: headers(), requests, setupClient: (client) => void clients.add(client) }, stop: () => clearInterval(timer) };
}

export interface Measurement {
  name: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export async function measure(
  name: string,
  url: string,
  opts: { connections: number; durationSeconds: number; headers?: BenchHeaders; warmupSeconds?: number },
): Promise<Measurement> {
  const run = async (duration: number) => {
    const headers = autocannonHeaders(opts.headers);
    try {
      return await (autocannon({
        url,
        connections: opts.connections,
        duration,
        ...headers.options,
        pipelining: 1,
      }) as unknown as Promise<autocannon.Result>);
    } finally {
      headers.stop();
    }
  };
  if (opts.warmupSeconds) await run(opts.warmupSeconds);
  const r = await run(opts.durationSeconds);
  const m: Measurement = {
    name,
    connections: opts.connections,
    durationSeconds: opts.durationSeconds,
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  console.log(
    `  ${name.padEnd(44)} c=${String(opts.connections).padStart(2)}  ${String(m.requestsPerSecond).padStart(6)} req/s  p50 ${m.p50Ms.toFixed(2)} ms  p99 ${m.p99Ms.toFixed(2)} ms` +
      (m.non2xx || m.errors ? `  non2xx=${m.non2xx} errors=${m.errors}` : ''),
  );
  return m;
}

/** This machine's ceiling: a bare Node http server answering a fixed JSON body. */
export async function startBareServer(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as import('node:net').AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

export function writeResults(name: string, data: unknown): string {
  const dir = path.resolve(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 1000) / 1000);

/**
 * One connection, one request at a time, timed with hrtime: sub-millisecond medians (autocannon reports whole
 * milliseconds, too coarse to see what a hop adds).
 */
export async function measureSequential(
  name: string,
  url: string,
  opts: { durationSeconds: number; headers?: BenchHeaders; warmupSeconds?: number },
): Promise<Measurement> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headersOf = typeof opts.headers === 'function' ? opts.headers : () => opts.headers as Record<string, string> | undefined;
  const target = new URL(url);
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = http.request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers: headersOf() },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200 ? Number(process.hrtime.bigint() - started) / 1e6 : -1));
        },
      );
      req.on('error', reject);
      req.end();
    });
  const runFor = async (seconds: number) => {
    const samples: number[] = [];
    let failures = 0;
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      const ms = await once();
      if (ms < 0) failures++;
      else samples.push(ms);
    }
    return { samples, failures };
  };
  if (opts.warmupSeconds) await runFor(opts.warmupSeconds);
  const { samples, failures } = await runFor(opts.durationSeconds);
  agent.destroy();
  samples.sort((a, b) => a - b);
  const pct = (p: number) => percentile(samples, p);
  const m: Measurement = {
    name,
    connections: 1,
    durationSeconds: opts.durationSeconds,
    requestsPerSecond: Math.round(samples.length / opts.durationSeconds),
    p50Ms: Math.round(pct(50) * 1000) / 1000,
    p99Ms: Math.round(pct(99) * 1000) / 1000,
    non2xx: failures,
    errors: 0,
  };
  console.log(
    `  ${name.padEnd(44)} c= 1  ${String(m.requestsPerSecond).padStart(6)} req/s  p50 ${m.p50Ms.toFixed(3)} ms  p99 ${m.p99Ms.toFixed(3)} ms (sequential, hrtime)`,
  );
  return m;
}

/** Nearest-rank percentile `p` (0..100) of ascending `sorted` values; 0 for none. */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** utime + stime of a process in seconds (Linux /proc; 0 elsewhere or once it has exited). */
export function processCpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/** Busy CPU seconds of the whole machine so far, all cores (Linux /proc/stat: everything but idle and iowait). */
export function machineCpuSeconds(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number) as number[];
    return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
  } catch {
    return 0;
  }
}

/**
 * `count` ready keeper photos of a shoot, written straight into the upload database (their bytes are never read:
 * gallery benchmarks sign their URLs), captured one second apart from 2026-06-01 10:00 UTC.
 */
export async function insertReadyPhotos(
  uploadDatabaseUrl: string,
  options: { workspaceId: string; shootId: string; profileId: string; count: number },
): Promise<void> {
  const db = new pg.Client({ connectionString: uploadDatabaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO photos (id, workspace_id, shoot_id, file_name, content_type, size_bytes, original_key, web_key, thumb_key,
                           width, height, capture_time, state, keeper, created_by, uploaded_at, processed_at, updated_at)
       SELECT id, $1::uuid, $2::uuid, 'IMG_' || n || '.JPG', 'image/jpeg', 8500000,
              'ws/' || $1 || '/photos/' || id || '/original', 'ws/' || $1 || '/photos/' || id || '/web.jpg',
              'ws/' || $1 || '/photos/' || id || '/thumb.webp', 6000, 4000,
              timestamptz '2026-06-01 10:00:00Z' + n * interval '1 second', 'ready', true, $3::uuid, now(), now(), now()
       FROM (SELECT gen_random_uuid() AS id, n FROM generate_series(1, $4::int) AS n) AS p`,
      [options.workspaceId, options.shootId, options.profileId, options.count],
    );
  } finally {
    await db.end();
  }
}
