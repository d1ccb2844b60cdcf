import { describe, expect, it } from 'vitest';
import { checkJsonContentType, isIdentityEncoding, parseBearer, parseIdempotencyKey } from './headers.js';

describe('parseBearer', () => {
  it('extracts a token68 bearer', () => {
    expect(parseBearer('Bearer stu_0123456789ab_AbC-_x.y~z+/==')).toBe('stu_0123456789ab_AbC-_x.y~z+/==');
    expect(parseBearer('bearer abc')).toBe('abc');
    expect(parseBearer('BEARER   abc  ')).toBe('abc');
  });

  it('rejects missing, other schemes and malformed credentials', () => {
    for (const value of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearerabc',
      'Bearer a b',
      'Bearer a,b',
      'Bearer é',
      'Bearer =abc',
      `Bearer ${'a'.repeat(513)}`,
    ]) {
      expect(parseBearer(value), String(value)).toBeNull();
    }
    expect(parseBearer(['Bearer a', 'Bearer b'])).toBeNull();
  });

  it('accepts up to 512 characters', () => {
    expect(parseBearer(`Bearer ${'a'.repeat(512)}`)).toHaveLength(512);
  });
});

describe('parseIdempotencyKey', () => {
  it('accepts 1..200 visible ASCII characters and spaces', () => {
    expect(parseIdempotencyKey('a')).toEqual({ kind: 'valid', key: 'a' });
    expect(parseIdempotencyKey('k'.repeat(200))).toEqual({ kind: 'valid', key: 'k'.repeat(200) });
    expect(parseIdempotencyKey('a b ~!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}')).toMatchObject({ kind: 'valid' });
  });

  it('tells absent from invalid', () => {
    expect(parseIdempotencyKey(undefined)).toEqual({ kind: 'absent' });
    for (const value of ['', 'k'.repeat(201), 'tab\there', 'new\nline', 'é', '\u0000', 'del\u007f']) {
      expect(parseIdempotencyKey(value), JSON.stringify(value)).toEqual({ kind: 'invalid' });
    }
    expect(parseIdempotencyKey(['a', 'b'])).toEqual({ kind: 'invalid' });
  });
});

describe('checkJsonContentType', () => {
  it('accepts application/json and application/*+json with a UTF-8 or no charset', () => {
    for (const value of [
      'application/json',
      'APPLICATION/JSON',
      'application/json; charset=utf-8',
      'application/json;charset="UTF8"',
      'application/problem+json',
      'application/vnd.api+json ; charset=utf-8',
      'application/json; foo=bar',
    ]) {
      expect(checkJsonContentType(value), value).toBe('json');
    }
  });

  it('refuses other types and charsets', () => {
    for (const value of [
      undefined,
      '',
      'text/plain',
      'text/json',
      'application/jsonp',
      'application/x-json',
      'application/+json',
      'json',
      'text/vnd+json',
    ]) {
      expect(checkJsonContentType(value), String(value)).toBe('not_json');
    }
    expect(checkJsonContentType('application/json; charset=latin1')).toBe('bad_charset');
    expect(checkJsonContentType('application/json; charset=utf-16')).toBe('bad_charset');
  });
});

describe('isIdentityEncoding', () => {
  it('accepts no encoding or identity only', () => {
    expect(isIdentityEncoding(undefined)).toBe(true);
    expect(isIdentityEncoding('')).toBe(true);
    expect(isIdentityEncoding('Identity')).toBe(true);
    expect(isIdentityEncoding('gzip')).toBe(false);
    expect(isIdentityEncoding('br')).toBe(false);
  });
});
