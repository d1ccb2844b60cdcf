import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Baseline,
  type RunResults,
  baselineFigures,
  compare,
  extractFigures,
  formatSideBySide,
  noiseBand,
  sideBySide,
  sideBySideOf,
  verdict,
} from './side-by-side.js';

const results = (o: { p50?: number; p99?: number; deliveries?: number; multipart?: number; cull?: number } = {}): RunResults => ({
  search: {
    latency: [
      { name: 'common words (200k workspace)', connections: 1, p50Ms: o.p50 ?? 2, p99Ms: o.p99 ?? 13 },
      { name: 'common words (200k workspace)', connections: 10, p50Ms: 10, p99Ms: 107 },
    ],
  },
  webhooks: {
    phases: [
      { name: 'fixed rate 1000/s for 10 s', offeredPerSecond: 1000, deliveriesPerSecond: 988 },
      { name: 'saturation (burst of 15000)', offeredPerSecond: null, deliveriesPerSecond: o.deliveries ?? 1765 },
    ],
  },
  upload: { multipart: { flow_vs_direct_median: o.multipart ?? 0.9 }, cull: { job_photos_s: o.cull ?? 213 } },
});

const baselineOf = (runs: RunResults[]): Baseline => ({
  commit: '61d9f93',
  date: '2026-11-24',
  conditions: 'test',
  figures: baselineFigures(runs),
});

describe('extractFigures', () => {
  it('takes the one-at-a-time search latencies, the saturation deliveries, the multipart ratio and the cull rate', () => {
    const f = extractFigures(results());
    expect(f.map((x) => [x.id, x.value])).toEqual([
      ['search.c1.common-words-200k-workspace.p50', 2],
      ['search.c1.common-words-200k-workspace.p99', 13],
      ['webhooks.saturation.deliveries_per_s', 1765],
      ['upload.multipart.flow_vs_direct', 0.9],
      ['upload.cull.job_photos_per_s', 213],
    ]);
    expect(f[0]).toMatchObject({ unit: 'ms', better: 'lower', resolution: 1 });
    expect(f[2]).toMatchObject({ unit: 'per_s', better: 'higher' });
  });

  it('returns only the parts that ran', () => {
    expect(extractFigures({})).toEqual([]);
    expect(extractFigures({ upload: { multipart: null, cull: null }, search: undefined, webhooks: null })).toEqual([]);
    expect(extractFigures({ upload: { multipart: null, cull: { job_photos_s: 200 } } }).map((f) => f.id)).toEqual([
      'upload.cull.job_photos_per_s',
    ]);
  });
});

