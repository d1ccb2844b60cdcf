import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, generateSigningSecret, SecretDecryptionError } from './secret-crypto.js';

const key = randomBytes(32);
const box = createSecretBox(key);
const endpointId = '6f1c1a51-5d2c-4c55-9a8f-2f6f3b0f7d11';

describe('secret encryption at rest (AES-256-GCM)', () => {
  it('round-trips and never stores the plaintext', () => {
    const secret = generateSigningSecret();
    const blob = box.encrypt(secret, endpointId);
    expect(blob[0]).toBe(1);
    expect(blob.length).toBe(1 + 12 + 16 + Buffer.byteLength(secret));
    expect(blob.includes(Buffer.from(secret))).toBe(false);
    expect(box.decrypt(blob, endpointId)).toBe(secret);
    expect(box.decrypt(new Uint8Array(blob), endpointId)).toBe(secret);
  });

  it('uses a fresh IV each time', () => {
    const secret = generateSigningSecret();
    expect(box.encrypt(secret, endpointId).equals(box.encrypt(secret, endpointId))).toBe(false);
  });

  it('refuses a tampered blob, another key and another endpoint id', () => {
    const blob = box.encrypt('whsec_x', endpointId);
    const tampered = Buffer.from(blob);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => box.decrypt(tampered, endpointId)).toThrow(SecretDecryptionError);
    expect(() => createSecretBox(randomBytes(32)).decrypt(blob, endpointId)).toThrow(SecretDecryptionError);
    expect(() => box.decrypt(blob, '00000000-0000-4000-8000-000000000000')).toThrow(SecretDecryptionError);
    expect(() => box.decrypt(Buffer.from([2, ...blob.subarray(1)]), endpointId)).toThrow(SecretDecryptionError);
    expect(() => box.decrypt(Buffer.alloc(10), endpointId)).toThrow(SecretDecryptionError);
  });

  it('needs a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow();
  });

  it('makes 256-bit secrets with the whsec_ prefix', () => {
    const s = generateSigningSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(generateSigningSecret()).not.toBe(s);
  });

  // Encrypted by this file before the sealed box moved to @studio/sealed-box (issue 25): secret_enc columns
  // already written must still decrypt after the move, and still refuse another key, endpoint or altered byte.
  describe('secrets encrypted before issue 25', () => {
    const oldKey = createHash('sha256').update('fixture: WEBHOOK_SECRET_KEY').digest();
    const oldEndpoint = '6f1c1a51-5d2c-4c55-9a8f-2f6f3b0f7d11';
    const blob = Buffer.from(
      'AXOpy8od1BDbTrmh2RkaE/WqmgiTF56WuHmiSg5AdrMbkwyCSRa38L8FT7RYcSD1UEWb2n3RQJHQQWPX69HOgS2uEIIodazDKpHkrdH9',
      'base64',
    );

    it('still decrypt', () => {
      expect(createSecretBox(oldKey).decrypt(blob, oldEndpoint)).toBe(`whsec_${'Q'.repeat(43)}`);
      expect(createSecretBox(oldKey).decrypt(new Uint8Array(blob), oldEndpoint)).toBe(`whsec_${'Q'.repeat(43)}`);
    });

    it('refuse another key, another endpoint and an altered byte', () => {
      expect(() => createSecretBox(randomBytes(32)).decrypt(blob, oldEndpoint)).toThrow(SecretDecryptionError);
      expect(() => createSecretBox(oldKey).decrypt(blob, endpointId.replace('6f', '7f'))).toThrow(SecretDecryptionError);
      for (const at of [0, 1, 13, 29, blob.length - 1]) {
        const altered = Buffer.from(blob);
        altered[at]! ^= 1;
        expect(() => createSecretBox(oldKey).decrypt(altered, oldEndpoint), `byte ${at}`).toThrow(SecretDecryptionError);
      }
    });
  });
});
