import { randomBytes } from 'node:crypto';
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
});
