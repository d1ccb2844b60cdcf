/**
 * Issue 27, black box in a real browser: the client portal at the gateway's /portal/ (served by the console's
 * deployable; its contract in docs/decisions/0017-client-portal.md), driven by Debian's Chromium through playwright-core.
 *
 * - The main flow on a gallery of real keepers: the link from the publish answer -> the photos in the gallery's order
 *   with their sizes -> favorite two -> reload (the bearer is reused) -> a new session -> they are still favorites,
 *   the API shows exactly them, the favorites-only view shows exactly them. No third-party request, no CSP refusal.
 * - Error pages: invalid (garbage, unknown, no fragment), expired, suspended (also while the page is open), rate
 *   limited and unreachable (with "Try again"), and an empty gallery.
 * - A 2,000-photo gallery scrolls to its end with no image and no photos page requested twice; the viewer moving
 *   past the last loaded photo loads the next page first (once); favorites only reads the rest (JSON only) and
 *   shows exactly the favorites.
 * - axe-core finds no WCAG 2.1 A/AA violation on the gallery, the open viewer, the favorites-only empty state and an
 *   error page; the keyboard alone opens, moves through and favorites photos.
 * - Favorites: an optimistic change rolled back with a message when the API refuses; a bearer refused (401) or about
 *   to expire is exchanged again.
 * - 375 px and 1440 px wide; headers (CSP, caching, compression) and the script's size.
 *
 * The browser reaches the gateway through a loopback entry (test/support/portal.ts) that gives each connection its own
 * client address: POST /client-sessions is limited to 10 a minute per address, and this file opens ~20 portals.
 * Galleries whose favorites a test changes are made per test from a shared seeded shoot (a new gallery of the same
 * keepers costs one insert), so no test sees another's marks.
 */
import http from 'node:http';
import type { BrowserContext, BrowserContextOptions, Locator, Page, Request, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.js';
import { api } from './support/client.js';
import { createGallery, galleryAdmin, shootWithKeepers } from './support/gallery.js';
import { tenant } from './support/operator.js';
import { until } from './support/poll.js';
import {
  clientBearer,
  type LoopbackEntry,
  type Owner,
  portalLink,
  publishGallery,
  readGallery,
  type SeededGallery,
  seedEmptyGallery,
  seededSize,
  seedPublishedGallery,
  startLoopbackEntry,
  unknownPortalToken,
} from './support/portal.js';

const web = useBrowser();

const TEXT = {
  invalid: [
    "This gallery link isn't valid",
    "Check that you opened the whole link from your photographer's message, or ask them to send it again.",
  ],
  expired: ['This gallery link has expired', 'Ask your photographer for a new link.'],
  suspended: [
    "This gallery isn't available",
    'Your photographer has paused access to this gallery. Contact them if you think this is a mistake.',
  ],
  rateLimited: ['Too many attempts', /^Wait \d+ seconds?, then try again\.$/],
  unreachable: ["We can't reach this gallery right now", 'Check your connection, then try again.'],
} as const;
const EMPTY_GALLERY = 'This gallery has no photos yet.';
const NO_FAVORITES = 'No favorites yet. Tap the heart on a photo to add it.';

let entry: LoopbackEntry;
let owner: Owner;
/** A shoot of 24 seeded keepers (real small images at their keys): galleries of it are made per test. */
let medium: SeededGallery;
/** The 2,000-photo gallery, seeded while the first describes run (its 2,000 PUTs take seconds). */
let bigSeed: Promise<SeededGallery>;
/** Four real keepers through the upload flow (the worker makes their derivatives meanwhile). */
let keepersSeed: Promise<{ shootId: string; photoIds: string[] }>;

beforeAll(async () => {
  entry = await startLoopbackEntry();
  const t = await tenant(['owner']);
  owner = { workspaceId: t.workspaceId, token: t.tokens.owner, profileId: t.profiles.owner };
  keepersSeed = shootWithKeepers(owner.token, owner.workspaceId, 4);
  bigSeed = seedPublishedGallery(owner, { count: 2_000, title: 'Two Thousand', webCount: 200 });
  // Each is awaited by its describe, where a failure is reported (not as an unhandled rejection meanwhile).
  keepersSeed.catch(() => undefined);
  bigSeed.catch(() => undefined);
  medium = await seedPublishedGallery(owner, { count: 24, title: 'Garden Party' });
});
afterAll(async () => {
  await entry?.close();
});

// ---- helpers ----------------------------------------------------------------------------------------------

/** expect.poll with room for a loaded CI machine (a bound against a hang, not a timing assertion). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 50 });

/** Text with whitespace collapsed and typographic apostrophes made plain (the sentences are compared as words). */
const plain = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const textOf = async (locator: Locator) => plain(await locator.textContent());

const grid = (page: Page) => page.locator('ul.grid');
const tiles = (page: Page) => page.locator('ul.grid > li[data-photo-id]');
const tile = (page: Page, photoId: string) => page.locator(`ul.grid > li[data-photo-id="${photoId}"]`);
const favOf = (page: Page, photoId: string) => tile(page, photoId).locator('button.fav');
const openOf = (page: Page, photoId: string) => tile(page, photoId).locator('button.open');
const viewer = (page: Page) => page.locator('dialog[aria-label="Photo viewer"]');
const status = (page: Page) => page.locator('#portal-status');
const tileIds = (page: Page) => tiles(page).evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.photoId!));
const visibleTileIds = (page: Page) =>
  tiles(page).evaluateAll((els) =>
    els.filter((el) => (el as HTMLElement).getClientRects().length > 0).map((el) => (el as HTMLElement).dataset.photoId!),
  );
