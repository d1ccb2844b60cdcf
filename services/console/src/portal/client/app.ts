/**
 * The portal page: opens the gallery of the link's token, renders its photos as a grid of tiles (keyset paging as the
 * person scrolls), a viewer, favorites with an optimistic toggle, a favorites-only view, and a page for each failure.
 * The DOM contract (names, roles, data attributes, texts) is the one of the browser tests (test/portal.browser.test.ts).
 * The decisions live in the DOM-free modules beside it (api, session, paging, favorites, text), unit-tested in node.
 */
import { type Api, ApiError, createApi, type ErrorKind, type SessionStore } from './api.js';
import { el, heart } from './dom.js';
import { Favorites } from './favorites.js';
import { type PageRef, Pager, pagePath } from './paging.js';
import {
  EMPTY_GALLERY,
  errorText,
  type ErrorPageKind,
  favoriteCount,
  favoriteFailure,
  NO_FAVORITES,
  openLabel,
  pageOf,
  photoAlt,
  photoCount,
} from './text.js';
import { portalTokenOf } from './token.js';
import type { GalleryPhotoJson } from '@studio/contracts/records';

/** A photo as the gallery routes answer it (its one definition, @studio/contracts; a type only, nothing bundled). */
export type Photo = GalleryPhotoJson;

interface GalleryAnswer {
  gallery: { id: string; title: string; photo_count: number; urls_expire_at: string; photos_next_cursor: string | null; photos: Photo[] };
}

interface PhotoPage {
  items: Photo[];
  next_cursor: string | null;
}

/** Photos in the first answer (with the gallery), and per page afterwards. */
export const FIRST_PAGE = 60;
export const PAGE = 100;
/** Thumbnails loaded at once (the first screen); the rest are lazy. */
const EAGER = 12;

interface Tile {
  photo: Photo;
  li: HTMLLIElement;
  open: HTMLButtonElement;
  fav: HTMLButtonElement;
  img: HTMLImageElement;
  page: PageRef;
  /** Its URLs were re-read once after they expired (never twice). */
  refreshed: boolean;
}

const errorKind = (err: unknown): ErrorKind => (err instanceof ApiError ? err.kind : 'unreachable');
/** Failures that mean the link no longer opens the gallery: the whole page becomes the link's error page. */
const isLinkFailure = (kind: ErrorKind): boolean =>
  kind === 'invalid' || kind === 'expired' || kind === 'suspended' || kind === 'not_found';