describe('extractFigures: the rest of the bench (issue 30, goal 5)', () => {
  const whole: RunResults = {
    ratios: {
      cpu: [{ process: 'gateway', request: 'GET /shoots/{id}', ratio_log_off: 2.27, ratio_log_on: 2.56 }],
      throughput: [{ request: 'GET /galleries/{id} (gzip)', access_log: 'on', ratio: 0.978 }],
    },
    upload: { derivatives: { worker_vs_sharp: 0.93, worker_process_cpu_vs_sharp: 1.08 } },
    mixed: {
      one_replica: { operations_per_second: 300, errors: 0, deliveries: { p99_ms: 120 } },
      two_replicas: { operations_per_second: 510, errors: 1, deliveries: { p99_ms: 150 } },
      summary: { scaling_two_vs_one_replica: 1.7 },
    },
    portal: { summary: { first_12_median_ms: 410, vs_static_page_floor: 1.3, page_weight_gzip_bytes: 21000 } },
    overload: {
      routes: [
        {
          route: 'GET /shoots/{id}',
          ratios: { throughput: 0.97, accepted_p99: 1.4, refused_ttfb_p99_vs_saturating_p99: Number.NaN },
        },
      ],
    },
  };

  it('takes every ratio, rate and latency of the other sections, each with its direction', () => {
    const f = Object.fromEntries(extractFigures(whole).map((x) => [x.id, x]));
    expect(Object.keys(f)).toEqual([
      'cpu.gateway-get-shoots-id.log_off',
      'cpu.gateway-get-shoots-id.log_on',
      'throughput.get-galleries-id-gzip.log_on',
      'upload.derivatives.worker_vs_sharp',
      'upload.derivatives.worker_cpu_vs_sharp',
      'mixed.one.operations_per_s',
      'mixed.one.errors',
      'mixed.one.delivery_p99_ms',
      'mixed.two.operations_per_s',
      'mixed.two.errors',
      'mixed.two.delivery_p99_ms',
      'mixed.scaling',
      'portal.first_12_ms',
      'portal.vs_static_floor',
      'portal.page_weight_gzip',
      'overload.get-shoots-id.throughput',
      'overload.get-shoots-id.accepted_p99',
    ]);
    expect(f['cpu.gateway-get-shoots-id.log_on']).toMatchObject({ value: 2.56, unit: 'ratio', better: 'lower' });
    expect(f['throughput.get-galleries-id-gzip.log_on']).toMatchObject({ value: 0.978, better: 'higher' });
    expect(f['upload.derivatives.worker_cpu_vs_sharp']).toMatchObject({ value: 1.08, better: 'lower' });
    expect(f['mixed.two.operations_per_s']).toMatchObject({ value: 510, unit: 'per_s', better: 'higher' });
    expect(f['mixed.one.errors']).toMatchObject({ value: 0, unit: 'count', better: 'lower', resolution: 1 });
    expect(f['portal.page_weight_gzip']).toMatchObject({ value: 21000, unit: 'bytes', better: 'lower' });
  });

  it('leaves out a figure that measured nothing (NaN) rather than compare it', () => {
    expect(extractFigures(whole).some((x) => x.id === 'overload.get-shoots-id.refused_p99')).toBe(false);
  });

  it('prints a figure whose baseline is 0 with no ratio and its band in its own unit', () => {
    const text = formatSideBySide(sideBySideOf(whole, baselineOf([whole])));
    expect(text.split('\n').find((l) => l.includes('mixed errors, one'))).toMatch(/0 \[0 - 0\] +0 +- +\+-1 +within noise$/);
  });

  it('prints bytes and counts in their own units', () => {
    const baseline = baselineOf([whole]);
    const text = formatSideBySide(sideBySideOf(whole, baseline));
    expect(text.split('\n').find((l) => l.includes('page weight'))).toMatch(/21000 B \[21000 B - 21000 B\] +21000 B +1\.000/);
    expect(text.split('\n').find((l) => l.includes('mixed errors, two'))).toMatch(/1 \[1 - 1\] +1 +1\.000 +\+-100 % +within noise$/);
  });
});

describe('baselineFigures', () => {
  it("collects each figure's value from every run, keeping only the figures all runs have", () => {
    const second = results({ p50: 3, cull: 250 });
    second.upload!.multipart = null;
    const b = baselineFigures([results(), second]);
    expect(b.find((f) => f.id === 'search.c1.common-words-200k-workspace.p50')!.values).toEqual([2, 3]);
    expect(b.find((f) => f.id === 'upload.cull.job_photos_per_s')!.values).toEqual([213, 250]);
    expect(b.some((f) => f.id === 'upload.multipart.flow_vs_direct')).toBe(false);
    expect(b[0]).not.toHaveProperty('value');
  });
});

describe('noiseBand', () => {
  it('is at least 10 % of the mean', () => {
    expect(noiseBand([1000, 1010])).toEqual({ mean: 1005, absolute: 100.5, relative: 0.1 });
  });
  it("widens to the baseline runs' range", () => {
    const b = noiseBand([0.6, 0.9]);
    expect(b.mean).toBeCloseTo(0.75);
    expect(b.absolute).toBeCloseTo(0.3);
    expect(b.relative).toBeCloseTo(0.4);
  });
  it("never narrower than the figure's resolution", () => {
    expect(noiseBand([2, 2], 1)).toMatchObject({ mean: 2, absolute: 1, relative: 0.5 });
  });
  it('takes another floor', () => {
    expect(noiseBand([100, 100], 0, 0.25).absolute).toBe(25);
  });
  it('refuses an empty baseline', () => {
    expect(() => noiseBand([])).toThrow();
  });
});