const pressedIds = (page: Page) =>
  tiles(page).evaluateAll((els) =>
    els
      .filter((el) => el.querySelector('button.fav')?.getAttribute('aria-pressed') === 'true')
      .map((el) => (el as HTMLElement).dataset.photoId!),
  );
/** The live count, e.g. "2 favorites". */
const favoriteCount = async (page: Page) =>
  plain(
    await page
      .getByText(/^\s*\d+ favorites?\s*$/)
      .first()
      .textContent(),
  );

/** A fresh gallery of the medium shoot's keepers, published: its own favorites. */
async function freshGallery(title = 'Garden Party') {
  const g = await createGallery(owner.token, medium.shootId, title);
  return { ...(await publishGallery(owner.token, g.id)), title, photoIds: medium.photoIds };
}

/** Opens a customer's link as a new document load (a goto that changes only the fragment would load nothing). */
async function openLink(page: Page, link: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(link);
}

/** Waits for the grid's first tile; when none comes, fails with what the page shows instead. */
async function firstTile(page: Page): Promise<void> {
  try {
    await tiles(page).first().waitFor();
  } catch (err) {
    throw new Error(`no tile on ${page.url()}; the page shows: ${plain(await page.locator('body').textContent())}`, { cause: err });
  }
}

/** Opens the gallery's link through the loopback entry and waits for its first tiles. */
async function openGallery(page: Page, portalToken: string, origin = entry.origin): Promise<void> {
  await openLink(page, portalLink(portalToken, origin));
  await firstTile(page);
}

/** Contexts made with options (useBrowser's own are closed by it), closed after each test. */
const withOptions: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(withOptions.splice(0).map((c) => c.close().catch(() => undefined)));
});

/** A page in a fresh context (cookies, storage), with `options` (viewport, touch) when given. */
async function freshPage(options?: BrowserContextOptions): Promise<{ page: Page; context: BrowserContext }> {
  let context: BrowserContext;
  if (options) {
    context = await web.browser().newContext(options);
    withOptions.push(context);
  } else context = await web.context();
  return { page: await context.newPage(), context };
}

interface Seen {
  method: string;
  url: URL;
  request: Request;
  /** Answered or failed. */
  done: boolean;
}
/** Every request the page sends, in order (http and https only). */
function recordRequests(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('request', (r) => {
    if (/^https?:/.test(r.url())) seen.push({ method: r.method(), url: new URL(r.url()), request: r, done: false });
  });
  const finish = (r: Request) => {
    const s = seen.find((x) => x.request === r);
    if (s) s.done = true;
  };
  // An answer counts: Chromium reports no end for an answer whose body the page never reads (a 401 it re-exchanges on).
  page.on('response', (r) => finish(r.request()));
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  return seen;
}

/** Waits until every request of `which` the page sent has ended, and still has after a short pause (a follow-up call). */
async function settled(seen: Seen[], which: (s: Seen) => boolean = (s) => s.url.pathname.startsWith('/api/')): Promise<void> {
  const pending = () =>
    seen
      .filter(which)
      .filter((s) => !s.done)
      .map((s) => `${s.method} ${s.url.pathname}${s.url.search}`);
  for (let round = 0; round < 3; round++) {
    await until(`the calls ended (pending: ${pending().join(', ')})`, async () => pending().length === 0, 30_000, 25).catch((err) => {
      throw new Error(`${err.message}; still pending: ${pending().join(', ')}`);
    });
    if (round < 2) await new Promise((r) => setTimeout(r, 150));
  }
}
const exchanges = (seen: Seen[]) => seen.filter((s) => s.method === 'POST' && s.url.pathname === '/api/v1/client-sessions');
const favoriteCalls = (seen: Seen[], galleryId: string, method?: string) =>
  seen.filter((s) => s.url.pathname === `/api/v1/galleries/${galleryId}/favorites` && (!method || s.method === method));

/** Console messages of the page that are a Content-Security-Policy refusal. */
function recordCspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  return refused;
}

/** Clicks a favorite toggle and waits for the API's answer to the call it makes. */
async function toggleFavorite(page: Page, button: Locator, galleryId: string): Promise<number> {
  const [res] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/galleries/${galleryId}/favorites`),
    button.click(),
  ]);
  return res.status();
}

/** The error page is shown: its h1, its paragraph, document.title, and no grid. */
async function expectErrorPage(page: Page, [heading, text]: readonly [string, string | RegExp]): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1 });
  try {
    await poll(() => textOf(h1)).toBe(heading);
  } catch {
    throw new Error(`expected the page "${heading}"; it shows: ${plain(await page.locator('body').textContent())}`);
  }
  const paragraphs = (await page.locator('main p').allTextContents()).map(plain);
  if (typeof text === 'string') expect(paragraphs).toContain(text);
  else
    expect(
      paragraphs.some((p) => text.test(p)),
      paragraphs.join(' | '),
    ).toBe(true);
  expect(plain(await page.title())).toContain(heading);
  expect(await tiles(page).count()).toBe(0);
}

/** Presses Tab until the focused element matches `selector` (at most `max` presses). */
async function tabUntil(page: Page, selector: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector} (${max} presses)`);
}

/** A route predicate: the API path exactly (any query). */
const apiPath = (path: string) => (url: URL) => url.pathname === `/api/v1${path}`;

/** The focused element: its tile's photo id and its class / label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      photoId: (el?.closest('li[data-photo-id]') as HTMLElement | null)?.dataset.photoId ?? null,
      className: el?.className ?? '',
      label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      inDialog: !!el?.closest('dialog'),
    };
  });

/** The object key of a signed URL (its path, without the signature's query). */
const keyOf = (url: string | URL) => decodeURIComponent(new URL(url).pathname);

