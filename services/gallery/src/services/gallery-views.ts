/**
 * The photo list of a single-gallery read, built for speed (GET /galleries/{id} of a 2,000-photo gallery is the
 * hot path):
 *
 * - A gallery's photo entries never change after creation (see GalleryStore), so they are cached in process
 *   (LRU, bounded by GALLERY_CACHE_MAX_PHOTOS entries over all galleries; loads of one gallery are shared). No
 *   invalidation is needed, and every replica's cache is correct.
 * - For the current URL window (PhotoUrls) each photo's JSON is pre-rendered once, in two pieces: everything up to
 *   `"favorite":`, and `,"original_url":"..."}`. A request then only joins strings: it adds the caller's favorite
 *   flag and, for photographer roles, the original URL. Signing happens once per photo and window, not per read.
 * - The answer is JSON text, so the route writes it without building and serialising 2,000 objects.
 *
 * Galleries larger than the cache are built per request (still one signature per URL, no object graph).
 */
import type { GalleryRow, GalleryStore, PhotoEntry } from '../store/gallery.store.js';
import type { PhotoUrls, UrlWindow } from './photo-urls.js';

export interface PhotoViewer {
  /** Photo ids this caller marked. */
  favorites: Set<string>;
  /** Photographer roles see original_url. */
  originals: boolean;
}

interface Rendered {
  signedAtMs: number;
  heads: string[];
  originals: string[];
}

interface Cached {
  entries: PhotoEntry[];
  rendered: Rendered | null;
}

export interface PhotosJson {
  /** A JSON array of the photos, in order. */
  json: string;
  count: number;
  /** The last entry included (to continue with GET /galleries/{id}/photos when the gallery is larger). */
  last: PhotoEntry | null;
  window: UrlWindow;
}

/** The public JSON of one photo (the paged route builds objects with the same members). */
export function photoObject(e: PhotoEntry, w: UrlWindow, favorite: boolean, originals: boolean) {
  const photo: {
    id: string;
    order_index: number;
    url: string;
    thumbnail_url: string;
    width: number;
    height: number;
    favorite: boolean;
    original_url?: string;
  } = {
    id: e.photoId,
    order_index: e.orderIndex,
    url: w.sign(e.webKey),
    thumbnail_url: w.sign(e.thumbKey),
    width: e.width,
    height: e.height,
    favorite,
  };
  if (originals) photo.original_url = w.sign(e.originalKey);
  return photo;
}

function render(entries: PhotoEntry[], w: UrlWindow): Rendered {
  const heads = new Array<string>(entries.length);
  const originals = new Array<string>(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    heads[i] =
      `{"id":${JSON.stringify(e.photoId)},"order_index":${e.orderIndex},"url":${JSON.stringify(w.sign(e.webKey))},` +
      `"thumbnail_url":${JSON.stringify(w.sign(e.thumbKey))},"width":${e.width},"height":${e.height},"favorite":`;
    originals[i] = `,"original_url":${JSON.stringify(w.sign(e.originalKey))}}`;
  }
  return { signedAtMs: w.signedAtMs, heads, originals };
}

export class GalleryViews {
  private readonly cache = new Map<string, Cached>();
  private readonly loading = new Map<string, Promise<PhotoEntry[]>>();
  private cachedPhotos = 0;

  constructor(
    private readonly galleries: GalleryStore,
    private readonly urls: PhotoUrls,
    /** Most entries kept over all galleries (0: no cache). */
    private readonly maxCachedPhotos: number,
    /** Most photos a single read includes. */
    private readonly maxPhotos: number,
  ) {}

  /** The photos of `gallery` as JSON text for one viewer. */
  async photosJson(gallery: GalleryRow, viewer: PhotoViewer): Promise<PhotosJson> {
    const limit = Math.min(gallery.photoCount, this.maxPhotos);
    const window = this.urls.window();
    let rendered: Rendered;
    let entries: PhotoEntry[];
    if (limit > 0 && limit <= this.maxCachedPhotos) {
      const cached = await this.cached(gallery.id, limit);
      entries = cached.entries;
      if (!cached.rendered || cached.rendered.signedAtMs !== window.signedAtMs) cached.rendered = render(entries, window);
      rendered = cached.rendered;
    } else {
      entries = limit > 0 ? await this.galleries.entries(gallery.id, limit) : [];
      rendered = render(entries, window);
    }
    const parts = new Array<string>(entries.length);
    const { heads, originals } = rendered;
    const favorites = viewer.favorites;
    for (let i = 0; i < entries.length; i++) {
      const fav = favorites.size > 0 && favorites.has(entries[i]!.photoId);
      parts[i] = heads[i]! + (fav ? 'true' : 'false') + (viewer.originals ? originals[i]! : '}');
    }
    return { json: `[${parts.join(',')}]`, count: entries.length, last: entries[entries.length - 1] ?? null, window };
  }

  /** Entries of a cacheable gallery: from the cache, or loaded once however many reads ask at the same time. */
  private async cached(galleryId: string, limit: number): Promise<Cached> {
    const hit = this.cache.get(galleryId);
    if (hit) {
      this.cache.delete(galleryId); // re-insert at the end: Map order is the eviction order
      this.cache.set(galleryId, hit);
      return hit;
    }
    let load = this.loading.get(galleryId);
    if (!load) {
      load = this.galleries.entries(galleryId, limit).finally(() => this.loading.delete(galleryId));
      this.loading.set(galleryId, load);
    }
    const entries = await load;
    const again = this.cache.get(galleryId);
    if (again) return again;
    const entry: Cached = { entries, rendered: null };
    while (this.cachedPhotos + entries.length > this.maxCachedPhotos && this.cache.size > 0) {
      const [oldestId, oldest] = this.cache.entries().next().value!;
      this.cache.delete(oldestId);
      this.cachedPhotos -= oldest.entries.length;
    }
    this.cache.set(galleryId, entry);
    this.cachedPhotos += entries.length;
    return entry;
  }

  /** Cached galleries and entries (metrics, tests). */
  stats(): { galleries: number; photos: number } {
    return { galleries: this.cache.size, photos: this.cachedPhotos };
  }
}
