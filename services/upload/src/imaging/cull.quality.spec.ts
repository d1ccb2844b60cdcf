/**
 * Cull quality on a synthetic shoot generated at test time (test/synthetic.ts, seeded, no downloaded data):
 * 20 scenes x (sharp original, 3 burst frames re-framed by 1-3 % within 1.5 s, 2 blurred copies (sigma 3-6, one
 * inside the burst's time window, one 45 s later), 1 over-exposed, 1 under-exposed) = 160 JPEGs of 1200x800 with
 * EXIF capture times (every 5th scene has none, so the hash-only path is exercised too).
 *
 * The real pipeline runs on the JPEG bytes: makeDerivatives (one decode -> web, thumb, metadata with the EXIF
 * capture time, proxy) -> computeFeatures -> cull(medium).
 *
 * Scoring: a blurred/exposure copy is right when its decision is "reject". A scene's burst family (original + 3
 * burst frames) must end with exactly one keeper: every family member counts as right when it does; otherwise
 * |keepers - 1| members count as wrong. Thresholds were tuned on seeds 7, 11, 23, 31, 99 and 2024; this test uses
 * seed 5150, held out (its first run is the one reported).
 */
import { describe, expect, it } from 'vitest';
import { cull, type CullInput, type CullResult } from './cull.js';
import { makeDerivatives } from './derivative.js';
import { computeFeatures } from './features.js';
import { makeSyntheticShoot, type SyntheticPhoto } from '../../test/synthetic.js';

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

const isFamily = (p: SyntheticPhoto) => p.kind === 'original' || p.kind === 'burst';

function score(shoot: SyntheticPhoto[], result: CullResult) {
  const by = new Map(result.photos.map((d) => [d.id, d]));
  let correct = 0;
  let reasonCorrect = 0;
  let familiesWithOneKeeper = 0;
  const errors: string[] = [];
  const scenes = [...new Set(shoot.map((p) => p.scene))];
  for (const s of scenes) {
    const photos = shoot.filter((p) => p.scene === s);
    const family = photos.filter(isFamily);
    const keepers = family.filter((p) => by.get(p.id)!.decision === 'keeper');
    const wrong = Math.min(family.length, Math.abs(keepers.length - 1));
    correct += family.length - wrong;
    if (keepers.length === 1) {
      familiesWithOneKeeper++;
      for (const p of family) {
        const d = by.get(p.id)!;
        if (d.decision === 'keeper' || d.reason === 'duplicate') reasonCorrect++;
      }
    } else {
      errors.push(
        `scene ${s}: ${keepers.length} keepers in the burst family (${family.map((p) => `${p.id}=${by.get(p.id)!.decision === 'keeper' ? 'keeper' : by.get(p.id)!.reason}`).join(', ')})`,
      );
    }
    for (const p of photos.filter((q) => !isFamily(q))) {
      const d = by.get(p.id)!;
      if (d.decision === p.expected) correct++;
      else errors.push(`${p.id}: ${d.decision} (${d.explanation})`);
      if (d.reason === p.expectedReason) reasonCorrect++;
    }
  }
  return {
    accuracy: correct / shoot.length,
    reasonAccuracy: reasonCorrect / shoot.length,
    familiesWithOneKeeper,
    scenes: scenes.length,
    errors,
  };
}

/** Rows: what the photo is; columns: what cull decided (burst family = original + its burst frames). */
function confusion(shoot: SyntheticPhoto[], result: CullResult): string {
  const by = new Map(result.photos.map((d) => [d.id, d]));
  const cols = ['keeper', 'blurry', 'underexposed', 'overexposed', 'duplicate'] as const;
  const rowsOf = [
    ['burst family', (p: SyntheticPhoto) => isFamily(p)],
    ['blurred', (p: SyntheticPhoto) => p.kind === 'blurred'],
    ['underexposed', (p: SyntheticPhoto) => p.kind === 'underexposed'],
    ['overexposed', (p: SyntheticPhoto) => p.kind === 'overexposed'],
  ] as const;
  const lines = ['photo \\ decided'.padEnd(16) + cols.map((l) => l.padStart(13)).join('')];
  for (const [label, match] of rowsOf) {
    const counts = cols.map(
      (c) => shoot.filter((p) => match(p) && (by.get(p.id)!.decision === 'keeper' ? 'keeper' : by.get(p.id)!.reason) === c).length,
    );
    lines.push(label.padEnd(16) + counts.map((c) => String(c).padStart(13)).join(''));
  }
  return lines.join('\n');
}

describe('cull quality (synthetic shoot, real pipeline)', () => {
  it('decides >= 95 % of keeper/reject correctly at medium sensitivity', async () => {
    const t0 = performance.now();
    const shoot = await makeSyntheticShoot({ seed: 5150, scenes: 20, width: 1200, height: 800 });
    const t1 = performance.now();

    const inputs: CullInput[] = await mapLimit(shoot, 2, async (p) => {
      const d = await makeDerivatives(p.jpeg);
      return { id: p.id, captureTime: d.metadata.captureTime, features: computeFeatures(d.proxy!) };
    });
    const t2 = performance.now();
    // EXIF capture times survive the round trip (written by sharp, read by our parser).
    for (const [i, p] of shoot.entries()) expect(inputs[i]!.captureTime?.toISOString() ?? null).toBe(p.captureTime?.toISOString() ?? null);

    const results = (['low', 'medium', 'high'] as const).map((s) => ({ s, result: cull(inputs, s) }));
    const t3 = performance.now();
    const medium = results.find((r) => r.s === 'medium')!.result;
    const m = score(shoot, medium);

    const lines = [
      `synthetic shoot: ${shoot.length} photos; generate ${((t1 - t0) / 1000).toFixed(1)} s, pipeline ${((t2 - t1) / 1000).toFixed(1)} s ` +
        `(${(shoot.length / ((t2 - t1) / 1000)).toFixed(1)} photos/s), cull x3 ${(t3 - t2).toFixed(0)} ms`,
      ...results.map(({ s, result }) => {
        const q = score(shoot, result);
        return (
          `${s.padEnd(6)} decision accuracy ${(q.accuracy * 100).toFixed(1)} %, reason accuracy ${(q.reasonAccuracy * 100).toFixed(1)} %, ` +
          `bursts with exactly one keeper ${q.familiesWithOneKeeper}/${q.scenes}, counts ${JSON.stringify(result.counts)}`
        );
      }),
      `medium confusion (a right answer: ${shoot.filter(isFamily).length / 4} burst families with one keeper each, every other row on its own reason):`,
      confusion(shoot, medium),
      ...(m.errors.length ? ['medium errors:', ...m.errors.map((e) => `  ${e}`)] : []),
    ];
    console.log(lines.join('\n'));

    expect(m.accuracy).toBeGreaterThanOrEqual(0.95);
    expect(m.reasonAccuracy).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});