const duplicates = (xs: string[]) => [...new Set(xs.filter((x, i) => xs.indexOf(x) !== i))];

// ---- the main flow ----------------------------------------------------------------------------------------

describe('a published gallery of real keepers', () => {
  let shootId: string;
  let keeperIds: string[];

  beforeAll(async () => {
    ({ shootId, photoIds: keeperIds } = await keepersSeed);
  });

  it('shows the photos in order; two favorites survive a reload and a new session; the API shows exactly them', async () => {
    const g = await createGallery(owner.token, shootId, 'Smith Wedding');
    const pub = await publishGallery(owner.token, g.id);
    // The link a customer gets is the publish answer's portal_url.
    expect(pub.portalUrl).toBe(portalLink(pub.portalToken));
    const expected = await readGallery(owner.token, g.id);
    expect(expected.photos.map((p: { id: string }) => p.id)).toEqual(keeperIds);

    const { page } = await freshPage();
    const seen = recordRequests(page);
    const refused = recordCspRefusals(page);
    // The real public URL (no loopback entry) for the link itself.
    await openLink(page, portalLink(pub.portalToken));
    await firstTile(page);
    await poll(() => tiles(page).count()).toBe(4);

    await poll(() => textOf(page.getByRole('heading', { level: 1 }))).toBe('Smith Wedding');
    expect(await page.title()).toBe('Smith Wedding · Gallery');
    await page.getByText('4 photos', { exact: true }).waitFor();
    // The fragment stays in the address bar (it is the customer's link; a reload must work).
    expect(page.url()).toBe(portalLink(pub.portalToken));
    expect(await grid(page).getAttribute('aria-label')).toBe('Photos');

    // In the gallery's order, each with its photo's size and its own thumbnail.
    expect(await tileIds(page)).toEqual(keeperIds);
    for (const [i, p] of (expected.photos as any[]).entries()) {
      const t = tile(page, p.id);
      expect(await t.getAttribute('data-order-index')).toBe(String(i));
      expect(await openOf(page, p.id).getAttribute('aria-label')).toBe(`Open photo ${i + 1} of 4`);
      expect(await openOf(page, p.id).getAttribute('type')).toBe('button');
      const img = t.locator('button.open img');
      expect(await img.getAttribute('width')).toBe(String(p.width));
      expect(await img.getAttribute('height')).toBe(String(p.height));
      expect(await img.getAttribute('alt')).toBe('');
      expect(keyOf((await img.getAttribute('src'))!)).toBe(keyOf(p.thumbnail_url));
      const fav = favOf(page, p.id);
      expect(await fav.getAttribute('aria-label')).toBe('Favorite');
      expect(await fav.getAttribute('aria-pressed')).toBe('false');
    }
    // Every thumbnail is displayed (decoded), so the object store and the CSP's img-src let them through.
    await poll(() =>
      tiles(page)
        .locator('img')
        .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)),
    ).toBe(true);
    expect(await favoriteCount(page)).toBe('0 favorites');

    // Favorite the second and the fourth.
    const chosen = [keeperIds[1]!, keeperIds[3]!];
    for (const id of chosen) {
      expect(await toggleFavorite(page, favOf(page, id), g.id)).toBe(200);
      expect(await favOf(page, id).getAttribute('aria-pressed')).toBe('true');
    }
    expect(await favoriteCount(page)).toBe('2 favorites');
    expect(await pressedIds(page)).toEqual(chosen);

    // The bearer is in sessionStorage, never in localStorage.
    const storage = await page.evaluate(() => ({
      local: Object.keys(localStorage).length,
      session: Object.keys(sessionStorage).map((k) => sessionStorage.getItem(k) ?? ''),
    }));
    expect(storage.local).toBe(0);
    expect(storage.session.some((v) => /eyJ[\w-]+\.[\w-]+\.[\w-]+/.test(v))).toBe(true);

    // A reload keeps them and reuses the bearer (no new exchange).
    const before = exchanges(seen).length;
    expect(before).toBe(1);
    await page.reload();
    await firstTile(page);
    await poll(() => pressedIds(page)).toEqual(chosen);
    expect(await favoriteCount(page)).toBe('2 favorites');
    expect(exchanges(seen).length).toBe(before);

    // Through the API: a client bearer of the same link sees exactly those two.
    const bearer = await clientBearer(pub.portalToken);
    const read = await readGallery(bearer, g.id);
    expect(read.photos.filter((p: { favorite: boolean }) => p.favorite).map((p: { id: string }) => p.id)).toEqual(chosen);

    // Favorites only: exactly them; back: all four.
    const only = page.getByRole('button', { name: 'Favorites only', exact: true });
    expect(await only.getAttribute('aria-pressed')).toBe('false');
    await only.click();
    expect(await only.getAttribute('aria-pressed')).toBe('true');
    await poll(() => visibleTileIds(page)).toEqual(chosen);
    await only.click();
    expect(await only.getAttribute('aria-pressed')).toBe('false');
    await poll(() => visibleTileIds(page)).toEqual(keeperIds);

    // A new session (another browser, same link): the customer's favorites are shared by every session.
    const { page: second } = await freshPage();
    await openGallery(second, pub.portalToken);
    await poll(() => pressedIds(second)).toEqual(chosen);

    // Nothing but the page's origin and the object store was asked; nothing was refused by the CSP.
    const origins = new Set(seen.map((s) => s.url.origin));
    origins.delete(new URL(inject('publicUrl')).origin);
    origins.delete(`http://127.0.0.1:${inject('ports').s3}`);
    expect([...origins]).toEqual([]);
    expect(refused).toEqual([]);
  });
});

// ---- error pages ------------------------------------------------------------------------------------------

