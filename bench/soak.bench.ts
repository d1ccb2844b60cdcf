/**
 * Soak (issue 15, goal 5): the mixed workload (mixed.bench.ts) without a break for `minutes`, every deployable
 * process of the stack sampled every SAMPLE_MS: its resident set (VmRSS of /proc/<pid>/status), its V8 heap in use
 * and its event-loop delay p99, both read from the process's admin /metrics (prom-client's default metrics:
 * `nodejs_eventloop_lag_p99_seconds` comes from perf_hooks.monitorEventLoopDelay and is reset at each scrape, so
 * each sample is the p99 of the window since the previous one; `nodejs_heap_size_used_bytes`, and for the JSON
 * `nodejs_heap_size_total_bytes` (the heap V8 holds) and `nodejs_external_memory_bytes` (Buffers and other memory
 * outside the heap that V8 knows of)).
 * The S3 dev server is not sampled: it is no deployable (in production S3_ENDPOINT is S3, MinIO or R2), and the
 * bench's object store holds every uploaded object in memory, so it grows by design.
 *
 * Per process: RSS at the end of the warm-up and at the end (each the median of the samples of the last
 * FIGURE_WINDOW_S seconds up to that point, so one GC cycle does not decide it), growth, and the slope of RSS over
 * the samples after the warm-up (least squares, MiB per 10 minutes), and the same over the second half of the run
 * only: a leak keeps its slope in the second half; memory reaching a high-water mark (heap grown to the peak
 * load, allocator arenas) grows early and flattens. Plus errors (any answer but the expected one other than a 429, and
 * network errors) and deliveries (every client created must arrive once, matched by event id and client id).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import { adminPortOf, type ProcessName, type Stack } from '../scripts/lib/stack.js';
import { benchToken } from './foundation.bench.js';
import { percentile } from './lib.js';
import { type MixedResult, prepareMixed, type RouteClass, runMixed } from './mixed.bench.js';

export interface SoakOptions {
  minutes: number;
  warmupMinutes: number;
  concurrency?: number;
  uploadDatabaseUrl: string;
  studioDatabaseUrl: string;
}

/** How often each process is sampled. */
const SAMPLE_MS = 10_000;
/** The RSS and event-loop figures at the end of the warm-up and at the end: median of this many seconds of samples. */
const FIGURE_WINDOW_S = 30;
const MiB = 1024 * 1024;
/** prom-client's monitorEventLoopDelay runs with a 10 ms timer: an idle loop's p99 reads a little above 10 ms. */
const ELD_RESOLUTION_MS = 10;

interface ProcessSample {
  /** Seconds since the load started. */
  t: number;
  pid: number | undefined;
  rssMiB: number | null;
  rssAnonMiB: number | null;
  rssFileMiB: number | null;
  heapUsedMiB: number | null;
  heapTotalMiB: number | null;
  externalMiB: number | null;
  /** The heap V8 holds per space (new, old, code, large_object...): which part grew. */
  heapSpacesMiB: Record<string, number>;
  /**
   * V8's heap pages as the kernel sees them (/proc/<pid>/smaps: anonymous mappings of exactly 256 KiB, V8's page
   * size): mapped, and of it resident. A page mapped once becomes resident as allocation first touches its bytes and
   * stays so (free space inside a page is not given back), so resident grows toward mapped without any leak.
   */
  v8PagesMiB: number | null;
  v8PagesResidentMiB: number | null;
  eldP99Ms: number | null;
  /** Its open TCP connections to PostgreSQL (every pool and LISTEN connection of the process). */
  pgConnections: number | null;
  /** Time spent in GC since the process started, all kinds (nodejs_gc_duration_seconds_sum), s. */
  gcSeconds: number | null;
  /** Full (mark-compact) GCs since the process started (nodejs_gc_duration_seconds_count, kind major). */
  majorGcs: number | null;
}

interface LoadWindow {
  t: number;
  operations: number;
  errors: number;
  p99Ms: number;
}

