/**
 * Portal tokens: the gallery customer's credential. Format `gpt_<prefix>_<secret>`: prefix 12 lower-case hex
 * characters (public, for operators), secret 32 random bytes in base64url. Like API tokens (decision 0001) only
 * SHA-256 of the whole token is used to find it (256-bit random tokens need no slow KDF); a string not of that
 * form is refused without a database read.
 *
 * So that publishing again can show the same token to photographer roles, the token is also kept encrypted at
 * rest: AES-256-GCM under PORTAL_TOKEN_KEY with the portal row's id as associated data (a blob copied onto
 * another row does not decrypt). Blob = version (1 byte) | iv (12) | tag (16) | ciphertext.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const PORTAL_TOKEN_RE = /^gpt_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;

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

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

export interface TokenBox {
  encrypt(token: string, portalId: string): Buffer;
  /** Throws when the blob is malformed, tampered with, or bound to another portal row. */
  decrypt(blob: Uint8Array, portalId: string): string;
}

export function createTokenBox(key: Buffer): TokenBox {
  if (key.length !== 32) throw new Error('the portal token key must be 32 bytes');
  return {
    encrypt(token, portalId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(portalId, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
    },
    decrypt(blob, portalId) {
      const buf = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
      if (buf.length <= HEADER_BYTES || buf[0] !== VERSION) throw new Error('unknown portal token format');
      const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(1, 1 + IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(portalId, 'utf8'));
      decipher.setAuthTag(buf.subarray(1 + IV_BYTES, HEADER_BYTES));
      return Buffer.concat([decipher.update(buf.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
