/**
 * The one text analyser of the search index. Documents and queries go through the same folding, so a lexeme
 * stored from a document and a term typed by a caller compare equal byte for byte. PostgreSQL only ever
 * receives lexemes made here (letters and digits after folding), never raw text to parse: the tsvector and
 * tsquery literals are built from them, so no input can smuggle tsquery syntax or upset the parser.
 *
 * Folding: Unicode NFKD, combining marks removed (é -> e, ﬁ -> fi, ² -> 2), lower case, then only letters
 * and digits kept. A token is a maximal run of letters, marks and digits in the original text; anything else
 * (punctuation, spaces, emoji, lone surrogates, NUL) separates tokens.
 */

/** A lexeme never exceeds this many code points (PostgreSQL allows 2047 bytes; 48 * 4 bytes is far below). */
export const MAX_LEXEME_CHARS = 48;
/** Dictionary words (for typo correction) are letter-only lexemes of this length. */
export const MIN_WORD_CHARS = 3;
export const MAX_WORD_CHARS = 32;
/** Suffix lexemes (e-mail local parts, phone digits) are at least this long. */
export const MIN_SUFFIX_CHARS = 3;
const MAX_SUFFIXES_PER_TOKEN = 16;
/** Upper bounds per document so a 10,000-character note cannot make an unbounded tsvector. */
const MAX_DISTINCT_LEXEMES = 4000;
const MAX_POSITION = 16383;

const TOKEN_RE = /[\p{L}\p{M}\p{N}]+/gu;
const MARKS_RE = /\p{M}+/gu;
const NOT_ALNUM_RE = /[^\p{L}\p{N}]+/gu;
const LETTERS_ONLY_RE = /^\p{L}+$/u;
const ASCII_ALNUM_RE = /^[A-Za-z0-9]+$/;
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
  const n = lexeme.length;
  return n >= MIN_WORD_CHARS && n <= MAX_WORD_CHARS && LETTERS_ONLY_RE.test(lexeme);
}

export function isDigits(lexeme: string): boolean {
  return DIGITS_ONLY_RE.test(lexeme);
}

/** Suffixes of `lexeme` of at least MIN_SUFFIX_CHARS, excluding the lexeme itself (for infix matching). */
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

/** Removes characters PostgreSQL text cannot hold (NUL) and other C0 controls except tab and newline. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').toWellFormed();
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
  /** tsvector literal of the primary fields (weights A and B), lexemes without positions. */
  primary: string;
  /** tsvector literal of every field, with one position per lexeme and weight class. */
  all: string;
  /** Letter-only lexemes for the typo dictionary. */
  words: string[];
}

const WEIGHT_ORDER: Weight[] = ['A', 'B', 'C', 'D'];

/** Lexemes one field contributes: its word tokens plus, for e-mails and phones, infix-searchable suffixes. */
export function fieldLexemes(field: IndexedField): string[] {
  const out: string[] = [];
  if (field.kind === 'phone') {
    const digits = phoneDigits(field.text);
    if (digits) out.push(digits, ...suffixesOf(digits));
  }
  if (field.kind === 'email') {
    const at = field.text.lastIndexOf('@');
    const local = at >= 0 ? field.text.slice(0, at) : field.text;
    for (const t of tokenize(local)) out.push(...suffixesOf(t.lexeme));
  }
  for (const t of tokenize(field.text)) out.push(t.lexeme);
  return out;
}

/** Builds both tsvectors and the dictionary words of a document. */
export function analyzeDocument(fields: IndexedField[]): AnalyzedDocument {
  // lexeme -> weight -> first position
  const all = new Map<string, Map<Weight, number>>();
  const primary = new Set<string>();
  const words = new Set<string>();
  let position = 0;
  for (const weight of WEIGHT_ORDER) {
    for (const field of fields) {
      if (field.weight !== weight) continue;
      for (const lexeme of fieldLexemes(field)) {
        position = Math.min(position + 1, MAX_POSITION);
        let perWeight = all.get(lexeme);
        if (!perWeight) {
          if (all.size >= MAX_DISTINCT_LEXEMES) continue;
          perWeight = new Map();
          all.set(lexeme, perWeight);
        }
        if (!perWeight.has(weight)) perWeight.set(weight, position);
        if (weight === 'A' || weight === 'B') primary.add(lexeme);
        if (isDictionaryWord(lexeme)) words.add(lexeme);
      }
    }
  }
  const allParts: string[] = [];
  for (const [lexeme, perWeight] of all) {
    const positions = [...perWeight].map(([w, p]) => `${p}${w === 'D' ? '' : w}`).join(',');
    allParts.push(`${quoteLexeme(lexeme)}:${positions}`);
  }
  return {
    primary: [...primary].map(quoteLexeme).join(' '),
    all: allParts.join(' '),
    words: [...words],
  };
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