export interface SoakProcessFigure {
  pid: number | undefined;
  rss_warmup_mib: number | null;
  rss_end_mib: number | null;
  rss_growth_percent: number | null;
  rss_slope_mib_per_10min: number | null;
  rss_slope_second_half_mib_per_10min: number | null;
  heap_warmup_mib: number | null;
  heap_end_mib: number | null;
  heap_slope_mib_per_10min: number | null;
  heap_total_warmup_mib: number | null;
  heap_total_end_mib: number | null;
  /** V8's young generation: it grows (up to 128 MiB here) under a high allocation rate and shrinks when idle. */
  new_space_warmup_mib: number | null;
  new_space_end_mib: number | null;
  external_warmup_mib: number | null;
  external_end_mib: number | null;
  v8_pages_warmup_mib: number | null;
  v8_pages_end_mib: number | null;
  v8_pages_resident_warmup_mib: number | null;
  v8_pages_resident_end_mib: number | null;
  v8_pages_slope_second_half_mib_per_10min: number | null;
  v8_pages_resident_slope_second_half_mib_per_10min: number | null;
  outside_v8_pages_slope_second_half_mib_per_10min: number | null;
  major_gcs: number | null;
  major_gcs_second_half: number | null;
  rss_anon_warmup_mib: number | null;
  rss_anon_end_mib: number | null;
  rss_file_warmup_mib: number | null;
  rss_file_end_mib: number | null;
  eld_p99_warmup_ms: number | null;
  eld_p99_end_ms: number | null;
  eld_p99_max_ms: number | null;
  /** Most PostgreSQL connections the process held at one sample, and at the end. */
  pg_connections_max: number | null;
  pg_connections_end: number | null;
  /** Seconds of GC pauses during the load (all kinds): what a tighter heap costs. */
  gc_seconds: number | null;
  scrape_failures: number;
  restarted: boolean;
  within_10_percent: boolean;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Least-squares slope of y over x (per unit of x); null with fewer than two distinct x. */
export function slope(points: { x: number; y: number }[]): number | null {
  if (points.length < 2) return null;
  const mx = points.reduce((a, p) => a + p.x, 0) / points.length;
  const my = points.reduce((a, p) => a + p.y, 0) / points.length;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? null : num / den;
}

const V8_PAGE_KB = 256;

/** V8's heap pages of a live process (see ProcessSample.v8PagesMiB), MiB; nulls once it has gone. */
function v8PagesOf(pid: number | undefined): { mapped: number | null; resident: number | null } {
  if (!pid) return { mapped: null, resident: null };
  try {
    const text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
    let mapped = 0;
    let resident = 0;
    let inPage = false;
    for (const line of text.split('\n')) {
      const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
      if (header) {
        const kb = (Number.parseInt(header[2]!, 16) - Number.parseInt(header[1]!, 16)) / 1024;
        inPage = kb === V8_PAGE_KB && header[3] === '0' && header[4] === '';
        if (inPage) mapped += kb;
      } else if (inPage && line.startsWith('Rss:')) resident += Number(/(\d+)/.exec(line)![1]);
    }
    return { mapped: mapped / 1024, resident: resident / 1024 };
  } catch {
    return { mapped: null, resident: null };
  }
}

/**
 * VmRSS of a live process in MiB (Linux /proc), and its two parts: RssAnon (heap, malloc arenas, stacks: where a
 * leak grows) and RssFile (pages of the binary and libraries touched so far: grows as new code runs, bounded).
 * Nulls once it has gone.
 */
function rssOf(pid: number | undefined): { rss: number | null; anon: number | null; file: number | null } {
  const none = { rss: null, anon: null, file: null };
  if (!pid) return none;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => {
      const m = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
      return m ? Number(m[1]) / 1024 : null;
    };
    return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
  } catch {
    return none;
  }
}

