/**
 * The photo list of a single-gallery read, built for speed (GET /galleries/{id} of a 2,000-photo gallery is the
 * hot path: 6,000 signed URLs, about 3 MiB of JSON):
 *
 * - A gallery's photo entries never change after creation (see GalleryStore), so they are cached in process
 *   (LRU, bounded by GALLERY_CACHE_MAX_PHOTOS entries over all galleries; concurrent loads of one gallery share
 *   one query). No invalidation is needed, and every replica's cache is correct. Renderings (below) are kept only
 *   for the current URL window.
 * - For the current URL window (PhotoUrls) the photos array is rendered once per variant (with or without
 *   original_url) into one Buffer with every `"favorite":false`; the byte offset of each flag is kept. A read
 *   sends that Buffer as it is, or a copy with the caller's favorites patched to `"favorite":true ` (the trailing
 *   space is JSON whitespace, so the length does not change). Signing and serialising happen once per photo and
 *   window, not per read; a read costs two small queries and at most one memcpy.
 * - A caller that accepts gzip and has no favorites in the gallery (the answer is then the same for every such
 *   caller in the window) gets the whole answer gzipped, compressed once in the background: about 9x fewer bytes
 *   (2.9 MiB -> 0.33 MiB for 2,000 photos). Callers with favorites get the identity encoding.
 *
 * Galleries larger than the cache are rendered per request the same way (still one signature per URL).
 */
import { gzip } from 'node:zlib';
import type { GalleryPhotoJson } from '@studio/contracts/records';
import type { GalleryRow, GalleryStore, PhotoEntry } from '../store/gallery.store.js';
import type { PhotoUrls, UrlWindow } from './photo-urls.js';

export interface PhotoViewer {
  /** Photo ids this caller marked. */
  favorites: Set<string>;
  /** Photographer roles see original_url. */
  originals: boolean;
}

/** One rendered photos array: the JSON bytes and where each photo's favorite flag starts. */
export interface Variant {
  body: Buffer;
  /** Byte offset of `false` in `"favorite":false`, per entry (same order as the entries). */
  flagOffsets: Int32Array;
  /** The whole answer gzipped, for the answer head it was made with (callers without favorites only). */
  gzip: { head: string; ready: Buffer | null; pending: boolean } | null;
}

interface Rendered {
  window: UrlWindow;
  plain: Variant | null;
  originals: Variant | null;
}

interface Cached {
  entries: PhotoEntry[];
  /** photo id -> position in `entries`. */
  index: Map<string, number>;
  rendered: Rendered | null;
}

export interface PhotosJson {
  /** A JSON array of the photos, in order (never mutated later: a fresh copy when favorites were patched in). */
  body: Buffer;
  /** The shared rendering `body` came from; null when favorites were patched into a copy. */
  shared: Variant | null;
  count: number;
  /** The last entry included (to continue with GET /galleries/{id}/photos when the gallery is larger). */
  last: PhotoEntry | null;
  window: UrlWindow;
}

const FLAG_TRUE = Buffer.from('true ');

function renderVariant(entries: PhotoEntry[], w: UrlWindow, originals: boolean): Variant {
  const pieces = new Array<string>(entries.length);
  const flagOffsets = new Int32Array(entries.length);
  let offset = 1; // after '['
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const head =
      `${i === 0 ? '' : ','}{"id":${JSON.stringify(e.photoId)},"order_index":${e.orderIndex},"url":${JSON.stringify(w.sign(e.webKey))},` +
      `"thumbnail_url":${JSON.stringify(w.sign(e.thumbKey))},"width":${e.width},"height":${e.height},"favorite":`;
    const tail = originals ? `false,"original_url":${JSON.stringify(w.sign(e.originalKey))}}` : 'false}';
    flagOffsets[i] = offset + Buffer.byteLength(head);
    pieces[i] = head + tail;
    offset += Buffer.byteLength(pieces[i]!);
  }
  return { body: Buffer.from(`[${pieces.join('')}]`), flagOffsets, gzip: null };
}

