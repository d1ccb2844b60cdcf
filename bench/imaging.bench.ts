/**
 * Throughput of the imaging module on a synthetic 24-megapixel JPEG (6000x4000) — reported, not asserted.
 *   npx tsx bench/imaging.bench.ts [iterations=6]
 *
 * Compares makeDerivatives (one decode fanning out to web JPEG, WebP thumb and cull proxy) with "sharp alone,
 * naively": one independent sharp pipeline per output, each decoding the original. It measures upload's imaging
 * module in process (no stack), so it is run alone, never by `npm run bench` (bench/run.ts).
 */
import os from 'node:os';
import sharp from 'sharp';
import { cull, type CullInput } from '../services/upload/src/imaging/cull.js';
import { configureImaging, makeCullProxy, makeDerivatives } from '../services/upload/src/imaging/derivative.js';
import { computeFeatures } from '../services/upload/src/imaging/features.js';
import { mulberry32 } from '@studio/testkit/random';

const iterations = Number(process.argv[2] ?? 6);

async function photo24mp(): Promise<Buffer> {
  const W = 6000;
  const H = 4000;
  const r = mulberry32(1);
  const grid = Buffer.alloc(150 * 100 * 3);
  for (let i = 0; i < grid.length; i++) grid[i] = 40 + Math.floor(r() * 180);
  const base = await sharp(grid, { raw: { width: 150, height: 100, channels: 3 } })
    .resize(W, H, { fit: 'fill' })
    .raw()
    .toBuffer();
  for (let i = 0; i < base.length; i++) base[i] = Math.max(0, Math.min(255, base[i]! + Math.round((r() - 0.5) * 12)));
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">`;
  for (let i = 0; i < 300; i++) {
    svg += `<circle cx="${r() * W}" cy="${r() * H}" r="${20 + r() * 300}" fill="rgb(${Math.floor(r() * 255)},${Math.floor(r() * 255)},${Math.floor(r() * 255)})" fill-opacity="0.6"/>`;
  }
  svg += '</svg>';
  return sharp(base, { raw: { width: W, height: H, channels: 3 } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 90 })
    .withExif({ IFD2: { DateTimeOriginal: '2024:05:06 07:08:09' } })
    .toBuffer();
}

const inside = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const, withoutEnlargement: true });

/** What one would write with sharp alone: an independent pipeline (and decode) per output. */
async function naive(input: Buffer, withProxy: boolean): Promise<unknown> {
  const jobs: Promise<unknown>[] = [
    sharp(input).rotate().resize(inside(2048)).jpeg({ quality: 82, progressive: true }).toBuffer(),
    sharp(input).rotate().resize(inside(400)).webp({ quality: 75 }).toBuffer(),
  ];
  if (withProxy) jobs.push(sharp(input).rotate().resize(inside(1024)).greyscale().raw().toBuffer());
  return Promise.all(jobs);
}

/** Best of 3 rounds (the machine may be shared): sequential latency, and throughput with `n` in flight. */
async function measure(name: string, fn: () => Promise<unknown>, n = iterations): Promise<void> {
  await fn(); // warm-up
  let seq = Infinity;
  let par = Infinity;
  for (let round = 0; round < 3; round++) {
    let t = performance.now();
    for (let i = 0; i < n; i++) await fn();
    seq = Math.min(seq, (performance.now() - t) / n);
    t = performance.now();
    await Promise.all(Array.from({ length: n }, fn));
    par = Math.min(par, (performance.now() - t) / n);
  }
  console.log(
    `${name.padEnd(50)} latency ${seq.toFixed(0).padStart(5)} ms  ${(1000 / seq).toFixed(2).padStart(6)}/s sequential  ` +
      `${(1000 / par).toFixed(2).padStart(6)}/s with ${n} in flight`,
  );
}

const input = await photo24mp();
console.log(
  `input: 6000x4000 JPEG, ${(input.length / 1e6).toFixed(1)} MB; ${os.availableParallelism()} cores; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

/** A/B interleaved (a, b, a, b, ...) so both sides see the same machine load; medians per photo. */
async function interleaved(label: string, a: () => Promise<unknown>, b: () => Promise<unknown>, n = iterations * 2): Promise<void> {
  const ta: number[] = [];
  const tb: number[] = [];
  await a();
  await b();
  for (let i = 0; i < n; i++) {
    let t = performance.now();
    await a();
    ta.push(performance.now() - t);
    t = performance.now();
    await b();
    tb.push(performance.now() - t);
  }
  const med = (v: number[]) => [...v].sort((x, y) => x - y)[v.length >> 1]!;
  console.log(
    `${label}: naive ${med(ta).toFixed(0)} ms (${(1000 / med(ta)).toFixed(2)}/s) vs makeDerivatives ${med(tb).toFixed(0)} ms (${(1000 / med(tb)).toFixed(2)}/s), median of ${n}`,
  );
}

configureImaging();
console.log(`\ninterleaved A/B, configureImaging() defaults (concurrency ${sharp.concurrency()})`);
await interleaved(
  'web + thumb        ',
  () => naive(input, false),
  () => makeDerivatives(input, { proxy: false }),
);
await interleaved(
  'web + thumb + proxy',
  () => naive(input, true),
  () => makeDerivatives(input),
);

for (const concurrency of [1, 2]) {
  configureImaging({ concurrency });
  console.log(`\nsharp.concurrency(${concurrency}), cache off`);
  await measure('naive sharp: web + thumb (2 decodes)', () => naive(input, false));
  await measure('makeDerivatives, proxy: false', () => makeDerivatives(input, { proxy: false }));
  await measure('naive sharp: web + thumb + grey proxy (3 decodes)', () => naive(input, true));
  await measure('makeDerivatives (web + thumb + proxy)', () => makeDerivatives(input));
}

configureImaging();
console.log('\ncull features');
const proxy = await makeCullProxy(input);
{
  const n = 50;
  computeFeatures(proxy);
  const t = performance.now();
  for (let i = 0; i < n; i++) computeFeatures(proxy);
  const ms = (performance.now() - t) / n;
  console.log(
    `computeFeatures on a ${proxy.width}x${proxy.height} proxy: ${ms.toFixed(1)} ms -> ${(1000 / ms).toFixed(0)} photos/s (one core)`,
  );
}
await measure('makeCullProxy + computeFeatures (24 MP JPEG)', async () => computeFeatures(await makeCullProxy(input)));
await measure('makeDerivatives + computeFeatures (24 MP JPEG)', async () => computeFeatures((await makeDerivatives(input)).proxy!));

{
  const r = mulberry32(3);
  const hex = () => Array.from({ length: 16 }, () => Math.floor(r() * 16).toString(16)).join('');
  const photos: CullInput[] = Array.from({ length: 5000 }, (_, i) => ({
    id: `p${i}`,
    captureTime: i % 10 === 9 ? null : new Date(Date.UTC(2024, 0, 1) + i * 2000),
    features: {
      sharpness: 50 + r() * 900,
      sharpness_global: 10 + r() * 200,
      mean_luminance: r(),
      clipped_share: 0,
      dark_share: 0,
      bright_share: 0,
      p01: r() * 0.2,
      p99: 0.8 + r() * 0.2,
      dhash: hex(),
      phash: hex(),
    },
  }));
  const t = performance.now();
  const res = cull(photos, 'medium');
  console.log(
    `cull() decision on 5000 photos (10 % without capture time): ${(performance.now() - t).toFixed(0)} ms, ${res.counts.keeper} keepers`,
  );
}
console.log(`rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
