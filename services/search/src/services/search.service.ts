/**
 * GET /search: parse, ask the dictionary, run the relevance tiers best first until a page (plus one row, to
 * know whether there is a next page) is filled, and cut snippets from the rows' field texts.
 *
 * Order: tier DESC, then sort_key DESC (the entity's updated_at, most recent first), doc_id DESC, doc_type
 * DESC. `rank` in an item is tier + sort_key / 2^43: a float8 that is exact (43 fraction bits for epoch
 * milliseconds until the year 2248, 3 bits for the tier) and orders exactly like the key. The cursor carries
 * the key itself (tier, sort_key, doc_id, doc_type) plus a fingerprint of the search it belongs to, signed
 * by @studio/cursor: no repeats or gaps between pages, and a forged, corrupted or foreign cursor is a 400.
 */
import { createHash } from 'node:crypto';
import { AppError } from '@studio/errors';
import type { CursorCodec } from '@studio/cursor';
import { isCanonicalUuid } from '@studio/uuid';
import { DOC_TYPES, isDocType, type DocType } from './document-mapping.js';
import {
  MAX_PREFIX_WORDS,
  fuzzyTiers,
  parseQuery,
  resolveTerm,
  tierFive,
  tierFour,
  tierThree,
  type QueryTerm,
  type ResolvedTerm,
  type TermExtensions,
  type Tier,
  type TierPlan,
} from './query-parser.js';
import { buildSnippet } from './snippet.js';
import { editDistance, isDigits, quoteLexeme } from './text-analysis.js';
import type { DocKey, DocRow, SearchStore } from '../store/search.store.js';

export const CURSOR_KIND = 'search';
const RANK_SCALE = 2 ** 43;
const LETTER_INITIAL_RE = /^\p{L}/u;
/** Dictionary candidates examined per term, and corrections kept per term. */
const CANDIDATES_PER_TERM = 40;
const CORRECTIONS_PER_TERM = 6;

export interface SearchRequest {
  workspaceId: string;
  q: string;
  /** null: every type. */
  types: DocType[] | null;
  limit: number;
  cursor?: string;
}

export interface SearchItem {
  type: DocType;
  id: string;
  title: string;
  snippet: { field: string; text: string; highlights: [number, number][] } | null;
  rank: number;
}

export interface SearchPage {
  items: SearchItem[];
  nextCursor: string | null;
}

interface Position {
  tier: Tier;
  key: DocKey;
}

interface Hit extends DocRow {
  tier: Tier;
}

export function rankOf(tier: number, sortKey: bigint): number {
  const clamped = sortKey < 0n ? 0n : sortKey >= BigInt(RANK_SCALE) ? BigInt(RANK_SCALE - 1) : sortKey;
  return tier + Number(clamped) / RANK_SCALE;
}

/** Binds a cursor to one search: same workspace, same terms, same type filter. */
export function fingerprint(workspaceId: string, terms: QueryTerm[], types: DocType[] | null): string {
  const t = types ? [...types].sort() : null;
  return createHash('sha256')
    .update(JSON.stringify([workspaceId, terms.map((x) => x.lexeme), t]))
    .digest('base64url')
    .slice(0, 16);
}

export function encodeCursor(codec: CursorCodec, fp: string, hit: DocKey & { tier: Tier }): string {
  return codec.encode(CURSOR_KIND, [fp, hit.tier, Number(hit.sortKey), hit.id, hit.type]);
}

export function decodeCursor(codec: CursorCodec, fp: string, cursor: string): Position {
  const values = codec.decode(CURSOR_KIND, cursor);
  const invalid = () => new AppError('invalid_input', 'cursor is invalid');
  if (values.length !== 5) throw invalid();
  const [f, tier, sortKey, id, type] = values;
  if (f !== fp) throw new AppError('invalid_input', 'cursor belongs to another search');
  if (typeof tier !== 'number' || !Number.isInteger(tier) || tier < 1 || tier > 5) throw invalid();
  if (typeof sortKey !== 'number' || !Number.isSafeInteger(sortKey)) throw invalid();
  // Signed, so its id is one the index wrote: lower case, as PostgreSQL returns it.
  if (!isCanonicalUuid(id)) throw invalid();
  if (!isDocType(type)) throw invalid();
  return { tier: tier as Tier, key: { sortKey: BigInt(sortKey), id, type } };
}

/**
 * Keeps the dictionary words that are plausible typos of `term`: within 1 edit (terms up to 5 letters) or 2
 * edits (longer), on the whole word or on the word's prefix of the term's length (typo while still typing),
 * closest first, then most frequent. Words the term is a prefix of are left out: the prefix tiers match them.
 */
