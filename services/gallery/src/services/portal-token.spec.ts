import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenBox, hashPortalToken, isPortalTokenShape, mintPortalToken } from './portal-token.js';

const portalId = '2d4e6f80-1a2b-4c3d-8e9f-a0b1c2d3e4f5';

describe('portal tokens', () => {
  it('mints gpt_<prefix>_<secret> tokens found by their SHA-256', () => {
    const minted = mintPortalToken();
    expect(isPortalTokenShape(minted.token)).toBe(true);
    expect(minted.token.startsWith(`gpt_${minted.prefix}_`)).toBe(true);
    expect(minted.hash).toBe(hashPortalToken(minted.token));
    expect(mintPortalToken().token).not.toBe(minted.token);
    expect(isPortalTokenShape('not-a-portal-token')).toBe(false);
  });
});

describe('portal token encryption at rest (AES-256-GCM)', () => {
  const box = createTokenBox(randomBytes(32));

  it('round-trips, bound to the portal row, with a fresh IV each time', () => {
    const { token } = mintPortalToken();
    const blob = box.encrypt(token, portalId);
    expect(blob[0]).toBe(1);
    expect(blob.length).toBe(1 + 12 + 16 + token.length);
    expect(blob.includes(Buffer.from(token))).toBe(false);
    expect(box.decrypt(new Uint8Array(blob), portalId)).toBe(token);
    expect(box.encrypt(token, portalId).equals(blob)).toBe(false);
    expect(() => box.decrypt(blob, '00000000-0000-4000-8000-000000000000')).toThrow();
  });

  it('refuses a malformed blob and a key that is not 32 bytes', () => {
    expect(() => box.decrypt(Buffer.alloc(28, 1), portalId)).toThrow('unknown portal token format');
    expect(() => createTokenBox(randomBytes(16))).toThrow();
  });

  // Encrypted by this file before the sealed box moved to @studio/sealed-box (issue 25): token_ciphertext
  // columns already written must still decrypt after the move, and still refuse another key, row or altered byte.
  describe('tokens encrypted before issue 25', () => {
    const oldKey = createHash('sha256').update('fixture: PORTAL_TOKEN_KEY').digest();
    const blob = Buffer.from(
      'AaWO/HY5YUfCcphij5t7JPJNzwdh+QBTcDo90CI24ENe22lUCLlK+vaG3YHO40LUvj4DWa5dH1r/yno8uPi2ERMhUm2rbA3Yx5OZVRNi74ToV1D/q098VBQ=',
      'base64',
    );

    it('still decrypt', () => {
      expect(createTokenBox(oldKey).decrypt(blob, portalId)).toBe(`gpt_0123456789ab_${'A'.repeat(20)}b-_${'z'.repeat(20)}`);
    });

    it('refuse another key, another portal row and an altered byte', () => {
      expect(() => createTokenBox(randomBytes(32)).decrypt(blob, portalId)).toThrow();
      expect(() => createTokenBox(oldKey).decrypt(blob, portalId.toUpperCase())).toThrow();
      for (const at of [0, 1, 13, 29, blob.length - 1]) {
        const altered = Buffer.from(blob);
        altered[at]! ^= 1;
        expect(() => createTokenBox(oldKey).decrypt(altered, portalId), `byte ${at}`).toThrow();
      }
    });
  });
});
