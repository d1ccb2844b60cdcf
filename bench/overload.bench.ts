/**
 * Overload benchmark (issue 28, item 3; docs/decisions/0019-load-shedding.md): what the stack does past saturation.
 * For a representative read (GET /shoots/{id}) and write (POST /clients) through the gateway:
 * 1. the saturating load: closed-loop virtual users doubled from 1 until throughput stops rising (a doubling adds
 *    less than RISE); the saturating concurrency is the last one that still added;
 * 2. the gateway restarted with GATEWAY_MAX_IN_FLIGHT at CAP_FACTOR times that concurrency (the cap sized from the
 *    measurement, in the same run), then the saturating run and the run at OVERLOAD_FACTOR (3) times its concurrency,
 *    on the same gateway process, printed side by side: throughput (accepted answers per second), accepted p50/p99,
 *    refusals (count, share, statuses), whether every refusal carried Retry-After, the refusals' time to first byte
 *    (p99), and each process's RSS before and after each run, all as ratios against the saturating run.
 * A refused virtual user waits out Retry-After before it asks again, as @studio/sdk does: the 3x load is 3x the
 * callers, not an unbounded rate of refusals (`--overload-no-wait` makes them ask again at once, the worst caller,
 * whose refusals then compete with the accepted work for the same cores). The "ok"/"FAIL" lines are judged on ratios
 * only, against the saturating run of the same bench.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { Stack, ProcessName } from '../scripts/lib/stack.js';
import { benchToken } from './foundation.bench.js';
import { percentile, ratio } from './lib.js';

/** A doubling of the virtual users that adds less than this share of throughput: saturated. */
const RISE = 0.1;
const MAX_CONCURRENCY = 128;
const OVERLOAD_FACTOR = 3;
/** The cap the gateway runs with in the measured runs, in saturating concurrencies. */
const CAP_FACTOR = 2;
const STEP_SECONDS = 3;
const WARMUP_SECONDS = 1;

/** Processes whose RSS is read: the gateway and the services behind it. */
const MEASURED: ProcessName[] = ['gateway', 'studio', 'gallery', 'upload', 'search', 'webhooks', 'console'];

/** Judged on ratios against the saturating run. */
const GOALS = {
  /** Accepted p99 at 3x: at most this many times the saturating run's (the cap holds the queue to CAP_FACTOR x). */
  acceptedP99Max: CAP_FACTOR + 1,
  /** Accepted throughput at 3x: at least this share of the saturating run's. */
  throughputMin: 0.7,
  /** A refusal's time to first byte (p99): at most the saturating run's accepted p99 (it waits for no queue). */
  refusalTtfbP99VsSatP99Max: 1,
  /** Each process's RSS after the 3x run: at most this many times its RSS after the saturating run. */
  rssMax: 1.25,
};

interface Call {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: () => string;
}

/** One closed-loop run: every answer's status, its latency (complete answer) and time to first byte. */
export interface RunFigures {
  concurrency: number;
  seconds: number;
  /** 2xx answers per second. */
  accepted_per_second: number;
  accepted: number;
  accepted_p50_ms: number;
  accepted_p99_ms: number;
  /** Answers other than 2xx, by status. */
  refused_by_status: Record<string, number>;
  refused: number;
  refused_share: number;
  /** Refusals (503/429) without a Retry-After of whole seconds. */
  refusals_without_retry_after: number;
  refused_ttfb_p50_ms: number;
  refused_ttfb_p99_ms: number;
  /** Socket errors and answers that never came. */
  errors: number;
  rss_before_mib: Record<string, number | null>;
  rss_after_mib: Record<string, number | null>;
}

function rssMiB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

const rssOfStack = (stack: Stack) => Object.fromEntries(MEASURED.map((n) => [n, rssMiB(stack.processes.get(n)?.child.pid)]));

