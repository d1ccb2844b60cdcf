import { describe, expect, it } from 'vitest';
import { Pager, pagePath } from './paging.js';

describe('keyset paging', () => {
  it('one page in flight at a time, each cursor once, stops at a null next cursor', () => {
    const pager = new Pager('c1');
    expect(pager.done).toBe(false);
    expect(pager.take()).toBe('c1');
    expect(pager.inFlight).toBe(true);
    expect(pager.take()).toBeNull();
    pager.settle('c2');
    expect(pager.take()).toBe('c2');
    pager.settle(null);
    expect(pager.done).toBe(true);
    expect(pager.take()).toBeNull();
  });

  it('a gallery that fits in the first answer has no pages', () => {
    const pager = new Pager(null);
    expect(pager.done).toBe(true);
    expect(pager.take()).toBeNull();
  });

  it('a failed page may be taken again; a page that arrived never is', () => {
    const pager = new Pager('c1');
    expect(pager.take()).toBe('c1');
    pager.fail('c1');
    expect(pager.inFlight).toBe(false);
    expect(pager.take()).toBe('c1');
    // A server answering the same cursor again (a bug) must not loop the page.
    pager.settle('c1');
    expect(pager.take()).toBeNull();
  });

  it("builds the photos route's path", () => {
    expect(pagePath('g-1', { cursor: null, limit: 60 })).toBe('/galleries/g-1/photos?limit=60');
    expect(pagePath('g-1', { cursor: 'a+b/=', limit: 100 })).toBe('/galleries/g-1/photos?limit=100&cursor=a%2Bb%2F%3D');
  });
});
