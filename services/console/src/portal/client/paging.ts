/**
 * Keyset paging through GET /galleries/{id}/photos: one page in flight at a time, each cursor fetched once, stop at
 * next_cursor null. The first page comes with the gallery (GET /galleries/{id}?photos_limit=N); its continuation
 * cursor starts the pager. Which page each photo came from is kept too, so a photo whose signed URL expired can be
 * re-read with the same request (same cursor and limit) for fresh URLs.
 */

/** How a page was fetched: its cursor (null: the gallery's first photos) and its limit. */
export interface PageRef {
  cursor: string | null;
  limit: number;
}

export class Pager {
  private next: string | null;
  private busy = false;
  private readonly fetched = new Set<string>();

  constructor(firstNextCursor: string | null) {
    this.next = firstNextCursor;
  }

  /** True when every page has been read. */
  get done(): boolean {
    return this.next === null;
  }

  get inFlight(): boolean {
    return this.busy;
  }

  /** The cursor of the page to fetch now, marking it in flight; null when one is in flight, or none is left. */
  take(): string | null {
    if (this.busy || this.next === null || this.fetched.has(this.next)) return null;
    this.busy = true;
    this.fetched.add(this.next);
    return this.next;
  }

  /** The page arrived: continue from its next_cursor. */
  settle(nextCursor: string | null): void {
    this.busy = false;
    this.next = nextCursor;
  }

  /** The page failed: the same cursor may be taken again (a retry, not a second read of a page that arrived). */
  fail(cursor: string): void {
    this.busy = false;
    this.fetched.delete(cursor);
  }
}

/** The photos route's path for a page. */
export function pagePath(galleryId: string, page: PageRef): string {
  const query = `limit=${page.limit}${page.cursor === null ? '' : `&cursor=${encodeURIComponent(page.cursor)}`}`;
  return `/galleries/${encodeURIComponent(galleryId)}/photos?${query}`;
}
