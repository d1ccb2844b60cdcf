import { describe, expect, it } from 'vitest';
import { createCursorCodec } from '@studio/cursor';
import { AppError } from '@studio/errors';
import { parseQuery } from './query-parser.js';
import {
  MATCH_MAX_ROWS,
  chooseCorrections,
  chooseStrategy,
  decodeCursor,
  encodeCursor,
  estimateTier,
  fingerprint,
  rankOf,
} from './search.service.js';

const codec = createCursorCodec('unit-test-cursor-secret-0123456789abcdef');
const WS = '6f1c2a8e-4b1d-4c3a-9f0e-1a2b3c4d5e6f';
const ID = '0b7e4c1a-2d3f-4e5a-8b6c-7d8e9f0a1b2c';

describe('cursor', () => {
  const fp = fingerprint(WS, parseQuery('john smith').terms, null);
  const hit = { tier: 4 as const, sortKey: 1_795_000_000_123n, id: ID, type: 'client' as const };

  it('round-trips the keyset position exactly', () => {
    const c = encodeCursor(codec, fp, hit);
    expect(decodeCursor(codec, fp, c)).toEqual({ tier: 4, key: { sortKey: 1_795_000_000_123n, id: ID, type: 'client' } });
  });

  it('is opaque base64url with a signature', () => {
    expect(encodeCursor(codec, fp, hit)).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('refuses a tampered, truncated or foreign cursor with invalid_input', () => {
    const c = encodeCursor(codec, fp, hit);
    const [payload, sig] = c.split('.');
    const forged = Buffer.from(JSON.stringify(['search', fp, 5, 1_795_000_000_123, ID, 'client'])).toString('base64url');
    const cases = [
      `${forged}.${sig}`,
      c.slice(0, -2),
      `${payload}.`,
      `x${c}`,
      'not-a-cursor',
      '',
      createCursorCodec('another-secret-0123456789abcdef0123').encode('search', [fp, 4, 1, ID, 'client']),
      codec.encode('shoots', [fp, 4, 1, ID, 'client']),
    ];
    for (const bad of cases) {
      expect(() => decodeCursor(codec, fp, bad), bad).toThrow(AppError);
    }
  });

  it('refuses a cursor of another search (other terms, workspace or types)', () => {
    const c = encodeCursor(codec, fp, hit);
    expect(() => decodeCursor(codec, fingerprint(WS, parseQuery('john').terms, null), c)).toThrow(/another search/);
    expect(() => decodeCursor(codec, fingerprint(WS, parseQuery('john smith').terms, ['client']), c)).toThrow(/another search/);
    expect(() => decodeCursor(codec, fingerprint(ID, parseQuery('john smith').terms, null), c)).toThrow(/another search/);
    // Same terms typed differently: same search.
    expect(decodeCursor(codec, fingerprint(WS, parseQuery('  JOHN   Smith!! ').terms, null), c).tier).toBe(4);
  });

  it('refuses well-signed cursors with impossible values', () => {
    const bad = [
      [fp, 0, 1, ID, 'client'],
      [fp, 6, 1, ID, 'client'],
      [fp, 4.5, 1, ID, 'client'],
      [fp, 4, 2 ** 60, ID, 'client'],
      [fp, 4, 1, 'not-a-uuid', 'client'],
      [fp, 4, 1, ID, 'invoice'],
      [fp, 4, 1, ID],
    ];
    for (const values of bad) {
      expect(() => decodeCursor(codec, fp, codec.encode('search', values as (string | number)[]))).toThrow(AppError);
    }
  });
});

describe('rank', () => {
  it('is tier plus recency, exact in a float8 and ordered like the key', () => {
    const a = rankOf(5, 1_795_000_000_000n);
    const b = rankOf(5, 1_795_000_000_001n);
    const c = rankOf(4, 8_000_000_000_000n);
    expect(Math.floor(a)).toBe(5);
    expect(b).toBeGreaterThan(a);
    expect(a).toBeGreaterThan(c);
    expect(JSON.parse(JSON.stringify(b))).toBe(b);
    expect((b - 5) * 2 ** 43).toBe(1_795_000_000_001);
  });
});

describe('typo corrections', () => {
  const cand = (word: string, ndocP = 1) => ({ word, similarity: 0.3, ndocP, ndocS: 0 });
  it('accepts transpositions and single edits, prefers frequent words', () => {
    // john: one transposition; jones, jonathan: one edit from their 4-letter prefix; joan: two edits.
    expect(chooseCorrections('jonh', [cand('john', 50), cand('joan', 5), cand('jones', 80), cand('jonathan'), cand('xylophone')])).toEqual([
      'john',
      'jones',
      'jonathan',
    ]);
    expect(chooseCorrections('weding', [cand('wedding'), cand('welding'), cand('wending')])).toContain('wedding');
    expect(chooseCorrections('smiht', [cand('smith')])).toEqual(['smith']);
  });
  it('never returns the term itself or words it is a prefix of', () => {
    expect(chooseCorrections('smith', [cand('smith'), cand('smithson'), cand('smyth')])).toEqual(['smyth']);
  });
});

describe('plan choice', () => {
  const stat = (exactP: number, anyS = 0) => ({ exactP, exactS: 0, anyP: exactP, anyS, moreP: 0, corrP: 0, corrS: 0 });
  it('matches rare terms through the GIN index', () => {
    expect(chooseStrategy(estimateTier(5, [stat(25)], 200_000), 200_000, 21)).toEqual({ kind: 'match' });
    expect(chooseStrategy(estimateTier(5, [stat(MATCH_MAX_ROWS)], 200_000), 200_000, 21)).toEqual({ kind: 'match' });
  });
  it('walks the keyset index for common terms, with a budget', () => {
    const s = chooseStrategy(estimateTier(5, [stat(150_000)], 200_000), 200_000, 21);
    expect(s.kind).toBe('walk');
    if (s.kind === 'walk') expect(s.budget).toBeLessThanOrEqual(10_000);
  });
  it('matches when a walk would read too many rows', () => {
    expect(chooseStrategy(estimateTier(5, [stat(3_000)], 1_000_000), 1_000_000, 21)).toEqual({ kind: 'match' });
  });
  it('walks with a small budget when the counts are unknown', () => {
    const unknown = { exactP: null, exactS: null, anyP: null, anyS: null, moreP: null, corrP: 0, corrS: 0 };
    expect(chooseStrategy(estimateTier(3, [unknown], 200_000), 200_000, 21).kind).toBe('walk');
  });
  it('estimates conjunctions by independence, bounded by the rarer term', () => {
    const e = estimateTier(5, [stat(20_000), stat(10_000)], 200_000);
    expect(e.estimate).toBeCloseTo(1000);
    expect(e.upper).toBe(10_000);
  });
});