describe('error pages', () => {
  it('an invalid link: garbage, a well-formed unknown token, no fragment (only the unknown one is asked about)', async () => {
    const { page } = await freshPage();
    const seen = recordRequests(page);
    await openLink(page, portalLink('not-a-portal-token', entry.origin));
    await expectErrorPage(page, TEXT.invalid);
    expect(exchanges(seen)).toHaveLength(0);

    await openLink(page, `${entry.origin}/portal/`);
    await expectErrorPage(page, TEXT.invalid);
    await openLink(page, `${entry.origin}/portal/#`);
    await expectErrorPage(page, TEXT.invalid);
    expect(exchanges(seen)).toHaveLength(0);

    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/client-sessions'),
      openLink(page, portalLink(unknownPortalToken(), entry.origin)),
    ]);
    expect(answer.status()).toBe(401);
    expect((await answer.json()).reason).toBe('portal_invalid');
    await expectErrorPage(page, TEXT.invalid);
    expect(exchanges(seen)).toHaveLength(1);
  });

  it('an expired and a suspended link show their pages; a page open when its link is suspended shows it at its next call', async () => {
    const [expired, suspended] = await Promise.all([freshGallery(), freshGallery()]);
    const { page: open } = await freshPage();
    const seen = recordRequests(open);
    await openGallery(open, suspended.portalToken);
    await Promise.all([
      galleryAdmin('expire-portal', '--gallery', expired.galleryId),
      galleryAdmin('suspend-portal', '--gallery', suspended.galleryId),
    ]);
    const { page } = await freshPage();
    await openLink(page, portalLink(expired.portalToken, entry.origin));
    await expectErrorPage(page, TEXT.expired);
    await openLink(page, portalLink(suspended.portalToken, entry.origin));
    await expectErrorPage(page, TEXT.suspended);

    // The open page's next call is refused (401), its one new exchange too (portal_suspended): the suspended page.
    await favOf(open, suspended.photoIds[0]!).click();
    await expectErrorPage(open, TEXT.suspended);
    await settled(seen);
    expect(exchanges(seen)).toHaveLength(2);
    expect(favoriteCalls(seen, suspended.galleryId, 'POST')).toHaveLength(1);
  });

  it('rate limited, then unreachable: each page offers "Try again", which opens the gallery once the API answers', async () => {
    const { page } = await freshPage();
    const answer429 = (route: Route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '2' },
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'rate_limited', message: 'Too many requests.' }),
      });
    const sessions = apiPath('/client-sessions');
    await page.route(sessions, answer429);
    await openLink(page, portalLink(medium.portalToken, entry.origin));
    await expectErrorPage(page, TEXT.rateLimited);
    expect(plain(await page.locator('main p').first().textContent())).toMatch(/^Wait [12] seconds?, then try again\.$/);
    await page.unroute(sessions, answer429);
    await page.getByRole('button', { name: 'Try again', exact: true }).click();
    await firstTile(page);

    // Unreachable: the exchange fails at the network level, then the gallery read answers 503.
    const { page: second } = await freshPage();
    const refuse = (route: Route) => route.abort('connectionrefused');
    await second.route(sessions, refuse);
    await openLink(second, portalLink(medium.portalToken, entry.origin));
    await expectErrorPage(second, TEXT.unreachable);
    await second.unroute(sessions, refuse);
    const unavailable = (route: Route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ ok: false, error: 'unavailable' }) });
    const read = apiPath(`/galleries/${medium.galleryId}`);
    await second.route(read, unavailable);
    await second.getByRole('button', { name: 'Try again', exact: true }).click();
    await expectErrorPage(second, TEXT.unreachable);
    await second.unroute(read, unavailable);
    await second.getByRole('button', { name: 'Try again', exact: true }).click();
    await firstTile(second);
    await poll(() => textOf(second.getByRole('heading', { level: 1 }))).toBe(medium.title);
  });

  it('an empty gallery is a normal page that says so', async () => {
    const empty = await seedEmptyGallery(owner, 'Nothing here yet');
    const { page } = await freshPage();
    await openLink(page, portalLink(empty.portalToken, entry.origin));
    await poll(() => textOf(page.getByRole('heading', { level: 1 }))).toBe('Nothing here yet');
    await page.getByText(EMPTY_GALLERY, { exact: true }).waitFor();
    expect(await tiles(page).count()).toBe(0);
  });
});

// ---- 2,000 photos -----------------------------------------------------------------------------------------

