/**
 * @studio/cursor: opaque, tamper-evident keyset cursors.
 * A cursor is base64url(JSON [kind, ...values]) + "." + base64url(HMAC-SHA256(secret, payload))[0..16 bytes].
 * The kind binds a cursor to one list, so a shoots cursor is refused by the clients list.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@studio/errors';

export type CursorValue = string | number;

export interface CursorCodec {
  encode(kind: string, values: CursorValue[]): string;
  /** Returns the values, or throws AppError invalid_input for a forged, corrupted or foreign cursor. */
  decode(kind: string, cursor: string): CursorValue[];
}

const MAX_CURSOR_LENGTH = 1024;

export function createCursorCodec(secret: string): CursorCodec {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest().subarray(0, 16);
  const invalid = () => new AppError('invalid_input', 'cursor is invalid');
  return {
    encode(kind, values) {
      const payload = Buffer.from(JSON.stringify([kind, ...values])).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    decode(kind, cursor) {
      if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH) throw invalid();
      const dot = cursor.indexOf('.');
      if (dot <= 0) throw invalid();
      const payload = cursor.slice(0, dot);
      // Compared as text: base64url decoding ignores the spare low bits of the last character, so comparing the
      // decoded bytes would accept a cursor whose last character was changed.
      const given = Buffer.from(cursor.slice(dot + 1), 'latin1');
      const expected = Buffer.from(sign(payload).toString('base64url'), 'latin1');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalid();
      }
      if (!Array.isArray(parsed) || parsed[0] !== kind) throw invalid();
      const values = parsed.slice(1);
      if (!values.every((v) => typeof v === 'string' || typeof v === 'number')) throw invalid();
      return values as CursorValue[];
    },
  };
}

/** A creation-time keyset position: (created_at, id), newest first. */
export interface TimeKey {
  createdAt: Date;
  id: string;
}

export function encodeTimeKey(codec: CursorCodec, kind: string, key: TimeKey): string {
  return codec.encode(kind, [key.createdAt.toISOString(), key.id]);
}

export function decodeTimeKey(codec: CursorCodec, kind: string, cursor: string): TimeKey {
  const values = codec.decode(kind, cursor);
  const [t, id] = values;
  if (values.length !== 2 || typeof t !== 'string' || typeof id !== 'string') {
    throw new AppError('invalid_input', 'cursor is invalid');
  }
  const createdAt = new Date(t);
  if (Number.isNaN(createdAt.getTime())) throw new AppError('invalid_input', 'cursor is invalid');
  return { createdAt, id };
}

/**
 * Turns `limit + 1` fetched rows into a page: the first `limit` rows and the cursor for the next page
 * (null when there is none).
 */
export function pageOf<T extends TimeKey>(
  codec: CursorCodec,
  kind: string,
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1]!;
  return { rows: page, nextCursor: encodeTimeKey(codec, kind, last) };
}