export function chooseCorrections(
  term: string,
  candidates: { word: string; similarity: number; ndocP?: number; ndocS?: number }[],
): string[] {
  const length = Array.from(term).length;
  const max = length <= 5 ? 1 : 2;
  const scored: { word: string; distance: number; similarity: number; ndoc: number }[] = [];
  for (const c of candidates) {
    if (c.word === term || c.word.startsWith(term)) continue;
    let distance = editDistance(term, c.word, max);
    if (distance > max && Array.from(c.word).length > length) {
      distance = editDistance(term, Array.from(c.word).slice(0, length).join(''), max) + 0.5;
    }
    if (distance <= max + 0.5) scored.push({ word: c.word, distance, similarity: c.similarity, ndoc: (c.ndocP ?? 0) + (c.ndocS ?? 0) });
  }
  scored.sort(
    (a, b) => a.distance - b.distance || b.ndoc - a.ndoc || b.similarity - a.similarity || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
  );
  return scored.slice(0, CORRECTIONS_PER_TERM).map((s) => s.word);
}

/** Counts of one term in the dictionary (null: not a dictionary term, or too many words to count). */
export interface TermStats {
  exactP: number | null;
  /** Documents holding the term itself in notes/descriptions. */
  exactS: number | null;
  anyP: number | null;
  anyS: number | null;
  moreP: number | null;
  corrP: number;
  corrS: number;
}

/** Strategy of one tier statement. */
export type Strategy = { kind: 'match' } | { kind: 'walk'; budget: number };

/** GIN answers a tier whose positive part holds for at most this many documents. */
export const MATCH_MAX_ROWS = 2000;
/** A walk expected to read more rows than this is not worth it: the match plan is used instead. */
export const WALK_MAX_ROWS = 6000;
/** Bounds of a walk's row budget (it stops there and falls back to the match plan). */
const WALK_MIN_BUDGET = 300;
const WALK_MAX_BUDGET = 18_000;
/** A term found in more documents than this is taken as typed: no typo corrections are looked up for it. */
const CORRECT_MAX_DOCS = 3;
/** Workspace sizes are cached this long (refreshed in the background). */
const SIZE_TTL_MS = 60_000;
/** Dictionary words counted per prefix at most (a one-letter prefix of a large workspace stops here). */
const PREFIX_SCAN_CAP = 20_000;
const DEFAULT_WORKSPACE_SIZE = 10_000;

const sum = (xs: (number | null)[]) => (xs.some((x) => x === null) ? null : xs.reduce<number>((a, b) => a + b!, 0));

/**
 * Estimated members of a tier: the product of the terms' frequencies (independence), times the share of the
 * "at least one term ..." part. `upper` is a bound on the positive part (the rarest term's count).
 */
export function estimateTier(tier: Tier, stats: TermStats[], size: number): { estimate: number | null; upper: number | null } {
  const w = Math.max(size, 1);
  const one = stats.length === 1;
  const indep = (fs: (number | null)[]) => {
    if (fs.some((f) => f === null)) return null;
    return fs.reduce<number>((acc, f) => acc * Math.min(1, f! / w), w);
  };
  const upperOf = (fs: (number | null)[]) => (fs.some((f) => f === null) ? null : Math.min(...(fs as number[])));
  const share = (part: number | null, whole: number | null) =>
    part === null || whole === null ? null : whole === 0 ? 0 : Math.min(1, part / whole);
  const scale = (x: number | null, f: number | null) => (x === null || f === null ? null : x * f);
  switch (tier) {
    case 5: {
      const fs = stats.map((s) => s.exactP);
      return { estimate: indep(fs), upper: upperOf(fs) };
    }
    case 4: {
      if (one) return { estimate: stats[0]!.moreP, upper: stats[0]!.moreP };
      const fs = stats.map((s) => s.anyP);
      return { estimate: scale(indep(fs), share(sum(stats.map((s) => s.moreP)), sum(fs))), upper: upperOf(fs) };
    }
    case 3: {
      if (one) return { estimate: stats[0]!.anyS, upper: stats[0]!.anyS };
      const fs = stats.map((s) => sum([s.anyP, s.anyS]));
      return { estimate: scale(indep(fs), share(sum(stats.map((s) => s.anyS)), sum(fs))), upper: upperOf(fs) };
    }
    case 2: {
      if (one) return { estimate: stats[0]!.corrP, upper: stats[0]!.corrP };
      const fs = stats.map((s) => sum([s.anyP, s.corrP]));
      return { estimate: scale(indep(fs), share(sum(stats.map((s) => s.corrP)), sum(fs))), upper: upperOf(fs) };
    }
    case 1: {
      if (one) return { estimate: stats[0]!.corrS, upper: stats[0]!.corrS };
      const fs = stats.map((s) => sum([s.anyP, s.anyS, s.corrP, s.corrS]));
      return { estimate: scale(indep(fs), share(sum(stats.map((s) => s.corrP + s.corrS)), sum(fs))), upper: upperOf(fs) };
    }
  }
}

