/** Benchmark helpers: autocannon runs summarised as req/s and latency percentiles, and a results file. */
import type { KeyObject } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { IDENTITY_HEADER, IDENTITY_MAX_TTL_SECONDS, signIdentity, type Principal } from '@studio/identity';
import { privateKeyOf, type SecretsFile } from '@studio/testkit/secrets';
import { LISTENING_PREFIX } from './floors/serve.js';
import { LOCAL_LIBC_ENV, LOCAL_V8_ARGS } from '../scripts/lib/stack.js';

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
  /**
   * CPU time (user + system, /proc ticks) each process named in `cpu` spent per answer of the measured run (the
   * warm-up excluded: the ticks are read after it and after the run, divided by the run's answers).
   */
  cpuMsPerRequest?: Record<string, number>;
}

/** Process ids by name, whose CPU per request `measure` reports (a missing id reads as 0). */
export type CpuProcesses = Record<string, number | undefined>;

export async function measure(
  name: string,
  url: string,
  opts: {
    connections: number;
    durationSeconds: number;
    headers?: BenchHeaders;
    warmupSeconds?: number;
    cpu?: CpuProcesses;
    /** Requests per second over all connections (autocannon's overallRate): an open load at this rate, not as fast as it goes. */
    overallRate?: number;
  },
): Promise<Measurement> {
  const run = async (duration: number) => {
    const headers = autocannonHeaders(opts.headers);
    try {
      return await (autocannon({
        url,
        connections: opts.connections,
        duration,
        ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
        ...headers.options,
        pipelining: 1,
      }) as unknown as Promise<autocannon.Result>);
    } finally {
      headers.stop();
    }
  };
  if (opts.warmupSeconds) await run(opts.warmupSeconds);
  const cpuBefore = cpuSnapshot(opts.cpu);
  const r = await run(opts.durationSeconds);
  const cpuAfter = cpuSnapshot(opts.cpu);
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
  if (opts.cpu) m.cpuMsPerRequest = cpuMsPerAnswer(cpuBefore, cpuAfter, r['2xx'] + r.non2xx);
  console.log(
    `  ${name.padEnd(44)} c=${String(opts.connections).padStart(2)}  ${String(m.requestsPerSecond).padStart(6)} req/s  p50 ${m.p50Ms.toFixed(2)} ms  p99 ${m.p99Ms.toFixed(2)} ms` +
      (m.cpuMsPerRequest
        ? `  CPU/req ${Object.entries(m.cpuMsPerRequest)
            .map(([n, v]) => `${n} ${v.toFixed(3)} ms`)
            .join(', ')}`
        : '') +
      (m.non2xx || m.errors ? `  non2xx=${m.non2xx} errors=${m.errors}` : ''),
  );
  return m;
}

function cpuSnapshot(processes: CpuProcesses | undefined): Record<string, number> {
  return Object.fromEntries(Object.entries(processes ?? {}).map(([name, pid]) => [name, processCpuSeconds(pid)]));
}

/** ms of CPU per answer of each process between two snapshots, to the microsecond. */
function cpuMsPerAnswer(before: Record<string, number>, after: Record<string, number>, answers: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after).map(([name, t]) => [name, Math.round((((t - (before[name] ?? t)) * 1000) / Math.max(1, answers)) * 1000) / 1000]),
  );
}

/** A floor server (bench/floors/<file>.ts) running as its own process. */
export interface Floor {
  name: string;
  url: string;
  pid: number;
  /** The last few kilobytes the floor wrote on stderr (why requests failed). */
  outputTail(): string;
  stop(): Promise<void>;
}

/**
 * Starts bench/floors/`file` as its own process, exactly as the stack starts a service from its sources (the same
 * Node binary, `--enable-source-maps --import tsx`, the same NODE_ENV), so that its CPU per request is read the same
 * way as theirs; resolves once it listens. `env` comes on top of this process's environment.
 */
