/**
 * Portal tokens: the gallery customer's credential. Format `gpt_<prefix>_<secret>`: prefix 12 lower-case hex
 * characters (public, for operators), secret 32 random bytes in base64url. Like API tokens (decision 0001) only
 * SHA-256 of the whole token is used to find it (256-bit random tokens need no slow KDF); a string not of that
 * form is refused without a database read.
 *
 * So that publishing again can show the same token to photographer roles, the token is also kept encrypted at
 * rest: a sealed box (@studio/sealed-box, AES-256-GCM) under PORTAL_TOKEN_KEY with the portal row's id as
 * associated data (a blob copied onto another row does not decrypt).
 */
import { createHash, randomBytes } from 'node:crypto';
import { PORTAL_TOKEN_RE } from '@studio/contracts/portal-link';
import { createTextBox, type TextBox } from '@studio/sealed-box';

/** The customer's link of a token (one definition with the portal page, @studio/contracts/portal-link). */
export { portalUrl } from '@studio/contracts/portal-link';

export interface MintedPortalToken {
  token: string;
  prefix: string;
  hash: string;
}

export function mintPortalToken(): MintedPortalToken {
  const prefix = randomBytes(6).toString('hex');
  const token = `gpt_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { token, prefix, hash: hashPortalToken(token) };
}

export function hashPortalToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

export function isPortalTokenShape(value: string): boolean {
  return PORTAL_TOKEN_RE.test(value);
}

/** Portal tokens at rest, the portal row's id as AAD; decrypt throws when the blob is not one of that row's. */
export type TokenBox = TextBox;

export const createTokenBox = (key: Buffer): TokenBox => createTextBox(key, 'portal token');