/**
 * Chooses the statement for one tier from the dictionary counts (docs/decisions/0006-search.md):
 * - few candidates (the bound of the positive part is small): match plan (GIN, sort the few rows);
 * - many expected members: walk the keyset index, filtering, with a row budget;
 * - otherwise the match plan. Unknown counts (very common prefixes, short digit runs) walk with a small budget
 *   first; digit runs of 4+ digits (phone fragments, numbers: high-entropy) are taken as rare and matched.
 * A walk that runs out of budget before filling the page falls back to the match plan, so a wrong
 * estimate costs at most one bounded walk.
 */
export function chooseStrategy(
  est: { estimate: number | null; upper: number | null },
  size: number,
  need: number,
  unknownIsRare = false,
): Strategy {
  if (est.upper !== null && est.upper <= MATCH_MAX_ROWS) return { kind: 'match' };
  if (est.estimate === null) return unknownIsRare ? { kind: 'match' } : { kind: 'walk', budget: WALK_MIN_BUDGET * 2 };
  if (est.estimate <= 0) return { kind: 'match' };
  const expected = (need * Math.max(size, 1)) / est.estimate;
  if (expected > WALK_MAX_ROWS) return { kind: 'match' };
  return { kind: 'walk', budget: Math.round(Math.min(WALK_MAX_BUDGET, Math.max(WALK_MIN_BUDGET, expected * 3))) };
}

export interface TierTrace {
  tier: Tier;
  strategy: string;
  rows: number;
  ms: number;
}

export class SearchService {
  private readonly sizes = new Map<string, { size: number; at: number; refreshing: boolean }>();

  constructor(
    private readonly store: SearchStore,
    private readonly codec: CursorCodec,
  ) {}

  /** Live documents of the workspace, from a cache refreshed in the background (never on the request path). */
  workspaceSize(workspaceId: string): number {
    const now = Date.now();
    const cached = this.sizes.get(workspaceId);
    if (!cached || (now - cached.at > SIZE_TTL_MS && !cached.refreshing)) {
      const entry = cached ?? { size: DEFAULT_WORKSPACE_SIZE, at: 0, refreshing: false };
      entry.refreshing = true;
      this.sizes.set(workspaceId, entry);
      if (this.sizes.size > 100_000) this.sizes.clear();
      this.store.workspaceSize(workspaceId).then(
        (size) => this.sizes.set(workspaceId, { size, at: Date.now(), refreshing: false }),
        () => {
          entry.refreshing = false;
        },
      );
    }
    return this.sizes.get(workspaceId)!.size;
  }

  async corrections(workspaceId: string, terms: QueryTerm[]): Promise<Map<string, { words: string[]; ndocP: number; ndocS: number }>> {
    const eligible = terms.filter((t) => t.typo).map((t) => t.lexeme);
    const out = new Map<string, { words: string[]; ndocP: number; ndocS: number }>();
    if (eligible.length === 0) return out;
    const rows = await this.store.similarWords(workspaceId, eligible, CANDIDATES_PER_TERM);
    for (const term of eligible) {
      const candidates = rows.filter((r) => r.term === term);
      const words = chooseCorrections(term, candidates);
      const chosen = candidates.filter((c) => words.includes(c.word));
      out.set(term, { words, ndocP: chosen.reduce((a, c) => a + c.ndocP, 0), ndocS: chosen.reduce((a, c) => a + c.ndocS, 0) });
    }
    return out;
  }