describe('a 2,000-photo gallery', () => {
  let big: SeededGallery;
  beforeAll(async () => {
    big = await bigSeed;
  });

  it('scrolls to its end: all 2,000 tiles in order, no image and no photos page requested twice', { timeout: 90_000 }, async () => {
    const { page } = await freshPage();
    const seen = recordRequests(page);
    await openGallery(page, big.portalToken);
    // Scroll to the bottom until the grid stops growing at 2,000 tiles (paging runs off an IntersectionObserver).
    // Paging that stops short is told at once: the grid's end in view, no photos page in flight, no growth for 8 s.
    const pagesOf = () => seen.filter((x) => x.url.pathname === `/api/v1/galleries/${big.galleryId}/photos`);
    let last = { count: 0, at: Date.now() };
    await until(
      'the grid holds 2,000 tiles',
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
        const count = await tiles(page).count();
        if (count !== last.count) last = { count, at: Date.now() };
        else if (Date.now() - last.at > 8_000 && pagesOf().every((x) => x.done))
          throw new Error(
            `paging stopped at ${count} of 2,000 tiles: the grid's end is in view, no photos page in flight (${pagesOf().length} read)`,
          );
        return count >= 2_000;
      },
      60_000,
      100,
    );
    // The last tiles' thumbnails are displayed, and nothing more is asked for once the last page came.
    const lastImg = tile(page, big.photoIds[1_999]!).locator('img');
    await lastImg.scrollIntoViewIfNeeded();
    await poll(() => lastImg.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)).toBe(true);
    await settled(seen);

    expect(await tiles(page).count()).toBe(2_000);
    expect(await tileIds(page)).toEqual(big.photoIds);
    const indexes = await tiles(page).evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.orderIndex)));
    expect(indexes).toEqual(big.photoIds.map((_, i) => i));
    // Each tile has its photo's size.
    const sizes = await tiles(page).evaluateAll((els) =>
      els.map((el) => {
        const img = el.querySelector('img')!;
        return `${img.getAttribute('width')}x${img.getAttribute('height')}`;
      }),
    );
    expect(sizes).toEqual(big.photoIds.map((_, n) => `${seededSize(n).width}x${seededSize(n).height}`));
    // The first dozen thumbnails load eagerly, the rest lazily; all decode off the main thread.
    const loading = await tiles(page).evaluateAll((els) => els.map((el) => el.querySelector('img')!.getAttribute('loading') ?? 'eager'));
    expect(loading[0]).toBe('eager');
    expect(loading.slice(16)).toEqual(loading.slice(16).map(() => 'lazy'));
    const decoding = await tiles(page).evaluateAll((els) => els.map((el) => el.querySelector('img')!.getAttribute('decoding')));
    expect(new Set(decoding)).toEqual(new Set(['async']));

    const calls = seen.filter((s) => s.url.pathname.startsWith('/api/v1/'));
    const single = calls.filter((s) => s.url.pathname === `/api/v1/galleries/${big.galleryId}`);
    expect(single).toHaveLength(1);
    expect(single[0]!.url.searchParams.get('photos_limit')).toMatch(/^\d+$/);
    const pages = calls.filter((s) => s.url.pathname === `/api/v1/galleries/${big.galleryId}/photos`).map((s) => s.url.search);
    expect(duplicates(pages)).toEqual([]);
    expect(pages.length).toBeGreaterThan(0);
    const s3 = `http://127.0.0.1:${inject('ports').s3}`;
    const images = seen.filter((s) => s.url.origin === s3).map((s) => keyOf(s.url));
    expect(duplicates(images)).toEqual([]);
    expect(images.length).toBeGreaterThanOrEqual(12);
    expect(images.every((k) => k.endsWith('/thumb.webp'))).toBe(true);
    console.log(`2,000-photo scroll: ${pages.length} photos pages, ${images.length} thumbnails requested`);
  });

  it('the viewer moving past the last loaded photo loads the next page first, once; it preloads at most the next photo', async () => {
    const { page } = await freshPage();
    const seen = recordRequests(page);
    // Hold every photos page until released: the grid keeps only the first paint's tiles meanwhile.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(apiPath(`/galleries/${big.galleryId}/photos`), async (route) => {
      await gate;
      await route.continue();
    });
    await openGallery(page, big.portalToken);
    const loaded = await tiles(page).count();
    expect(loaded).toBeLessThan(2_000);
    const lastId = big.photoIds[loaded - 1]!;
    await openOf(page, lastId).click();
    const dialog = viewer(page);
    await dialog.waitFor();
    const img = dialog.locator('img').first();
    await poll(() => img.getAttribute('alt')).toBe(`Photo ${loaded} of 2000`);
    await page.keyboard.press('ArrowRight');
    release();
    await poll(() => img.getAttribute('alt')).toBe(`Photo ${loaded + 1} of 2000`);
    await poll(async () => keyOf((await img.getAttribute('src'))!)).toContain(`/photos/${big.photoIds[loaded]}/web.jpg`);
    expect(await tiles(page).count()).toBeGreaterThan(loaded);
    await page.keyboard.press('ArrowLeft');
    await poll(() => img.getAttribute('alt')).toBe(`Photo ${loaded} of 2000`);

    const pages = seen.filter((s) => s.url.pathname === `/api/v1/galleries/${big.galleryId}/photos`).map((s) => s.url.search);
    expect(duplicates(pages)).toEqual([]);
    // Web derivatives: the two shown and at most the next one preloaded; none asked twice.
    const webs = seen.filter((s) => s.url.pathname.endsWith('/web.jpg')).map((s) => keyOf(s.url));
    expect(duplicates(webs)).toEqual([]);
    const allowed = [loaded - 1, loaded, loaded + 1].map((i) => `/photos/${big.photoIds[i]}/web.jpg`);
    expect(webs.filter((k) => !allowed.some((a) => k.endsWith(a)))).toEqual([]);
  });

  it('favorites only: reads the remaining pages once (JSON only), shows exactly the favorites, fetches no hidden thumbnail', async () => {
    // Two favorites of the customer, one far beyond the first page, marked through the API beforehand.
    const chosen = [big.photoIds[2]!, big.photoIds[1_500]!];
    const bearer = await clientBearer(big.portalToken);
    for (const photoId of chosen)
      expect((await api('POST', `/galleries/${big.galleryId}/favorites`, { token: bearer, body: { photo_id: photoId } })).status).toBe(200);

    const { page } = await freshPage();
    const seen = recordRequests(page);
    await openGallery(page, big.portalToken);
    await settled(seen, () => true);
    const before = seen.length;
    await page.getByRole('button', { name: 'Favorites only', exact: true }).click();
    await poll(() => tiles(page).count()).toBe(2_000);
    await poll(() => visibleTileIds(page)).toEqual(chosen);
    expect(await pressedIds(page)).toEqual(chosen);
    expect(await favoriteCount(page)).toBe('2 favorites');
    await settled(seen, () => true);

    const pages = seen.filter((x) => x.url.pathname === `/api/v1/galleries/${big.galleryId}/photos`).map((x) => x.url.search);
    expect(duplicates(pages)).toEqual([]);
    const s3 = `http://127.0.0.1:${inject('ports').s3}`;
    const thumbnails = seen
      .slice(before)
      .filter((x) => x.url.origin === s3)
      .map((x) => keyOf(x.url));
    const favorites = chosen.map((id) => `/photos/${id}/thumb.webp`);
    expect(thumbnails.filter((k) => !favorites.some((f) => k.endsWith(f)))).toEqual([]);
  });
});

