import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '@studio/http';
import { checkBody } from './body.middleware.js';

describe('checkBody', () => {
  it('accepts an empty body whatever the content type', () => {
    expect(checkBody(Buffer.alloc(0), undefined)).toEqual({ ok: true, parsed: undefined, present: false });
    expect(checkBody(Buffer.alloc(0), 'text/plain')).toMatchObject({ ok: true, present: false });
  });

  it('parses a JSON body', () => {
    expect(checkBody(Buffer.from('{"a":[1]}'), 'application/json')).toEqual({ ok: true, parsed: { a: [1] }, present: true });
  });

  it('refuses non-JSON types, malformed JSON, invalid UTF-8 and a BOM', () => {
    expect(checkBody(Buffer.from('{}'), 'text/plain')).toMatchObject({ ok: false });
    expect(checkBody(Buffer.from('{}'), undefined)).toMatchObject({ ok: false });
    expect(checkBody(Buffer.from('{'), 'application/json')).toEqual({ ok: false, message: 'malformed JSON body' });
    expect(checkBody(Buffer.from([0x22, 0xc3, 0x28, 0x22]), 'application/json')).toMatchObject({ ok: false });
    expect(checkBody(Buffer.from('\ufeff{}'), 'application/json')).toMatchObject({ ok: false });
    expect(checkBody(Buffer.from('{}'), 'application/json; charset=iso-8859-1')).toEqual({
      ok: false,
      message: 'a JSON body must be UTF-8',
    });
  });

  it('refuses a body nested deeper than MAX_JSON_DEPTH (it would overflow the canonical JSON of Idempotency-Key)', () => {
    const levels = (n: number) => Buffer.from(`${'['.repeat(n)}${']'.repeat(n)}`);
    expect(checkBody(levels(100_000), 'application/json')).toEqual({ ok: false, message: `a JSON body ${TOO_DEEP_MESSAGE}` });
    expect(checkBody(levels(MAX_JSON_DEPTH + 1), 'application/json')).toMatchObject({ ok: false });
    expect(checkBody(levels(MAX_JSON_DEPTH), 'application/json')).toMatchObject({ ok: true, present: true });
  });
});
