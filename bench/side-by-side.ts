/**
 * "Nothing else regresses": a run's figures beside the same figures measured before a piece of work started, one
 * table per baseline in bench/baselines/ (BASELINES):
 * - issue 15, goal 6 (commit 61d9f93, issue-15-before.json): the figures the CPU-per-request work had to leave alone:
 *   - search, one query at a time (c=1, through the gateway): p50 and p99 of each query kind the search bench runs;
 *   - webhook deliveries per second at saturation (the burst phase: the fixed-rate phase only echoes its offered rate);
 *   - multipart upload, real flow / straight to the store (median of the rounds);
 *   - cull photos per second (the cull job, POST -> succeeded);
 * - issue 30, goal 5 (its starting commit, issue-30-before.json, made with bench/make-baseline.ts): every figure of
 *   the default `npm run bench`: the above, plus the CPU-per-request and gateway/direct ratios, the derivatives'
 *   ratios to sharp, the mixed workload (operations/s, errors, delivery p99, scaling), the portal page and the
 *   overload ratios (benchFigures).
 * A baseline compares only the figures it holds, so one extractor serves every baseline.
 *
 * The verdict rule. The baseline holds every figure from several runs (values v1..vn, mean m). Its noise band is
 *     band = max(FLOOR * m, max(v) - min(v), resolution)
 * with FLOOR = 10 % (the machine is shared with other benches: two runs minutes apart differ by that much even
 * when nothing changed) and the resolution the figure is measured at (autocannon reports whole milliseconds, so
 * a search latency cannot be told apart from one 1 ms away). A run's figure is "within noise" when
 * |now - m| <= band; outside it, "better" or "worse" according to the figure's direction (latencies: lower is
 * better; rates and ratios: higher). The spread term is the whole range of the baseline runs: a figure counts as
 * moved only when it moved further from the baseline's mean than the baseline's own runs were from each other.
 *
 * bench/run.ts calls `sideBySide()` with the run's results for each baseline (it stores the rows in the results file
 * and prints `formatSideBySide()` after the RATIOS table). The functions apart from `loadBaseline` and `sideBySide` are pure.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The least band around the baseline's mean, as a fraction of it. */
export const NOISE_FLOOR = 0.1;

/** The baselines a run is set beside, each printed as its own table under its title. */
export const BASELINES = [
  { title: 'SIDE BY SIDE (issue 15, goal 6)', file: path.join(import.meta.dirname, 'baselines/issue-15-before.json') },
  {
    title: "SIDE BY SIDE (issue 30, goal 5: every figure of the bench against the issue's starting commit)",
    file: path.join(import.meta.dirname, 'baselines/issue-30-before.json'),
  },
] as const;

export const BASELINE_FILE = BASELINES[0].file;

export type Unit = 'ms' | 'per_s' | 'ratio' | 'bytes' | 'count';
export type Better = 'lower' | 'higher';
export type Verdict = 'within noise' | 'better' | 'worse';

/** One figure of one run. */
export interface Figure {
  id: string;
  label: string;
  unit: Unit;
  better: Better;
  /** The smallest difference the bench can show (0: finer than anything that matters here). */
  resolution: number;
  value: number;
}

/** One figure of the baseline: its value in each baseline run. */
export interface BaselineFigure extends Omit<Figure, 'value'> {
  values: number[];
}

export interface Baseline {
  commit: string;
  date: string;
  conditions: string;
  figures: BaselineFigure[];
}

export interface SideBySideRow {
  id: string;
  figure: string;
  unit: Unit;
  better: Better;
  before: { mean: number; min: number; max: number; runs: number[] };
  now: number;
  now_vs_before: number;
  /** The noise band around the baseline's mean, absolute and as a fraction of the mean. */
  band: { absolute: number; relative: number };
  verdict: Verdict;
}

export interface SideBySide {
  baseline: { commit: string; date: string; conditions: string };
  rule: string;
  rows: SideBySideRow[];
}

