import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkClaims, decodeVerified, peekClaims, signJws, verifyJws } from './jws.js';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const options = { issuer: 'iss-a', audience: 'aud-a', maxTtlSeconds: 60 };
const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const token = () => signJws({ x: 1 }, privateKey, { issuer: 'iss-a', audience: 'aud-a', ttlSeconds: 60 });
/** Signs `header.payload` (already encoded) with the right key, so only the part under test is wrong. */
const signed = (header: string, payload: string) =>
  `${header}.${payload}.${sign(null, Buffer.from(`${header}.${payload}`), privateKey).toString('base64url')}`;
const HEADER = b64url({ alg: 'EdDSA', typ: 'JWT' });

describe('jws', () => {
  it('round-trips claims with iss, aud, iat and exp set', () => {
    const claims = verifyJws<{ x: number }>(token(), publicKey, options);
    expect(claims).toMatchObject({ x: 1, iss: 'iss-a', aud: 'aud-a' });
    expect(claims!.exp - claims!.iat).toBe(60);
    expect(token().split('.')[0]).toBe(HEADER);
  });

  it('refuses malformed tokens', () => {
    const t = token();
    const [h, p, s] = t.split('.') as [string, string, string];
    for (const bad of [
      '',
      'a.b',
      'a.b.c.d',
      `${h}.${p}`,
      `${h}.${p}.`,
      `${h}..${s}`,
      `.${p}.${s}`,
      `${h}.${p}.${s}=`,
      `${h}.${p}+.${s}`,
      `${t}.`,
      ` ${t}`,
      `${h}.${p}.${'A'.repeat(8200)}`,
    ]) {
      expect(decodeVerified(bad, publicKey), bad.slice(0, 40)).toBeNull();
      expect(verifyJws(bad, publicKey, options)).toBeNull();
    }
    expect(decodeVerified(undefined as unknown as string, publicKey)).toBeNull();
    expect(decodeVerified(42 as unknown as string, publicKey)).toBeNull();
    // A truncated or altered signature.
    expect(decodeVerified(`${h}.${p}.${s.slice(0, -4)}`, publicKey)).toBeNull();
    expect(decodeVerified(`${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BA' : 'AA'}`, publicKey)).toBeNull();
  });

  it('refuses payloads that are not a JSON object, even when signed', () => {
    for (const payload of ['not json', 'null', '[1,2]', '"text"', '42']) {
      expect(decodeVerified(signed(HEADER, b64url(payload)), publicKey)).toBeNull();
    }
  });

  it('refuses any header but the pinned one, even with a valid signature over it', () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = b64url({ iss: 'iss-a', aud: 'aud-a', iat: now, exp: now + 60 });
    expect(verifyJws(signed(HEADER, payload), publicKey, options)).not.toBeNull();
    for (const header of [
      { alg: 'none', typ: 'JWT' },
      { alg: 'HS256', typ: 'JWT' },
      { alg: 'EdDSA' },
      { typ: 'JWT', alg: 'EdDSA' },
      { alg: 'EdDSA', typ: 'JWT', kid: 'x' },
      { alg: 'EdDSA', typ: 'JWT', jwk: publicKey.export({ format: 'jwk' }) },
      { alg: 'EdDSA', typ: 'JWT', crit: ['exp'] },
    ]) {
      expect(verifyJws(signed(b64url(header), payload), publicKey, options), JSON.stringify(header)).toBeNull();
      expect(peekClaims(signed(b64url(header), payload))).toBeNull();
    }
    // The same JSON header with different whitespace is another byte string: refused.
    expect(verifyJws(signed(b64url('{"alg": "EdDSA", "typ": "JWT"}'), payload), publicKey, options)).toBeNull();
  });

  it('refuses a swapped header or payload under an existing signature', () => {
    const [h, p, s] = token().split('.') as [string, string, string];
    const now = Math.floor(Date.now() / 1000);
    const other = b64url({ x: 2, iss: 'iss-a', aud: 'aud-a', iat: now, exp: now + 60 });
    expect(verifyJws(`${h}.${other}.${s}`, publicKey, options)).toBeNull();
    expect(verifyJws(`${b64url({ alg: 'EdDSA', typ: 'JWT', x: 1 })}.${p}.${s}`, publicKey, options)).toBeNull();
  });

  it('peekClaims reads the payload of a pinned-header token without verifying it', () => {
    const [h, , s] = token().split('.') as [string, string, string];
    expect(peekClaims(`${h}.${b64url({ iss: 'someone' })}.${s}`)).toEqual({ iss: 'someone' });
    expect(peekClaims('garbage')).toBeNull();
  });

  it('checkClaims requires issuer, audience, integer times, a future exp and a bounded lifetime', () => {
    const now = 1_700_000_000;
    const nowMs = now * 1000;
    const ok = { iss: 'iss-a', aud: 'aud-a', iat: now, exp: now + 60 };
    expect(checkClaims(ok, { ...options, nowMs })).toEqual(ok);
    expect(checkClaims({ ...ok, iss: 'iss-b' }, { ...options, nowMs })).toBeNull();
    expect(checkClaims({ ...ok, aud: 'aud-b' }, { ...options, nowMs })).toBeNull();
    expect(checkClaims({ ...ok, aud: ['aud-a'] }, { ...options, nowMs })).toBeNull();
    expect(checkClaims({ iss: 'iss-a', aud: 'aud-a', iat: now }, { ...options, nowMs })).toBeNull();
    expect(checkClaims({ iss: 'iss-a', aud: 'aud-a', exp: now + 60 }, { ...options, nowMs })).toBeNull();
    expect(checkClaims({ ...ok, exp: String(now + 60) }, { ...options, nowMs })).toBeNull();
    expect(checkClaims({ ...ok, exp: now + 59.5 }, { ...options, nowMs })).toBeNull();
    // Expired (exp is exclusive), lifetime over the maximum, exp not after iat, issued too far in the future.
    expect(checkClaims(ok, { ...options, nowMs: (now + 60) * 1000 })).toBeNull();
    expect(checkClaims({ ...ok, exp: now + 61 }, { ...options, nowMs })).toBeNull();
    expect(checkClaims({ ...ok, iat: now + 1, exp: now + 1 }, { ...options, nowMs })).toBeNull();
    expect(checkClaims({ iss: 'iss-a', aud: 'aud-a', iat: now + 6, exp: now + 30 }, { ...options, nowMs })).toBeNull();
    // Within the default 5 s skew a slightly early iat is accepted.
    expect(checkClaims({ iss: 'iss-a', aud: 'aud-a', iat: now + 5, exp: now + 30 }, { ...options, nowMs })).not.toBeNull();
  });
});
