import { argon2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ARGON2_PARAMETERS,
  dummyVerification,
  formatPhc,
  hashPassword,
  isCommonPassword,
  needsRehash,
  PASSWORD_MESSAGES,
  parsePhc,
  passwordProblem,
  verifyPassword,
} from './password.js';

describe('password hashing (Argon2id, PHC strings)', () => {
  it("stores OWASP's parameters in a PHC string with a fresh 16-byte salt and a 32-byte tag", async () => {
    const phc = await hashPassword('correct horse battery staple');
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const parsed = parsePhc(phc)!;
    expect(parsed).toMatchObject({ memory: 19_456, passes: 2, parallelism: 1 });
    expect(parsed.salt).toHaveLength(ARGON2_PARAMETERS.saltLength);
    expect(parsed.hash).toHaveLength(ARGON2_PARAMETERS.tagLength);
    expect(await hashPassword('correct horse battery staple')).not.toBe(phc);
  });

  it('verifies the right password and refuses a wrong one, a changed case, and a tampered string', async () => {
    const phc = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', phc)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', phc)).toBe(false);
    expect(await verifyPassword('Correct horse battery staple', phc)).toBe(false);
    const tampered = phc.slice(0, -2) + (phc.endsWith('AA') ? 'BB' : 'AA');
    expect(await verifyPassword('correct horse battery staple', tampered)).toBe(false);
  });

  it("verifies with the string's own parameters, so stronger parameters can come later", async () => {
    const salt = Buffer.from('0123456789abcdef');
    const params = { memory: 8192, passes: 3, parallelism: 2 };
    const hash = argon2Sync('argon2id', { message: 'an older password', nonce: salt, tagLength: 24, ...params });
    const phc = formatPhc({ ...params, salt, hash });
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=8192,t=3,p=2\$/);
    expect(await verifyPassword('an older password', phc)).toBe(true);
    expect(await verifyPassword('another password', phc)).toBe(false);
  });

  it('asks for a re-hash of a string made with other parameters only', async () => {
    expect(needsRehash(await hashPassword('correct horse battery staple'))).toBe(false);
    const salt = Buffer.from('0123456789abcdef');
    const older = { memory: 8192, passes: 3, parallelism: 1 };
    const hash = argon2Sync('argon2id', { message: 'x', nonce: salt, tagLength: 32, ...older });
    expect(needsRehash(formatPhc({ ...older, salt, hash }))).toBe(true);
    expect(needsRehash('not a hash')).toBe(true);
  });

  it('refuses strings it cannot or must not check, without throwing', async () => {
    const salt = 'MDEyMzQ1Njc4OWFiY2RlZg';
    const hash = 'A'.repeat(43);
    for (const bad of [
      '',
      'plain text',
      `$argon2i$v=19$m=19456,t=2,p=1$${salt}$${hash}`,
      `$argon2id$v=16$m=19456,t=2,p=1$${salt}$${hash}`,
      `$argon2id$v=19$m=99999999,t=2,p=1$${salt}$${hash}`,
      `$argon2id$v=19$m=19456,t=999,p=1$${salt}$${hash}`,
      `$argon2id$v=19$m=19456,t=2,p=1$$${hash}`,
      `$argon2id$v=19$m=19456,t=2,p=1$${salt}$QUJD`,
    ]) {
      expect(parsePhc(bad), bad).toBeNull();
      expect(await verifyPassword('whatever password', bad), bad).toBe(false);
    }
  });

  it('treats canonically equal Unicode (NFC and NFD) as the same password', async () => {
    const phc = await hashPassword('Motörhead-live-1981');
    expect(await verifyPassword('Moto\u0308rhead-live-1981', phc)).toBe(true);
  });

  it('the dummy verification of an unknown e-mail always fails', async () => {
    expect(await dummyVerification('correct horse battery staple')).toBe(false);
  });
});

describe('password policy', () => {
  it('accepts 12 to 128 characters, counted as code points, with no composition rules', () => {
    expect(passwordProblem('abcdefghijkl')).toBeNull();
    expect(passwordProblem('plain lowercase words only')).toBeNull();
    expect(passwordProblem('x'.repeat(128))).toBeNull();
    // 12 emoji are 24 UTF-16 units but 12 characters.
    expect(passwordProblem('🐈'.repeat(12))).toBeNull();
    expect(passwordProblem('🐈'.repeat(11))).toBe(PASSWORD_MESSAGES.tooShort);
  });

  it('refuses too short and too long passwords with a sentence', () => {
    expect(passwordProblem('')).toBe('Use at least 12 characters.');
    expect(passwordProblem('elevenchars')).toBe('Use at least 12 characters.');
    expect(passwordProblem('x'.repeat(129))).toBe('Use at most 128 characters.');
  });

  it('refuses passwords of the bundled common list, whatever their case', () => {
    for (const common of ['123qweasdzxc', '1q2w3e4r5t6y', 'QAZWSXEDCRFV', 'Administrator']) {
      expect(isCommonPassword(common), common).toBe(true);
      expect(passwordProblem(common), common).toBe('This password is too common. Choose another.');
    }
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('violet tram ledger 47')).toBe(false);
  });

  it('refuses the e-mail address itself', () => {
    expect(passwordProblem('Ada@Example.com', 'ada@example.com')).toBe(PASSWORD_MESSAGES.isEmail);
    expect(passwordProblem('ada@example.com is mine', 'ada@example.com')).toBeNull();
  });
});