// ---- accessibility and the keyboard -----------------------------------------------------------------------

describe('accessibility', () => {
  it('axe finds no WCAG 2.1 A/AA violation on the gallery, the open viewer, the empty favorites view and an error page', async () => {
    const { page } = await freshPage();
    await openGallery(page, medium.portalToken);
    await poll(() =>
      tiles(page)
        .locator('img')
        .first()
        .evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
    ).toBe(true);
    await expectNoAxeViolations(page, 'the gallery');

    await openOf(page, medium.photoIds[2]!).click();
    await viewer(page).waitFor();
    await poll(() => viewer(page).locator('img').first().getAttribute('alt')).toBe('Photo 3 of 24');
    await expectNoAxeViolations(page, 'the open viewer');
    await page.keyboard.press('Escape');
    await poll(() => viewer(page).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Favorites only', exact: true }).click();
    await page.getByText(NO_FAVORITES, { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'the favorites-only view without favorites');

    await openLink(page, portalLink('not-a-portal-token', entry.origin));
    await expectErrorPage(page, TEXT.invalid);
    await expectNoAxeViolations(page, 'the invalid-link page');
  });

  it('the keyboard alone: Tab to a tile, Enter opens the viewer, arrows move, Enter/Space favorite, Escape closes', async () => {
    const g = await freshGallery();
    const { page } = await freshPage();
    const seen = recordRequests(page);
    await openGallery(page, g.portalToken);
    const [first, second] = g.photoIds as [string, string];

    // Tab reaches the first tile's open button, then its favorite, then the next tile's open button.
    await tabUntil(page, 'ul.grid > li button.open');
    expect(await focused(page)).toMatchObject({ photoId: first, className: expect.stringContaining('open') });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ photoId: first, className: expect.stringContaining('fav'), label: 'Favorite' });
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toMatchObject({ photoId: first, className: expect.stringContaining('open') });

    await page.keyboard.press('Enter');
    const dialog = viewer(page);
    await dialog.waitFor();
    const img = dialog.locator('img').first();
    await poll(() => img.getAttribute('alt')).toBe('Photo 1 of 24');
    expect(keyOf((await img.getAttribute('src'))!)).toContain(`/photos/${first}/web.jpg`);
    for (const name of ['Previous photo', 'Next photo', 'Close'])
      expect(await dialog.getByRole('button', { name, exact: true }).count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await poll(() => img.getAttribute('alt')).toBe('Photo 2 of 24');
    expect(keyOf((await img.getAttribute('src'))!)).toContain(`/photos/${second}/web.jpg`);
    expect(await img.getAttribute('width')).toBe(String(seededSize(1).width));
    expect(await img.getAttribute('height')).toBe(String(seededSize(1).height));

    // The viewer's Favorite: Enter marks it (and the tile follows), Space unmarks it.
    await tabUntil(page, 'dialog button[aria-pressed]', 10);
    const viewerFav = dialog.getByRole('button', { name: 'Favorite', exact: true });
    expect(await viewerFav.getAttribute('aria-pressed')).toBe('false');
    const [marked] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/favorites')),
      page.keyboard.press('Enter'),
    ]);
    expect(marked.status()).toBe(200);
    expect(await viewerFav.getAttribute('aria-pressed')).toBe('true');
    expect(await favOf(page, second).getAttribute('aria-pressed')).toBe('true');
    await settled(seen);
    const [unmarked] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.endsWith('/favorites')),
      page.keyboard.press('Space'),
    ]);
    expect(unmarked.status()).toBe(200);
    expect(await viewerFav.getAttribute('aria-pressed')).toBe('false');
    expect(await favOf(page, second).getAttribute('aria-pressed')).toBe('false');
    await settled(seen);
    await page.keyboard.press('Enter');
    await poll(() => favOf(page, second).getAttribute('aria-pressed')).toBe('true');
    await settled(seen);

    // Escape closes; focus is back on a tile's open button (the photo shown, or the one that opened it).
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);
    const back = await focused(page);
    expect(back.className).toContain('open');
    expect([first, second]).toContain(back.photoId);
    const customer = await readGallery(await clientBearer(g.portalToken), g.galleryId);
    expect(customer.photos.filter((p: { favorite: boolean }) => p.favorite).map((p: { id: string }) => p.id)).toEqual([second]);
  });

  it('a horizontal touch swipe on the viewer moves to the next and the previous photo; a short drag does not', async () => {
    const { page } = await freshPage({ viewport: { width: 375, height: 812 }, hasTouch: true });
    await openGallery(page, medium.portalToken);
    await openOf(page, medium.photoIds[5]!).click();
    const dialog = viewer(page);
    await dialog.waitFor();
    const img = dialog.locator('img').first();
    await poll(() => img.getAttribute('alt')).toBe('Photo 6 of 24');
    // Real touch input (the browser makes the pointer events, pointerType "touch", and decides about panning).
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (dx: number) => {
      const box = (await img.boundingBox())!;
      const y = Math.round(box.y + box.height / 2);
      const x0 = Math.round(box.x + box.width / 2);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y, id: 1 }] });
      for (const f of [0.25, 0.5, 0.75, 1])
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: Math.round(x0 + dx * f), y, id: 1 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(-120);
    await poll(() => img.getAttribute('alt')).toBe('Photo 7 of 24');
    await swipe(120);
    await poll(() => img.getAttribute('alt')).toBe('Photo 6 of 24');
    await swipe(-20);
    // A later move proves the short drag was handled (and ignored) before it: the next swipe goes one photo on.
    await swipe(-120);
    await poll(() => img.getAttribute('alt')).toBe('Photo 7 of 24');
  });
});