/** The parts of bench/run.ts's results these figures come from (loosely typed: older results files differ). */
export interface RunResults {
  search?: { latency?: { name: string; connections: number; p50Ms: number; p99Ms: number }[] } | null;
  webhooks?: { phases?: { name: string; offeredPerSecond: number | null; deliveriesPerSecond: number }[] } | null;
  upload?: {
    multipart?: { flow_vs_direct_median: number } | null;
    cull?: { job_photos_s: number } | null;
    derivatives?: { worker_vs_sharp: number; worker_process_cpu_vs_sharp: number } | null;
  } | null;
  ratios?: {
    cpu?: { process: string; request: string; ratio_log_off: number; ratio_log_on: number }[];
    throughput?: { request: string; access_log: string; ratio: number }[];
  } | null;
  mixed?: {
    one_replica?: MixedFigures;
    two_replicas?: MixedFigures;
    summary?: { scaling_two_vs_one_replica: number };
  } | null;
  portal?: { summary?: { first_12_median_ms: number; vs_static_page_floor: number; page_weight_gzip_bytes: number } } | null;
  overload?: {
    routes?: {
      route: string;
      ratios: { throughput: number; accepted_p99: number; refused_ttfb_p99_vs_saturating_p99: number };
    }[];
  } | null;
}