/**
 * The established TCP connections of this machine whose remote port is `port` (every client of the local
 * PostgreSQL), by socket inode, from /proc/net/tcp and tcp6.
 */
function connectionsTo(port: number): Set<string> {
  const out = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // sl local rem st ... uid timeout inode
      if (f.length > 9 && f[2]!.endsWith(`:${hexPort}`) && f[3] === '01') out.add(f[9]!);
    }
  }
  return out;
}

/** How many of `pid`'s open descriptors are sockets in `inodes`; null once it has gone. */
function socketsOf(pid: number | undefined, inodes: Set<string>): number | null {
  if (!pid) return null;
  try {
    let n = 0;
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1]!)) n++;
      } catch {
        /* closed meanwhile */
      }
    }
    return n;
  } catch {
    return null;
  }
}

/** Every `gateway_*_total` counter sample (name with labels -> value) in Prometheus text. */
function gatewayCounters(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^(gateway_\w+_total(?:\{[^}]*\})?) ([^ \n]+)/gm))
    out.set(m[1]!.replace(/,?service="gateway",?/, ''), Number(m[2]));
  return out;
}

/** `nodejs_heap_space_size_total_bytes` per V8 space (new, old, code, large_object...) in MiB. */
function heapSpaces(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^nodejs_heap_space_size_total_bytes\{[^}]*space="(\w+)"[^}]*\} ([^ \n]+)/gm))
    out[m[1]!] = round1(Number(m[2]) / MiB);
  return out;
}

/** The sum of every `nodejs_gc_duration_seconds_sum` sample (all GC kinds), or null when there is none. */
function gcSecondsOf(text: string): number | null {
  let total: number | null = null;
  for (const m of text.matchAll(/^nodejs_gc_duration_seconds_sum(?:\{[^}]*\})? ([^ \n]+)/gm)) total = (total ?? 0) + Number(m[1]);
  return total;
}

/** Full GCs so far: `nodejs_gc_duration_seconds_count{kind="major"}`, or null when there is none. */
function majorGcsOf(text: string): number | null {
  const m = /^nodejs_gc_duration_seconds_count\{[^}]*kind="major"[^}]*\} ([^ \n]+)/m.exec(text);
  return m ? Number(m[1]) : null;
}

/** Rows of cells as a table, each column as wide as its widest cell; the first column left-aligned. */
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => `  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`).join('\n');
}