// ---- favorites: rollback and the bearer's renewal ---------------------------------------------------------

describe('favorites when the API refuses', () => {
  it('rolls an optimistic favorite back with a message (503, then 429), then saves it once the API answers', async () => {
    const g = await freshGallery();
    const { page } = await freshPage();
    await openGallery(page, g.portalToken);
    const id = g.photoIds[2]!;
    let answer = { status: 503, error: 'unavailable' };
    const refuse = (route: Route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: answer.status,
            contentType: 'application/json',
            headers: answer.status === 429 ? { 'retry-after': '1' } : {},
            body: JSON.stringify({ ok: false, error: answer.error }),
          })
        : route.continue();
    const favorites = apiPath(`/galleries/${g.galleryId}/favorites`);
    await page.route(favorites, refuse);

    expect(await toggleFavorite(page, favOf(page, id), g.galleryId)).toBe(503);
    await poll(() => favOf(page, id).getAttribute('aria-pressed')).toBe('false');
    await poll(() => textOf(status(page))).toMatch(/couldn't save your favorite/i);
    expect(await status(page).getAttribute('role')).toBe('status');
    expect(await favoriteCount(page)).toBe('0 favorites');

    answer = { status: 429, error: 'rate_limited' };
    expect(await toggleFavorite(page, favOf(page, id), g.galleryId)).toBe(429);
    await poll(() => favOf(page, id).getAttribute('aria-pressed')).toBe('false');
    await poll(() => textOf(status(page))).toMatch(/too many changes/i);
    expect(await favoriteCount(page)).toBe('0 favorites');

    await page.unroute(favorites, refuse);
    expect(await toggleFavorite(page, favOf(page, id), g.galleryId)).toBe(200);
    expect(await favOf(page, id).getAttribute('aria-pressed')).toBe('true');
    expect(await favoriteCount(page)).toBe('1 favorite');
    const read = await readGallery(await clientBearer(g.portalToken), g.galleryId);
    expect(read.photos.filter((p: { favorite: boolean }) => p.favorite).map((p: { id: string }) => p.id)).toEqual([id]);
  });

  it('a double click while a favorite is in flight ends in one consistent state, saved', async () => {
    const g = await freshGallery();
    const { page } = await freshPage();
    const seen = recordRequests(page);
    await openGallery(page, g.portalToken);
    const id = g.photoIds[4]!;
    await favOf(page, id).dblclick();
    await settled(seen);
    const shown = await favOf(page, id).getAttribute('aria-pressed');
    const read = await readGallery(await clientBearer(g.portalToken), g.galleryId);
    const saved = read.photos.find((p: { id: string }) => p.id === id).favorite;
    expect(String(saved)).toBe(shown);
    expect(favoriteCalls(seen, g.galleryId).length).toBeGreaterThanOrEqual(1);
  });

  it('a bearer refused once (401) is exchanged again and the favorite sticks', async () => {
    const g = await freshGallery();
    const { page } = await freshPage();
    const seen = recordRequests(page);
    await openGallery(page, g.portalToken);
    expect(exchanges(seen)).toHaveLength(1);
    let refused = 0;
    await page.route(apiPath(`/galleries/${g.galleryId}/favorites`), (route) => {
      if (refused++ > 0) return route.continue();
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'unauthorized', message: 'The bearer has expired.' }),
      });
    });
    const id = g.photoIds[0]!;
    await favOf(page, id).click();
    await until('the favorite is retried', async () => favoriteCalls(seen, g.galleryId, 'POST').length >= 2);
    await settled(seen);
    expect(exchanges(seen)).toHaveLength(2);
    expect(favoriteCalls(seen, g.galleryId, 'POST')).toHaveLength(2);
    expect(await favOf(page, id).getAttribute('aria-pressed')).toBe('true');
    const read = await readGallery(await clientBearer(g.portalToken), g.galleryId);
    expect(read.photos.filter((p: { favorite: boolean }) => p.favorite).map((p: { id: string }) => p.id)).toEqual([id]);
  });

  it('a bearer with under 60 s left is exchanged again before the next call, which carries the new one', async () => {
    const { page } = await freshPage();
    const seen = recordRequests(page);
    const bearers: string[] = [];
    await page.route(apiPath('/client-sessions'), async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      bearers.push(body.session.bearer);
      // The first answer says the bearer ends in 30 s.
      if (bearers.length === 1) body.session.expires_at = new Date(Date.now() + 30_000).toISOString();
      await route.fulfill({ response: res, json: body });
    });
    await openGallery(page, medium.portalToken);
    expect(bearers).toHaveLength(2);
    const read = seen.find((s) => s.url.pathname === `/api/v1/galleries/${medium.galleryId}`)!;
    const [firstExchange, secondExchange] = exchanges(seen);
    expect(seen.indexOf(secondExchange!)).toBeLessThan(seen.indexOf(read));
    expect(seen.indexOf(firstExchange!)).toBeLessThan(seen.indexOf(secondExchange!));
    expect(await read.request.headerValue('authorization')).toBe(`Bearer ${bearers[1]}`);
  });
});

// ---- viewports ----------------------------------------------------------------------------------------------

