/** Cursor handling shared by every list: decode the caller's cursor for one list kind, encode the next one. */
import { decodeTimeKey, pageOf, type CursorCodec, type TimeKey } from '@studio/cursor';
import type { PageQuery } from '../store/keyset.js';
import type { JsonTextOf } from '../store/record-json.js';

/** The list kinds; a cursor of one kind is refused by every other list. */
export const CURSOR_KIND = {
  workspaces: 'workspaces',
  shoots: 'shoots',
  clients: 'clients',
  orders: 'orders',
  invoices: 'invoices',
  tasks: 'tasks',
} as const;
export type CursorKind = (typeof CURSOR_KIND)[keyof typeof CURSOR_KIND];

export interface PageRequest {
  limit: number;
  cursor?: string;
}

export interface Page<J> {
  items: J[];
  next_cursor: string | null;
}

/** A page whose items the database wrote in their public JSON (store/record-json.ts): sent as read, never parsed. */
export interface JsonPage<J> {
  itemsJson: JsonTextOf<J>[];
  next_cursor: string | null;
}

/** The page a JsonPage is the text of (what its route documents). */
export type PageOfJson<P> = P extends JsonPage<infer J> ? Page<J> : P;

/** Throws invalid_input for a forged, corrupted or foreign cursor. */
export function pageQuery(codec: CursorCodec, kind: CursorKind, req: PageRequest): PageQuery {
  return { limit: req.limit, after: req.cursor === undefined ? undefined : decodeTimeKey(codec, kind, req.cursor) };
}

/** Turns `limit + 1` fetched rows into a page of serialised items and the next cursor. */
export function toPage<R extends TimeKey, J>(
  codec: CursorCodec,
  kind: CursorKind,
  rows: R[],
  limit: number,
  serialize: (row: R) => J,
): Page<J> {
  const page = pageOf(codec, kind, rows, limit);
  return { items: page.rows.map(serialize), next_cursor: page.nextCursor };
}