export async function startFloor(name: string, file: string, env: Record<string, string>, nodeEnv = 'development'): Promise<Floor> {
  // The heap sizing and C library settings of the stack's processes (scripts/lib/stack.ts): a floor collects garbage
  // and allocates under the same limits.
  const args = [...LOCAL_V8_ARGS, '--enable-source-maps', '--import', 'tsx', path.join(import.meta.dirname, 'floors', file)];
  const child = spawn(process.execPath, args, {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, ...LOCAL_LIBC_ENV, NODE_ENV: nodeEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4096);
  };
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let seen: string | null = '';
    const timer = setTimeout(() => reject(new Error(`floor ${name} did not listen within 90 s:\n${output}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (seen === null) return;
      seen += chunk.toString();
      const line = seen.split('\n').find((l) => l.startsWith(LISTENING_PREFIX));
      if (line) {
        seen = null;
        clearTimeout(timer);
        resolve(Number(line.slice(LISTENING_PREFIX.length)));
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`floor ${name} exited before it listened:\n${output}`));
    });
  });
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    outputTail: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
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

/** Goals of issue 15: CPU per request at most this many times its floor's (stretch: STRETCH), access log on and off. */
export const CPU_GOAL_MAX = 1.5;
export const CPU_STRETCH_MAX = 1.25;

/** One process's CPU per request on one request, with its access log off and on, against its floor's. */
export interface CpuRatio {
  process: string;
  request: string;
  /** What the floor is (bench/floors/). */
  floor: string;
  log_off_ms: number;
  log_on_ms: number;
  floor_ms: number;
  ratio_log_off: number;
  ratio_log_on: number;
  /** Throughput of the three runs (CPU per request is cheaper at a higher rate: more requests per wake-up). */
  rps_log_off: number;
  rps_log_on: number;
  rps_floor: number;
  /** Failed requests in the three runs: with any, the ratio compares unlike work and meets no goal. */
  failed_requests: number;
  /**
   * The floor again, held to the log-off run's throughput (an open load at that rate, `overallRate`): CPU per
   * request at equal load. At c=50 the floor answers several times faster than a process whose rate is bound by
   * its upstream and database on the same cores, and a process answering more requests per wake-up pays less for
   * each; at the same rate both pay the same per wake-up. Printed beside the c=50 ratio; the goals stay on c=50's.
   */
  at_same_rate?: { rps: number; floor_ms: number; ratio_log_off: number };
  goal_max: number;
  stretch_max: number;
  /** Both ratios (log off and on) at most goal_max / stretch_max. */
  goal_met: boolean;
  stretch_met: boolean;
}

/** CPU per request of one process in one run, and that run's throughput. */
export interface CpuRun {
  ms: number;
  rps: number;
  /** Requests of the run that failed (non-2xx or errors). */
  failed: number;
}

/** `m`'s CPU per request of process `name` (0 when it was not read). */
export const cpuRun = (m: Measurement, name: string): CpuRun => ({
  ms: m.cpuMsPerRequest?.[name] ?? 0,
  rps: m.requestsPerSecond,
  failed: m.non2xx + m.errors,
});

export function cpuRatio(process: string, request: string, floorWhat: string, logOff: CpuRun, logOn: CpuRun, floor: CpuRun): CpuRatio {
  const off = ratio(logOff.ms, floor.ms);
  const on = ratio(logOn.ms, floor.ms);
  const floorMs = floor.ms;
  const failed = logOff.failed + logOn.failed + floor.failed;
  const valid = floorMs > 0 && failed === 0;
  return {
    process,
    request,
    floor: floorWhat,
    log_off_ms: logOff.ms,
    log_on_ms: logOn.ms,
    floor_ms: floorMs,
    ratio_log_off: off,
    ratio_log_on: on,
    rps_log_off: logOff.rps,
    rps_log_on: logOn.rps,
    rps_floor: floor.rps,
    failed_requests: failed,
    goal_max: CPU_GOAL_MAX,
    stretch_max: CPU_STRETCH_MAX,
    goal_met: valid && Math.max(off, on) <= CPU_GOAL_MAX,
    stretch_met: valid && Math.max(off, on) <= CPU_STRETCH_MAX,
  };
}

/** `c` with its floor measured again at the log-off run's rate (`floor`: that run). */
export function withFloorAtSameRate(c: CpuRatio, floor: CpuRun): CpuRatio {
  return { ...c, at_same_rate: { rps: floor.rps, floor_ms: floor.ms, ratio_log_off: ratio(c.log_off_ms, floor.ms) } };
}

/** Throughput through the gateway as a share of the same read straight at the service (higher is better). */
export interface ThroughputRatio {
  request: string;
  gateway_rps: number;
  direct_rps: number;
  ratio: number;
  goal_min: number;
  goal_met: boolean;
  /** The access log of the stack it was measured on. */
  access_log: 'off' | 'on';
  /**
   * A floor hop in front of the same service, measured in the same run with the same requests: what any second
   * process on the machine's shared cores reaches (floor / direct: the machine's ceiling for the ratio), and what the
   * gateway reaches of it (gateway / floor: the cost of the gateway's own work beyond the hop).
   */
  floor?: ThroughputFloor;
}

/** A floor of a throughput ratio (bench/floors/), its throughput and the two ratios it gives. */
export interface ThroughputFloor {
  /** What the floor is. */
  what: string;
  rps: number;
  floor_vs_direct: number;
  gateway_vs_floor: number;
}

/** `t` with the floor hop measured beside it (`what` the floor is, `floorRps` its throughput). */
export function withThroughputFloor(t: ThroughputRatio, what: string, floorRps: number): ThroughputRatio {
  return {
    ...t,
    floor: { what, rps: floorRps, floor_vs_direct: ratio(floorRps, t.direct_rps), gateway_vs_floor: ratio(t.gateway_rps, floorRps) },
  };
}

export function throughputRatio(request: string, gatewayRps: number, directRps: number, goalMin: number): ThroughputRatio {
  const r = ratio(gatewayRps, directRps);
  return {
    request,
    gateway_rps: gatewayRps,
    direct_rps: directRps,
    ratio: r,
    goal_min: goalMin,
    goal_met: r >= goalMin,
    access_log: 'off',
  };
}

export interface RatioTables {
  cpu: CpuRatio[];
  throughput: ThroughputRatio[];
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`;
  return [line(header), `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`, ...rows.map(line)].join('\n');
}

const verdict = (met: boolean, stretch?: boolean) => (stretch ? 'met (stretch too)' : met ? 'met' : 'NOT MET');

/** The ratios of issue 15 as tables: CPU per request against the floors, and gateway throughput against direct. */
export function formatRatioTables({ cpu, throughput }: RatioTables): string {
  const out: string[] = [];
  if (cpu.length > 0) {
    out.push(
      `CPU per request at c=50 (user + system of the process, /proc), access log off and on, against a floor measured in the same run:`,
      table(
        [
          'process / request',
          'log off',
          'log on',
          'floor',
          'ratio off',
          'ratio on',
          `goal <= ${CPU_GOAL_MAX}x (stretch ${CPU_STRETCH_MAX}x)`,
          'req/s off / on / floor',
        ],
        cpu.map((c) => [
          `${c.process} ${c.request}`,
          `${c.log_off_ms.toFixed(3)} ms`,
          `${c.log_on_ms.toFixed(3)} ms`,
          `${c.floor_ms.toFixed(3)} ms`,
          `${c.ratio_log_off.toFixed(2)}x`,
          `${c.ratio_log_on.toFixed(2)}x`,
          c.failed_requests > 0 ? `INVALID (${c.failed_requests} failed)` : verdict(c.goal_met, c.stretch_met),
          `${c.rps_log_off} / ${c.rps_log_on} / ${c.rps_floor}`,
        ]),
      ),
      ...cpu.map((c) => `  floor of ${c.process} ${c.request}: ${c.floor}`),
    );
    const sameRate = cpu.filter((c) => c.at_same_rate);
    if (sameRate.length > 0)
      out.push(
        "The same, access log off, against the floor held to the process's own rate (CPU per request at equal load):",
        table(
          ['process / request', 'log off', 'req/s', 'floor at that rate', 'floor req/s', 'ratio'],
          sameRate.map((c) => [
            `${c.process} ${c.request}`,
            `${c.log_off_ms.toFixed(3)} ms`,
            String(c.rps_log_off),
            `${c.at_same_rate!.floor_ms.toFixed(3)} ms`,
            String(c.at_same_rate!.rps),
            `${c.at_same_rate!.ratio_log_off.toFixed(2)}x`,
          ]),
        ),
      );
  }
  if (throughput.length > 0) {
    // Floor columns only when a row has a floor (beside gateway / direct): the floor hop's throughput, floor / direct
    // (the machine's ceiling for the ratio) and gateway / floor (the gateway's own cost beyond the hop).
    const floors = throughput.some((t) => t.floor);
    const floorCells = (t: ThroughputRatio) =>
      !floors
        ? []
        : t.floor
          ? [`${t.floor.rps} req/s`, t.floor.floor_vs_direct.toFixed(3), t.floor.gateway_vs_floor.toFixed(3)]
          : ['-', '-', '-'];
    out.push(
      'Throughput through the gateway as a share of the same read straight at the service:',
      table(
        ['request', 'gateway', 'direct', 'ratio', ...(floors ? ['floor hop', 'floor/direct', 'gateway/floor'] : []), 'access log', 'goal'],
        throughput.map((t) => [
          t.request,
          `${t.gateway_rps} req/s`,
          `${t.direct_rps} req/s`,
          t.ratio.toFixed(3),
          ...floorCells(t),
          t.access_log,
          `>= ${t.goal_min}: ${verdict(t.goal_met)}`,
        ]),
      ),
      ...throughput.filter((t) => t.floor).map((t) => `  floor of ${t.request}: ${t.floor!.what}`),
    );
  }
  return out.join('\n');
}
