/**
 * Snippets are plain text plus highlight ranges, never markup: `{ text, highlights: [[start, end], ...] }`
 * with offsets in UTF-16 code units of `text` (JavaScript string indices), end exclusive. A client renders
 * the text as text and wraps the ranges itself, so a document containing `<script>` can never inject HTML.
 *
 * The snippet comes from the field that matches the most query terms (among equals: names, e-mails and phones,
 * then notes, then the title, and last the slug, which only repeats the title in URL form), cut to about
 * MAX_SNIPPET_CHARS around the first match.
 */
import { phoneDigits, tokenize } from './text-analysis.js';
import type { QueryTerm } from './query-parser.js';

export const MAX_SNIPPET_CHARS = 160;
const CONTEXT_BEFORE = 40;
const WEIGHT_RANK: Record<string, number> = { B: 0, C: 1, D: 2, A: 3 };
/** Rank of a field among fields that match as many terms (lower wins). */
const fieldRank = (f: { name: string; weight: string }): number => (f.name === 'slug' ? 4 : (WEIGHT_RANK[f.weight] ?? 9));

export interface Snippet {
  field: string;
  text: string;
  highlights: [number, number][];
}

export interface TermMatcher {
  terms: QueryTerm[];
  corrections: ReadonlyMap<string, string[]>;
}

interface FieldMatch {
  name: string;
  weight: string;
  text: string;
  ranges: [number, number][];
  matchedTerms: number;
}

const ASCII_ALNUM_RE = /^[A-Za-z0-9]+$/;
const DIGIT_RE = /^\p{Nd}$/u;
const DIGITS_RE = /^\p{Nd}+$/u;

function matchField(name: string, weight: string, text: string, m: TermMatcher): FieldMatch {
  const ranges: [number, number][] = [];
  const matched = new Set<string>();
  const corrections = new Map<string, string>();
  for (const t of m.terms) for (const c of m.corrections.get(t.lexeme) ?? []) corrections.set(c, t.lexeme);

  for (const tok of tokenize(text)) {
    let hit: [number, number] | null = null;
    for (const t of m.terms) {
      if (tok.lexeme === t.lexeme || (t.prefix && tok.lexeme.startsWith(t.lexeme))) {
        // Highlight the typed prefix when folding kept the length (plain ASCII), else the whole token.
        const raw = text.slice(tok.start, tok.end);
        const end = ASCII_ALNUM_RE.test(raw) ? tok.start + t.lexeme.length : tok.end;
        hit = [tok.start, end];
        matched.add(t.lexeme);
        break;
      }
    }
    if (!hit) {
      const of = corrections.get(tok.lexeme);
      if (of) {
        hit = [tok.start, tok.end];
        matched.add(of);
      }
    }
    if (hit) ranges.push(hit);
  }

  if (name === 'phone') {
    const digits = phoneDigits(text);
    if (digits) {
      // Positions of each digit in the original text, to map a digit run back to characters.
      const positions: number[] = [];
      for (let i = 0; i < text.length; i++) if (DIGIT_RE.test(text[i]!)) positions.push(i);
      for (const t of m.terms) {
        if (!DIGITS_RE.test(t.lexeme) || positions.length !== digits.length) continue;
        const at = digits.indexOf(t.lexeme);
        if (at < 0) continue;
        ranges.push([positions[at]!, positions[at + t.lexeme.length - 1]! + 1]);
        matched.add(t.lexeme);
      }
    }
  }
  return { name, weight, text, ranges: mergeRanges(ranges), matchedTerms: matched.size };
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** Moves an offset off the second half of a surrogate pair. */
function safeBoundary(text: string, i: number): number {
  if (i <= 0 || i >= text.length) return Math.max(0, Math.min(i, text.length));
  const code = text.charCodeAt(i);
  return code >= 0xdc00 && code <= 0xdfff ? i - 1 : i;
}

function cut(f: FieldMatch): Snippet {
  const flat = f.text.replace(/\s+/g, ' ');
  // Whitespace collapsing keeps offsets only when lengths agree; otherwise recompute on the flat text.
  const source = flat.length === f.text.length ? f : { ...f, text: flat, ranges: [] as [number, number][] };
  const text = source.text;
  if (text.length <= MAX_SNIPPET_CHARS) return { field: f.name, text, highlights: source.ranges };
  const first = source.ranges[0]?.[0] ?? 0;
  let start = safeBoundary(text, Math.max(0, first - CONTEXT_BEFORE));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < first) start = space + 1;
  }
  let end = safeBoundary(text, Math.min(text.length, start + MAX_SNIPPET_CHARS));
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + MAX_SNIPPET_CHARS / 2) end = space;
  }
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const shift = prefix.length - start;
  const highlights = source.ranges.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s + shift, e + shift] as [number, number]);
  return { field: f.name, text: prefix + text.slice(start, end) + suffix, highlights };
}

/** The snippet of one document, or null when it has no text fields. */
export function buildSnippet(fields: [string, string, string][], matcher: TermMatcher): Snippet | null {
  const matches = fields
    .filter(([, , text]) => typeof text === 'string' && text.length > 0)
    .map(([name, weight, text]) => matchField(name, weight, text, matcher));
  if (matches.length === 0) return null;
  const best = [...matches].sort((a, b) => b.matchedTerms - a.matchedTerms || fieldRank(a) - fieldRank(b) || 0)[0]!;
  if (best.matchedTerms === 0) {
    // Nothing to highlight (a correction matched through another spelling): show the first non-title field.
    const fallback = matches.find((m) => m.name !== 'title') ?? best;
    return cut({ ...fallback, ranges: [] });
  }
  return cut(best);
}
