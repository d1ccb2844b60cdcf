/**
 * Keyset pagination on (created_at, id), newest first, shared by every list query:
 * `created_at < t OR (created_at = t AND id < id)`, ordered by created_at DESC, id DESC, fetching limit + 1.
 */
import type { TimeKey } from '@studio/cursor';

export interface PageQuery {
  limit: number;
  /** The last row of the previous page; absent for the first page. */
  after?: TimeKey;
}

export function afterKey(after: TimeKey | undefined) {
  if (!after) return {};
  return { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] };
}

export function newestFirst(): [{ createdAt: 'desc' }, { id: 'desc' }] {
  return [{ createdAt: 'desc' }, { id: 'desc' }];
}

/** One more row than the page holds, so the caller knows whether a next page exists. */
export function takeFor(page: PageQuery): number {
  return page.limit + 1;
}