export function start(win: Window): void {
  const doc = win.document;
  const main = doc.getElementById('app') as HTMLElement;
  const status =
    doc.getElementById('portal-status') ?? doc.body.appendChild(el('p', { id: 'portal-status', role: 'status', class: 'status' }));
  const say = (text: string) => {
    status.textContent = text;
  };
  // A new link pasted into the same tab changes only the fragment: open it as a fresh page.
  win.addEventListener('hashchange', () => win.location.reload());

  const token = portalTokenOf(win.location.hash);
  if (!token) {
    showError('invalid');
    return;
  }
  let storage: SessionStore | null = null;
  try {
    storage = win.sessionStorage;
  } catch {
    // storage blocked: the bearer lives in memory only
  }
  const api = createApi({ token, fetch: win.fetch.bind(win), storage });
  void open(api);

  function showError(kind: ErrorPageKind, retryAfter = 0): void {
    const { heading, text, retry } = errorText(kind, retryAfter);
    doc.title = `${heading} · Gallery`;
    doc.querySelector('body > header')?.remove();
    doc.querySelector('dialog')?.remove();
    const h1 = el('h1', { tabindex: '-1' }, heading);
    main.className = 'message';
    main.replaceChildren(h1, el('p', {}, text));
    if (retry) {
      const again = el('button', { type: 'button', class: 'primary' }, 'Try again');
      again.addEventListener('click', () => {
        main.replaceChildren(el('p', { class: 'loading' }, 'Loading the gallery…'));
        void open(api);
      });
      main.append(again);
    }
    say('');
    h1.focus();
  }

  async function open(api: Api): Promise<void> {
    try {
      const id = await api.galleryId();
      const answer = await api.call<GalleryAnswer>('GET', `/galleries/${encodeURIComponent(id)}?photos_limit=${FIRST_PAGE}`);
      render(api, answer.gallery);
    } catch (err) {
      showError(pageOf(errorKind(err)), err instanceof ApiError ? err.retryAfter : 0);
    }
  }

  function render(api: Api, gallery: GalleryAnswer['gallery']): void {
    const galleryId = gallery.id;
    const count = gallery.photo_count;
    const expiresAt = Date.parse(gallery.urls_expire_at) || 0;
    const favorites = new Favorites();
    const tiles = new Map<string, Tile>();
    const photos: Photo[] = [];
    const pager = new Pager(gallery.photos_next_cursor);
    let favoritesOnly = false;
    let loading: Promise<void> | null = null;
    let retryDelay = 2000;

    doc.title = `${gallery.title} · Gallery`;
    const filter = el('button', { type: 'button', class: 'filter', 'aria-pressed': 'false' }, 'Favorites only');
    const favCount = el('span', { class: 'fav-count' });
    const header = el(
      'header',
      { class: 'bar' },
      el('div', { class: 'head' }, el('h1', {}, gallery.title), el('p', { class: 'meta' }, photoCount(count))),
      el('div', { class: 'toolbar' }, filter, favCount),
    );
    doc.querySelector('body > header')?.remove();
    main.before(header);
    const grid = el('ul', { class: 'grid', 'aria-label': 'Photos' });
    const empty = el('p', { class: 'empty' });
    const sentinel = el('div', { class: 'sentinel', 'aria-hidden': 'true' });
    main.className = '';
    main.replaceChildren(grid, empty, sentinel);

    const updateCount = () => {
      favCount.textContent = favoriteCount(favorites.count);
    };
    const updateEmpty = () => {
      const text =
        count === 0 || photos.length === 0 ? EMPTY_GALLERY : favoritesOnly && pager.done && favorites.count === 0 ? NO_FAVORITES : '';
      empty.textContent = text;
      empty.hidden = text === '';
    };
    const setPressed = (button: HTMLButtonElement, on: boolean) => button.setAttribute('aria-pressed', String(on));

    // ---- tiles -------------------------------------------------------------------------------------------------

    const addPhotos = (items: Photo[], page: PageRef) => {
      const fresh: HTMLLIElement[] = [];
      for (const photo of items) {
        if (tiles.has(photo.id)) continue;
        favorites.learn(photo.id, photo.favorite);
        const img = el('img', { alt: '', width: String(photo.width), height: String(photo.height), decoding: 'async' });
        if (photos.length >= EAGER) img.loading = 'lazy';
        img.src = photo.thumbnail_url;
        const open = el('button', { type: 'button', class: 'open', 'aria-label': openLabel(photo.order_index, count) }, img);
        const fav = el(
          'button',
          { type: 'button', class: 'fav', 'aria-label': 'Favorite', 'aria-pressed': String(favorites.isFavorite(photo.id)) },
          heart(),
        );
        const li = el('li', { 'data-photo-id': photo.id, 'data-order-index': String(photo.order_index) }, open, fav);
        li.hidden = favoritesOnly && !favorites.isFavorite(photo.id);
        tiles.set(photo.id, { photo, li, open, fav, img, page, refreshed: false });
        photos.push(photo);
        fresh.push(li);
      }
      grid.append(...fresh);
      updateCount();
      updateEmpty();
    };

    addPhotos(gallery.photos, { cursor: null, limit: FIRST_PAGE });

    // ---- paging ------------------------------------------------------------------------------------------------

    /** The next page (the one in flight when there is one); resolves when it is in the grid. */
    const loadMore = (): Promise<void> => {
      if (loading) return loading;
      const cursor = pager.take();
      if (cursor === null) return Promise.resolve();
      const page = { cursor, limit: PAGE };
      loading = api
        .call<PhotoPage>('GET', pagePath(galleryId, page))
        .then(
          (answer) => {
            pager.settle(answer.next_cursor);
            addPhotos(answer.items, page);
            retryDelay = 2000;
          },
          (err: unknown) => {
            pager.fail(cursor);
            const kind = errorKind(err);
            if (isLinkFailure(kind)) {
              showError(pageOf(kind));
              throw err;
            }
            say("Couldn't load more photos. Retrying…");
            win.setTimeout(() => void more(), retryDelay);
            retryDelay = Math.min(retryDelay * 2, 60_000);
            throw err;
          },
        )
        .finally(() => {
          loading = null;
        });
      return loading;
    };

    /**
     * Pages while the sentinel is near the screen (`seen`: the observer just said so), or all of them in the
     * favorites-only view.
     */
    const more = async (seen = false): Promise<void> => {
      try {
        while ((seen || favoritesOnly || near()) && !pager.done) {
          seen = false;
          await loadMore();
        }
      } catch {
        return; // the retry timer calls again
      }
      if (status.textContent === "Couldn't load more photos. Retrying…") say('');
      updateEmpty();
      // The observer reports changes only: a page added and a fast scroll back to the end between two frames would
      // leave it "intersecting" with nothing to report. Observing again makes it report where the sentinel is now.
      if (!pager.done) {
        observer.unobserve(sentinel);
        observer.observe(sentinel);
      }
    };

    // Within ~2 screens below the view: measured again after each page.
    const near = () => sentinel.getBoundingClientRect().top < win.innerHeight * 3;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void more(true);
      },
      { rootMargin: '0px 0px 200% 0px' },
    );
    observer.observe(sentinel);

    // ---- expired URLs --------------------------------------------------------------------------------------------

    const refreshed = new Map<string, { at: number; done: Promise<void> }>();
    /**
     * Re-reads a page for fresh signed URLs, updating the photos' records; a page re-read in the last half hour is not
     * read again (its photos' records already hold the fresh URLs).
     */
    const refresh = (page: PageRef): Promise<void> => {
      const key = `${page.cursor}|${page.limit}`;
      const last = refreshed.get(key);
      if (last && Date.now() - last.at < 30 * 60_000) return last.done;
      const done = api.call<PhotoPage>('GET', pagePath(galleryId, page)).then((answer) => {
        for (const item of answer.items) {
          const tile = tiles.get(item.id);
          if (tile) Object.assign(tile.photo, { url: item.url, thumbnail_url: item.thumbnail_url });
        }
      });
      done.catch(() => refreshed.delete(key));
      refreshed.set(key, { at: Date.now(), done });
      return done;
    };
    const urlsExpired = () => Date.now() >= expiresAt - 60_000;

    const failed = (tile: Tile) => {
      tile.li.classList.add('failed');
      tile.open.append(el('span', { class: 'failed-text' }, "Couldn't load"));
    };

    grid.addEventListener(
      'error',
      (event) => {
        const img = event.target;
        if (!(img instanceof HTMLImageElement)) return;
        const tile = tiles.get(img.closest('li')?.dataset.photoId ?? '');
        if (!tile || tile.li.classList.contains('failed')) return;
        // Its page was re-read meanwhile (for another tile): the fresh URL is already known.
        if (img.src !== tile.photo.thumbnail_url) {
          img.src = tile.photo.thumbnail_url;
          return;
        }
        if (tile.refreshed || !urlsExpired()) {
          failed(tile);
          return;
        }
        tile.refreshed = true;
        refresh(tile.page).then(
          () => {
            if (img.src === tile.photo.thumbnail_url) failed(tile);
            else img.src = tile.photo.thumbnail_url;
          },
          () => failed(tile),
        );
      },
      true,
    );

    // ---- favorites -----------------------------------------------------------------------------------------------

    const showFavorite = (photoId: string) => {
      const on = favorites.isFavorite(photoId);
      const tile = tiles.get(photoId);
      if (tile) setPressed(tile.fav, on);
      if (viewer.current?.id === photoId) setPressed(viewer.fav, on);
      updateCount();
    };

    const send = (request: { photoId: string; favorite: boolean }) => {
      api
        .call(request.favorite ? 'POST' : 'DELETE', `/galleries/${encodeURIComponent(galleryId)}/favorites`, { photo_id: request.photoId })
        .then(
          () => {
            const next = favorites.settle(request.photoId, true);
            showFavorite(request.photoId);
            if (next.send) send(next.send);
          },
          (err: unknown) => {
            favorites.settle(request.photoId, false);
            showFavorite(request.photoId);
            const kind = errorKind(err);
            if (kind === 'expired' || kind === 'suspended' || kind === 'invalid') showError(kind);
            else say(favoriteFailure(kind));
          },
        );
    };

    const toggleFavorite = (photoId: string) => {
      const { send: request } = favorites.toggle(photoId);
      showFavorite(photoId);
      if (status.textContent) say('');
      if (request) send(request);
    };

    filter.addEventListener('click', () => {
      favoritesOnly = !favoritesOnly;
      setPressed(filter, favoritesOnly);
      for (const tile of tiles.values()) tile.li.hidden = favoritesOnly && !favorites.isFavorite(tile.photo.id);
      updateEmpty();
      if (favoritesOnly) void more();
    });

    // ---- the viewer ----------------------------------------------------------------------------------------------

    const viewer = buildViewer();

    function buildViewer() {
      const img = el('img', { alt: '' });
      const prev = el('button', { type: 'button', class: 'prev', 'aria-label': 'Previous photo' }, '‹');
      const next = el('button', { type: 'button', class: 'next', 'aria-label': 'Next photo' }, '›');
      const fav = el('button', { type: 'button', class: 'fav', 'aria-label': 'Favorite', 'aria-pressed': 'false' }, heart());
      const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '×');
      const dialog = el(
        'dialog',
        { class: 'viewer', 'aria-label': 'Photo viewer' },
        el('div', { class: 'stage' }, img),
        el('div', { class: 'controls' }, prev, fav, next, close),
      );
      doc.body.append(dialog);
      const state = { dialog, img, fav, current: null as Photo | null, opener: null as HTMLElement | null };
      const preloaded = new Set<string>();

      /** The photo `step` away among those the grid shows (all, or the favorites), from `photo` even if it left the view. */
      const neighbor = (photo: Photo, step: 1 | -1): Photo | undefined => {
        for (let i = photos.indexOf(photo) + step; i >= 0 && i < photos.length; i += step) {
          const p = photos[i]!;
          if (!favoritesOnly || favorites.isFavorite(p.id)) return p;
        }
        return undefined;
      };
      /** aria-disabled rather than disabled: a focused button that became disabled would drop the focus out of the viewer. */
      const enable = (button: HTMLButtonElement, on: boolean) => button.setAttribute('aria-disabled', String(!on));

      const show = (photo: Photo) => {
        state.current = photo;
        img.width = photo.width;
        img.height = photo.height;
        img.alt = photoAlt(photo.order_index, count);
        img.src = photo.url;
        preloaded.add(photo.url);
        setPressed(fav, favorites.isFavorite(photo.id));
        const after = neighbor(photo, 1);
        enable(prev, !!neighbor(photo, -1));
        enable(next, !!after || (!favoritesOnly && !pager.done));
        // The next photo's web derivative, once (at most one ahead; never one already shown).
        if (after && !preloaded.has(after.url)) {
          preloaded.add(after.url);
          new Image().src = after.url;
        }
      };

      const move = async (step: 1 | -1) => {
        const from = state.current;
        if (!from) return;
        if (step === 1 && !neighbor(from, 1) && !favoritesOnly && !pager.done) {
          // Past the last loaded photo: its page first (the one in flight when there is one).
          await loadMore().catch(() => undefined);
          if (state.current !== from || !dialog.open) return;
        }
        const target = neighbor(from, step);
        if (target) show(target);
      };

      prev.addEventListener('click', () => void move(-1));
      next.addEventListener('click', () => void move(1));
      close.addEventListener('click', () => dialog.close());
      fav.addEventListener('click', () => {
        if (state.current) toggleFavorite(state.current.id);
      });
      // On the document: the keys work wherever the focus is while the viewer is open.
      doc.addEventListener('keydown', (event) => {
        if (!dialog.open || !dialog.isConnected || event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.key === 'ArrowRight') void move(1);
        else if (event.key === 'ArrowLeft') void move(-1);
        else return;
        event.preventDefault();
      });
      dialog.addEventListener('close', () => {
        state.current = null;
        state.opener?.focus();
      });
      let swipe: { id: number; x: number; y: number } | null = null;
      dialog.addEventListener('pointerdown', (event) => {
        if (event.pointerType === 'touch') swipe = { id: event.pointerId, x: event.clientX, y: event.clientY };
      });
      dialog.addEventListener('pointerup', (event) => {
        if (!swipe || swipe.id !== event.pointerId) return;
        const dx = event.clientX - swipe.x;
        const dy = event.clientY - swipe.y;
        swipe = null;
        if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy)) void move(dx < 0 ? 1 : -1);
      });
      dialog.addEventListener('pointercancel', () => {
        swipe = null;
      });
      img.addEventListener('error', () => {
        const photo = state.current;
        const tile = photo && tiles.get(photo.id);
        if (!photo || !tile || !urlsExpired() || img.dataset.retried === photo.id) return;
        img.dataset.retried = photo.id;
        void refresh(tile.page).then(() => {
          if (state.current === photo) img.src = photo.url;
        });
      });

      return {
        fav,
        get current() {
          return state.current;
        },
        open(photo: Photo, opener: HTMLElement) {
          state.opener = opener;
          show(photo);
          dialog.showModal();
        },
      };
    }

    grid.addEventListener('click', (event) => {
      const button = (event.target as Element).closest('button');
      const id = button?.closest('li')?.dataset.photoId;
      const tile = id ? tiles.get(id) : undefined;
      if (!button || !tile) return;
      if (button === tile.fav) toggleFavorite(tile.photo.id);
      else if (button === tile.open && !tile.li.classList.contains('failed')) viewer.open(tile.photo, tile.open);
    });
  }
}