/** The value of a label-less (or default-labelled) sample of `name` in Prometheus text, or null. */
export function metricValue(text: string, name: string): number | null {
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([^ \\n]+)`, 'm').exec(text);
  if (!m) return null;
  const v = Number(m[1]);
  return Number.isFinite(v) ? v : null;
}

function scrape(agent: http.Agent, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/metrics', agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new Error(`/metrics -> ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.setTimeout(5_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

export async function soakBench(stack: Stack, ports: Parameters<typeof adminPortOf>[0], options: SoakOptions) {
  const seconds = Math.round(options.minutes * 60);
  const warmupS = Math.round(options.warmupMinutes * 60);
  const concurrency = options.concurrency ?? 32;
  // Every deployable process; not the S3 dev server (see the header).
  const names = stack.names.filter((n): n is Exclude<ProcessName, 's3'> => n !== 's3');
  const pids = new Map(names.map((n) => [n, stack.processes.get(n)?.child.pid]));
  console.log(
    `\nsoak: the mixed workload for ${options.minutes} min (${concurrency} virtual users), warm-up ${options.warmupMinutes} min; ` +
      `sampling ${names.join(', ')} every ${SAMPLE_MS / 1000} s (not the S3 dev server: no deployable, holds objects in memory)`,
  );

  const { demo, token } = benchToken(stack, options.studioDatabaseUrl, 'soak-bench');
  const mixedOptions = {
    baseUrls: [stack.baseUrl],
    token,
    workspaceId: demo.workspace_id as string,
    profileId: demo.profile_id as string,
    uploadDatabaseUrl: options.uploadDatabaseUrl,
    seconds,
    concurrency,
  };
  const fixture = await prepareMixed(mixedOptions);

  const samples = new Map<string, ProcessSample[]>(names.map((n) => [n, []]));
  const scrapeFailures = new Map<string, number>(names.map((n) => [n, 0]));
  const windows: LoadWindow[] = [];
  const errorLog: { t: number; cls: RouteClass; detail: string }[] = [];
  let errorsTotal = 0;
  const errorKinds: Record<string, number> = {};
  let windowOps: number[] = [];
  let windowErrors = 0;
  const scrapeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const pgPort = Number(new URL(options.studioDatabaseUrl).port || 5432);
  /** Per sample: PostgreSQL client connections of the whole machine (every stack, bench and tool) and of this stack. */
  const pgTotals: { t: number; machine: number; stack: number }[] = [];
  // The gateway's own counters (limiter refusals, upstream errors, idempotency outcomes) before and after: where
  // its error answers came from.
  let gatewayBefore = new Map<string, number>();
  let gatewayAfter = new Map<string, number>();

  let started = performance.now();
  const elapsedS = () => (performance.now() - started) / 1000;
  const sampleAll = async () => {
    const t = round1(elapsedS());
    const pgSockets = connectionsTo(pgPort);
    let stackPg = 0;
    await Promise.all(
      names.map(async (name) => {
        const current = stack.processes.get(name)?.child.pid;
        let text = '';
        try {
          text = await scrape(scrapeAgent, adminPortOf(ports, name));
          if (name === 'gateway') gatewayAfter = gatewayCounters(text);
        } catch {
          scrapeFailures.set(name, scrapeFailures.get(name)! + 1);
        }
        const rss = rssOf(current);
        const pages = v8PagesOf(current);
        const heap = metricValue(text, 'nodejs_heap_size_used_bytes');
        const heapTotal = metricValue(text, 'nodejs_heap_size_total_bytes');
        const external = metricValue(text, 'nodejs_external_memory_bytes');
        const eld = metricValue(text, 'nodejs_eventloop_lag_p99_seconds');
        const pgConnections = socketsOf(current, pgSockets);
        stackPg += pgConnections ?? 0;
        samples.get(name)!.push({
          t,
          pid: current,
          rssMiB: rss.rss,
          rssAnonMiB: rss.anon,
          rssFileMiB: rss.file,
          heapUsedMiB: heap === null ? null : heap / MiB,
          heapTotalMiB: heapTotal === null ? null : heapTotal / MiB,
          externalMiB: external === null ? null : external / MiB,
          heapSpacesMiB: heapSpaces(text),
          v8PagesMiB: pages.mapped,
          v8PagesResidentMiB: pages.resident,
          eldP99Ms: eld === null ? null : eld * 1000,
          pgConnections,
          gcSeconds: gcSecondsOf(text),
          majorGcs: majorGcsOf(text),
        });
      }),
    );
    pgTotals.push({ t, machine: pgSockets.size, stack: stackPg });
    const sorted = windowOps.sort((a, b) => a - b);
    windows.push({ t, operations: sorted.length, errors: windowErrors, p99Ms: round1(percentile(sorted, 99)) });
    windowOps = [];
    windowErrors = 0;
  };
  const progress = () => {
    const last = windows.at(-1);
    const rss = names.map((n) => `${n} ${Math.round(samples.get(n)!.at(-1)?.rssMiB ?? 0)}`).join(', ');
    console.log(
      `  ${String(Math.round(last?.t ?? 0)).padStart(5)} s  ${round1((last?.operations ?? 0) / (SAMPLE_MS / 1000))} ops/s, errors ${errorsTotal}; RSS MiB: ${rss}`,
    );
  };

  // A sample before the load (the idle baseline; its ELD window also drops what the set-up left in the histograms).
  await sampleAll();
  gatewayBefore = gatewayAfter;
  windows.length = 0;
  for (const s of samples.values()) s.length = 0;
  started = performance.now();
  let loadDone = false;
  const sampler = (async () => {
    for (let k = 1; k * SAMPLE_MS <= seconds * 1000; k++) {
      const wait = started + k * SAMPLE_MS - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (loadDone && k * SAMPLE_MS < seconds * 1000) break;
      await sampleAll();
      if (k % 6 === 0 || k * SAMPLE_MS >= seconds * 1000) progress();
    }
  })();
  let mixed: MixedResult;
  try {
    mixed = await runMixed(
      {
        ...mixedOptions,
        onOperation: (_cls, ms) => windowOps.push(ms),
        onError: (cls, detail) => {
          errorsTotal++;
          windowErrors++;
          // `503 unavailable`, `500 internal`, or a network error's message.
          const kind = /^(\d{3}) .*?"error":"(\w+)"/.exec(detail);
          const key = kind ? `${kind[1]} ${kind[2]}` : detail.slice(0, 60);
          errorKinds[key] = (errorKinds[key] ?? 0) + 1;
          if (errorLog.length < 50) errorLog.push({ t: round1(elapsedS()), cls, detail });
        },
      },
      fixture,
    );
  } finally {
    loadDone = true;
    await sampler;
    scrapeAgent.destroy();
    await fixture.receiver.close();
  }

  const figures: Record<string, SoakProcessFigure> = {};
  const within = (list: ProcessSample[], until: number) => list.filter((s) => s.t > until - FIGURE_WINDOW_S - 1 && s.t <= until + 1);
  for (const name of names) {
    const list = samples.get(name)!;
    const atWarmup = within(list, warmupS);
    const atEnd = within(list, seconds);
    const after = list.filter((s) => s.t >= warmupS);
    const secondHalf = list.filter((s) => s.t >= (warmupS + seconds) / 2);
    type Key =
      | 'rssMiB'
      | 'rssAnonMiB'
      | 'rssFileMiB'
      | 'heapUsedMiB'
      | 'heapTotalMiB'
      | 'externalMiB'
      | 'eldP99Ms'
      | 'v8PagesMiB'
      | 'v8PagesResidentMiB'
      | 'outsideV8PagesMiB';
    // RSS less V8's resident heap pages: everything a leak outside the JS heap would grow (malloc, stacks, code).
    const value = (x: ProcessSample, key: Key): number | null =>
      key === 'outsideV8PagesMiB' ? (x.rssMiB === null || x.v8PagesResidentMiB === null ? null : x.rssMiB - x.v8PagesResidentMiB) : x[key];
    const pick = (l: ProcessSample[], key: Key) => l.map((x) => value(x, key)).filter((v): v is number => v !== null);
    const figure = (l: ProcessSample[], key: Key) => {
      const m = median(pick(l, key));
      return m === null ? null : round1(m);
    };
    const newSpace = (l: ProcessSample[]) => {
      const m = median(l.map((x) => x.heapSpacesMiB.new).filter((v): v is number => v !== undefined));
      return m === null ? null : round1(m);
    };
    const rssWarm = median(pick(atWarmup, 'rssMiB'));
    const rssEnd = median(pick(atEnd, 'rssMiB'));
    const per10 = (l: ProcessSample[], key: Key) => {
      const s = slope(l.filter((x) => value(x, key) !== null).map((x) => ({ x: x.t / 600, y: value(x, key)! })));
      return s === null ? null : round1(s);
    };
    const eldAfter = pick(after, 'eldP99Ms');
    const growth = rssWarm && rssEnd !== null ? round1(((rssEnd - rssWarm) / rssWarm) * 100) : null;
    const heapWarm = median(pick(atWarmup, 'heapUsedMiB'));
    const heapEnd = median(pick(atEnd, 'heapUsedMiB'));
    const eldWarm = median(pick(atWarmup, 'eldP99Ms'));
    const eldEnd = median(pick(atEnd, 'eldP99Ms'));
    const pgCounts = list.map((x) => x.pgConnections).filter((v): v is number => v !== null);
    const gcs = list.map((x) => x.gcSeconds).filter((v): v is number => v !== null);
    const majors = (l: ProcessSample[]) => {
      const counts = l.map((x) => x.majorGcs).filter((v): v is number => v !== null);
      return counts.length > 1 ? counts.at(-1)! - counts[0]! : null;
    };
    figures[name] = {
      pid: pids.get(name),
      rss_warmup_mib: rssWarm === null ? null : round1(rssWarm),
      rss_end_mib: rssEnd === null ? null : round1(rssEnd),
      rss_growth_percent: growth,
      rss_slope_mib_per_10min: per10(after, 'rssMiB'),
      rss_slope_second_half_mib_per_10min: per10(secondHalf, 'rssMiB'),
      heap_warmup_mib: heapWarm === null ? null : round1(heapWarm),
      heap_end_mib: heapEnd === null ? null : round1(heapEnd),
      heap_slope_mib_per_10min: per10(after, 'heapUsedMiB'),
      heap_total_warmup_mib: figure(atWarmup, 'heapTotalMiB'),
      heap_total_end_mib: figure(atEnd, 'heapTotalMiB'),
      new_space_warmup_mib: newSpace(atWarmup),
      new_space_end_mib: newSpace(atEnd),
      external_warmup_mib: figure(atWarmup, 'externalMiB'),
      external_end_mib: figure(atEnd, 'externalMiB'),
      rss_anon_warmup_mib: figure(atWarmup, 'rssAnonMiB'),
      rss_anon_end_mib: figure(atEnd, 'rssAnonMiB'),
      rss_file_warmup_mib: figure(atWarmup, 'rssFileMiB'),
      rss_file_end_mib: figure(atEnd, 'rssFileMiB'),
      v8_pages_warmup_mib: figure(atWarmup, 'v8PagesMiB'),
      v8_pages_end_mib: figure(atEnd, 'v8PagesMiB'),
      v8_pages_resident_warmup_mib: figure(atWarmup, 'v8PagesResidentMiB'),
      v8_pages_resident_end_mib: figure(atEnd, 'v8PagesResidentMiB'),
      v8_pages_slope_second_half_mib_per_10min: per10(secondHalf, 'v8PagesMiB'),
      v8_pages_resident_slope_second_half_mib_per_10min: per10(secondHalf, 'v8PagesResidentMiB'),
      outside_v8_pages_slope_second_half_mib_per_10min: per10(secondHalf, 'outsideV8PagesMiB'),
      eld_p99_warmup_ms: eldWarm === null ? null : round2(eldWarm),
      eld_p99_end_ms: eldEnd === null ? null : round2(eldEnd),
      eld_p99_max_ms: eldAfter.length ? round2(Math.max(...eldAfter)) : null,
      pg_connections_max: pgCounts.length ? Math.max(...pgCounts) : null,
      pg_connections_end: pgCounts.at(-1) ?? null,
      gc_seconds: gcs.length > 1 ? round1(gcs.at(-1)! - gcs[0]!) : null,
      major_gcs: majors(list),
      major_gcs_second_half: majors(secondHalf),
      scrape_failures: scrapeFailures.get(name)!,
      // A process that was replaced or had gone at a sample: its figures are not one process's.
      restarted: list.some((s) => s.pid !== pids.get(name) || s.rssMiB === null),
      within_10_percent: growth !== null && growth <= 10,
    };
  }

  const loadAt = (until: number) => {
    const w = windows.filter((x) => x.t > until - FIGURE_WINDOW_S - 1 && x.t <= until + 1);
    return {
      ops_per_second: round1(w.reduce((a, x) => a + x.operations, 0) / Math.max(1, w.length) / (SAMPLE_MS / 1000)),
      p99_ms: round1(median(w.map((x) => x.p99Ms)) ?? 0),
    };
  };
  const d = mixed.deliveries;
  const goals = {
    zero_errors: mixed.errors === 0,
    every_delivery_once: d.missing === 0 && d.duplicates === 0 && d.repeated_clients === 0,
    rss_within_10_percent_of_warmup: Object.values(figures).every((f) => f.within_10_percent),
  };

  const cell = (v: number | null, suffix = '') => (v === null ? '-' : `${v}${suffix}`);
  console.log(
    `\n  soak: ${options.minutes} min; figures at the end of the ${options.warmupMinutes}-min warm-up and at the end ` +
      `(each the median of the last ${FIGURE_WINDOW_S} s of samples); slope: least squares over the post-warm-up samples.`,
  );
  console.log(
    `  Event-loop delay (ELD) p99 per ${SAMPLE_MS / 1000}-s window, ms; it includes the ${ELD_RESOLUTION_MS} ms sampling timer (an idle loop reads about 10.4).`,
  );
  console.log(
    table([
      [
        'process',
        'RSS warm-up',
        'RSS end',
        'growth',
        'RSS slope',
        '2nd half',
        'heap used warm-up',
        'end',
        'slope',
        'ELD p99 warm-up',
        'ELD p99 end',
        'ELD p99 max',
        '',
      ],
      ['', 'MiB', 'MiB', '', 'MiB/10 min', 'MiB/10 min', 'MiB', 'MiB', 'MiB/10 min', 'ms', 'ms', 'ms', ''],
      ...Object.entries(figures).map(([name, f]) => [
        name,
        cell(f.rss_warmup_mib),
        cell(f.rss_end_mib),
        cell(f.rss_growth_percent, '%'),
        cell(f.rss_slope_mib_per_10min),
        cell(f.rss_slope_second_half_mib_per_10min),
        cell(f.heap_warmup_mib),
        cell(f.heap_end_mib),
        cell(f.heap_slope_mib_per_10min),
        cell(f.eld_p99_warmup_ms),
        cell(f.eld_p99_end_ms),
        cell(f.eld_p99_max_ms),
        `${f.within_10_percent ? 'ok' : 'OVER 10%'}${f.scrape_failures ? ` (${f.scrape_failures} failed scrapes)` : ''}${f.restarted ? ' RESTARTED' : ''}`,
      ]),
    ]),
  );
  const nativeOf = (anon: number | null, heap: number | null, external: number | null) =>
    anon === null || heap === null || external === null ? null : round1(anon - heap - external);
  const arrow = (from: number | null, to: number | null) => `${cell(from)} -> ${cell(to)}`;
  console.log(
    '  where the resident memory is, warm-up -> end (MiB): anonymous and file-backed RSS, V8 heap held (all spaces; of it the young generation), external, ' +
      'the rest of the anonymous RSS (anon - heap total - external: malloc arenas of native code, thread stacks; an estimate, as heap pages held are not all resident), ' +
      'and the seconds of GC pauses during the load',
  );
  console.log(
    table([
      ['process', 'RSS anon', 'RSS file', 'heap total', 'new space', 'external', 'rest', 'GC s'],
      ...Object.entries(figures).map(([name, f]) => [
        name,
        arrow(f.rss_anon_warmup_mib, f.rss_anon_end_mib),
        arrow(f.rss_file_warmup_mib, f.rss_file_end_mib),
        arrow(f.heap_total_warmup_mib, f.heap_total_end_mib),
        arrow(f.new_space_warmup_mib, f.new_space_end_mib),
        arrow(f.external_warmup_mib, f.external_end_mib),
        arrow(
          nativeOf(f.rss_anon_warmup_mib, f.heap_total_warmup_mib, f.external_warmup_mib),
          nativeOf(f.rss_anon_end_mib, f.heap_total_end_mib, f.external_end_mib),
        ),
        cell(f.gc_seconds),
      ]),
    ]),
  );
  console.log(
    "  V8's heap pages (256 KiB anonymous mappings, /proc/<pid>/smaps), warm-up -> end, MiB: mapped and resident; second-half slopes (MiB/10 min) of mapped, " +
      'of resident, and of the RSS outside them (malloc, stacks, code: where a native leak would show); full GCs during the load',
  );
  console.log(
    table([
      ['process', 'V8 pages mapped', 'resident', 'slope mapped', 'slope resident', 'slope outside', 'full GCs (2nd half)'],
      ...Object.entries(figures).map(([name, f]) => [
        name,
        arrow(f.v8_pages_warmup_mib, f.v8_pages_end_mib),
        arrow(f.v8_pages_resident_warmup_mib, f.v8_pages_resident_end_mib),
        cell(f.v8_pages_slope_second_half_mib_per_10min),
        cell(f.v8_pages_resident_slope_second_half_mib_per_10min),
        cell(f.outside_v8_pages_slope_second_half_mib_per_10min),
        `${cell(f.major_gcs)} (${cell(f.major_gcs_second_half)})`,
      ]),
    ]),
  );
  const pgPeak = {
    stack: Math.max(0, ...pgTotals.map((x) => x.stack)),
    machine: Math.max(0, ...pgTotals.map((x) => x.machine)),
  };
  console.log(
    `  PostgreSQL connections, most at one sample (end): ${Object.entries(figures)
      .map(([n, f]) => `${n} ${cell(f.pg_connections_max)} (${cell(f.pg_connections_end)})`)
      .join(', ')}; this stack ${pgPeak.stack}; the whole machine ${pgPeak.machine} (every stack, bench and tool)`,
  );
  const warmLoad = loadAt(warmupS);
  const endLoad = loadAt(seconds);
  console.log(
    `  load: ${warmLoad.ops_per_second} ops/s (op p99 ${warmLoad.p99_ms} ms) at the end of the warm-up, ${endLoad.ops_per_second} ops/s (op p99 ${endLoad.p99_ms} ms) at the end`,
  );
  console.log(
    `  errors (other than 429): ${mixed.errors}; 429s: ${mixed.rate_limited}; deliveries: ${d.expected} expected, ${d.delivered} delivered, ` +
      `${d.missing} missing, ${d.duplicates} duplicate event ids, ${d.repeated_clients} clients delivered under two events`,
  );
  if (errorsTotal > 0)
    console.log(
      `  errors by kind: ${Object.entries(errorKinds)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}`,
    );
  for (const e of errorLog.slice(0, 10)) console.log(`    error at ${e.t} s: ${e.cls} ${e.detail}`);
  const gatewayDelta: Record<string, number> = {};
  for (const [k, v] of gatewayAfter) if (v - (gatewayBefore.get(k) ?? 0) > 0) gatewayDelta[k] = v - (gatewayBefore.get(k) ?? 0);
  console.log(
    `  gateway counters during the run: ${Object.entries(gatewayDelta)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  console.log(
    `  goals: zero errors ${goals.zero_errors ? 'met' : 'NOT met'}; every delivery once ${goals.every_delivery_once ? 'met' : 'NOT met'}; ` +
      `RSS within 10% of warm-up ${
        goals.rss_within_10_percent_of_warmup
          ? 'met'
          : `NOT met (${Object.entries(figures)
              .filter(([, f]) => !f.within_10_percent)
              .map(([n]) => n)
              .join(', ')})`
      }`,
  );

  return {
    minutes: options.minutes,
    warmup_minutes: options.warmupMinutes,
    concurrency,
    sample_seconds: SAMPLE_MS / 1000,
    processes: figures,
    load: { at_warmup: warmLoad, at_end: endLoad, windows },
    mixed,
    errors: { total: mixed.errors, rate_limited: mixed.rate_limited, by_kind: errorKinds, first: errorLog, gateway_counters: gatewayDelta },
    deliveries: d,
    postgres_connections: { peak: pgPeak, per_sample: pgTotals },
    goals,
    samples: Object.fromEntries(samples),
  };
}
