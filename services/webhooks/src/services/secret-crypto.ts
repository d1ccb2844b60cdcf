/**
 * Signing secrets at rest: a sealed box (@studio/sealed-box, AES-256-GCM) under the key from WEBHOOK_SECRET_KEY.
 * The endpoint id is the additional authenticated data, so a blob copied onto another endpoint's row does not
 * decrypt.
 */
import { randomBytes } from 'node:crypto';
import { createTextBox, SealedBoxError, type TextBox } from '@studio/sealed-box';

/** Prefix of every signing secret; the whole string (prefix included) is the HMAC key. */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + 32 random bytes in base64url (256 bits). */
export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** A stored secret that does not decrypt (malformed, tampered with, another key or another endpoint). */
export { SealedBoxError as SecretDecryptionError };

/** Signing secrets at rest, the endpoint id as AAD; decrypt throws SecretDecryptionError when it does not open. */
export type SecretBox = TextBox;

export const createSecretBox = (key: Buffer): SecretBox => createTextBox(key, 'secret');
