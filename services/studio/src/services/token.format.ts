/**
 * API token format `stu_<prefix>_<secret>`: prefix 12 lower-case hex characters (public, shown in listings and
 * whoami), secret 32 random bytes in base64url (43 characters). Only SHA-256 of the whole token is stored: the
 * token carries 256 random bits, so a fast hash is safe and a slow KDF would only add latency to every request.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_RE = /^stu_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface MintedToken {
  token: string;
  prefix: string;
  hash: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function mintToken(): MintedToken {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const token = `stu_${prefix}_${secret}`;
  return { token, prefix, hash: hashToken(token) };
}

/** The prefix of a well-formed token, or null for anything else (checked before any database read). */
export function parseToken(value: unknown): { prefix: string } | null {
  if (typeof value !== 'string' || value.length !== 60) return null;
  const m = TOKEN_RE.exec(value);
  return m ? { prefix: m[1]! } : null;
}
