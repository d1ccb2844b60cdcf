/**
 * Signing secrets at rest: AES-256-GCM with the key from WEBHOOK_SECRET_KEY. A stored blob is
 * `version (1 byte) | iv (12 bytes) | tag (16 bytes) | ciphertext`. The endpoint id is the additional
 * authenticated data, so a blob copied onto another endpoint's row does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

/** Prefix of every signing secret; the whole string (prefix included) is the HMAC key. */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + 32 random bytes in base64url (256 bits). */
export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

export class SecretDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretDecryptionError';
  }
}

export interface SecretBox {
  encrypt(secret: string, endpointId: string): Buffer;
  /** Throws SecretDecryptionError when the blob is malformed, tampered with, or bound to another endpoint. */
  decrypt(blob: Uint8Array, endpointId: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret encryption key must be 32 bytes');
  return {
    encrypt(secret, endpointId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(endpointId, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
    },
    decrypt(blob, endpointId) {
      const buf = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
      if (buf.length <= HEADER_BYTES || buf[0] !== VERSION) throw new SecretDecryptionError('unknown secret format');
      const iv = buf.subarray(1, 1 + IV_BYTES);
      const tag = buf.subarray(1 + IV_BYTES, HEADER_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(endpointId, 'utf8'));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(buf.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretDecryptionError('secret does not decrypt with this key');
      }
    },
  };
}