  async search(req: SearchRequest, trace?: TierTrace[]): Promise<SearchPage> {
    const { terms } = parseQuery(req.q);
    const types = req.types && req.types.length > 0 && req.types.length < DOC_TYPES.length ? req.types : null;
    const fp = fingerprint(req.workspaceId, terms, types);
    const position = req.cursor ? decodeCursor(this.codec, fp, req.cursor) : null;
    if (terms.length === 0) return { items: [], nextCursor: null };

    const need = req.limit + 1;
    const size = this.workspaceSize(req.workspaceId);
    // One dictionary look-up: each letter-initial term's words (itself and what it is a prefix of), with counts.
    const lookup = terms.filter((t) => LETTER_INITIAL_RE.test(t.lexeme));
    const dict = await this.store.prefixWords(
      req.workspaceId,
      lookup.map((t) => t.lexeme),
      MAX_PREFIX_WORDS,
      PREFIX_SCAN_CAP,
    );
    const ext = new Map<string, TermExtensions>();
    const stats: TermStats[] = [];
    for (const t of terms) {
      const d = dict.find((x) => x.term === t.lexeme);
      if (!d) {
        stats.push({ exactP: null, exactS: null, anyP: null, anyS: null, moreP: null, corrP: 0, corrS: 0 });
        continue;
      }
      ext.set(t.lexeme, { words: d.words.map((w) => w.word), total: d.totalWords });
      const self = d.words.find((w) => w.word === t.lexeme);
      const exactP = self?.ndocP ?? 0;
      stats.push({
        exactP,
        exactS: self?.ndocS ?? 0,
        anyP: d.capped ? null : d.totalP,
        anyS: d.capped ? null : d.totalS,
        moreP: d.capped ? null : d.totalP - exactP,
        corrP: 0,
        corrS: 0,
      });
    }
    let resolved: ResolvedTerm[] = terms.map((t) => resolveTerm(t, ext.get(t.lexeme)));
    // The dictionary has no digit terms; runs of 4+ digits are rare by nature (phone fragments, numbers).
    const unknownIsRare = terms.every((t, i) => stats[i]!.exactP !== null || (isDigits(t.lexeme) && t.lexeme.length >= 4));
    let corrections: Map<string, string[]> | null = null;

    const hits: Hit[] = [];
    const reaches = (tier: Tier) => !position || position.tier >= tier;
    const run = async (plan: TierPlan | null) => {
      if (!plan || !reaches(plan.tier) || hits.length >= need) return;
      const estimate = estimateTier(plan.tier, stats, size);
      if (estimate.upper === 0) {
        // The dictionary's counts are exact: no document can be in this tier, skip the statement.
        trace?.push({ tier: plan.tier, strategy: 'skipped', rows: 0, ms: 0 });
        return;
      }
      const q = {
        workspaceId: req.workspaceId,
        plan,
        types,
        after: position && plan.tier === position.tier ? position.key : null,
        limit: need - hits.length,
      };
      const strategy = chooseStrategy(estimate, size, q.limit, unknownIsRare);
      const started = performance.now();
      let rows: DocRow[];
      let used = strategy.kind === 'walk' ? `walk(${strategy.budget})` : 'match';
      if (strategy.kind === 'walk') {
        rows = await this.store.tierWalk(q, strategy.budget);
        if (rows.length < q.limit) {
          // Budget spent (or the workspace ended) before the page filled: the match plan has the rest.
          rows = await this.store.tierMatch(q);
          used += '+match';
        }
      } else {
        rows = await this.store.tierMatch(q);
      }
      trace?.push({ tier: plan.tier, strategy: used, rows: rows.length, ms: performance.now() - started });
      for (const r of rows) hits.push({ ...r, tier: plan.tier });
    };

    // Typo corrections only for terms the workspace barely knows as typed (a word found in several
    // documents is taken as meant). When the counts already say tiers 5 to 3 cannot fill the page, the
    // dictionary is asked while those statements run instead of after them.
    terms.forEach((t, i) => {
      const s = stats[i]!;
      if (t.typo && s.exactP !== null && s.exactS !== null && s.exactP + s.exactS > CORRECT_MAX_DOCS) t.typo = false;
    });
    const typos = terms.some((t) => t.typo);
    const exactTiers = ([5, 4, 3] as const).map((t) => estimateTier(t, stats, size).upper);
    let pending: Promise<Awaited<ReturnType<SearchService['corrections']>>> | null = null;
    if (typos && exactTiers.every((u) => u !== null) && exactTiers.reduce<number>((a, u) => a + u!, 0) < need) {
      pending = this.corrections(req.workspaceId, terms);
      pending.catch(() => undefined); // awaited below when needed; never an unhandled rejection
    }

    await run(tierFive(terms));
    await run(tierFour(resolved));
    await run(tierThree(resolved));
    if (hits.length < need && typos) {
      const found = await (pending ?? this.corrections(req.workspaceId, terms));
      corrections = new Map([...found].map(([k, v]) => [k, v.words]));
      resolved = resolved.map((r) => ({ ...r, corrections: (found.get(r.lexeme)?.words ?? []).map(quoteLexeme) }));
      terms.forEach((t, i) => {
        const f = found.get(t.lexeme);
        if (f) {
          stats[i]!.corrP = f.ndocP;
          stats[i]!.corrS = f.ndocS;
        }
      });
      for (const plan of fuzzyTiers(resolved)) await run(plan);
    }

    const page = hits.slice(0, req.limit);
    const nextCursor = hits.length > req.limit ? encodeCursor(this.codec, fp, page[page.length - 1]!) : null;
    const matcher = { terms, corrections: corrections ?? new Map<string, string[]>() };
    const items: SearchItem[] = page.map((hit) => ({
      type: hit.type,
      id: hit.id,
      title: hit.title,
      snippet: buildSnippet(hit.fields, matcher),
      rank: rankOf(hit.tier, hit.sortKey),
    }));
    return { items, nextCursor };
  }
}
