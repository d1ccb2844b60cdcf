import { describe, expect, it } from 'vitest';
import { buildSnippet } from './snippet.js';
import { parseQuery } from './query-parser.js';

const matcher = (q: string, corrections: [string, string[]][] = []) => ({ terms: parseQuery(q).terms, corrections: new Map(corrections) });
const marked = (s: { text: string; highlights: [number, number][] } | null) => {
  if (!s) return null;
  let out = '';
  let at = 0;
  for (const [a, b] of s.highlights) {
    out += `${s.text.slice(at, a)}[${s.text.slice(a, b)}]`;
    at = b;
  }
  return out + s.text.slice(at);
};

describe('snippets', () => {
  it('highlights prefixes in the best field, as ranges over plain text', () => {
    const s = buildSnippet(
      [
        ['title', 'A', 'John Smith'],
        ['email', 'B', 'john.smith@example.com'],
        ['notes', 'C', 'Likes smiling'],
      ],
      matcher('jo smi'),
    );
    expect(s!.field).toBe('email');
    expect(marked(s)).toBe('[jo]hn.[smi]th@example.com');
  });
  it('prefers the title to the slug that repeats it, and a location to both', () => {
    const shoot = (q: string) =>
      buildSnippet(
        [
          ['title', 'A', 'Session 45f0e78c at the Pier'],
          ['location', 'B', 'Pier 39'],
          ['slug', 'D', 'session-45f0e78c-at-the-pier'],
        ],
        matcher(q),
      );
    expect(marked(shoot('45f0e78c'))).toBe('Session [45f0e78c] at the Pier');
    expect(shoot('pier')!.field).toBe('location');
    expect(
      buildSnippet(
        [
          ['slug', 'D', 'session-at-the-pier'],
          ['title', 'A', 'Session at the Pier'],
        ],
        matcher('session'),
      )!.field,
    ).toBe('title');
  });
  it('never carries markup: HTML in a document stays text', () => {
    const s = buildSnippet([['notes', 'C', '<script>alert("x")</script> wedding']], matcher('wedding'));
    expect(s!.text).toBe('<script>alert("x")</script> wedding');
    expect(marked(s)).toBe('<script>alert("x")</script> [wedding]');
  });
  it('highlights a phone fragment across separators', () => {
    const s = buildSnippet([['phone', 'B', '+1 (555) 123-4567']], matcher('555-1234'));
    expect(marked(s)).toBe('+1 ([555) 123-4]567');
  });
  it('highlights typo corrections', () => {
    const s = buildSnippet([['title', 'A', 'John Smith']], matcher('jonh', [['jonh', ['john']]]));
    expect(marked(s)).toBe('[John] Smith');
  });
  it('cuts long text around the first match with ellipses, on safe boundaries', () => {
    const long = `${'lorem ipsum '.repeat(40)}the wedding 😀 ${'dolor sit '.repeat(40)}`;
    const s = buildSnippet([['notes', 'C', long]], matcher('wedding'))!;
    expect(s.text.length).toBeLessThanOrEqual(162);
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    const [a, b] = s.highlights[0]!;
    expect(s.text.slice(a, b)).toBe('wedding');
    expect(() => encodeURIComponent(s.text)).not.toThrow();
  });
  it('is null without fields', () => {
    expect(buildSnippet([], matcher('x'))).toBeNull();
  });
});
