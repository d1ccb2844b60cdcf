/**
 * Turns the caller's `q` into a small list of sanitised terms, and terms into tsquery literals. Nothing the
 * caller typed reaches PostgreSQL's query parser: terms are folded lexemes (letters and digits only, see
 * text-analysis.ts) and the literals are assembled here, quoted, and passed as bind parameters.
 *
 * - Any character that is not a letter, mark or digit separates terms: quotes, & | ! : * ( ), backslashes,
 *   NUL, emoji and lone surrogates never reach a literal.
 * - A phone number typed with separators ("+1 (555) 123-4567", "555 1234") becomes one digit term, which
 *   matches the digit suffixes indexed for phone fields.
 * - At most MAX_TERMS distinct terms are used (the rest are ignored); each is at most 48 code points.
 * - Every term matches as a prefix (search as you type); words of 4+ letters may also be corrected from the
 *   workspace's dictionary when exact and prefix matches run out.
 */
import { isDigits, quoteLexeme, tokenize, MAX_WORD_CHARS } from './text-analysis.js';

/** Longest accepted `q` (UTF-16 code units, after trimming); longer is 400 invalid_input. */
export const MAX_QUERY_CHARS = 256;
export const MAX_TERMS = 8;
/** Shortest word that gets typo corrections. */
export const MIN_TYPO_CHARS = 4;
/** Terms shorter than this match exactly only (every term, even one letter, is also a prefix today). */
export const MIN_PREFIX_CHARS = 1;

const PHONE_GAP_RE = /^[\s().+\-/]{1,3}$/u;
const LETTERS_RE = /^\p{L}+$/u;

export interface QueryTerm {
  lexeme: string;
  prefix: boolean;
  /** Eligible for typo correction from the dictionary. */
  typo: boolean;
}

export interface ParsedQuery {
  terms: QueryTerm[];
}

/** Splits `q` into terms. Never throws; a query without letters or digits gives no terms. */
export function parseQuery(q: string): ParsedQuery {
  const text = q.length > MAX_QUERY_CHARS * 2 ? q.slice(0, MAX_QUERY_CHARS * 2) : q;
  const tokens = tokenize(text);
  const lexemes: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isDigits(t.lexeme)) {
      // Join digit groups separated by phone punctuation; plain spaces only between short groups.
      let digits = t.lexeme;
      let j = i;
      while (j + 1 < tokens.length) {
        const next = tokens[j + 1]!;
        const gap = text.slice(tokens[j]!.end, next.start);
        if (!isDigits(next.lexeme) || !PHONE_GAP_RE.test(gap)) break;
        const spaceOnly = gap.trim() === '';
        if (spaceOnly && (tokens[j]!.lexeme.length > 4 || next.lexeme.length > 4)) break;
        digits += next.lexeme;
        j++;
      }
      if (j > i && digits.length >= 5) {
        lexemes.push(digits.slice(0, 48));
        i = j;
        continue;
      }
    }
    lexemes.push(t.lexeme);
  }
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  for (const lexeme of lexemes) {
    if (seen.has(lexeme)) continue;
    seen.add(lexeme);
    const length = Array.from(lexeme).length;
    terms.push({
      lexeme,
      prefix: length >= MIN_PREFIX_CHARS,
      typo: length >= MIN_TYPO_CHARS && length <= MAX_WORD_CHARS && LETTERS_RE.test(lexeme),
    });
    if (terms.length === MAX_TERMS) break;
  }
  return { terms };
}

/**
 * A tier condition over the two indexed tsvectors: `primary` (tsv_p: titles, names, e-mails, phones) and
 * `secondary` (tsv_s: notes and descriptions, minus lexemes already in tsv_p, plus phone digit fragments).
 * `index: false` renders as a plain filter (ts_match_vq) the GIN indexes cannot answer: used for prefixes
 * so common that materialising their postings would cost more than checking rows.
 */
export type Cond =
  | { kind: 'match'; column: 'primary' | 'secondary'; query: string; index: boolean }
  | { kind: 'and' | 'or'; items: Cond[] }
  | { kind: 'not'; item: Cond };

