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
/** Terms shorter than this match exactly, not as a prefix (a one-letter prefix matches almost everything). */
export const MIN_PREFIX_CHARS = 2;

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

/** `'lexeme'` or `'lexeme':*` */
function termLiteral(lexeme: string, prefix: boolean): string {
  return prefix ? `${quoteLexeme(lexeme)}:*` : quoteLexeme(lexeme);
}

/** Every term exactly: 'a' & 'b' */
export function exactQuery(terms: QueryTerm[]): string {
  return terms.map((t) => quoteLexeme(t.lexeme)).join(' & ');
}

/** Every term as a prefix (when long enough): 'a':* & 'b':* */
export function prefixQuery(terms: QueryTerm[]): string {
  return terms.map((t) => termLiteral(t.lexeme, t.prefix)).join(' & ');
}

/** Every term as a prefix or any of its corrections: ('a':* | 'x' | 'y') & 'b':* */
export function fuzzyQuery(terms: QueryTerm[], corrections: ReadonlyMap<string, string[]>): string {
  return terms
    .map((t) => {
      const alts = corrections.get(t.lexeme) ?? [];
      const own = termLiteral(t.lexeme, t.prefix);
      return alts.length ? `(${[own, ...alts.map(quoteLexeme)].join(' | ')})` : own;
    })
    .join(' & ');
}

/**
 * Relevance tiers, best first. A document's tier is the best one whose condition it meets; inside a tier
 * documents are ordered by recency (the entity's updated_at), then id. See docs/decisions/0006-search.md.
 */
export const TIERS = [5, 4, 3, 2, 1] as const;
export type Tier = (typeof TIERS)[number];

export interface TierPlan {
  tier: Tier;
  /** Which tsvector the condition reads. */
  column: 'primary' | 'all';
  query: string;
  /** Conditions of better tiers this one must not meet (their members are listed there). */
  exclude: { column: 'primary' | 'all'; query: string }[];
}

/**
 * The tier conditions for a parsed query.
 * 5: every term exactly in a primary field (title, names, e-mails, phones)
 * 4: every term as a prefix in a primary field
 * 3: every term as a prefix anywhere (notes, descriptions too)
 * 2: every term as a prefix or a typo correction in a primary field
 * 1: every term as a prefix or a typo correction anywhere
 * Tiers 2 and 1 exist only when at least one term has corrections.
 */
export function tierPlans(terms: QueryTerm[], corrections: ReadonlyMap<string, string[]> | null): TierPlan[] {
  const exact = exactQuery(terms);
  const prefix = prefixQuery(terms);
  const plans: TierPlan[] = [
    { tier: 5, column: 'primary', query: exact, exclude: [] },
    { tier: 4, column: 'primary', query: prefix, exclude: [{ column: 'primary', query: exact }] },
    { tier: 3, column: 'all', query: prefix, exclude: [{ column: 'primary', query: prefix }] },
  ];
  const hasCorrections = corrections && terms.some((t) => (corrections.get(t.lexeme)?.length ?? 0) > 0);
  if (hasCorrections) {
    const fuzzy = fuzzyQuery(terms, corrections);
    plans.push(
      { tier: 2, column: 'primary', query: fuzzy, exclude: [{ column: 'all', query: prefix }] },
      {
        tier: 1,
        column: 'all',
        query: fuzzy,
        exclude: [
          { column: 'all', query: prefix },
          { column: 'primary', query: fuzzy },
        ],
      },
    );
  }
  return plans;
}
