/**
 * Explainable, CPU-only culling of a shoot. Input: per photo its id, capture time and the features computed from
 * its greyscale proxy (features.ts). Output: keeper/reject with ONE reason (a machine code, keepers included:
 * CULL_REJECT_REASONS / CULL_KEEP_REASONS), the scores behind it, the near-duplicate group and a sentence naming
 * the rule and the numbers that decided; the result carries the thresholds applied. Same input -> same output: photos are processed
 * in (capture time, id) order whatever the input order, there is no randomness, features are rounded.
 *
 * THE RULES (numbers per sensitivity in CULL_PRESETS; "high" rejects more):
 *
 * 1. Exposure (absolute; checked first because it is the most visible fault, and because a badly exposed
 *    frame's sharpness cannot be trusted: dark frames have less contrast, blown ones lose edges):
 *    - underexposed: the brightest tones are dim (99th luminance percentile < under_p99) AND (mean luminance
 *      < under_mean OR crushed-black share (pixels <= 2) >= dark_clip). The percentile guard spares low-key
 *      and night photos that are dark on purpose but still have real highlights.
 *    - overexposed: the darkest tones are washed out (1st percentile > over_p01) AND (mean luminance > over_mean
 *      OR blown-highlight share (pixels >= 253) >= bright_clip). The guard spares high-key photos (white
 *      backdrop, snow) that still have real shadows.
 * 2. Blur, relative to the shoot: sharpness (Laplacian variance of the frame's sharpest tiles) below
 *    max(blur_floor, blur_ratio x median sharpness of the shoot's well-exposed photos). Relative, so a shoot from
 *    a soft lens or a small sensor is not rejected wholesale; the floor catches shoots that are blurred throughout.
 * 3. Blur, relative to the burst: inside a near-duplicate group, a well-exposed frame whose sharpness is below
 *    group_blur_ratio x the group's sharpest well-exposed frame is blurry (a missed-focus frame of a burst is
 *    judged against its own siblings, which is independent of the subject's content).
 * 4. Near-duplicates: two photos are the same moment when their perceptual distance (dHash + pHash differing
 *    bits, 0..128) is <= dup_distance AND their capture times are at most dup_window_s apart; when either capture
 *    time is unknown, the hash alone decides with the tighter dup_distance_untimed. Groups are the connected
 *    components of that relation (a burst links frame to frame). In each group the best frame is the sharpest
 *    one that passed rules 1-3 (ties: mean luminance closer to 0.5, then fewer clipped pixels, then id); it is the
 *    keeper and the other frames that passed rules 1-3 are rejected as "duplicate". Frames that failed rules 1-3
 *    keep their own reason. When no frame of a group passed, the sharpest well-exposed (else sharpest) frame is
 *    still marked best_in_group, but stays rejected (with its own reason; its explanation says it was the best
 *    available frame of the group).
 * Precedence of reasons: underexposed/overexposed > blurry > duplicate.
 * Keepers: best_of_near_duplicates (the best frame of a group, rule 4), else sharp_and_well_exposed.
 */
import {
  CULL_KEEP_REASONS,
  CULL_REJECT_REASONS,
  type CULL_SENSITIVITIES,
  type CullCountsJson,
  type CullDecisionJson,
  type CullThresholdsJson,
} from '@studio/contracts/records';
import { packHashes, popcount32, type CullFeatures } from './features.js';

// The reason codes are part of the public JSON (clients may depend on them): declared with the cull's record.
export { CULL_KEEP_REASONS, CULL_REJECT_REASONS };

export type Sensitivity = (typeof CULL_SENSITIVITIES)[number];
export type CullRejectReason = (typeof CULL_REJECT_REASONS)[number];
export type CullKeepReason = (typeof CULL_KEEP_REASONS)[number];
export type CullReason = CullRejectReason | CullKeepReason;
export type CullDecisionKind = 'keeper' | 'reject';

export interface CullInput {
  id: string;
  captureTime: Date | null;
  features: CullFeatures;
}

/** A photo's scores, as its decision in the job's result carries them. */
export type CullScores = CullDecisionJson['scores'];