/**
 * Relevance tiers, best first. A document's tier is the best one whose condition it meets; inside a tier
 * documents are ordered by recency (the entity's updated_at), then id. See docs/decisions/0006-search.md.
 *
 * 5: every term exactly, in primary fields
 * 4: every term exactly or as a prefix, in primary fields (not tier 5)
 * 3: every term exactly or as a prefix, somewhere; at least one only in notes/descriptions (not 4, 5)
 * 2: every term exactly, as a prefix or corrected, in primary fields (not 3 to 5)
 * 1: every term exactly, as a prefix or corrected, somewhere (not 2 to 5)
 *
 * Each condition is a positive part the GIN indexes answer and that holds (nearly) only for the tier's own
 * members, plus the exclusions of better tiers, which then remove few rows. (A positive part that also held
 * for all better tiers' members would leave the exclusions to remove most rows: costly for both plans, a
 * walk skipping most rows or a bitmap heap scan rechecking them.)
 */
export const TIERS = [5, 4, 3, 2, 1] as const;
export type Tier = (typeof TIERS)[number];

export interface TierPlan {
  tier: Tier;
  where: Cond;
}

/**
 * Up to this many dictionary words starting with a term, the prefix is matched through the explicit list of
 * words (plain GIN entries); above, it counts as a common prefix and is matched with `:*` as a filter.
 */
export const MAX_PREFIX_WORDS = 64;
/** Digit terms shorter than this match exactly only as an index condition (a 2-digit prefix is everywhere). */
export const MIN_DIGIT_PREFIX_CHARS = 3;

/** What the dictionary says about one term. */
export interface TermExtensions {
  /** Dictionary words that start with the term, the term itself included when it is one (at most MAX_PREFIX_WORDS). */
  words: string[];
  /** How many there are in all (possibly more than `words` holds). */
  total: number;
}

/** How one term matches once the dictionary was asked. */
export interface ResolvedTerm {
  lexeme: string;
  /** The term itself. */
  exact: string;
  /** The term or any lexeme it is a prefix of. */
  any: string;
  /** Lexemes the term is a strict prefix of; null when there are none. */
  more: string | null;
  /** `any`/`more` are too common to be index conditions (filters only). */
  dense: boolean;
  /** Typo corrections (quoted), possibly none. */
  corrections: string[];
}

const LETTER_INITIAL_RE = /^\p{L}/u;
const q = quoteLexeme;
const orList = (literals: string[]) => (literals.length === 1 ? literals[0]! : `(${literals.join(' | ')})`);

/**
 * Resolves a term's prefix matching. Letter-initial terms use the workspace's dictionary, which holds every
 * whole-token lexeme starting with a letter (text-analysis.ts), so an explicit list of words is exactly the
 * set of lexemes the prefix matches, and the GIN index looks them up as plain entries (a `:*` prefix would
 * make it collect the postings of every matching lexeme of every workspace first). Other terms (digits,
 * which may match phone fragments) use `:*`.
 */
export function resolveTerm(t: QueryTerm, ext: TermExtensions | undefined, corrections: string[] = []): ResolvedTerm {
  const exact = q(t.lexeme);
  const corr = corrections.map(q);
  if (!t.prefix) return { lexeme: t.lexeme, exact, any: exact, more: null, dense: false, corrections: corr };
  if (LETTER_INITIAL_RE.test(t.lexeme) && ext) {
    if (ext.total > MAX_PREFIX_WORDS) {
      const p = `${exact}:*`;
      return { lexeme: t.lexeme, exact, any: p, more: p, dense: true, corrections: corr };
    }
    const longer = ext.words.filter((w) => w !== t.lexeme).map(q);
    return {
      lexeme: t.lexeme,
      exact,
      any: orList([exact, ...longer]),
      more: longer.length ? orList(longer) : null,
      dense: false,
      corrections: corr,
    };
  }
  const p = `${exact}:*`;
  const dense = Array.from(t.lexeme).length < MIN_DIGIT_PREFIX_CHARS;
  return { lexeme: t.lexeme, exact, any: p, more: p, dense, corrections: corr };
}

