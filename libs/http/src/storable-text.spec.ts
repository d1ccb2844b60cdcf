/** storable-text: lone surrogates and NUL are found anywhere in an input; valid text, paired surrogates pass. */
import { describe, expect, it } from 'vitest';
import { findUnstorableText, unstorableTextReason } from './storable-text.js';

describe('unstorableTextReason', () => {
  it('accepts ordinary text and paired surrogates (astral characters)', () => {
    for (const text of ['', 'Smith Wedding', 'Ünïcødé', '📷 at the 🏛️', '\ud83d\udcf7'])
      expect(unstorableTextReason(text), text).toBeUndefined();
  });

  it('refuses a lone high or low surrogate wherever it stands, and NUL', () => {
    for (const text of ['\ud800', 'a\ud800', '\ud800b', '\udc00', 'a\udfffb', '\udc00\ud800', '📷\ud83d']) {
      expect(unstorableTextReason(text), JSON.stringify(text)).toBe('must not contain a lone UTF-16 surrogate');
    }
    expect(unstorableTextReason('a\u0000b')).toBe('must not contain NUL characters');
  });
});

describe('findUnstorableText', () => {
  it('walks objects and arrays and names the path of the first bad string', () => {
    expect(findUnstorableText({ title: 'ok', files: [{ file_name: 'a.jpg' }, { file_name: 'b\ud800.jpg' }] })).toEqual({
      path: ['files', 1, 'file_name'],
      message: 'must not contain a lone UTF-16 surrogate',
    });
    expect(findUnstorableText('\u0000')).toEqual({ path: [], message: 'must not contain NUL characters' });
  });

  it('checks member names too', () => {
    expect(findUnstorableText({ 'x\udc00': 1 })).toEqual({
      path: ['x\udc00'],
      message: 'member name must not contain a lone UTF-16 surrogate',
    });
  });

  it('finds nothing in clean or non-text values, including null-prototype objects', () => {
    const query = Object.assign(Object.create(null), { limit: '10' });
    for (const value of [undefined, null, 1, true, { a: [1, 'b', null, { c: 'd' }] }, query, new Date()]) {
      expect(findUnstorableText(value)).toBeUndefined();
    }
  });

  it('walks deep nesting without overflowing the call stack', () => {
    let deep: unknown = '\ud800';
    for (let depth = 0; depth < 100_000; depth++) deep = [deep];
    expect(findUnstorableText(deep)?.message).toBe('must not contain a lone UTF-16 surrogate');
  });

  it('answers a flat record of strings (params, query, headers) as the full walk does', () => {
    const records: Record<string, string>[] = [
      { id: 'ok', name: 'fine' },
      { id: 'ok', name: 'bad\u0000' },
      { 'bad\ud800': 'x', also: 'bad\u0000', 'worse\u0000': 'y' },
      { a: '\udc00', b: '\ud800' },
      Object.assign(Object.create(null), { q: 'x\u0000' }),
      {},
    ];
    for (const record of records) {
      // Wrapped, the record is no longer flat: the walk answers, with the wrapper's key in front.
      const walked = findUnstorableText({ wrap: record });
      const fast = findUnstorableText(record);
      expect(fast).toEqual(walked && { ...walked, path: walked.path.slice(1) });
    }
  });
});