export interface CullDecision {
  id: string;
  decision: CullDecisionKind;
  /** Never null: a CullRejectReason for a reject, a CullKeepReason for a keeper. */
  reason: CullReason;
  scores: CullScores;
  /** Id of the near-duplicate group (`dup:` + id of its earliest frame), null for a photo without near-duplicates. */
  duplicate_group: string | null;
  best_in_group: boolean;
  /** The rule that decided, with the numbers (for people). */
  explanation: string;
}

/** A preset: the applied thresholds (their meaning is in the record) without the two derived from the shoot. */
export type CullThresholds = Omit<CullAppliedThresholds, 'sharpness_reference' | 'sharpness_threshold'>;

/**
 * Tuned on synthetic shoots (see cull.quality.spec.ts); medium is the default. Sharpness numbers are Laplacian
 * variances on the 1024 px 8-bit proxy.
 */
export const CULL_PRESETS: Readonly<Record<Sensitivity, Readonly<CullThresholds>>> = {
  low: {
    under_mean: 0.08,
    under_p99: 0.4,
    over_mean: 0.92,
    over_p01: 0.3,
    dark_clip: 0.4,
    bright_clip: 0.4,
    blur_ratio: 0.2,
    blur_floor: 12,
    group_blur_ratio: 0.2,
    dup_distance: 24,
    dup_distance_untimed: 16,
    dup_window_s: 5,
  },
  medium: {
    under_mean: 0.15,
    under_p99: 0.5,
    over_mean: 0.85,
    over_p01: 0.2,
    dark_clip: 0.25,
    bright_clip: 0.25,
    blur_ratio: 0.3,
    blur_floor: 20,
    group_blur_ratio: 0.35,
    dup_distance: 30,
    dup_distance_untimed: 20,
    dup_window_s: 10,
  },
  high: {
    under_mean: 0.2,
    under_p99: 0.6,
    over_mean: 0.8,
    over_p01: 0.12,
    dark_clip: 0.15,
    bright_clip: 0.15,
    blur_ratio: 0.45,
    blur_floor: 30,
    group_blur_ratio: 0.5,
    dup_distance: 36,
    dup_distance_untimed: 24,
    dup_window_s: 20,
  },
};

/** What the job's result and its events carry. */
export type CullCounts = CullCountsJson;

export interface CullResult {
  sensitivity: Sensitivity;
  /** Per photo, in the order of the input. */
  photos: CullDecision[];
  counts: CullCounts;
  /** The thresholds applied, including the shoot-relative sharpness threshold actually used. */
  thresholds: CullAppliedThresholds;
}

/**
 * The preset (with overrides) plus the shoot-relative sharpness numbers rule 2 derived from it: sharpness_reference
 * is the median sharpness of the shoot's well-exposed photos (of all photos when none is), sharpness_threshold is
 * max(blur_floor, blur_ratio x sharpness_reference), below which a well-exposed photo is blurry.
 */
export type CullAppliedThresholds = CullThresholdsJson;

const r2 = (v: number) => Math.round(v * 100) / 100;
const finite = (v: number, fallback = 0) => (Number.isFinite(v) ? v : fallback);

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

type Exposure = 'underexposed' | 'overexposed' | null;

function exposureOf(f: CullFeatures, t: CullThresholds): { verdict: Exposure; why: string } {
  const mean = finite(f.mean_luminance, 0.5);
  const dark = finite(f.dark_share);
  const bright = finite(f.bright_share);
  // Features computed without percentiles: the guards pass and the mean/clipping tests alone decide.
  const p99 = finite(f.p99, 0);
  const p01 = finite(f.p01, 1);
  const pct = (v: number) => `${r2(v * 100)}%`;
  if (p99 < t.under_p99) {
    const dim = `brightest 1% below ${p99} (< ${t.under_p99})`;
    if (mean < t.under_mean) return { verdict: 'underexposed', why: `mean luminance ${mean} < ${t.under_mean}, ${dim}` };
    if (dark >= t.dark_clip) return { verdict: 'underexposed', why: `${pct(dark)} crushed blacks >= ${pct(t.dark_clip)}, ${dim}` };
  }
  if (p01 > t.over_p01) {
    const washed = `darkest 1% above ${p01} (> ${t.over_p01})`;
    if (mean > t.over_mean) return { verdict: 'overexposed', why: `mean luminance ${mean} > ${t.over_mean}, ${washed}` };
    if (bright >= t.bright_clip)
      return { verdict: 'overexposed', why: `${pct(bright)} blown highlights >= ${pct(t.bright_clip)}, ${washed}` };
  }
  // Passed: say why, naming the guard that spared a dark (low-key) or bright (high-key) frame.
  if (mean < t.under_mean || dark >= t.dark_clip)
    return { verdict: null, why: `low-key but with real highlights: mean luminance ${mean}, brightest 1% at ${p99} (>= ${t.under_p99})` };
  if (mean > t.over_mean || bright >= t.bright_clip)
    return { verdict: null, why: `high-key but with real shadows: mean luminance ${mean}, darkest 1% at ${p01} (<= ${t.over_p01})` };
  return { verdict: null, why: `mean luminance ${mean} within ${t.under_mean}..${t.over_mean}` };
}