interface Part {
  literal: string;
  dense: boolean;
}

const match = (column: 'primary' | 'secondary', query: string, index = true): Cond => ({ kind: 'match', column, query, index });
const AND = (...items: Cond[]): Cond => (items.length === 1 ? items[0]! : { kind: 'and', items });
const OR = (...items: Cond[]): Cond => (items.length === 1 ? items[0]! : { kind: 'or', items });
const NOT = (item: Cond): Cond => ({ kind: 'not', item });

/** Every part in `column`: the indexable parts as one tsquery, the dense ones as filters. */
function allOf(column: 'primary' | 'secondary', parts: Part[]): Cond {
  const indexed = parts.filter((p) => !p.dense).map((p) => p.literal);
  const conds: Cond[] = [];
  if (indexed.length) conds.push(match(column, indexed.join(' & ')));
  for (const p of parts.filter((x) => x.dense)) conds.push(match(column, p.literal, false));
  return AND(...conds);
}

/** Any part in `column` (one tsquery; a filter if any part is dense). */
function anyOf(column: 'primary' | 'secondary', parts: Part[]): Cond {
  return match(column, orList(parts.map((p) => p.literal)), !parts.some((p) => p.dense));
}

/** The part in either column. */
const somewhere = (p: Part): Cond => OR(match('primary', p.literal, !p.dense), match('secondary', p.literal, !p.dense));

const exactPart = (r: ResolvedTerm): Part => ({ literal: r.exact, dense: false });
const anyPart = (r: ResolvedTerm): Part => ({ literal: r.any, dense: r.dense });
const fuzzyPart = (r: ResolvedTerm): Part => ({
  literal: r.corrections.length ? orList([r.any, ...r.corrections]) : r.any,
  dense: r.dense,
});
const corrPart = (r: ResolvedTerm): Part => ({ literal: orList(r.corrections), dense: false });

export function tierFive(terms: QueryTerm[]): TierPlan {
  return {
    tier: 5,
    where: allOf(
      'primary',
      terms.map((t) => ({ literal: q(t.lexeme), dense: false })),
    ),
  };
}

export function tierFour(terms: ResolvedTerm[]): TierPlan | null {
  const more = terms.filter((r) => r.more !== null).map((r) => ({ literal: r.more!, dense: r.dense }));
  if (more.length === 0) return null;
  const positive = terms.length === 1 ? anyOf('primary', more) : AND(allOf('primary', terms.map(anyPart)), anyOf('primary', more));
  return { tier: 4, where: AND(positive, NOT(allOf('primary', terms.map(exactPart)))) };
}

export function tierThree(terms: ResolvedTerm[]): TierPlan {
  const parts = terms.map(anyPart);
  const positive = terms.length === 1 ? allOf('secondary', parts) : AND(...parts.map(somewhere), anyOf('secondary', parts));
  return { tier: 3, where: AND(positive, NOT(allOf('primary', parts))) };
}

/** Tiers 2 and 1; none when no term has corrections. */
export function fuzzyTiers(terms: ResolvedTerm[]): TierPlan[] {
  const corrected = terms.filter((r) => r.corrections.length > 0);
  if (corrected.length === 0) return [];
  const fuzzy = terms.map(fuzzyPart);
  const corr = corrected.map(corrPart);
  // Every term exactly or as a prefix somewhere: the members of tiers 3 to 5.
  const q3 = AND(...terms.map(anyPart).map(somewhere));
  const single = terms.length === 1;
  const two: TierPlan = {
    tier: 2,
    where: AND(single ? anyOf('primary', corr) : AND(allOf('primary', fuzzy), anyOf('primary', corr)), NOT(q3)),
  };
  const positiveOne = single
    ? anyOf('secondary', corr)
    : AND(...fuzzy.map(somewhere), anyOf('secondary', fuzzy), OR(anyOf('primary', corr), anyOf('secondary', corr)));
  const one: TierPlan = { tier: 1, where: AND(positiveOne, NOT(q3), NOT(allOf('primary', fuzzy))) };
  return [two, one];
}
