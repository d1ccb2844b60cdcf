import { describe, expect, it } from 'vitest';
import { API_TOKEN_LENGTH, API_TOKEN_PATTERN, apiTokenChecksum, looksLikeApiToken, mintApiToken, parseApiToken } from './index.js';

const RANDOM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcd';
/** CRC32 of RANDOM is 0x2cb8a58b = 749250955, in base62: computed independently (Python's zlib.crc32). */
const KNOWN = `stu_${RANDOM}0omAup`;
const LEGACY = `stu_0123456789ab_${'A'.repeat(42)}-`;

/** `token` with the character at `index` replaced by another base62 character. */
const mistype = (token: string, index: number) => token.slice(0, index) + (token[index] === 'x' ? 'y' : 'x') + token.slice(index + 1);

describe('mintApiToken', () => {
  it('mints stu_ + 40 base62 + a 6-character checksum, 50 characters, whose prefix is the first 12 random ones', () => {
    const minted = mintApiToken();
    expect(minted.token).toMatch(/^stu_[0-9A-Za-z]{46}$/);
    expect(minted.token).toHaveLength(API_TOKEN_LENGTH);
    expect(API_TOKEN_LENGTH).toBe(50);
    expect(minted.prefix).toBe(minted.token.slice(4, 16));
    expect(parseApiToken(minted.token)).toEqual({ format: 'current', prefix: minted.prefix });
  });

  it('mints distinct tokens that use the whole alphabet', () => {
    const tokens = Array.from({ length: 500 }, () => mintApiToken().token);
    expect(new Set(tokens).size).toBe(500);
    const used = new Set(tokens.flatMap((t) => [...t.slice(4, 44)]));
    expect(used.size).toBe(62);
  });

  it('is matched by the secret-scanner pattern, alone and inside a text', () => {
    const { token } = mintApiToken();
    expect(API_TOKEN_PATTERN.test(token)).toBe(true);
    expect(`export STUDIO_TOKEN="${token}"`.match(API_TOKEN_PATTERN)?.[0]).toBe(token);
    expect(API_TOKEN_PATTERN.test(`${token}x`)).toBe(false);
    expect(API_TOKEN_PATTERN.test(LEGACY)).toBe(false);
  });
});

describe('apiTokenChecksum', () => {
  it('is the CRC32 of the 40 random characters in 6 base62 characters (a known answer)', () => {
    expect(apiTokenChecksum(RANDOM)).toBe('0omAup');
    expect(parseApiToken(KNOWN)).toEqual({ format: 'current', prefix: '0123456789AB' });
  });

  it('pads small values with leading zeros', () => {
    // CRC32 of the empty string is 0.
    expect(apiTokenChecksum('')).toBe('000000');
  });
});

describe('parseApiToken', () => {
  it('parses a legacy token (issued before the checksum) with its 12 hex characters as the prefix', () => {
    expect(parseApiToken(LEGACY)).toEqual({ format: 'legacy', prefix: '0123456789ab' });
  });

  it('refuses every single mistyped character of a current token', () => {
    const { token } = mintApiToken();
    for (let i = 4; i < token.length; i++) expect(parseApiToken(mistype(token, i))).toBeNull();
  });

  it('refuses two swapped neighbouring characters', () => {
    const swapped = `stu_${RANDOM.slice(0, 10)}${RANDOM[11]}${RANDOM[10]}${RANDOM.slice(12)}0omAup`;
    expect(parseApiToken(swapped)).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['not a string', 42],
    ['undefined', undefined],
    ['another scheme', `sta_${RANDOM}0omAup`],
    ['upper-case scheme', `STU_${RANDOM}0omAup`],
    ['one character short', KNOWN.slice(0, -1)],
    ['one character long', `${KNOWN}0`],
    ['a non-base62 character', `stu_${RANDOM.slice(0, 39)}_0omAup`],
    ['whitespace', ` ${KNOWN.slice(1)}`],
    ['a wrong checksum', `stu_${RANDOM}000000`],
    ['legacy with an upper-case prefix', `stu_0123456789AB_${'A'.repeat(43)}`],
    ['legacy with a short prefix', `stu_0123456789a_${'A'.repeat(44)}`],
    ['legacy with padding', `stu_0123456789ab_${'A'.repeat(42)}=`],
    ['legacy with standard base64', `stu_0123456789ab_${'A'.repeat(42)}+`],
    ['legacy one short', `stu_0123456789ab_${'A'.repeat(42)}`],
  ])('refuses %s', (_name, value) => {
    expect(parseApiToken(value)).toBeNull();
  });
});

describe('looksLikeApiToken', () => {
  it('tells a claimed API token (well-formed or not) from other bearers', () => {
    expect(looksLikeApiToken('stu_nonsense')).toBe(true);
    expect(looksLikeApiToken(KNOWN)).toBe(true);
    expect(looksLikeApiToken('eyJhbGciOiJFZERTQSJ9.e30.sig')).toBe(false);
  });
});
