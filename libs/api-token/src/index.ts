/**
 * @studio/api-token: the form of Studio's API tokens, nothing else (no hashing, no storage, no domain logic).
 *
 * A token is `stu_` + 40 random base62 characters + 6 base62 characters of the CRC32 of those 40 (GitHub's scheme):
 * 50 characters, about 238 bits of entropy. The checksum lets the gateway answer a mistyped or invented token 401
 * without asking studio, and lets secret scanners tell a real token from look-alikes: they match API_TOKEN_PATTERN
 * and may verify the checksum. The listing prefix (public, shown in listings and whoami) is the first 12 random
 * characters.
 *
 * Tokens issued before this form, `stu_<12 lower-case hex>_<43 base64url>` (60 characters, no checksum), keep
 * working: they parse as `legacy` (the 12 hex characters are their prefix); only studio can tell whether one exists.
 */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** Every API token starts with this (client-session bearers never do). */
export const API_TOKEN_PREFIX = 'stu_';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 40;
const CHECKSUM_LENGTH = 6;
/** Characters of the random part shown as the token's public prefix. */
export const API_TOKEN_LISTING_PREFIX_LENGTH = 12;
/** Length of a token of the current form. */
export const API_TOKEN_LENGTH = API_TOKEN_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;

/**
 * What secret scanners match (documented in docs/api-tokens.md): a current-form token anywhere in a text. The
 * checksum (the last 6 characters) then tells a real token from a look-alike.
 */
export const API_TOKEN_PATTERN = /\bstu_[0-9A-Za-z]{46}\b/;

const CURRENT_RE = /^stu_([0-9A-Za-z]{40})([0-9A-Za-z]{6})$/;
const LEGACY_RE = /^stu_([0-9a-f]{12})_[A-Za-z0-9_-]{43}$/;
const LEGACY_LENGTH = 60;

export interface ParsedApiToken {
  /** `current`: checksummed; `legacy`: issued before the checksum (well-formed by its pattern only). */
  format: 'current' | 'legacy';
  /** The public listing prefix (12 characters). */
  prefix: string;
}

export interface MintedApiToken {
  /** The secret: shown once, never stored in clear. */
  token: string;
  prefix: string;
}

/** `value` in base62, left-padded with '0' to `length` characters. */
function base62(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/** The 6-character checksum of the 40 random characters (62^6 > 2^32: every CRC32 fits). */
export function apiTokenChecksum(random: string): string {
  return base62(crc32(random), CHECKSUM_LENGTH);
}

/** `count` uniformly random base62 characters (rejection sampling: no modulo bias). */
function randomBase62(count: number): string {
  let out = '';
  while (out.length < count) {
    for (const byte of randomBytes(count * 2)) {
      // 248 = 4 * 62: bytes at or above it would favour the first characters.
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === count) break;
    }
  }
  return out;
}

/** A new token of the current form and its listing prefix. */
export function mintApiToken(): MintedApiToken {
  const random = randomBase62(RANDOM_LENGTH);
  return { token: `${API_TOKEN_PREFIX}${random}${apiTokenChecksum(random)}`, prefix: random.slice(0, API_TOKEN_LISTING_PREFIX_LENGTH) };
}

/**
 * The form and prefix of a well-formed token, or null for anything else: another shape, a wrong checksum, not a
 * string. Needs no lookup; a non-null answer says nothing about whether the token exists.
 */
export function parseApiToken(value: unknown): ParsedApiToken | null {
  if (typeof value !== 'string') return null;
  if (value.length === API_TOKEN_LENGTH) {
    const m = CURRENT_RE.exec(value);
    if (!m || apiTokenChecksum(m[1]!) !== m[2]) return null;
    return { format: 'current', prefix: m[1]!.slice(0, API_TOKEN_LISTING_PREFIX_LENGTH) };
  }
  if (value.length === LEGACY_LENGTH) {
    const m = LEGACY_RE.exec(value);
    return m ? { format: 'legacy', prefix: m[1]! } : null;
  }
  return null;
}

/** True when `value` claims to be an API token (starts with `stu_`), well-formed or not. */
export function looksLikeApiToken(value: string): boolean {
  return value.startsWith(API_TOKEN_PREFIX);
}
