import { describe, expect, it } from 'vitest';
import { parseTypes, searchQuerySchema } from './search.schema.js';

const WS = '6f1c2a8e-4b1d-4c3a-9f0e-1a2b3c4d5e6f';

describe('types filter', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['client', ['client']],
    ['client,lead', ['client', 'lead']],
    [' Client , LEAD ,client', ['client', 'lead']],
    ['client,invoice,task', ['client']],
    ['invoice,task', null],
    [',,,', null],
    ['client,lead,shoot,gallery,album,order', null],
    ['order,album', ['order', 'album']],
    [
      ['client', 'gallery,bogus'],
      ['client', 'gallery'],
    ],
    ['__proto__,constructor,toString', null],
  ] as const)('%j -> %j', (input, expected) => {
    expect(parseTypes(input as string | string[] | undefined)).toEqual(expected);
  });
});

describe('query schema', () => {
  const parse = (q: Record<string, unknown>) => searchQuerySchema.safeParse({ workspace_id: WS, ...q });

  it('requires q with at least one character after trimming', () => {
    expect(parse({}).success).toBe(false);
    expect(parse({ q: '' }).success).toBe(false);
    expect(parse({ q: '   \t\n ' }).success).toBe(false);
    expect(parse({ q: ' a ' }).data?.q).toBe('a');
    expect(parse({ q: '!!!' }).success).toBe(true);
    expect(parse({ q: '\u0000' }).success).toBe(true);
  });

  it('caps q at 256 characters', () => {
    expect(parse({ q: 'x'.repeat(256) }).success).toBe(true);
    expect(parse({ q: 'x'.repeat(257) }).success).toBe(false);
    expect(parse({ q: 'x'.repeat(10_000) }).success).toBe(false);
  });

  it('refuses repeated q', () => {
    expect(parse({ q: ['a', 'b'] }).success).toBe(false);
  });

  it('limit is 1..50, default 20', () => {
    expect(parse({ q: 'a' }).data?.limit).toBe(20);
    expect(parse({ q: 'a', limit: '50' }).data?.limit).toBe(50);
    for (const bad of ['0', '51', '-1', '1.5', 'abc', '', '1e1']) expect(parse({ q: 'a', limit: bad }).success, bad).toBe(false);
  });

  it('requires a valid workspace_id', () => {
    expect(searchQuerySchema.safeParse({ q: 'a' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: 'a', workspace_id: 'nope' }).success).toBe(false);
  });
});
