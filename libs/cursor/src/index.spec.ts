import { describe, expect, it } from 'vitest';
import { createCursorCodec, decodeTimeKey, encodeTimeKey } from './index.js';

const codec = createCursorCodec('spec-cursor-secret-0123456789abcdef');

describe('cursor codec', () => {
  it('round-trips values bound to a kind', () => {
    const c = codec.encode('shoots', ['2026-11-22T10:00:00.000Z', 'abc', 3]);
    expect(codec.decode('shoots', c)).toEqual(['2026-11-22T10:00:00.000Z', 'abc', 3]);
    expect(() => codec.decode('clients', c)).toThrow('cursor is invalid');
  });

  it("refuses every single-character change, including the spare bits of the signature's last character", () => {
    const c = codec.encode('shoots', ['x', 1]);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < c.length; i++) {
      for (const ch of alphabet) {
        if (ch === c[i] || c[i] === '.') continue;
        const tampered = c.slice(0, i) + ch + c.slice(i + 1);
        expect(() => codec.decode('shoots', tampered), `${i}:${ch}`).toThrow('cursor is invalid');
      }
    }
  });

  it('refuses garbage, another secret and over-long input', () => {
    for (const bad of ['', '.', 'abc', 'abc.', '.abc', 'a'.repeat(2000), `${codec.encode('shoots', [1])}x`]) {
      expect(() => codec.decode('shoots', bad)).toThrow('cursor is invalid');
    }
    expect(() => createCursorCodec('another-secret-0123456789abcdef').decode('shoots', codec.encode('shoots', [1]))).toThrow(
      'cursor is invalid',
    );
  });

  it('encodes time keys', () => {
    const key = { createdAt: new Date('2026-11-22T10:00:00.123Z'), id: 'id-1' };
    expect(decodeTimeKey(codec, 'k', encodeTimeKey(codec, 'k', key))).toEqual(key);
  });
});
