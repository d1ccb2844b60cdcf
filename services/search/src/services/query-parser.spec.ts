import { describe, expect, it } from 'vitest';
import { MAX_TERMS, fuzzyTiers, parseQuery, resolveTerm, tierFive, tierFour, tierThree, type Cond } from './query-parser.js';

const lexemes = (q: string) => parseQuery(q).terms.map((t) => t.lexeme);

/** Every tsquery literal inside a condition. */
function literals(c: Cond): string[] {
  if (c.kind === 'match') return [c.query];
  if (c.kind === 'not') return literals(c.item);
  return c.items.flatMap(literals);
}

/** A literal assembled from sanitised terms: quoted lexemes of letters/digits, joined by & | ( ) and :*. */
const SAFE_LITERAL = /^(?:'[\p{L}\p{N}]+'(?::\*)?|[&|() ])+$/u;

describe('parseQuery: nasty inputs become safe lexemes', () => {
  const table: [string, string[]][] = [
    ['John Smith', ['john', 'smith']],
    ['  jonh   smi ', ['jonh', 'smi']],
    ["'john' & smith | !doe", ['john', 'smith', 'doe']],
    ['a:* & (b | !c)', ['a', 'b', 'c']],
    ["o'brien", ['o', 'brien']],
    ['back\\slash\\\\', ['back', 'slash']],
    ['nul\u0000byte', ['nul', 'byte']],
    ['\u0000\u0000', []],
    ['!!! ??? ***', []],
    ['():*&|!', []],
    ['emoji 😀 party 🎉', ['emoji', 'party']],
    ['lone \ud800 surrogate \udfff end', ['lone', 'surrogate', 'end']],
    // Ø has no decomposition: it stays a letter of its own, lower-cased.
    ['Zoë Renée Østergaard', ['zoe', 'renee', 'østergaard']],
    ['ＦＵＬＬ　ｗｉｄｔｈ', ['full', 'width']],
    ['john.smith@example.com', ['john', 'smith', 'example', 'com']],
    ['smith@exa', ['smith', 'exa']],
    ['+1 (555) 123-4567', ['15551234567']],
    ['555-1234', ['5551234']],
    ['555 1234', ['5551234']],
    ['order 10234 10235', ['order', '10234', '10235']],
    ['2024', ['2024']],
    ['john JOHN John', ['john']],
    ['<script>alert(1)</script>', ['script', 'alert', '1']],
    ["'; DROP TABLE search_documents; --", ['drop', 'table', 'search', 'documents']],
    ['\\x00\\u0000', ['x', '00', 'u', '0000']],
    ['R2D2 jsmith84', ['r', '2', 'd', 'jsmith', '84']],
  ];
  it.each(table)('%j -> %j', (q, expected) => {
    expect(lexemes(q)).toEqual(expected);
  });

  it('keeps at most MAX_TERMS distinct terms', () => {
    expect(lexemes('a b c d e f g h i j k l')).toHaveLength(MAX_TERMS);
  });

  it('caps each lexeme at 48 code points', () => {
    const t = lexemes('x'.repeat(10_000));
    expect(t).toEqual(['x'.repeat(48)]);
  });

  it('handles 10,000 characters of mixed garbage quickly', () => {
    const q = Array.from({ length: 10_000 }, (_, i) => String.fromCharCode((i * 7919) % 0xffff)).join('');
    const started = Date.now();
    const { terms } = parseQuery(q);
    expect(Date.now() - started).toBeLessThan(200);
    expect(terms.length).toBeLessThanOrEqual(MAX_TERMS);
  });

  it('marks prefixes and typo eligibility', () => {
    const [j, s, x] = parseQuery('jonh sm x').terms;
    expect(j).toEqual({ lexeme: 'jonh', prefix: true, typo: true });
    expect(s).toEqual({ lexeme: 'sm', prefix: true, typo: false });
    expect(x).toEqual({ lexeme: 'x', prefix: true, typo: false });
    expect(parseQuery('r2d2').terms[0]!.typo).toBe(false);
  });
});

describe('tier conditions', () => {
  const fuzz = ["'", "\\'", "''", ':*', '&', '|', '!', '(', ')', '\\', '\u0000', "a'b", 'ab\\', '😀', 'x'.repeat(300), 'Ǆǅǆ', 'İstanbul'];
  it('only ever contain quoted letter/digit lexemes and operators', () => {
    for (const a of fuzz) {
      for (const b of fuzz) {
        const { terms } = parseQuery(`${a} foo${a}bar ${b} 12${b}34`);
        if (terms.length === 0) continue;
        const resolved = terms.map((t) => resolveTerm(t, { words: [t.lexeme, `${t.lexeme}x`], total: 2 }, ['fix']));
        const plans = [tierFive(terms), tierFour(resolved), tierThree(resolved), ...fuzzyTiers(resolved)].filter((p) => p !== null);
        for (const plan of plans) for (const lit of literals(plan!.where)) expect(lit).toMatch(SAFE_LITERAL);
      }
    }
  });

  it('builds the five tiers for one term', () => {
    const { terms } = parseQuery('smith');
    const r = [resolveTerm(terms[0]!, { words: ['smith', 'smithers', 'smithson'], total: 3 }, ['smyth'])];
    expect(tierFive(terms).where).toEqual({ kind: 'match', column: 'primary', query: "'smith'", index: true });
    expect(tierFour(r)!.where).toEqual({
      kind: 'and',
      items: [
        { kind: 'match', column: 'primary', query: "('smithers' | 'smithson')", index: true },
        { kind: 'not', item: { kind: 'match', column: 'primary', query: "'smith'", index: true } },
      ],
    });
    const any = "('smith' | 'smithers' | 'smithson')";
    expect(tierThree(r).where).toEqual({
      kind: 'and',
      items: [
        { kind: 'match', column: 'secondary', query: any, index: true },
        { kind: 'not', item: { kind: 'match', column: 'primary', query: any, index: true } },
      ],
    });
    const [two, one] = fuzzyTiers(r);
    expect(two!.tier).toBe(2);
    expect(one!.tier).toBe(1);
    expect(literals(two!.where)[0]).toBe("'smyth'");
    expect(literals(one!.where)[0]).toBe("'smyth'");
  });

  it('has no tier 4 when the word extends to nothing, and no fuzzy tiers without corrections', () => {
    const { terms } = parseQuery('garcia');
    const r = [resolveTerm(terms[0]!, { words: ['garcia'], total: 1 })];
    expect(tierFour(r)).toBeNull();
    expect(fuzzyTiers(r)).toEqual([]);
  });

  it('turns a common prefix into filters, never index conditions', () => {
    const { terms } = parseQuery('ma lowynra');
    const many = Array.from({ length: 300 }, (_, i) => `ma${i}x`);
    const r = [resolveTerm(terms[0]!, { words: many, total: 5000 }), resolveTerm(terms[1]!, { words: ['lowynra'], total: 1 })];
    expect(r[0]!.dense).toBe(true);
    const three = tierThree(r).where;
    const flat = JSON.stringify(three);
    expect(flat).toContain('"query":"\'ma\':*","index":false');
    expect(flat).toContain('"query":"\'lowynra\'","index":true');
  });

  it('matches digits with :* (phone fragments), exactly below three digits', () => {
    const [long] = parseQuery('5551234').terms;
    expect(resolveTerm(long!, undefined).any).toBe("'5551234':*");
    expect(resolveTerm(long!, undefined).dense).toBe(false);
    const [short] = parseQuery('55').terms;
    expect(resolveTerm(short!, undefined).dense).toBe(true);
  });
});
