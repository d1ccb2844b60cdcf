import { describe, expect, it } from 'vitest';
import { cull, CULL_KEEP_REASONS, CULL_PRESETS, CULL_REJECT_REASONS, type CullInput } from './cull.js';
import { computeFeatures, dHash, hammingDistance, laplacianSharpness, pHash, perceptualDistance, type CullFeatures } from './features.js';
import type { GreyProxy } from './derivative.js';
import { mulberry32 } from '@studio/testkit/random';

function grey(width: number, height: number, fn: (x: number, y: number) => number): GreyProxy {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = Math.max(0, Math.min(255, Math.round(fn(x, y))));
  return { data, width, height };
}

/** Random 64-bit hash pair far from everything else (seeded). */
function hashes(seed: number): Pick<CullFeatures, 'dhash' | 'phash'> {
  const r = mulberry32(seed);
  const hex = () => Array.from({ length: 16 }, () => Math.floor(r() * 16).toString(16)).join('');
  return { dhash: hex(), phash: hex() };
}

/** Flips `bits` bits of a 16-hex-digit hash, starting at bit `from` (0 = least significant). */
function flip(hex: string, bits: number, from = 0): string {
  let hi = parseInt(hex.slice(0, 8), 16);
  let lo = parseInt(hex.slice(8), 16);
  for (let b = from; b < from + bits; b++) {
    if (b < 32) lo = (lo ^ (1 << b)) >>> 0;
    else hi = (hi ^ (1 << (b - 32))) >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

function photo(id: string, opts: Partial<CullFeatures> & { t?: number | null; seed?: number } = {}): CullInput {
  const { t = null, seed = id.length * 7919 + id.charCodeAt(id.length - 1), ...f } = opts;
  return {
    id,
    captureTime: t === null ? null : new Date(Date.UTC(2024, 0, 1, 12) + t * 1000),
    features: {
      sharpness: 500,
      sharpness_global: 100,
      mean_luminance: 0.45,
      clipped_share: 0,
      dark_share: 0,
      bright_share: 0,
      p01: 0.05,
      p99: 0.95,
      ...hashes(seed),
      ...f,
    },
  };
}

describe('features', () => {
  it('Laplacian sharpness: flat image 0, fine checkerboard high, blurred edge lower than a hard edge', () => {
    expect(laplacianSharpness(grey(64, 64, () => 128))).toEqual({ global: 0, top: 0 });
    const checker = laplacianSharpness(grey(64, 64, (x, y) => ((x + y) % 2 ? 200 : 50)));
    expect(checker.global).toBeCloseTo(600 * 600, -2); // L = +-4*150 everywhere
    const hard = laplacianSharpness(grey(128, 128, (x) => (x < 64 ? 40 : 200)));
    const soft = laplacianSharpness(grey(128, 128, (x) => 40 + 160 / (1 + Math.exp(-(x - 64) / 3))));
    expect(hard.top).toBeGreaterThan(soft.top * 10);
    // The tile measure looks at the sharpest region: a small sharp subject on a flat frame still scores high.
    const subject = laplacianSharpness(
      grey(512, 512, (x, y) => (x > 200 && x < 300 && y > 200 && y < 300 ? ((x + y) % 2 ? 200 : 50) : 128)),
    );
    expect(subject.top).toBeGreaterThan(subject.global * 5);
  });

  it('exposure features and hashes', () => {
    const img = grey(100, 50, (x) => (x < 10 ? 0 : x >= 90 ? 255 : 128));
    const f = computeFeatures(img);
    expect(f.dark_share).toBeCloseTo(0.1, 5);
    expect(f.bright_share).toBeCloseTo(0.1, 5);
    expect(f.clipped_share).toBeCloseTo(0.2, 5);
    expect(f.p01).toBe(0);
    expect(f.p99).toBe(1);
    expect(f.mean_luminance).toBeCloseTo((0.1 * 0 + 0.1 * 255 + 0.8 * 128) / 255, 3);
    expect(f.dhash).toMatch(/^[0-9a-f]{16}$/);
    expect(f.phash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('hashes: identical content 0 bits apart, brightness change tolerated, different content far apart', () => {
    const a = grey(300, 200, (x, y) => 128 + 80 * Math.sin(x / 23) * Math.cos(y / 17));
    const brighter = grey(300, 200, (x, y) => 148 + 60 * Math.sin(x / 23) * Math.cos(y / 17));
    const other = grey(300, 200, (x, y) => 128 + 80 * Math.sin(y / 9 + x / 40));
    expect(dHash(a)).toBe(dHash(grey(300, 200, (x, y) => 128 + 80 * Math.sin(x / 23) * Math.cos(y / 17))));
    expect(perceptualDistance(computeFeatures(a), computeFeatures(brighter))).toBeLessThanOrEqual(6);
    expect(hammingDistance(pHash(a), pHash(other)) + hammingDistance(dHash(a), dHash(other))).toBeGreaterThan(30);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('zz', '00')).toBe(64);
  });
});

describe('cull rules', () => {
  it('rejects under- and overexposed frames by mean luminance, clipped shares and tonal range', () => {
    const res = cull(
      [
        photo('ok'),
        photo('dark', { mean_luminance: 0.05, p99: 0.2 }),
        photo('crushed', { mean_luminance: 0.2, dark_share: 0.4, clipped_share: 0.4, p99: 0.35 }),
        photo('bright', { mean_luminance: 0.95, p01: 0.7 }),
        photo('blown', { mean_luminance: 0.7, bright_share: 0.3, clipped_share: 0.3, p01: 0.3 }),
        photo('lowkey', { mean_luminance: 0.08, dark_share: 0.3, p99: 0.9 }), // night shot with real highlights
        photo('highkey', { mean_luminance: 0.9, bright_share: 0.5, p01: 0.04 }), // white backdrop, dark subject
      ],
      'medium',
    );
    const by = Object.fromEntries(res.photos.map((p) => [p.id, p]));
    expect(by.ok).toMatchObject({ decision: 'keeper', reason: 'sharp_and_well_exposed' });
    expect(by.dark).toMatchObject({ decision: 'reject', reason: 'underexposed' });
    expect(by.crushed).toMatchObject({ decision: 'reject', reason: 'underexposed' });
    expect(by.bright).toMatchObject({ decision: 'reject', reason: 'overexposed' });
    expect(by.blown).toMatchObject({ decision: 'reject', reason: 'overexposed' });
    expect(by.blown!.explanation).toContain('blown highlights');
    expect(by.lowkey).toMatchObject({ decision: 'keeper', reason: 'sharp_and_well_exposed' });
    expect(by.lowkey!.explanation).toContain('low-key but with real highlights: mean luminance 0.08, brightest 1% at 0.9 (>= 0.5)');
    expect(by.highkey).toMatchObject({ decision: 'keeper', reason: 'sharp_and_well_exposed' });
    expect(by.highkey!.explanation).toContain('high-key but with real shadows: mean luminance 0.9, darkest 1% at 0.04 (<= 0.2)');
    expect(res.counts).toMatchObject({ total: 7, keeper: 3, reject: 4, underexposed: 2, overexposed: 2 });
  });

  it('blur is relative to the shoot median (with an absolute floor)', () => {
    const shoot = [100, 120, 140, 150, 160, 30].map((s, i) => photo(`p${i}`, { sharpness: s, seed: i + 1 }));
    const res = cull(shoot, 'medium');
    expect(res.thresholds.sharpness_reference).toBe(130);
    expect(res.thresholds.sharpness_threshold).toBeCloseTo(CULL_PRESETS.medium.blur_ratio * 130, 2);
    expect(res.photos.map((p) => p.reason)).toEqual([...Array(5).fill('sharp_and_well_exposed'), 'blurry']);
    // Same shape at 10x the sharpness (another camera/resolution): same decisions.
    const scaled = cull(
      shoot.map((p) => ({ ...p, features: { ...p.features, sharpness: p.features.sharpness * 10 } })),
      'medium',
    );
    expect(scaled.photos.map((p) => p.reason)).toEqual(res.photos.map((p) => p.reason));
    // A shoot blurred throughout falls under the floor.
    const soft = cull(
      [5, 6, 7].map((s, i) => photo(`s${i}`, { sharpness: s, seed: 40 + i })),
      'medium',
    );
    expect(soft.photos.every((p) => p.reason === 'blurry')).toBe(true);
  });

  it('groups near-duplicates within the time window and keeps the sharpest frame', () => {
    const base = hashes(1);
    const near = (bits: number) => ({ dhash: flip(base.dhash, bits), phash: base.phash });
    const shoot = [
      photo('b1', { t: 0, sharpness: 480, ...base }),
      photo('b2', { t: 1, sharpness: 520, ...near(4) }),
      photo('b3', { t: 2, sharpness: 470, ...near(8) }),
      photo('late', { t: 60, sharpness: 500, ...near(2) }), // same look, a minute later: not a duplicate
      photo('other', { t: 1.5, sharpness: 500, seed: 77 }),
    ];
    const res = cull(shoot, 'medium');
    const by = Object.fromEntries(res.photos.map((p) => [p.id, p]));
    expect(by.b2).toMatchObject({ decision: 'keeper', reason: 'best_of_near_duplicates', best_in_group: true, duplicate_group: 'dup:b1' });
    expect(by.b1).toMatchObject({ decision: 'reject', reason: 'duplicate', best_in_group: false, duplicate_group: 'dup:b1' });
    expect(by.b3).toMatchObject({ decision: 'reject', reason: 'duplicate', duplicate_group: 'dup:b1' });
    expect(by.late).toMatchObject({ decision: 'keeper', reason: 'sharp_and_well_exposed', duplicate_group: null });
    expect(by.other).toMatchObject({ decision: 'keeper', duplicate_group: null });
    expect(res.counts).toMatchObject({ duplicate: 2, duplicate_groups: 1 });
  });

  it('without capture time the hash alone decides, with the tighter distance', () => {
    const base = hashes(2);
    const t = CULL_PRESETS.medium;
    const res = cull(
      [
        photo('a', { ...base, sharpness: 500 }),
        photo('b', { dhash: flip(base.dhash, t.dup_distance_untimed), phash: base.phash, sharpness: 400 }),
        photo('c', { dhash: flip(base.dhash, t.dup_distance_untimed + 1, 30), phash: base.phash, sharpness: 400, t: 0 }),
      ],
      'medium',
    );
    const by = Object.fromEntries(res.photos.map((p) => [p.id, p]));
    expect(by.b).toMatchObject({ reason: 'duplicate', duplicate_group: by.a!.duplicate_group });
    expect(by.c!.duplicate_group).toBeNull();
  });

  it('a burst frame much softer than its siblings is blurry; bad-exposure frames keep their own reason', () => {
    const base = hashes(3);
    const res = cull(
      [
        photo('sharp', { t: 0, ...base, sharpness: 900 }),
        photo('soft', { t: 1, ...base, sharpness: 200 }), // above the shoot threshold, but 0.22x its sibling
        photo('dark', { t: 2, ...base, sharpness: 950, mean_luminance: 0.05, p99: 0.2 }),
        ...[400, 500, 600].map((s, i) => photo(`x${i}`, { t: 100 + i * 30, sharpness: s, seed: 90 + i })),
      ],
      'medium',
    );
    const by = Object.fromEntries(res.photos.map((p) => [p.id, p]));
    expect(by.sharp).toMatchObject({ decision: 'keeper', best_in_group: true });
    expect(by.soft).toMatchObject({ reason: 'blurry' });
    expect(by.soft!.explanation).toContain('sharpest near-duplicate');
    expect(by.dark).toMatchObject({ reason: 'underexposed', best_in_group: false });
  });

  it('a group with no acceptable frame has a best frame but no keeper', () => {
    const base = hashes(4);
    const res = cull(
      [
        photo('d1', { t: 0, ...base, mean_luminance: 0.04, p99: 0.1, sharpness: 50 }),
        photo('d2', { t: 1, ...base, mean_luminance: 0.05, p99: 0.1, sharpness: 80 }),
      ],
      'medium',
    );
    expect(res.photos.map((p) => [p.decision, p.reason, p.best_in_group])).toEqual([
      ['reject', 'underexposed', false],
      ['reject', 'underexposed', true],
    ]);
    // The fallback frame keeps its own reason and says it was the best available of its group.
    expect(res.photos[1]!.explanation).toBe(
      `underexposed: mean luminance 0.05 < ${CULL_PRESETS.medium.under_mean}, brightest 1% below 0.1 (< ${CULL_PRESETS.medium.under_p99}); ` +
        'best available of 2 near-duplicates, none of which passed (sharpness 80 vs 50 underexposed)',
    );
    expect(res.photos[0]!.explanation).not.toContain('best available');
  });

  it('is deterministic and independent of input order', () => {
    const rand = mulberry32(5);
    const base = hashes(6);
    const shoot: CullInput[] = Array.from({ length: 60 }, (_, i) =>
      photo(`p${String(i).padStart(2, '0')}`, {
        t: i % 7 === 0 ? null : Math.floor(i / 4) * 3 + (i % 4) * 0.5,
        sharpness: Math.round(50 + rand() * 900),
        mean_luminance: Math.round((0.05 + rand() * 0.9) * 1000) / 1000,
        ...(i % 4 === 0 ? base : hashes(100 + Math.floor(i / 4))),
      }),
    );
    const a = cull(shoot, 'high');
    const shuffled = [...shoot].sort(() => 0).reverse();
    const b = cull(shuffled, 'high');
    const key = (r: ReturnType<typeof cull>) => JSON.stringify([...r.photos].sort((x, y) => (x.id < y.id ? -1 : 1)));
    expect(key(b)).toBe(key(a));
    expect(JSON.stringify(cull(shoot, 'high'))).toBe(JSON.stringify(a));
    expect(b.photos.map((p) => p.id)).toEqual(shuffled.map((p) => p.id)); // output follows the input order
  });

  it('sensitivity orders the number of rejects: low <= medium <= high', () => {
    const rand = mulberry32(8);
    const shoot = Array.from({ length: 80 }, (_, i) =>
      photo(`q${i}`, {
        t: i * 2,
        sharpness: Math.round(20 + rand() * 600),
        mean_luminance: Math.round(rand() * 1000) / 1000,
        seed: 500 + (i >> 1),
      }),
    );
    const rejects = (['low', 'medium', 'high'] as const).map((s) => cull(shoot, s).counts.reject);
    expect(rejects[0]!).toBeLessThanOrEqual(rejects[1]!);
    expect(rejects[1]!).toBeLessThanOrEqual(rejects[2]!);
  });

  it('rejects duplicate ids and handles an empty shoot', () => {
    expect(() => cull([photo('a'), photo('a')])).toThrow(/duplicate photo id/);
    expect(cull([]).counts).toMatchObject({ total: 0, keeper: 0, reject: 0 });
    // An invalid Date counts as an unknown capture time (hash-only comparison), not as an error.
    const base = hashes(9);
    const res = cull([photo('x', { t: 0, ...base }), { ...photo('y', { ...base, sharpness: 400 }), captureTime: new Date(NaN) }]);
    expect(res.photos.map((p) => p.reason)).toEqual(['best_of_near_duplicates', 'duplicate']);
  });
});

describe('every decision explains itself', () => {
  const t = CULL_PRESETS.medium;
  const base = hashes(21);
  const near = (bits: number) => ({ dhash: flip(base.dhash, bits), phash: base.phash });
  const shoot = [
    photo('b1', { t: 0, sharpness: 480, ...base }),
    photo('b2', { t: 1, sharpness: 520, ...near(4) }),
    photo('b3', { t: 2, sharpness: 470, ...near(8) }),
    photo('solo', { t: 100, sharpness: 500, seed: 31 }),
    photo('soft', { t: 200, sharpness: 30, seed: 32 }),
    photo('dark', { t: 300, sharpness: 500, mean_luminance: 0.05, p99: 0.2, seed: 33 }),
  ];
  const res = cull(shoot, 'medium');
  const by = Object.fromEntries(res.photos.map((p) => [p.id, p]));
  const threshold = res.thresholds.sharpness_threshold;

  it('gives every photo a non-null reason code that matches its decision, and an explanation', () => {
    for (const p of res.photos) {
      expect(p.reason).not.toBeNull();
      expect(p.explanation.length).toBeGreaterThan(10);
      expect(p.decision === 'keeper' ? CULL_KEEP_REASONS : CULL_REJECT_REASONS).toContain(p.reason);
    }
    expect(res.counts).toMatchObject({ keeper: 2, reject: 4, duplicate: 2, blurry: 1, underexposed: 1 });
  });

  it('a lone keeper: sharp and well exposed, with the sharpness threshold and the exposure limits', () => {
    expect(threshold).toBe(Math.max(t.blur_floor, t.blur_ratio * res.thresholds.sharpness_reference));
    expect(by.solo).toMatchObject({ decision: 'keeper', reason: 'sharp_and_well_exposed' });
    expect(by.solo!.explanation).toBe(
      `sharp and well exposed: sharpness 500 >= ${threshold} (${t.blur_ratio} x shoot median ${res.thresholds.sharpness_reference}), ` +
        `mean luminance 0.45 within ${t.under_mean}..${t.over_mean}`,
    );
  });

  it('the keeper of a near-duplicate group says it is the sharpest, of how many, against which numbers', () => {
    expect(by.b2).toMatchObject({ decision: 'keeper', reason: 'best_of_near_duplicates', best_in_group: true });
    expect(by.b2!.explanation).toMatch(/^sharpest of 3 near-duplicates \(sharpness 520 vs 480, 470\); sharpness 520 >= /);
    expect(by.b1!.explanation).toBe('duplicate: one of 3 near-duplicates; b2 is sharper and kept (sharpness 520 vs 480)');
    expect(by.b3!.explanation).toBe('duplicate: one of 3 near-duplicates; b2 is sharper and kept (sharpness 520 vs 470)');
  });

  it('rejects name the number and the threshold they failed', () => {
    expect(by.soft).toMatchObject({
      reason: 'blurry',
      explanation: `blurry: sharpness 30 < ${threshold} (${t.blur_ratio} x shoot median 480)`,
    });
    expect(by.dark).toMatchObject({
      reason: 'underexposed',
      explanation: `underexposed: mean luminance 0.05 < ${t.under_mean}, brightest 1% below 0.2 (< ${t.under_p99})`,
    });
  });

  it('a group keeper that is not the sharpest frame says it is the sharpest of those that passed', () => {
    const g = cull(
      [
        photo('k', { t: 0, ...base, sharpness: 600 }),
        photo('dk', { t: 1, ...near(2), sharpness: 900, mean_luminance: 0.05, p99: 0.2 }),
        photo('k2', { t: 2, ...near(3), sharpness: 550 }),
        ...[500, 600, 700].map((s, i) => photo(`x${i}`, { t: 100 + i * 30, sharpness: s, seed: 60 + i })),
      ],
      'medium',
    );
    const k = g.photos.find((p) => p.id === 'k')!;
    expect(k).toMatchObject({ decision: 'keeper', reason: 'best_of_near_duplicates' });
    expect(k.explanation).toMatch(
      /^sharpest of the 2 of 3 near-duplicates that are well exposed and in focus \(sharpness 600 vs 900 underexposed, 550\); /,
    );
  });

  it('the result carries the thresholds used: the preset (with overrides) plus the shoot-relative sharpness', () => {
    for (const s of ['low', 'medium', 'high'] as const) {
      const r = cull(shoot, s);
      const { sharpness_reference, sharpness_threshold, ...preset } = r.thresholds;
      expect(preset).toEqual(CULL_PRESETS[s]);
      expect(sharpness_threshold).toBe(
        Math.round(Math.max(CULL_PRESETS[s].blur_floor, CULL_PRESETS[s].blur_ratio * sharpness_reference) * 100) / 100,
      );
    }
    expect(cull(shoot, 'medium', { dup_distance: 3 }).thresholds).toMatchObject({ ...t, dup_distance: 3 });
  });
});