class UnionFind {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }
  find(i: number): number {
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r]!;
    while (this.parent[i] !== r) {
      const next = this.parent[i]!;
      this.parent[i] = r;
      i = next;
    }
    return r;
  }
  /** The smaller index becomes the root, so roots are the earliest frame (deterministic). */
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    if (ra < rb) this.parent[rb] = ra;
    else this.parent[ra] = rb;
  }
}

/**
 * Near-duplicate groups over photos sorted by (capture time, id): returns the root index per photo.
 * Timed pairs are only compared inside the time window (sliding window over the sorted times); a photo without a
 * capture time is compared with every other photo using the untimed distance.
 */
function groupNearDuplicates(sorted: CullInput[], t: CullThresholds): UnionFind {
  const n = sorted.length;
  const uf = new UnionFind(n);
  // Hashes parsed once: 4 words per photo; photos with a missing/malformed hash never group.
  const words = new Uint32Array(n * 4);
  const hashed = sorted.map((p, i) => packHashes(p.features, words, i * 4));
  const distance = (i: number, j: number) => {
    const a = i * 4;
    const b = j * 4;
    return (
      popcount32((words[a]! ^ words[b]!) >>> 0) +
      popcount32((words[a + 1]! ^ words[b + 1]!) >>> 0) +
      popcount32((words[a + 2]! ^ words[b + 2]!) >>> 0) +
      popcount32((words[a + 3]! ^ words[b + 3]!) >>> 0)
    );
  };
  const times = sorted.map((p) => (p.captureTime ? p.captureTime.getTime() : NaN));
  const windowMs = t.dup_window_s * 1000;
  const timed: number[] = [];
  const untimed: number[] = [];
  for (let i = 0; i < n; i++) if (hashed[i]) (Number.isFinite(times[i]!) ? timed : untimed).push(i);
  for (let a = 0; a < timed.length; a++) {
    const i = timed[a]!;
    for (let b = a + 1; b < timed.length; b++) {
      const j = timed[b]!;
      if (times[j]! - times[i]! > windowMs) break;
      if (distance(i, j) <= t.dup_distance) uf.union(i, j);
    }
  }
  for (const i of untimed) {
    for (let j = 0; j < n; j++) {
      if (j === i || !hashed[j] || (!Number.isFinite(times[j]!) && j < i)) continue; // untimed pairs once
      if (distance(i, j) <= t.dup_distance_untimed) uf.union(i, j);
    }
  }
  return uf;
}

/** Ranking inside a group: sharper first, then mean luminance closer to 0.5, then fewer clipped pixels, then id. */
function better(a: CullInput, b: CullInput): boolean {
  const sa = finite(a.features.sharpness);
  const sb = finite(b.features.sharpness);
  if (sa !== sb) return sa > sb;
  const ea = Math.abs(finite(a.features.mean_luminance, 0.5) - 0.5);
  const eb = Math.abs(finite(b.features.mean_luminance, 0.5) - 0.5);
  if (ea !== eb) return ea < eb;
  const ca = finite(a.features.clipped_share);
  const cb = finite(b.features.clipped_share);
  if (ca !== cb) return ca < cb;
  return compareIds(a.id, b.id) < 0;
}

