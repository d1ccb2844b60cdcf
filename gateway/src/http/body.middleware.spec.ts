import { describe, expect, it } from 'vitest';
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
});
