/** Helpers for the search black-box tests: GET /search as a client sends it, polling, paging, bounded concurrency. */
import { api, baseUrl, type ApiResponse } from './client.js';

/** The fuzz's seeded PRNG: the same draws on every run, so a failure can be reproduced. */
export { mulberry32 as prng } from '@studio/testkit/random';

export interface SearchItem {
  type: 'client' | 'lead' | 'shoot' | 'gallery' | 'album' | 'order';
  id: string;
  title: string;
  snippet: { field: string; text: string; highlights: [number, number][] } | null;
  rank: number;
}

export interface SearchBody {
  ok: boolean;
  items: SearchItem[];
  next_cursor: string | null;
  error?: string;
}

export type SearchParams = Record<string, string | number | undefined>;

export function search(token: string, query: SearchParams): Promise<ApiResponse<SearchBody>> {
  return api<SearchBody>('GET', '/search', { token, query });
}

/**
 * GET /search with a query string written by hand (already percent-encoded, sent byte for byte): the way to send
 * what URLSearchParams would repair first, such as percent-encoded lone surrogates or invalid UTF-8.
 */
export async function rawSearch(token: string, rawQuery: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseUrl()}/search?${rawQuery}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, text: await res.text() };
}

/**
 * Polls GET /search until `done` holds for the answer. Events reach the index asynchronously: this is the bound
 * against a hung pipeline, not a timing assertion, so it is generous (30 s): CI runs four black-box stacks on two
 * cores, and a 10-s bound once expired while the first events of a run were still being indexed.
 */
export async function searchUntil(
  token: string,
  query: SearchParams,
  done: (body: SearchBody) => boolean,
  timeoutMs = 30_000,
): Promise<SearchBody> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await search(token, query);
    if (res.status !== 200) throw new Error(`GET /search ${JSON.stringify(query)} answered ${res.status}: ${res.text.slice(0, 300)}`);
    if (done(res.body)) return res.body;
    if (Date.now() > until)
      throw new Error(
        `search ${JSON.stringify(query)} did not reach the expected state within ${timeoutMs} ms; last: ${res.text.slice(0, 600)}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const ids = (body: SearchBody) => body.items.map((i) => i.id);

/** Follows next_cursor to the end; every page must be a 200 and every page but the last full. */
export async function allPages(
  token: string,
  query: SearchParams,
  limit: number,
  between?: (page: number) => Promise<void>,
): Promise<SearchItem[]> {
  const out: SearchItem[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 2_000; page++) {
    const res = await search(token, { ...query, limit, cursor });
    if (res.status !== 200) throw new Error(`page ${page} answered ${res.status}: ${res.text.slice(0, 300)}`);
    out.push(...res.body.items);
    if (!res.body.next_cursor) return out;
    if (res.body.items.length !== limit)
      throw new Error(`page ${page} has a next cursor but only ${res.body.items.length} of ${limit} items`);
    cursor = res.body.next_cursor;
    if (between) await between(page);
  }
  throw new Error('more than 2,000 pages');
}

/** Runs `fn` over `items` with at most `concurrency` calls in flight; results in input order. */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= items.length) return;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}
