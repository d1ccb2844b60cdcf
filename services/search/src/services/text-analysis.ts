/**
 * The one text analyser of the search index. Documents and queries go through the same folding, so a lexeme
 * stored from a document and a term typed by a caller compare equal byte for byte. PostgreSQL only ever
 * receives lexemes made here (letters and digits after folding), never raw text to parse: the tsvector and
 * tsquery literals are built from them, so no input can smuggle tsquery syntax or upset the parser.
 *
 * Folding: Unicode NFKD, combining marks removed (é -> e, ﬁ -> fi, ² -> 2), lower case, then only letters
 * and digits kept. A token is a maximal run of letters (with their combining marks) or of digits in the
 * original text: "jsmith84" is jsmith and 84, "R2D2" is r, 2, d, 2. Anything else (punctuation, spaces, emoji,
 * lone surrogates, NUL) separates tokens. Splitting letters from digits keeps e-mail local parts and codes
 * from filling the dictionary with one-off words, and a query is split the same way, so it still matches.
 */

/** A lexeme never exceeds this many code points (PostgreSQL allows 2047 bytes; 48 * 4 bytes is far below). */
export const MAX_LEXEME_CHARS = 48;
/**
 * Dictionary words: letter lexemes (every token that is not digits), 2 to 48 code points. Every lexeme a
 * letter term can be a prefix of is one (or the term itself), so the dictionary is complete for prefix
 * expansion (query-parser.ts); typo correction uses it too.
 */
export const MIN_WORD_CHARS = 2;
export const MAX_WORD_CHARS = MAX_LEXEME_CHARS;
/** Phone digit fragments (suffixes) are at least this long. */
export const MIN_SUFFIX_CHARS = 3;
const MAX_SUFFIXES_PER_TOKEN = 16;
/** Upper bounds per document so a 10,000-character note cannot make an unbounded tsvector. */
const MAX_DISTINCT_LEXEMES = 4000;
const MAX_POSITION = 16383;

