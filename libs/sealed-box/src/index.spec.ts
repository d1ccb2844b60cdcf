import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTextBox, SEALED_BOX_OVERHEAD, SealedBox, SealedBoxError } from './index.js';

// The boxes sealed before this lib existed are in the callers' specs (answer-cipher, portal-token, secret-crypto),
// each with its own AAD; this spec pins the layout and the refusals every caller relies on.
describe('SealedBox', () => {
  const key = randomBytes(32);
  const box = new SealedBox(key, 'secret');

  it('seals bytes and text to version | IV | tag | ciphertext, and opens them for the same AAD only', () => {
    const sealed = box.seal('whsec_abc', 'row-1');
    expect(sealed[0]).toBe(1);
    expect(sealed.length).toBe(SEALED_BOX_OVERHEAD + 9);
    expect(sealed.includes(Buffer.from('whsec_abc'))).toBe(false);
    expect(box.unseal(sealed, 'row-1').toString('utf8')).toBe('whsec_abc');
    expect(box.open(new Uint8Array(sealed), 'row-1')?.toString('utf8')).toBe('whsec_abc');
    const bytes = randomBytes(1000);
    expect(box.open(box.seal(bytes, 'k'), 'k')?.equals(bytes)).toBe(true);
    expect(box.open(box.seal(Buffer.alloc(0), 'k'), 'k')?.length).toBe(0);
    expect(box.open(sealed, 'row-2')).toBeNull();
  });

  it('opens a box held in a view of a larger buffer (a driver row)', () => {
    const sealed = box.seal('whsec_abc', 'row-1');
    const row = Buffer.concat([Buffer.from('xxxx'), sealed, Buffer.from('yy')]);
    expect(box.unseal(row.subarray(4, 4 + sealed.length), 'row-1').toString('utf8')).toBe('whsec_abc');
  });

  it('uses a fresh IV per box', () => {
    expect(box.seal('same', 'k').equals(box.seal('same', 'k'))).toBe(false);
  });

  it('refuses another key, another AAD or an altered byte as unauthentic', () => {
    const sealed = box.seal('whsec_abc', 'row-1');
    const reasons = [
      () => new SealedBox(randomBytes(32), 'secret').unseal(sealed, 'row-1'),
      () => box.unseal(sealed, 'row-2'),
      ...[1, 13, 29, sealed.length - 1].map((at) => () => {
        const altered = Buffer.from(sealed);
        altered[at]! ^= 1;
        return box.unseal(altered, 'row-1');
      }),
    ].map((open) => {
      try {
        open();
        return 'opened';
      } catch (err) {
        expect(err).toBeInstanceOf(SealedBoxError);
        expect((err as Error).message).toBe('secret does not decrypt with this key');
        return (err as SealedBoxError).reason;
      }
    });
    expect(new Set(reasons)).toEqual(new Set(['unauthentic']));
  });

  it('refuses another version byte, a truncated box and a plain value as malformed', () => {
    const sealed = box.seal('whsec_abc', 'row-1');
    for (const bad of [Buffer.from([2, ...sealed.subarray(1)]), sealed.subarray(0, SEALED_BOX_OVERHEAD - 1), Buffer.from('whsec_abc')]) {
      expect(() => box.unseal(bad, 'row-1')).toThrow(new SealedBoxError('malformed', 'unknown secret format'));
      expect(box.open(bad, 'row-1')).toBeNull();
    }
  });

  it('needs a 32-byte key', () => {
    expect(() => new SealedBox(randomBytes(16), 'portal token')).toThrow('the portal token key must be 32 bytes');
    expect(() => new SealedBox(randomBytes(33))).toThrow();
  });
});

describe('TextBox', () => {
  it('is a SealedBox of UTF-8 text that throws SealedBoxError when a blob does not open', () => {
    const key = randomBytes(32);
    const box = createTextBox(key, 'portal token');
    const blob = box.encrypt('gpt_é_token', 'row-1');
    expect(new SealedBox(key).unseal(blob, 'row-1').toString('utf8')).toBe('gpt_é_token');
    expect(box.decrypt(new Uint8Array(blob), 'row-1')).toBe('gpt_é_token');
    expect(() => box.decrypt(blob, 'row-2')).toThrow(new SealedBoxError('unauthentic', 'portal token does not decrypt with this key'));
    expect(() => box.decrypt(Buffer.alloc(10), 'row-1')).toThrow(new SealedBoxError('malformed', 'unknown portal token format'));
  });
});
