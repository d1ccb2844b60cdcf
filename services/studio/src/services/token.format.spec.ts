import { describe, expect, it } from 'vitest';
import { hashToken, mintToken, parseToken } from './token.format.js';

describe('token format', () => {
  it('mints stu_<12 hex>_<43 base64url> tokens that parse back to their prefix', () => {
    const minted = mintToken();
    expect(minted.token).toMatch(/^stu_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(parseToken(minted.token)).toEqual({ prefix: minted.prefix });
    expect(minted.hash).toBe(hashToken(minted.token));
  });

  it('mints distinct tokens', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => mintToken().token));
    expect(tokens.size).toBe(100);
  });

  it('hashes with SHA-256 of the whole token, lower-case hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it.each([
    ['empty', ''],
    ['not a string', 42],
    ['wrong scheme', `sta_0123456789ab_${'A'.repeat(43)}`],
    ['upper-case prefix', `stu_0123456789AB_${'A'.repeat(43)}`],
    ['short prefix', `stu_0123456789a_${'A'.repeat(43)}`],
    ['short secret', `stu_0123456789ab_${'A'.repeat(42)}`],
    ['long secret', `stu_0123456789ab_${'A'.repeat(44)}`],
    ['padding', `stu_0123456789ab_${'A'.repeat(42)}=`],
    ['standard base64 characters', `stu_0123456789ab_${'A'.repeat(42)}+`],
    ['whitespace', ` stu_0123456789ab_${'A'.repeat(43)}`],
  ])('rejects %s', (_name, value) => {
    expect(parseToken(value)).toBeNull();
  });

  it('accepts a well-formed token it did not mint (the database decides whether it exists)', () => {
    expect(parseToken(`stu_0123456789ab_${'A'.repeat(43)}`)).toEqual({ prefix: '0123456789ab' });
  });
});
