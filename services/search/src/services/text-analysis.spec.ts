import { describe, expect, it } from 'vitest';
import { analyzeDocument, cleanText, editDistance, foldToken, isDictionaryWord, tokenize, tsvectorLexemes } from './text-analysis.js';
import { mapDocument } from './document-mapping.js';

describe('folding and tokens', () => {
  it('folds accents, width and case the same way for documents and queries', () => {
    expect(foldToken('Renée')).toBe('renee');
    expect(foldToken('ＪＯＨＮ')).toBe('john');
    expect(foldToken('ﬁle')).toBe('file');
    expect(foldToken('Ǆ')).toBe('dz');
    expect(tokenize("O'Brien-Smith").map((t) => t.lexeme)).toEqual(['o', 'brien', 'smith']);
  });
  it('keeps offsets into the original text', () => {
    const text = 'Zoë  Smith';
    const [a, b] = tokenize(text);
    expect(text.slice(a!.start, a!.end)).toBe('Zoë');
    expect(text.slice(b!.start, b!.end)).toBe('Smith');
  });
  it('removes NUL and lone surrogates from stored text', () => {
    expect(cleanText('a\u0000b\ud800c')).toBe('ab\ufffdc');
  });
  it('dictionary words start with a letter', () => {
    expect(isDictionaryWord('smith')).toBe(true);
    expect(isDictionaryWord('smith84')).toBe(false);
    expect(isDictionaryWord('84smith')).toBe(false);
    expect(isDictionaryWord('jo')).toBe(true);
    expect(isDictionaryWord('j')).toBe(false);
  });
  it('edit distance counts a transposition as one edit', () => {
    expect(editDistance('jonh', 'john', 2)).toBe(1);
    expect(editDistance('weding', 'wedding', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});

describe('documents', () => {
  it('puts titles, names, e-mails and phones in tsv_p, notes (minus those lexemes) and phone fragments in tsv_s', () => {
    const doc = mapDocument('client', {
      client_id: 'x',
      name: 'John Smith',
      email: 'John.Smith@Example.com',
      phone: '+1 (555) 123-4567',
      notes: 'John wants wedding photos',
    });
    expect(doc.title).toBe('John Smith');
    const a = analyzeDocument(doc.fields);
    const primary = tsvectorLexemes(a.primary);
    const secondary = tsvectorLexemes(a.secondary);
    expect(primary).toEqual(expect.arrayContaining(['john', 'smith', 'example', 'com', '15551234567', '555', '4567']));
    expect(secondary).toEqual(expect.arrayContaining(['wants', 'wedding', 'photos', '5551234567', '1234567']));
    expect(secondary).not.toContain('john');
    expect(a.wordsPrimary.sort()).toEqual(['com', 'example', 'john', 'smith']);
    expect(a.wordsSecondary.sort()).toEqual(['photos', 'wants', 'wedding']);
    expect(a.primary).toMatch(/'john':1A,\d+B/);
  });
  it('maps every type, with a title fallback', () => {
    expect(mapDocument('order', { number: 1042, status: 'paid' }).title).toBe('Order 1042');
    expect(mapDocument('gallery', { gallery_id: 'x', title: 'Smith Wedding', slug: 'smith-wedding', photo_count: 3 }).title).toBe(
      'Smith Wedding',
    );
    expect(mapDocument('album', { name: 'Best of' }).title).toBe('Best of');
    expect(mapDocument('lead', { email: 'a@b.co' }).title).toBe('a@b.co');
    expect(mapDocument('shoot', {}).title).toBe('');
  });
  it('bounds a huge note', () => {
    const notes = Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' ');
    const a = analyzeDocument(mapDocument('client', { name: 'X', notes }).fields);
    expect(tsvectorLexemes(a.secondary).length).toBeLessThanOrEqual(4000);
  });
});
