/**
 * Issue 15, goal 6: "nothing else regresses". The figures the CPU-per-request work must leave alone, this run's
 * beside the ones measured before that work started (commit 61d9f93, bench/baselines/issue-15-before.json):
 * - search, one query at a time (c=1, through the gateway): p50 and p99 of each query kind the search bench runs;
 * - webhook deliveries per second at saturation (the burst phase: the fixed-rate phase only echoes its offered rate);
 * - multipart upload, real flow / straight to the store (median of the rounds);
 * - cull photos per second (the cull job, POST -> succeeded).
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
 * bench/run.ts calls `sideBySide()` with the run's results (it stores the rows in the results file and prints
 * `formatSideBySide()` after the RATIOS table). The functions apart from `loadBaseline` and `sideBySide` are pure.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The least band around the baseline's mean, as a fraction of it. */
export const NOISE_FLOOR = 0.1;

export const SIDE_BY_SIDE_TITLE = 'SIDE BY SIDE (issue 15, goal 6)';

export const BASELINE_FILE = path.join(import.meta.dirname, 'baselines/issue-15-before.json');

export type Unit = 'ms' | 'per_s' | 'ratio';
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
  upload?: { multipart?: { flow_vs_direct_median: number } | null; cull?: { job_photos_s: number } | null } | null;
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
  return out;
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
    r.now_vs_before.toFixed(3),
    `+-${Math.round(r.band.relative * 100)} %`,
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