describe('phone and desktop widths', () => {
  /** Columns of the grid: distinct left edges of the tiles on the first row. */
  const layout = (page: Page) =>
    page.evaluate(() => {
      const els = Array.from(document.querySelectorAll('ul.grid > li[data-photo-id]')).map((el) => el.getBoundingClientRect());
      const top = els[0]!.top;
      const firstRow = els.filter((r) => Math.abs(r.top - top) < 2);
      return {
        columns: new Set(firstRow.map((r) => Math.round(r.left))).size,
        scrollWidth: document.scrollingElement!.scrollWidth,
        innerWidth: window.innerWidth,
        firstTileInView: els[0]!.left >= 0 && els[0]!.right <= window.innerWidth && els[0]!.width > 0 && els[0]!.height > 0,
      };
    });

  it('375 px: two columns, no horizontal scroll; 1440 px: more columns, no horizontal scroll', async () => {
    const { page: phone } = await freshPage({ viewport: { width: 375, height: 812 } });
    await openGallery(phone, medium.portalToken);
    const small = await layout(phone);
    expect(small.scrollWidth).toBeLessThanOrEqual(small.innerWidth);
    expect(small.firstTileInView).toBe(true);
    expect(small.columns).toBe(2);

    const { page: desktop } = await freshPage({ viewport: { width: 1440, height: 900 } });
    await openGallery(desktop, medium.portalToken);
    const wide = await layout(desktop);
    expect(wide.scrollWidth).toBeLessThanOrEqual(wide.innerWidth);
    expect(wide.firstTileInView).toBe(true);
    expect(wide.columns).toBeGreaterThanOrEqual(4);
    expect(wide.columns).toBeLessThanOrEqual(8);
    console.log(`columns: ${small.columns} at 375 px, ${wide.columns} at 1440 px`);
  });
});

// ---- headers, caching, size -----------------------------------------------------------------------------------

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
/** A GET/HEAD/POST of the public listener, bytes as sent (no decompression). */
function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const url = new URL(path, inject('publicUrl'));
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('headers, caching and size', () => {
  it('the shell: strict CSP without unsafe-inline, no-cache with a strong ETag, no inline script or style', async () => {
    const redirect = await raw('GET', '/portal');
    expect(redirect.status).toBe(308);
    expect(redirect.headers.location).toBe('/portal/');

    const shell = await raw('GET', '/portal/');
    expect(shell.status).toBe(200);
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(shell.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['form-action']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    const s3 = `http://127.0.0.1:${inject('ports').s3}`;
    expect(directives['img-src']).toEqual(["'self'", s3]);
    expect(shell.headers['referrer-policy']).toBe('same-origin');
    expect(shell.headers['x-content-type-options']).toBe('nosniff');
    expect(shell.headers['cache-control']).toBe('no-cache');
    const etag = String(shell.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await raw('GET', '/portal/', { 'if-none-match': etag })).status).toBe(304);
    const head = await raw('HEAD', '/portal/');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    const html = shell.body.toString('utf8');
    expect(html.toLowerCase().startsWith('<!doctype html>')).toBe(true);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title>Gallery</title>');
    expect(html).toMatch(/<main id="app"/);
    expect(plain(html)).toContain('This gallery needs JavaScript. Turn it on and reload the page.');
    expect(html).toContain(`<link rel="preconnect" href="${s3}"`);
    // No inline script or style: every <script> has a src, no <style>, no style= or on*= attribute.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\bsrc=/.test(tag))).toBe(true);
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(html.match(/<script\b[^>]*\bdefer\b/g)).toHaveLength(1);
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/\son[a-z]+=/);

    // Not found and other methods.
    const missing = await raw('GET', '/portal/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect((await raw('GET', '/portal/assets/portal.0000000000000000.js')).status).toBe(404);
    const post = await raw('POST', '/portal/');
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect(post.status).toBeLessThan(500);
  });

  it('the assets: fingerprinted, immutable, br > gzip > identity with the right lengths; the script is small', async () => {
    const html = (await raw('GET', '/portal/')).body.toString('utf8');
    const script = html.match(/<script\b[^>]*\bsrc="([^"]+)"/)?.[1];
    const style = html.match(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"|<link\b[^>]*href="([^"]+)"[^>]*rel="stylesheet"/);
    const css = style?.[1] ?? style?.[2];
    expect(script).toMatch(/^\/portal\/assets\/portal\.[0-9a-f]{16}\.js$/);
    expect(css).toMatch(/^\/portal\/assets\/portal\.[0-9a-f]{16}\.css$/);
    const sizes: Record<string, Record<string, number>> = {};
    for (const asset of [script!, css!]) {
      const identity = await raw('GET', asset, { 'accept-encoding': 'identity' });
      const gzip = await raw('GET', asset, { 'accept-encoding': 'gzip' });
      const br = await raw('GET', asset, { 'accept-encoding': 'gzip, deflate, br' });
      for (const [answer, encoding] of [
        [identity, undefined],
        [gzip, 'gzip'],
        [br, 'br'],
      ] as const) {
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
      }
      expect(identity.headers['content-type']).toMatch(asset.endsWith('.js') ? /javascript/ : /^text\/css/);
      expect(gzip.body.length).toBeLessThan(identity.body.length);
      expect(br.body.length).toBeLessThanOrEqual(gzip.body.length);
      sizes[asset.endsWith('.js') ? 'js' : 'css'] = { identity: identity.body.length, gzip: gzip.body.length, br: br.body.length };
    }
    console.log(`portal assets (bytes): ${JSON.stringify(sizes)}`);
    expect(sizes.js!.gzip).toBeLessThanOrEqual(60 * 1024);
  });
});