/** `concurrency` virtual users, each sending `call` and waiting for the whole answer, for `seconds`. */
async function closedLoop(
  base: URL,
  call: Call,
  concurrency: number,
  seconds: number,
  { stack, waitRetryAfter = true }: { stack?: Stack; waitRetryAfter?: boolean } = {},
): Promise<RunFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const acceptedMs: number[] = [];
  const refusedTtfb: number[] = [];
  const refusedByStatus: Record<string, number> = {};
  let withoutRetryAfter = 0;
  let errors = 0;
  /** Resolves with the seconds of a refusal's Retry-After (0 for anything else). */
  const once = () =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      const body = call.body?.();
      const headers = body === undefined ? call.headers : { ...call.headers, 'content-length': String(Buffer.byteLength(body)) };
      const req = http.request(
        { host: base.hostname, port: base.port, path: base.pathname + call.path, method: call.method, headers, agent, timeout: 30_000 },
        (res) => {
          const ttfb = performance.now() - started;
          const status = res.statusCode ?? 0;
          res.resume();
          res.on('end', () => {
            if (status >= 200 && status < 300) {
              acceptedMs.push(performance.now() - started);
              resolve(0);
              return;
            }
            refusedByStatus[status] = (refusedByStatus[status] ?? 0) + 1;
            refusedTtfb.push(ttfb);
            const retryAfter = String(res.headers['retry-after'] ?? '');
            if ((status === 503 || status === 429) && !/^\d+$/.test(retryAfter)) withoutRetryAfter++;
            resolve(Number(retryAfter) || 0);
          });
          res.on('error', () => {
            errors++;
            resolve(0);
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve(0);
      });
      req.end(body);
    });
  const rssBefore = stack ? rssOfStack(stack) : {};
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const wait = await once();
        // Waits out Retry-After as the SDK does, but not past the end of the run.
        if (wait > 0 && waitRetryAfter) await sleep(Math.min(wait * 1000, until - performance.now()));
      }
    }),
  );
  const rssAfter = stack ? rssOfStack(stack) : {};
  agent.destroy();
  acceptedMs.sort((a, b) => a - b);
  refusedTtfb.sort((a, b) => a - b);
  const refused = refusedTtfb.length;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    concurrency,
    seconds,
    accepted_per_second: Math.round(acceptedMs.length / seconds),
    accepted: acceptedMs.length,
    accepted_p50_ms: round(percentile(acceptedMs, 50)),
    accepted_p99_ms: round(percentile(acceptedMs, 99)),
    refused_by_status: refusedByStatus,
    refused,
    refused_share: ratio(refused, refused + acceptedMs.length),
    refusals_without_retry_after: withoutRetryAfter,
    refused_ttfb_p50_ms: round(percentile(refusedTtfb, 50)),
    refused_ttfb_p99_ms: round(percentile(refusedTtfb, 99)),
    errors,
    rss_before_mib: rssBefore,
    rss_after_mib: rssAfter,
  };
}

/** Doubles the virtual users from 1 until a doubling adds less than RISE; the last concurrency that added. */
async function findSaturation(base: URL, call: Call): Promise<{ concurrency: number; steps: Array<{ c: number; rps: number }> }> {
  const steps: Array<{ c: number; rps: number }> = [];
  let best = { c: 1, rps: 0 };
  for (let c = 1; c <= MAX_CONCURRENCY; c *= 2) {
    await closedLoop(base, call, c, WARMUP_SECONDS);
    const r = await closedLoop(base, call, c, STEP_SECONDS);
    steps.push({ c, rps: r.accepted_per_second });
    console.log(
      `    c=${String(c).padStart(3)}  ${String(r.accepted_per_second).padStart(6)} ok/s  p99 ${r.accepted_p99_ms} ms${r.refused ? `  refused ${r.refused}` : ''}`,
    );
    if (r.accepted_per_second < best.rps * (1 + RISE)) break;
    best = { c, rps: r.accepted_per_second };
  }
  return { concurrency: best.c, steps };
}

export interface OverloadRoute {
  route: string;
  saturation_steps: Array<{ c: number; rps: number }>;
  saturating_concurrency: number;
  gateway_max_in_flight: number;
  saturating: RunFigures;
  overload: RunFigures;
  ratios: {
    throughput: number;
    accepted_p50: number;
    accepted_p99: number;
    refused_ttfb_p99_vs_saturating_p99: number;
    rss_after: Record<string, number | null>;
  };
  goals: Record<string, boolean>;
}

