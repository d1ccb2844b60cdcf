/**
 * @studio/sealed-box: a small value encrypted at rest and bound to the record that holds it (issue 14: no plaintext
 * secret at rest outside its owner). AES-256-GCM, a random 12-byte IV per box, and the holder's id (its row id or
 * Redis key) as additional authenticated data, so a box copied onto another record does not open.
 *
 * Layout, on disk and in Redis: version (1 byte, 0x01) | IV (12) | tag (16) | ciphertext, 29 bytes more than the
 * plaintext. Boxes already stored must keep opening: change the layout only with a new version byte, and keep
 * opening version 1 (the callers' specs hold boxes sealed before this lib existed).
 *
 * Used by the gateway (idempotent answers), gallery (portal tokens) and webhooks (signing secrets); each caller
 * keeps its own key, its own AAD and what a box that does not open means to it.
 */
import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

const VERSION = 0x01;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bytes a box adds to its plaintext. */
export const SEALED_BOX_OVERHEAD = 1 + IV_BYTES + TAG_BYTES;

/** A box that does not open: `malformed` (not this layout) or `unauthentic` (another key, another AAD, altered). */
export class SealedBoxError extends Error {
  constructor(
    readonly reason: 'malformed' | 'unauthentic',
    message: string,
  ) {
    super(message);
    this.name = 'SealedBoxError';
  }
}

export class SealedBox {
  private readonly key: KeyObject;

  /** `what` names the sealed values in error messages ('portal token', 'secret'). */
  constructor(
    key: Uint8Array,
    private readonly what = 'sealed value',
  ) {
    if (key.length !== 32) throw new Error(`the ${what} key must be 32 bytes (AES-256)`);
    this.key = createSecretKey(key);
  }

  /** Seals `plain` (text is UTF-8) for the record named by `aad`. */
  seal(plain: Uint8Array | string, aad: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const head = typeof plain === 'string' ? cipher.update(plain, 'utf8') : cipher.update(plain);
    const body = Buffer.concat([head, cipher.final()]);
    return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]);
  }

  /** The plaintext of a box sealed for `aad`; throws SealedBoxError when it does not open. */
  unseal(sealed: Uint8Array, aad: string): Buffer {
    const box = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    if (box.length < SEALED_BOX_OVERHEAD || box[0] !== VERSION) throw new SealedBoxError('malformed', `unknown ${this.what} format`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, box.subarray(1, 1 + IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(box.subarray(1 + IV_BYTES, SEALED_BOX_OVERHEAD));
      return Buffer.concat([decipher.update(box.subarray(SEALED_BOX_OVERHEAD)), decipher.final()]);
    } catch {
      throw new SealedBoxError('unauthentic', `${this.what} does not decrypt with this key`);
    }
  }

  /** Like `unseal`, but null when the box does not open. */
  open(sealed: Uint8Array, aad: string): Buffer | null {
    try {
      return this.unseal(sealed, aad);
    } catch {
      return null;
    }
  }
}

/** A sealed box of text (a token, a secret): what gallery and webhooks keep in a bytea column. */
export interface TextBox {
  /** Seals `text` (UTF-8) for the record named by `aad`. */
  encrypt(text: string, aad: string): Buffer;
  /** Throws SealedBoxError when the blob is malformed, tampered with, or bound to another record. */
  decrypt(blob: Uint8Array, aad: string): string;
}

/** A TextBox under `key`; `what` names its values in error messages. */
export function createTextBox(key: Uint8Array, what: string): TextBox {
  const box = new SealedBox(key, what);
  return {
    encrypt: (text, aad) => box.seal(text, aad),
    decrypt: (blob, aad) => box.unseal(blob, aad).toString('utf8'),
  };
}