interface MixedFigures {
  operations_per_second: number;
  errors: number;
  deliveries: { p99_ms: number };
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The goal's figures found in a run's results (only the parts that ran). */
export function extractFigures(results: RunResults): Figure[] {
  const out: Figure[] = [];
  for (const l of results.search?.latency ?? []) {
    if (l.connections !== 1) continue;
    for (const [q, value] of [
      ['p50', l.p50Ms],
      ['p99', l.p99Ms],
    ] as const) {
      out.push({
        id: `search.c1.${slug(l.name)}.${q}`,
        label: `search c=1 ${q}, ${l.name}`,
        unit: 'ms',
        better: 'lower',
        resolution: 1,
        value,
      });
    }
  }
  const saturation = results.webhooks?.phases?.find((p) => p.offeredPerSecond === null);
  if (saturation) {
    out.push({
      id: 'webhooks.saturation.deliveries_per_s',
      label: 'webhook deliveries/s (saturation)',
      unit: 'per_s',
      better: 'higher',
      resolution: 1,
      value: saturation.deliveriesPerSecond,
    });
  }
  const multipart = results.upload?.multipart;
  if (multipart) {
    out.push({
      id: 'upload.multipart.flow_vs_direct',
      label: 'multipart flow/direct (median)',
      unit: 'ratio',
      better: 'higher',
      resolution: 0.001,
      value: multipart.flow_vs_direct_median,
    });
  }
  const cull = results.upload?.cull;
  if (cull) {
    out.push({
      id: 'upload.cull.job_photos_per_s',
      label: 'cull photos/s (job)',
      unit: 'per_s',
      better: 'higher',
      resolution: 1,
      value: cull.job_photos_s,
    });
  }
  out.push(...benchFigures(results));
  return out;
}

/** A figure of `unit` where `better` is the direction, with no finer resolution than the figure's own digits. */
const figure = (id: string, label: string, unit: Unit, better: Better, value: number, resolution = 0): Figure => ({
  id,
  label,
  unit,
  better,
  resolution,
  value,
});

/**
 * The rest of `npm run bench` (issue 30, goal 5: "nothing else regresses"): the goals' own CPU and throughput ratios,
 * the derivatives' ratios to sharp, the mixed workload, the portal page and the overload ratios. Ratios to a floor of
 * the same run wherever the bench has one: they move less with the machine than absolute figures do.
 */
function benchFigures(results: RunResults): Figure[] {
  const out: Figure[] = [];
  for (const r of results.ratios?.cpu ?? []) {
    const id = `cpu.${slug(`${r.process} ${r.request}`)}`;
    out.push(figure(`${id}.log_off`, `CPU/req vs floor, ${r.process} ${r.request}, log off`, 'ratio', 'lower', r.ratio_log_off, 0.01));
    out.push(figure(`${id}.log_on`, `CPU/req vs floor, ${r.process} ${r.request}, log on`, 'ratio', 'lower', r.ratio_log_on, 0.01));
  }
  for (const t of results.ratios?.throughput ?? []) {
    out.push(
      figure(
        `throughput.${slug(t.request)}.log_${t.access_log}`,
        `gateway/direct ${t.request}, log ${t.access_log}`,
        'ratio',
        'higher',
        t.ratio,
        0.001,
      ),
    );
  }
  const derivatives = results.upload?.derivatives;
  if (derivatives) {
    out.push(
      figure(
        'upload.derivatives.worker_vs_sharp',
        'derivatives worker/sharp (throughput)',
        'ratio',
        'higher',
        derivatives.worker_vs_sharp,
        0.001,
      ),
    );
    out.push(
      figure(
        'upload.derivatives.worker_cpu_vs_sharp',
        'derivatives worker/sharp (CPU)',
        'ratio',
        'lower',
        derivatives.worker_process_cpu_vs_sharp,
        0.001,
      ),
    );
  }
  const mixed = results.mixed;
  for (const [key, label, m] of [
    ['one', 'one replica set', mixed?.one_replica],
    ['two', 'two replica sets', mixed?.two_replicas],
  ] as const) {
    if (!m) continue;
    out.push(figure(`mixed.${key}.operations_per_s`, `mixed operations/s, ${label}`, 'per_s', 'higher', m.operations_per_second, 1));
    out.push(figure(`mixed.${key}.errors`, `mixed errors, ${label}`, 'count', 'lower', m.errors, 1));
    out.push(figure(`mixed.${key}.delivery_p99_ms`, `mixed webhook delivery p99, ${label}`, 'ms', 'lower', m.deliveries.p99_ms, 1));
  }
  if (mixed?.summary) {
    out.push(figure('mixed.scaling', 'mixed two sets / one set', 'ratio', 'higher', mixed.summary.scaling_two_vs_one_replica, 0.001));
  }
  const portal = results.portal?.summary;
  if (portal) {
    out.push(figure('portal.first_12_ms', 'portal: first 12 thumbnails (median)', 'ms', 'lower', portal.first_12_median_ms, 1));
    out.push(figure('portal.vs_static_floor', 'portal / static page floor', 'ratio', 'lower', portal.vs_static_page_floor, 0.01));
    out.push(figure('portal.page_weight_gzip', 'portal page weight (gzip)', 'bytes', 'lower', portal.page_weight_gzip_bytes));
  }
  for (const r of results.overload?.routes ?? []) {
    const id = `overload.${slug(r.route)}`;
    out.push(
      figure(`${id}.throughput`, `overload ${r.route}: throughput at 3x / saturating`, 'ratio', 'higher', r.ratios.throughput, 0.01),
    );
    out.push(
      figure(`${id}.accepted_p99`, `overload ${r.route}: accepted p99 at 3x / saturating`, 'ratio', 'lower', r.ratios.accepted_p99, 0.01),
    );
    out.push(
      figure(
        `${id}.refused_p99`,
        `overload ${r.route}: refusals' p99 / saturating p99`,
        'ratio',
        'lower',
        r.ratios.refused_ttfb_p99_vs_saturating_p99,
        0.01,
      ),
    );
  }
  // A part that measured nothing (no refusals to time, say) has no figure rather than a NaN.
  return out.filter((f) => Number.isFinite(f.value));
}

/** The baseline's figures from several runs' results (the figures every run has, in the first run's order). */
export function baselineFigures(runs: RunResults[]): BaselineFigure[] {
  const perRun = runs.map((r) => new Map(extractFigures(r).map((f) => [f.id, f])));
  const first = runs.length > 0 ? extractFigures(runs[0]!) : [];
  return first
    .filter((f) => perRun.every((m) => m.has(f.id)))
    .map(({ value: _value, ...f }) => ({ ...f, values: perRun.map((m) => m.get(f.id)!.value) }));
}

/** The band around the baseline's mean within which a figure has not moved (see the header comment). */
export function noiseBand(values: number[], resolution = 0, floor = NOISE_FLOOR): { mean: number; absolute: number; relative: number } {
  if (values.length === 0) throw new Error('noiseBand: no baseline values');
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const spread = Math.max(...values) - Math.min(...values);
  const absolute = Math.max(floor * Math.abs(mean), spread, resolution);
  return { mean, absolute, relative: mean === 0 ? Number.POSITIVE_INFINITY : absolute / Math.abs(mean) };
}

export function verdict(now: number, mean: number, band: number, better: Better): Verdict {
  const d = now - mean;
  if (Math.abs(d) <= band) return 'within noise';
  return d < 0 === (better === 'lower') ? 'better' : 'worse';
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** This run's figures against the baseline's, in this run's order; figures the baseline lacks are left out. */
export function compare(now: Figure[], baseline: Baseline, floor = NOISE_FLOOR): SideBySideRow[] {
  const before = new Map(baseline.figures.map((f) => [f.id, f]));
  const rows: SideBySideRow[] = [];
  for (const f of now) {
    const b = before.get(f.id);
    if (!b || b.values.length === 0) continue;
    const band = noiseBand(b.values, Math.max(b.resolution, f.resolution), floor);
    rows.push({
      id: f.id,
      figure: f.label,
      unit: f.unit,
      better: f.better,
      before: { mean: round(band.mean, 4), min: Math.min(...b.values), max: Math.max(...b.values), runs: b.values },
      now: f.value,
      now_vs_before: band.mean === 0 ? 0 : round(f.value / band.mean, 3),
      band: { absolute: round(band.absolute, 4), relative: round(band.relative, 3) },
      verdict: verdict(f.value, band.mean, band.absolute, f.better),
    });
  }
  return rows;
}

const RULE = `within noise: |now - before mean| <= max(${NOISE_FLOOR * 100} % of the mean, the baseline runs' range, the resolution)`;

export function sideBySideOf(results: RunResults, baseline: Baseline, floor = NOISE_FLOOR): SideBySide {
  return {
    baseline: { commit: baseline.commit, date: baseline.date, conditions: baseline.conditions },
    rule: RULE,
    rows: compare(extractFigures(results), baseline, floor),
  };
}

function formatValue(x: number, unit: Unit): string {
  if (unit === 'ratio') return x.toFixed(3);
  if (unit === 'bytes') return `${Math.round(x)} B`;
  if (unit === 'count') return String(Math.round(x * 10) / 10);
  if (unit === 'ms') return `${Number.isInteger(x) ? x : x.toFixed(1)} ms`;
  return `${Math.round(x)}/s`;
}

/** The table printed after the RATIOS table (the title is the caller's). */
export function formatSideBySide(s: SideBySide): string {
  const header = ['figure', 'before: mean [min - max of its runs]', 'now', 'now/before', 'noise band', 'verdict'];
  const rows = s.rows.map((r) => [
    r.figure,
    `${formatValue(r.before.mean, r.unit)} [${formatValue(r.before.min, r.unit)} - ${formatValue(r.before.max, r.unit)}]`,
    formatValue(r.now, r.unit),
    // A figure whose baseline is 0 (errors) has no ratio and no relative band: its band is shown in its own unit.
    r.before.mean === 0 ? '-' : r.now_vs_before.toFixed(3),
    Number.isFinite(r.band.relative) ? `+-${Math.round(r.band.relative * 100)} %` : `+-${formatValue(r.band.absolute, r.unit)}`,
    r.verdict,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`.trimEnd();
  return [
    `  before: ${s.baseline.commit} (${s.baseline.date}); ${s.rule}`,
    line(header),
    `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`,
    ...rows.map(line),
  ].join('\n');
}

export function loadBaseline(file = BASELINE_FILE): Baseline | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Baseline) : undefined;
}

/** The side-by-side of a run, or undefined when none of the goal's parts ran (or the baseline file is missing). */
export function sideBySide(results: RunResults, file = BASELINE_FILE): SideBySide | undefined {
  if (extractFigures(results).length === 0) return undefined;
  const baseline = loadBaseline(file);
  if (!baseline) {
    console.warn(`side by side: no baseline at ${file}`);
    return undefined;
  }
  const s = sideBySideOf(results, baseline);
  return s.rows.length > 0 ? s : undefined;
}