async function overloadRoute(stack: Stack, route: string, call: Call, seconds: number, waitRetryAfter: boolean): Promise<OverloadRoute> {
  const base = new URL(`${stack.baseUrl}/`);
  console.log(`\n  ${route}: finding the saturating load (virtual users doubled, ${STEP_SECONDS} s each)`);
  const sat = await findSaturation(base, call);
  const cap = CAP_FACTOR * sat.concurrency;
  const over = OVERLOAD_FACTOR * sat.concurrency;
  console.log(`  saturating at c=${sat.concurrency}; gateway restarted with GATEWAY_MAX_IN_FLIGHT=${cap}; overload at c=${over}`);
  await stack.restart('gateway', { env: { GATEWAY_MAX_IN_FLIGHT: String(cap) } });
  await closedLoop(base, call, sat.concurrency, 2);
  const saturating = await closedLoop(base, call, sat.concurrency, seconds, { stack, waitRetryAfter });
  const overload = await closedLoop(base, call, over, seconds, { stack, waitRetryAfter });
  const rssAfter = Object.fromEntries(
    MEASURED.map((n) => {
      const a = overload.rss_after_mib[n];
      const b = saturating.rss_after_mib[n];
      return [n, a != null && b != null ? ratio(a, b) : null];
    }),
  );
  const ratios = {
    throughput: ratio(overload.accepted_per_second, saturating.accepted_per_second),
    accepted_p50: ratio(overload.accepted_p50_ms, saturating.accepted_p50_ms),
    accepted_p99: ratio(overload.accepted_p99_ms, saturating.accepted_p99_ms),
    refused_ttfb_p99_vs_saturating_p99: ratio(overload.refused_ttfb_p99_ms, saturating.accepted_p99_ms),
    rss_after: rssAfter,
  };
  const goals = {
    refused_at_all: overload.refused > 0,
    only_503_refusals: Object.keys(overload.refused_by_status).every((s) => s === '503'),
    every_refusal_has_retry_after: overload.refusals_without_retry_after === 0,
    no_errors: overload.errors + saturating.errors === 0,
    accepted_p99_bounded: ratios.accepted_p99 <= GOALS.acceptedP99Max,
    throughput_kept: ratios.throughput >= GOALS.throughputMin,
    refused_at_once: ratios.refused_ttfb_p99_vs_saturating_p99 <= GOALS.refusalTtfbP99VsSatP99Max,
    rss_bounded: Object.values(rssAfter).every((r) => r === null || r <= GOALS.rssMax),
  };
  printRoute(route, sat.concurrency, cap, saturating, overload, ratios, goals);
  return {
    route,
    saturation_steps: sat.steps,
    saturating_concurrency: sat.concurrency,
    gateway_max_in_flight: cap,
    saturating,
    overload,
    ratios,
    goals,
  };
}