/** Decides keeper/reject for every photo of a shoot. See the rules at the top of this file. */
export function cull(
  photos: readonly CullInput[],
  sensitivity: Sensitivity = 'medium',
  overrides: Partial<CullThresholds> = {},
): CullResult {
  const base = CULL_PRESETS[sensitivity];
  if (!base) throw new RangeError(`unknown sensitivity: ${String(sensitivity)}`);
  const t: CullThresholds = { ...base, ...overrides };
  const seen = new Set<string>();
  for (const p of photos) {
    if (seen.has(p.id)) throw new RangeError(`duplicate photo id: ${p.id}`);
    seen.add(p.id);
  }

  // Deterministic processing order: capture time (unknown last), then id.
  // Invalid dates count as unknown.
  const normalised = photos.map((p) => (p.captureTime && Number.isFinite(p.captureTime.getTime()) ? p : { ...p, captureTime: null }));
  const sorted = normalised.sort((a, b) => {
    const ta = a.captureTime ? a.captureTime.getTime() : Number.POSITIVE_INFINITY;
    const tb = b.captureTime ? b.captureTime.getTime() : Number.POSITIVE_INFINITY;
    if (ta !== tb) return ta < tb ? -1 : 1;
    return compareIds(a.id, b.id);
  });
  const n = sorted.length;

  // Rule 1: exposure.
  const exposure = sorted.map((p) => exposureOf(p.features, t));
  const wellExposed = (i: number) => exposure[i]!.verdict === null;

  // Rule 2: blur relative to the shoot.
  const exposedSharpness = sorted.filter((_, i) => wellExposed(i)).map((p) => finite(p.features.sharpness));
  const reference = r2(median(exposedSharpness.length > 0 ? exposedSharpness : sorted.map((p) => finite(p.features.sharpness))));
  const sharpnessThreshold = r2(Math.max(t.blur_floor, t.blur_ratio * reference));
  const thresholdWhy =
    sharpnessThreshold === t.blur_floor ? `floor ${t.blur_floor}` : `${sharpnessThreshold} (${t.blur_ratio} x shoot median ${reference})`;
  const blurry: (string | null)[] = sorted.map((p, i) => {
    if (!wellExposed(i)) return null;
    const s = finite(p.features.sharpness);
    if (s >= sharpnessThreshold) return null;
    return s < t.blur_floor
      ? `sharpness ${s} < floor ${t.blur_floor}`
      : `sharpness ${s} < ${sharpnessThreshold} (${t.blur_ratio} x shoot median ${reference})`;
  });

  // Rule 4 (grouping first, rule 3 needs the groups).
  const uf = groupNearDuplicates(sorted, t);
  const members = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const root = uf.find(i);
    const list = members.get(root);
    if (list) list.push(i);
    else members.set(root, [i]);
  }

  const decisions: CullDecision[] = new Array(n);
  const groupOf: (string | null)[] = new Array(n).fill(null);
  const best = new Uint8Array(n);
  const duplicateOf: (number | null)[] = new Array(n).fill(null);
  const groupSize = new Int32Array(n);
  /** For the best frame of a group: how it compares with its siblings (for the explanation). */
  const bestWhy: (string | null)[] = new Array(n).fill(null);

  for (const [root, list] of members) {
    if (list.length < 2) continue;
    const groupId = `dup:${sorted[root]!.id}`;
    for (const i of list) {
      groupOf[i] = groupId;
      groupSize[i] = list.length;
    }

    // Rule 3: blur relative to the sharpest well-exposed sibling.
    const exposed = list.filter(wellExposed);
    if (exposed.length > 1) {
      const ref = Math.max(...exposed.map((i) => finite(sorted[i]!.features.sharpness)));
      const limit = r2(t.group_blur_ratio * ref);
      for (const i of exposed) {
        const s = finite(sorted[i]!.features.sharpness);
        if (blurry[i] === null && s < limit) {
          blurry[i] = `sharpness ${s} < ${limit} (${t.group_blur_ratio} x sharpest near-duplicate ${ref})`;
        }
      }
    }

    // Best frame: among frames that passed rules 1-3, else the best well-exposed, else the best.
    const passed = list.filter((i) => wellExposed(i) && blurry[i] === null);
    const pool = passed.length > 0 ? passed : exposed.length > 0 ? exposed : list;
    let winner = pool[0]!;
    for (const i of pool) if (better(sorted[i]!, sorted[winner]!)) winner = i;
    best[winner] = 1;
    if (passed.length > 0) for (const i of passed) if (i !== winner) duplicateOf[i] = winner;

    // The winner's comparison: siblings by sharpness (descending, then id), each failed one with its reason.
    const sharp = (i: number) => finite(sorted[i]!.features.sharpness);
    const siblings = list
      .filter((i) => i !== winner)
      .sort((a, b) => sharp(b) - sharp(a) || compareIds(sorted[a]!.id, sorted[b]!.id))
      .map((i) => {
        const why = exposure[i]!.verdict ?? (blurry[i] !== null ? 'blurry' : null);
        return why ? `${sharp(i)} ${why}` : `${sharp(i)}`;
      });
    const sharpest = list.every((i) => sharp(i) <= sharp(winner));
    const tie = pool.some((i) => i !== winner && sharp(i) === sharp(winner)) ? '; tie broken by exposure, clipping, then id' : '';
    const of =
      passed.length > 0
        ? sharpest
          ? `sharpest of ${list.length} near-duplicates`
          : `sharpest of the ${passed.length} of ${list.length} near-duplicates that are well exposed and in focus`
        : `best available of ${list.length} near-duplicates, none of which passed`;
    bestWhy[winner] = `${of} (sharpness ${sharp(winner)} vs ${siblings.join(', ')}${tie})`;
  }

  for (let i = 0; i < n; i++) {
    const p = sorted[i]!;
    const f = p.features;
    const scores: CullScores = {
      sharpness: finite(f.sharpness),
      mean_luminance: finite(f.mean_luminance),
      clipped_share: finite(f.clipped_share),
    };
    let reason: CullReason;
    let explanation: string;
    let keep = false;
    const exp = exposure[i]!;
    if (exp.verdict) {
      reason = exp.verdict;
      explanation = `${exp.verdict}: ${exp.why}`;
    } else if (blurry[i] !== null) {
      reason = 'blurry';
      explanation = `blurry: ${blurry[i]}`;
    } else if (duplicateOf[i] !== null) {
      const w = sorted[duplicateOf[i]!]!;
      const ws = finite(w.features.sharpness);
      reason = 'duplicate';
      explanation =
        ws === scores.sharpness
          ? `duplicate: one of ${groupSize[i]} near-duplicates; ${w.id} is kept (same sharpness ${ws}; tie broken by exposure, clipping, then id)`
          : `duplicate: one of ${groupSize[i]} near-duplicates; ${w.id} is sharper and kept (sharpness ${ws} vs ${scores.sharpness})`;
    } else {
      const passedWhy = `sharpness ${scores.sharpness} >= ${thresholdWhy}, ${exp.why}`;
      keep = true;
      reason = groupOf[i] ? 'best_of_near_duplicates' : 'sharp_and_well_exposed';
      explanation = groupOf[i] ? `${bestWhy[i]}; ${passedWhy}` : `sharp and well exposed: ${passedWhy}`;
    }
    // The best available frame of a group where none passed stays rejected with its own reason, and says so.
    if (!keep && bestWhy[i] !== null) explanation += `; ${bestWhy[i]}`;
    decisions[i] = {
      id: p.id,
      decision: keep ? 'keeper' : 'reject',
      reason,
      scores,
      duplicate_group: groupOf[i]!,
      best_in_group: best[i] === 1,
      explanation,
    };
  }

  const byId = new Map(decisions.map((d) => [d.id, d]));
  const ordered = photos.map((p) => byId.get(p.id)!);
  const counts: CullCounts = {
    total: n,
    keeper: 0,
    reject: 0,
    blurry: 0,
    underexposed: 0,
    overexposed: 0,
    duplicate: 0,
    duplicate_groups: [...members.values()].filter((l) => l.length > 1).length,
  };
  for (const d of decisions) {
    counts[d.decision]++;
    if (d.decision === 'reject') counts[d.reason as CullRejectReason]++;
  }
  return {
    sensitivity,
    photos: ordered,
    counts,
    thresholds: { ...t, sharpness_reference: reference, sharpness_threshold: sharpnessThreshold },
  };
}
