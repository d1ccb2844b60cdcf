/**
 * Compact JWS with Ed25519 (`alg: EdDSA`), the one signature of every token that crosses a trust boundary inside:
 * the caller identity (gateway -> services), client-session bearers (gallery -> gateway) and service tokens on
 * internal gRPC calls. Written on node:crypto alone so the algorithm is pinned by construction: the header must be
 * exactly the one this module writes (no `alg` negotiation, no `none`, no HMAC with a public key), the signature
 * must verify with the one public key the caller names, and the claims checks every use needs are done here:
 * issuer, audience, and a required, short expiry.
 */
import { sign as edSign, verify as edVerify, type KeyObject } from 'node:crypto';

const HEADER = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })).toString('base64url');
const B64URL = /^[A-Za-z0-9_-]+$/;

/** The registered claims every token carries. */
export interface StandardClaims {
  iss: string;
  aud: string;
  /** Issued at, seconds. */
  iat: number;
  /** Expires at, seconds: required. */
  exp: number;
}

/** Signs `claims` (iss, aud, iat and exp set from the options) with an Ed25519 private key. */
export function signJws<C extends object>(
  claims: C,
  privateKey: KeyObject,
  options: { issuer: string; audience: string; ttlSeconds: number; nowMs?: number },
): string {
  const iat = Math.floor((options.nowMs ?? Date.now()) / 1000);
  const payload = Buffer.from(
    JSON.stringify({ ...claims, iss: options.issuer, aud: options.audience, iat, exp: iat + options.ttlSeconds }),
  ).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${edSign(null, Buffer.from(input), privateKey).toString('base64url')}`;
}

export interface VerifyOptions {
  /** The issuer the token must name. */
  issuer: string;
  /** The audience the token must name: the verifying service. */
  audience: string;
  /** The longest lifetime accepted (exp - iat), seconds. */
  maxTtlSeconds: number;
  nowMs?: number;
  /** Allowed clock difference between signer and verifier, seconds (default 5). */
  skewSeconds?: number;
}

/** The claims of a token signed by `publicKey` with the pinned header, issuer and audience, unexpired; else null. */
export function verifyJws<C extends object>(token: string, publicKey: KeyObject, options: VerifyOptions): (C & StandardClaims) | null {
  const claims = decodeVerified(token, publicKey);
  if (!claims) return null;
  return checkClaims<C>(claims, options);
}

/** The claims of a well-formed token signed by `publicKey` with the pinned header; no claim checked. */
export function decodeVerified(token: string, publicKey: KeyObject): Record<string, unknown> | null {
  const parts = splitToken(token);
  if (!parts) return null;
  const [header, payload, signature] = parts;
  if (header !== HEADER) return null;
  try {
    if (!edVerify(null, Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'))) return null;
  } catch {
    return null;
  }
  return decodePayload(payload);
}

/** The unverified payload of a token with the pinned header (to pick the key to verify it with); null otherwise. */
export function peekClaims(token: string): Record<string, unknown> | null {
  const parts = splitToken(token);
  return parts && parts[0] === HEADER ? decodePayload(parts[1]) : null;
}

/** Checks issuer, audience and times of already verified claims. */
export function checkClaims<C extends object>(claims: Record<string, unknown>, options: VerifyOptions): (C & StandardClaims) | null {
  const { iss, aud, iat, exp } = claims;
  if (iss !== options.issuer || aud !== options.audience) return null;
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isInteger(iat) || !Number.isInteger(exp)) return null;
  const now = Math.floor((options.nowMs ?? Date.now()) / 1000);
  const skew = options.skewSeconds ?? 5;
  if (exp <= now || iat > now + skew || exp - iat > options.maxTtlSeconds || exp <= iat) return null;
  return claims as C & StandardClaims;
}

function splitToken(token: string): [string, string, string] | null {
  if (typeof token !== 'string' || token.length > 8192) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => B64URL.test(p))) return null;
  return parts as [string, string, string];
}

function decodePayload(payload: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