export class GalleryViews {
  private readonly cache = new Map<string, Cached>();
  private readonly loading = new Map<string, Promise<PhotoEntry[]>>();
  private cachedPhotos = 0;
  /**
   * The URL window the cached renderings belong to; when it moves (or the credentials rotate), every old rendering
   * is dropped at once.
   */
  private renderedWindow: UrlWindow | null = null;

  constructor(
    private readonly galleries: GalleryStore,
    private readonly urls: PhotoUrls,
    /** Most entries kept over all galleries (0: no cache). */
    private readonly maxCachedPhotos: number,
    /** Most photos a single read includes. */
    private readonly maxPhotos: number,
  ) {}

  /** The photos of `gallery` as JSON bytes for one viewer. */
  async photosJson(gallery: GalleryRow, viewer: PhotoViewer): Promise<PhotosJson> {
    const limit = Math.min(gallery.photoCount, this.maxPhotos);
    const window = await this.urls.window();
    if (window !== this.renderedWindow) {
      // Renderings of a past window are never sent again: free them now rather than at each gallery's next read,
      // so memory holds only the galleries read in the current window (about 3 MiB per 2,000 photos and variant).
      for (const entry of this.cache.values()) entry.rendered = null;
      this.renderedWindow = window;
    }
    let cached: Cached;
    if (limit > 0 && limit <= this.maxCachedPhotos) {
      cached = await this.cached(gallery.id, limit);
    } else {
      const entries = limit > 0 ? await this.galleries.entries(gallery.id, limit) : [];
      cached = { entries, index: indexOf(entries), rendered: null };
    }
    if (!cached.rendered || cached.rendered.window !== window) cached.rendered = { window, plain: null, originals: null };
    const rendered = cached.rendered;
    const variant = viewer.originals
      ? (rendered.originals ??= renderVariant(cached.entries, window, true))
      : (rendered.plain ??= renderVariant(cached.entries, window, false));
    let body = variant.body;
    if (viewer.favorites.size > 0) {
      let copied = false;
      for (const photoId of viewer.favorites) {
        const i = cached.index.get(photoId);
        if (i === undefined) continue;
        if (!copied) {
          body = Buffer.from(body); // the shared rendering is never written to
          copied = true;
        }
        FLAG_TRUE.copy(body, variant.flagOffsets[i]!);
      }
    }
    const { entries } = cached;
    return {
      body,
      shared: body === variant.body ? variant : null,
      count: entries.length,
      last: entries[entries.length - 1] ?? null,
      window,
    };
  }

  /**
   * The gzipped answer `head + variant + tail` when it is ready; otherwise null, and it is compressed in the
   * background (zlib's thread pool), so no read ever waits for compression. Made again only when the head
   * changes (publish, delivery) or the URL window moves (a new Variant).
   */
  gzipped(variant: Variant, head: string, tail: Buffer): Buffer | null {
    const current = variant.gzip;
    if (current && current.head === head) return current.ready;
    if (current?.pending) return null; // another head is being compressed; try again on a later read
    const job: NonNullable<Variant['gzip']> = { head, ready: null, pending: true };
    variant.gzip = job;
    gzip(Buffer.concat([Buffer.from(head), variant.body, tail]), { level: 6 }, (err, out) => {
      job.pending = false;
      if (!err) job.ready = out;
      else if (variant.gzip === job) variant.gzip = null;
    });
    return null;
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
    const entry: Cached = { entries, index: indexOf(entries), rendered: null };
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

function indexOf(entries: PhotoEntry[]): Map<string, number> {
  return new Map(entries.map((e, i) => [e.photoId, i]));
}

/** The public JSON of one photo (the paged route builds objects with the same members). */
export function photoObject(e: PhotoEntry, w: UrlWindow, favorite: boolean, originals: boolean) {
  const photo: GalleryPhotoJson = {
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