function printRoute(
  route: string,
  satC: number,
  cap: number,
  s: RunFigures,
  o: RunFigures,
  r: OverloadRoute['ratios'],
  goals: Record<string, boolean>,
): void {
  const statuses = (f: RunFigures) =>
    Object.entries(f.refused_by_status)
      .map(([k, v]) => `${k}:${v}`)
      .join(' ') || '-';
  const rows: Array<[string, string, string, string]> = [
    ['virtual users', String(satC), String(o.concurrency), `cap ${cap}`],
    ['accepted answers/s', String(s.accepted_per_second), String(o.accepted_per_second), r.throughput.toFixed(2)],
    ['accepted p50 ms', String(s.accepted_p50_ms), String(o.accepted_p50_ms), r.accepted_p50.toFixed(2)],
    ['accepted p99 ms', String(s.accepted_p99_ms), String(o.accepted_p99_ms), r.accepted_p99.toFixed(2)],
    ['refused (share)', `${s.refused} (${s.refused_share})`, `${o.refused} (${o.refused_share})`, ''],
    ['refused by status', statuses(s), statuses(o), ''],
    ['refusals without Retry-After', String(s.refusals_without_retry_after), String(o.refusals_without_retry_after), ''],
    [
      'refusal TTFB p50 / p99 ms',
      `${s.refused_ttfb_p50_ms} / ${s.refused_ttfb_p99_ms}`,
      `${o.refused_ttfb_p50_ms} / ${o.refused_ttfb_p99_ms}`,
      `${r.refused_ttfb_p99_vs_saturating_p99.toFixed(2)} (p99 vs sat. p99)`,
    ],
    ['errors (socket, timeout)', String(s.errors), String(o.errors), ''],
    ...MEASURED.map(
      (n) =>
        [
          `RSS MiB ${n} before -> after`,
          `${s.rss_before_mib[n] ?? '-'} -> ${s.rss_after_mib[n] ?? '-'}`,
          `${o.rss_before_mib[n] ?? '-'} -> ${o.rss_after_mib[n] ?? '-'}`,
          r.rss_after[n] == null ? '-' : r.rss_after[n]!.toFixed(2),
        ] as [string, string, string, string],
    ),
  ];
  const w = [0, 1, 2, 3].map((i) =>
    Math.max(...rows.map((row) => row[i]!.length), ['', 'saturating', `${OVERLOAD_FACTOR}x`, 'ratio'][i]!.length),
  );
  const line = (c: string[]) => `    ${c[0]!.padEnd(w[0]!)}  ${c[1]!.padStart(w[1]!)}  ${c[2]!.padStart(w[2]!)}  ${c[3]!.padStart(w[3]!)}`;
  console.log(`\n  ${route}: saturating run beside ${OVERLOAD_FACTOR}x its load`);
  console.log(line(['', 'saturating', `${OVERLOAD_FACTOR}x`, 'ratio']));
  for (const row of rows) console.log(line(row));
  for (const [goal, met] of Object.entries(goals)) console.log(`    ${met ? 'ok  ' : 'FAIL'} ${goal}`);
}

/** `waitRetryAfter`: refused virtual users wait out Retry-After (false: they ask again at once). */
export async function overloadBench(stack: Stack, studioDatabaseUrl: string, seconds: number, waitRetryAfter = true) {
  const { demo, token } = benchToken(stack, studioDatabaseUrl, 'overload-bench');
  const auth = { authorization: `Bearer ${token}` };
  const created = await fetch(`${stack.baseUrl}/shoots`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspace_id: demo.workspace_id, title: 'Overload shoot', shot_list: ['rings', 'vows', 'cake'] }),
  });
  if (created.status !== 201) throw new Error(`POST /shoots -> ${created.status} ${await created.text()}`);
  const shootId = ((await created.json()) as { shoot: { id: string } }).shoot.id;
  let n = 0;
  console.log(
    `\noverload through the gateway: saturating load, then ${OVERLOAD_FACTOR}x it, ${seconds} s each; refused callers ${waitRetryAfter ? 'wait out Retry-After' : 'ask again at once'}`,
  );
  const results: OverloadRoute[] = [];
  try {
    results.push(
      await overloadRoute(stack, 'GET /shoots/{id}', { method: 'GET', path: `shoots/${shootId}`, headers: auth }, seconds, waitRetryAfter),
    );
    results.push(
      await overloadRoute(
        stack,
        'POST /clients',
        {
          method: 'POST',
          path: 'clients',
          headers: { ...auth, 'content-type': 'application/json' },
          body: () =>
            JSON.stringify({ workspace_id: demo.workspace_id, name: `Overload client ${++n}`, email: `overload${n}@example.test` }),
        },
        seconds,
        waitRetryAfter,
      ),
    );
  } finally {
    // The stack's own configuration again for whatever runs next.
    await stack.restart('gateway');
  }
  return { wait_retry_after: waitRetryAfter, routes: results, goals_met: results.every((r) => Object.values(r.goals).every(Boolean)) };
}