const TOKEN_RE = /\p{L}[\p{L}\p{M}]*|\p{N}+|\p{M}+/gu;
const MARKS_RE = /\p{M}+/gu;
const NOT_ALNUM_RE = /[^\p{L}\p{N}]+/gu;
const WORD_RE = /^\p{L}+$/u;
const ASCII_ALNUM_RE = /^[A-Za-z0-9]+$/;
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const NEEDS_ESCAPE_RE = /['\\]/;
const DIGITS_ONLY_RE = /^\p{Nd}+$/u;

/** Folds one raw token to its lexeme form; may return '' (a token made only of marks). */
export function foldToken(raw: string): string {
  if (ASCII_ALNUM_RE.test(raw)) return raw.length <= MAX_LEXEME_CHARS ? raw.toLowerCase() : raw.slice(0, MAX_LEXEME_CHARS).toLowerCase();
  const folded = raw.normalize('NFKD').replace(MARKS_RE, '').toLowerCase().replace(NOT_ALNUM_RE, '');
  if (folded.length <= MAX_LEXEME_CHARS) return folded;
  // Truncate by code points, never inside a surrogate pair.
  return Array.from(folded).slice(0, MAX_LEXEME_CHARS).join('');
}

export interface Token {
  /** Folded lexeme. */
  lexeme: string;
  /** Offsets in the original string, UTF-16 code units (JavaScript string indices). */
  start: number;
  end: number;
}

/** Tokens of `text` with their offsets in it. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN_RE)) {
    const lexeme = foldToken(m[0]);
    if (lexeme) out.push({ lexeme, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

export function isDictionaryWord(lexeme: string): boolean {
  if (lexeme.length < MIN_WORD_CHARS || !WORD_RE.test(lexeme)) return false;
  const n = Array.from(lexeme).length;
  return n >= MIN_WORD_CHARS && n <= MAX_WORD_CHARS;
}

export function isDigits(lexeme: string): boolean {
  return DIGITS_ONLY_RE.test(lexeme);
}

/** Suffixes of `lexeme` of at least MIN_SUFFIX_CHARS, excluding the lexeme itself (for infix matching of digits). */
export function suffixesOf(lexeme: string): string[] {
  const chars = Array.from(lexeme);
  const out: string[] = [];
  for (let i = 1; i + MIN_SUFFIX_CHARS <= chars.length && out.length < MAX_SUFFIXES_PER_TOKEN; i++) out.push(chars.slice(i).join(''));
  return out;
}

/** The digits of a phone number as one lexeme ("+1 (555) 123-4567" -> "15551234567"), or null. */
export function phoneDigits(text: string): string | null {
  const digits = foldToken(text.replace(/[^\p{Nd}]+/gu, ''));
  return digits.length >= MIN_SUFFIX_CHARS ? digits : null;
}

/**
 * Removes characters PostgreSQL text cannot hold (NUL) and other C0 controls except tab and newline, and
 * replaces lone surrogates (not valid UTF-8) with U+FFFD.
 */
export function cleanText(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').replace(LONE_SURROGATE_RE, '\ufffd');
}

/** Quotes a lexeme for a tsvector / tsquery literal. Lexemes hold only letters and digits; escaping is defence in depth. */
export function quoteLexeme(lexeme: string): string {
  if (!NEEDS_ESCAPE_RE.test(lexeme)) return `'${lexeme}'`;
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** How a field's text is turned into lexemes. */
export type FieldKind = 'text' | 'email' | 'phone';
/** A: titles; B: other names, e-mails, phones, identifiers; C: notes and descriptions; D: minor attributes. */
export type Weight = 'A' | 'B' | 'C' | 'D';

export interface IndexedField {
  name: string;
  weight: Weight;
  kind: FieldKind;
  text: string;
}

export interface AnalyzedDocument {
  /** tsvector literal of the primary fields (weights A and B: titles, names, e-mails, phones). */
  primary: string;
  /** tsvector literal of the secondary fields (weights C and D: notes, descriptions), minus every lexeme the
   * primary fields already have: each lexeme of a document is in exactly one of the two. */
  secondary: string;
  /** Dictionary words (see isDictionaryWord) of tsv_p and of tsv_s: disjoint, like the two tsvectors. */
  wordsPrimary: string[];
  wordsSecondary: string[];
}

const WEIGHT_ORDER: Weight[] = ['A', 'B', 'C', 'D'];

/**
 * Lexemes one field contributes: its whole tokens and, for phones, the digits as one token plus their
 * suffixes as fragments, so that "555-1234" or "4567" match as prefixes. Fragments are indexed with the
 * secondary lexemes. E-mails are matched through their tokens ("john.smith@example.com" gives john, smith,
 * example, com): "smith@exa" finds it by prefix, an infix such as "ohn.smi" does not.
 */
export function fieldLexemes(field: IndexedField): { tokens: string[]; fragments: string[] } {
  const tokens = tokenize(field.text).map((t) => t.lexeme);
  const fragments: string[] = [];
  if (field.kind === 'phone') {
    const digits = phoneDigits(field.text);
    if (digits) {
      tokens.push(digits);
      fragments.push(...suffixesOf(digits));
    }
  }
  return { tokens, fragments };
}

function literal(lexemes: Map<string, Map<Weight, number>>): string {
  const parts: string[] = [];
  for (const [lexeme, perWeight] of lexemes) {
    const positions = [...perWeight].map(([w, p]) => `${p}${w === 'D' ? '' : w}`).join(',');
    parts.push(`${quoteLexeme(lexeme)}:${positions}`);
  }
  return parts.join(' ');
}

/**
 * Builds the two tsvectors and the dictionary words of a document. Each lexeme keeps one position per weight
 * class it occurs in (its first occurrence), so the weights stay visible to ts_rank and ts_headline.
 */
export function analyzeDocument(fields: IndexedField[]): AnalyzedDocument {
  const primary = new Map<string, Map<Weight, number>>();
  const secondary = new Map<string, Map<Weight, number>>();
  let position = 0;
  let distinct = 0;
  const add = (target: Map<string, Map<Weight, number>>, lexeme: string, weight: Weight) => {
    position = Math.min(position + 1, MAX_POSITION);
    if (target === secondary && primary.has(lexeme)) return;
    let perWeight = target.get(lexeme);
    if (!perWeight) {
      if (distinct >= MAX_DISTINCT_LEXEMES) return;
      distinct++;
      perWeight = new Map();
      target.set(lexeme, perWeight);
    }
    if (!perWeight.has(weight)) perWeight.set(weight, position);
  };
  const fragments: [string, Weight][] = [];
  for (const weight of WEIGHT_ORDER) {
    const target = weight === 'A' || weight === 'B' ? primary : secondary;
    for (const field of fields) {
      if (field.weight !== weight) continue;
      const lexemes = fieldLexemes(field);
      for (const lexeme of lexemes.tokens) add(target, lexeme, weight);
      for (const lexeme of lexemes.fragments) fragments.push([lexeme, weight]);
    }
  }
  // Fragments last, so a fragment that is also a whole token of a primary field stays primary only.
  for (const [lexeme, weight] of fragments) add(secondary, lexeme, weight);
  return {
    primary: literal(primary),
    secondary: literal(secondary),
    wordsPrimary: [...primary.keys()].filter(isDictionaryWord),
    wordsSecondary: [...secondary.keys()].filter(isDictionaryWord),
  };
}

const TSVECTOR_LEXEME_RE = /'((?:[^'\\]|''|\\.)*)'/g;

/** The lexemes of a tsvector in PostgreSQL's text output format ('a':1A 'it''s':2). */
export function tsvectorLexemes(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TSVECTOR_LEXEME_RE)) out.push(m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1'));
  return out;
}

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), stopping early once it is
 * certain to exceed `max`. Used to accept typo corrections the trigram index proposes.
 */
export function editDistance(a: string, b: string, max: number): number {
  const s = Array.from(a);
  const t = Array.from(b);
  if (Math.abs(s.length - t.length) > max) return max + 1;
  const n = t.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= s.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}