describe('verdict', () => {
  it('is within noise inside the band, edges included', () => {
    expect(verdict(110, 100, 10, 'higher')).toBe('within noise');
    expect(verdict(90, 100, 10, 'lower')).toBe('within noise');
  });
  it('reads the direction of the figure', () => {
    expect(verdict(120, 100, 10, 'higher')).toBe('better');
    expect(verdict(80, 100, 10, 'higher')).toBe('worse');
    expect(verdict(120, 100, 10, 'lower')).toBe('worse');
    expect(verdict(80, 100, 10, 'lower')).toBe('better');
  });
});

describe('compare', () => {
  const baseline = baselineOf([results({ deliveries: 1700, multipart: 0.6 }), results({ deliveries: 1800, multipart: 0.9 })]);

  it('puts the figures side by side with a verdict each', () => {
    const rows = compare(extractFigures(results({ p50: 4, p99: 13, deliveries: 1400, multipart: 0.8, cull: 300 })), baseline);
    const by = Object.fromEntries(rows.map((r) => [r.id, r]));
    // 2 ms before, +-1 ms (resolution): 4 ms is worse.
    expect(by['search.c1.common-words-200k-workspace.p50']).toMatchObject({
      before: { mean: 2, min: 2, max: 2, runs: [2, 2] },
      now: 4,
      now_vs_before: 2,
      band: { absolute: 1, relative: 0.5 },
      verdict: 'worse',
    });
    expect(by['search.c1.common-words-200k-workspace.p99']!.verdict).toBe('within noise');
    // 1750 +-175 (10 %): 1400 is worse.
    expect(by['webhooks.saturation.deliveries_per_s']).toMatchObject({ now_vs_before: 0.8, verdict: 'worse' });
    // 0.75 +-0.3 (the runs' range): 0.8 is within noise.
    expect(by['upload.multipart.flow_vs_direct']).toMatchObject({ band: { relative: 0.4 }, verdict: 'within noise' });
    // 213 +-21.3: 300 is better.
    expect(by['upload.cull.job_photos_per_s']!.verdict).toBe('better');
  });

  it('leaves out figures the baseline lacks, in the order of this run', () => {
    const now = extractFigures(results());
    const partial: Baseline = { ...baseline, figures: baseline.figures.filter((f) => f.id.startsWith('upload.')) };
    expect(compare(now, partial).map((r) => r.id)).toEqual(['upload.multipart.flow_vs_direct', 'upload.cull.job_photos_per_s']);
  });
});

describe('formatSideBySide', () => {
  it('prints one line per figure with before (mean and range), now, now/before, the band and the verdict', () => {
    const baseline = baselineOf([results({ deliveries: 1700 }), results({ deliveries: 1800 })]);
    const text = formatSideBySide(sideBySideOf(results({ deliveries: 1400 }), baseline));
    const lines = text.split('\n');
    expect(lines[0]).toContain('61d9f93');
    expect(lines[1]).toMatch(/^ {2}figure +before: mean \[min - max of its runs\] +now +now\/before +noise band +verdict$/);
    const webhooks = lines.find((l) => l.includes('webhook deliveries/s'))!;
    expect(webhooks).toMatch(/1750\/s \[1700\/s - 1800\/s\] +1400\/s +0\.800 +\+-10 % +worse$/);
    expect(lines.find((l) => l.includes('search c=1 p50'))).toMatch(/2 ms \[2 ms - 2 ms\] +2 ms +1\.000 +\+-50 % +within noise$/);
    expect(lines.find((l) => l.includes('multipart'))).toMatch(/0\.900 \[0\.900 - 0\.900\] +0\.900 +1\.000/);
  });
});

describe('sideBySide', () => {
  it('reads the baseline file; nothing when no part of the goal ran or the file is missing', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'side-by-side-'));
    try {
      const file = path.join(dir, 'before.json');
      writeFileSync(file, JSON.stringify(baselineOf([results(), results()])));
      expect(sideBySide(results(), file)!.rows).toHaveLength(5);
      expect(sideBySide({}, file)).toBeUndefined();
      expect(sideBySide(results(), path.join(dir, 'missing.json'))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
