import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AnswerCipher } from './answer-cipher.js';

describe('AnswerCipher', () => {
  const cipher = new AnswerCipher(randomBytes(32));
  const plain = Buffer.from('{"signing_secret":"whsec_abc"}');

  it('opens what it sealed, for the same record key only', () => {
    const sealed = cipher.seal(plain, 'gw:idem:t1:k');
    expect(sealed.includes('whsec_abc')).toBe(false);
    expect(sealed.length).toBe(plain.length + 29);
    expect(cipher.open(sealed, 'gw:idem:t1:k')?.equals(plain)).toBe(true);
    expect(cipher.open(sealed, 'gw:idem:t2:k')).toBeNull();
  });

  it('uses a fresh IV per record', () => {
    expect(cipher.seal(plain, 'k').equals(cipher.seal(plain, 'k'))).toBe(false);
  });

  it('refuses another key, an altered body, a truncated or unsealed value', () => {
    const sealed = cipher.seal(plain, 'k');
    expect(new AnswerCipher(randomBytes(32)).open(sealed, 'k')).toBeNull();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(cipher.open(altered, 'k')).toBeNull();
    expect(cipher.open(sealed.subarray(0, 20), 'k')).toBeNull();
    expect(cipher.open(plain, 'k')).toBeNull();
  });

  it('seals an empty body', () => {
    expect(cipher.open(cipher.seal(Buffer.alloc(0), 'k'), 'k')?.length).toBe(0);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new AnswerCipher(randomBytes(16))).toThrow();
  });

  // Sealed by this file before the sealed box moved to @studio/sealed-box (issue 25): answers already in Redis
  // must still open after the move, and still refuse another key, record or an altered byte.
  describe('answers sealed before issue 25', () => {
    const key = createHash('sha256').update('fixture: IDEMPOTENCY_ENCRYPTION_KEY').digest();
    const record = 'gw:idem:5b0f9f7e-7a52-4d1e-9c33-0b7f0f1d2a10:key-1';
    const sealed = Buffer.from(
      'AWoImtsd0Hh/6gE1URKeth0OoHcisXTLU1gIsSgK0xmuEkrRz9GrChA6UpwOSnPZO2BnB1Y8Zf2rAfjGqmuF5TRajGhJ0s/4fFGD1xfgFroHBWBYPfubONpUIU6q4T0snMucWOpIiXQVzVY=',
      'base64',
    );
    const sealedEmpty = Buffer.from('AbvIPbV7PoCRDlbWS+Fol3a1D78CzQqfBRdNhII=', 'base64');

    it('still open', () => {
      const old = new AnswerCipher(key);
      expect(old.open(sealed, record)?.toString('utf8')).toBe(
        '{"id":"5b0f9f7e-7a52-4d1e-9c33-0b7f0f1d2a10","signing_secret":"whsec_fixture"}',
      );
      expect(old.open(sealedEmpty, 'gw:idem:5b0f9f7e-7a52-4d1e-9c33-0b7f0f1d2a10:key-2')?.length).toBe(0);
    });

    it('refuse another key, another record and an altered byte', () => {
      expect(new AnswerCipher(randomBytes(32)).open(sealed, record)).toBeNull();
      expect(new AnswerCipher(key).open(sealed, `${record}x`)).toBeNull();
      for (const at of [0, 1, 13, 29, sealed.length - 1]) {
        const altered = Buffer.from(sealed);
        altered[at]! ^= 1;
        expect(new AnswerCipher(key).open(altered, record), `byte ${at}`).toBeNull();
      }
    });
  });
});
