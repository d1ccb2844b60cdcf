import { describe, expect, it } from 'vitest';
import { S3Presigner, type Credentials } from '@studio/s3-presign';
import type { GalleryRow, GalleryStore, PhotoEntry } from '../store/gallery.store.js';
import { GalleryViews, photoObject } from './gallery-views.js';
import { PhotoUrls } from './photo-urls.js';

const presigner = new S3Presigner({
  endpoint: 'http://127.0.0.1:9000',
  region: 'us-east-1',
  bucket: 'b',
  credentials: { accessKeyId: 'k', secretAccessKey: 's' },
  forcePathStyle: true,
});

function entries(galleryId: string, n: number): PhotoEntry[] {
  return Array.from({ length: n }, (_, i) => {
    const photoId = `${galleryId.slice(0, 8)}-0000-4000-8000-${String(i).padStart(12, '0')}`;
    return {
      orderIndex: i,
      photoId,
      webKey: `ws/w/photos/${photoId}/web.jpg`,
      thumbKey: `ws/w/photos/${photoId}/thumb.webp`,
      originalKey: `ws/w/photos/${photoId}/original`,
      width: 100 + i,
      height: 50,
    };
  });
}

function setup(opts: { maxCached?: number; maxPhotos?: number } = {}) {
  const loads: string[] = [];
  const store = {
    async entries(galleryId: string, limit: number) {
      loads.push(galleryId);
      return entries(galleryId, limit);
    },
  } as unknown as GalleryStore;
  const clock = { now: new Date('2026-11-22T10:00:10Z') };
  const urls = new PhotoUrls(presigner, 3600, 60, () => clock.now);
  const views = new GalleryViews(store, urls, opts.maxCached ?? 100, opts.maxPhotos ?? 1000);
  const gallery = (id: string, photoCount: number) => ({ id, photoCount }) as GalleryRow;
  return { views, urls, loads, clock, gallery };
}

describe('GalleryViews', () => {
  it("renders the same photos as photoObject, patches only the caller's favorites, never the shared rendering", async () => {
    const { views, urls, gallery } = setup();
    const g = gallery('aaaaaaaa-0000-4000-8000-000000000000', 5);
    const all = entries(g.id, 5);
    for (const originals of [false, true]) {
      const plain = await views.photosJson(g, { favorites: new Set(), originals });
      const w = await urls.window();
      expect(plain.window).toBe(w);
      expect(JSON.parse(plain.body.toString())).toEqual(all.map((e) => photoObject(e, w, false, originals)));
      const fav = new Set([all[1]!.photoId, all[4]!.photoId, 'not-in-the-gallery']);
      const marked = await views.photosJson(g, { favorites: fav, originals });
      expect(marked.shared).toBeNull();
      expect(JSON.parse(marked.body.toString())).toEqual(all.map((e) => photoObject(e, w, fav.has(e.photoId), originals)));
      const again = await views.photosJson(g, { favorites: new Set(), originals });
      expect(again.body).toBe(plain.body);
      expect(again.shared).not.toBeNull();
      expect(JSON.parse(again.body.toString()).some((p: { favorite: boolean }) => p.favorite)).toBe(false);
    }
  });

  it('loads entries once (shared by concurrent reads), signs once per window, bounds the cache', async () => {
    const { views, loads, clock, gallery } = setup({ maxCached: 10 });
    const a = gallery('aaaaaaaa-0000-4000-8000-000000000000', 6);
    const b = gallery('bbbbbbbb-0000-4000-8000-000000000000', 6);
    const reads = await Promise.all([1, 2, 3].map(() => views.photosJson(a, { favorites: new Set(), originals: true })));
    expect(loads).toEqual([a.id]);
    expect(reads[1]!.body).toBe(reads[0]!.body);
    clock.now = new Date('2026-11-22T10:01:10Z');
    const next = await views.photosJson(a, { favorites: new Set(), originals: true });
    expect(next.body).not.toBe(reads[0]!.body);
    expect(next.window.signedAtMs).toBe(Date.parse('2026-11-22T10:01:00Z'));
    await views.photosJson(b, { favorites: new Set(), originals: false });
    expect(views.stats()).toEqual({ galleries: 1, photos: 6 }); // a was evicted to make room for b
    await views.photosJson(a, { favorites: new Set(), originals: false });
    expect(loads).toEqual([a.id, b.id, a.id]);
  });

  it('includes at most maxPhotos photos and reports the last one', async () => {
    const { views, gallery } = setup({ maxPhotos: 3 });
    const read = await views.photosJson(gallery('cccccccc-0000-4000-8000-000000000000', 10), { favorites: new Set(), originals: false });
    expect(read.count).toBe(3);
    expect(read.last?.orderIndex).toBe(2);
    expect(JSON.parse(read.body.toString())).toHaveLength(3);
  });

  it('a credentials rotation inside a URL window re-signs at the next read: no URL handed out after it carries the old key', async () => {
    const A: Credentials = {
      accessKeyId: 'AKIDA',
      secretAccessKey: 'secret-a',
      sessionToken: 'token-a',
      expiration: new Date('2026-11-22T10:20:00Z'),
    };
    const B: Credentials = {
      accessKeyId: 'AKIDB',
      secretAccessKey: 'secret-b',
      sessionToken: 'token-b',
      expiration: new Date('2026-11-22T12:00:00Z'),
    };
    let current = A;
    let calls = 0;
    const rotating = new S3Presigner({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'b',
      forcePathStyle: true,
      credentials: async () => {
        calls++;
        return current;
      },
    });
    const clock = { now: new Date('2026-11-22T10:00:10Z') };
    const urls = new PhotoUrls(rotating, 3600, 60, () => clock.now);
    const store = { entries: async (galleryId: string, limit: number) => entries(galleryId, limit) } as unknown as GalleryStore;
    const views = new GalleryViews(store, urls, 100, 1000);
    const g = { id: 'dddddddd-0000-4000-8000-000000000000', photoCount: 4 } as GalleryRow;
    const keyIds = (body: Buffer) =>
      new Set(
        (JSON.parse(body.toString()) as { url: string; thumbnail_url: string }[]).flatMap((p) =>
          [p.url, p.thumbnail_url].map((u) => new URL(u).searchParams.get('X-Amz-Credential')!.split('/')[0]),
        ),
      );

    const first = await views.photosJson(g, { favorites: new Set(), originals: false });
    expect(keyIds(first.body)).toEqual(new Set(['AKIDA']));
    // URLs signed with temporary credentials die with them: the window reports the earlier of the two.
    expect(first.window.expiresAt.toISOString()).toBe('2026-11-22T10:20:00.000Z');
    expect((await views.photosJson(g, { favorites: new Set(), originals: false })).body).toBe(first.body);
    expect(calls).toBe(2); // one provider call per read, never per URL

    current = B; // rotated inside the same window
    const after = await views.photosJson(g, { favorites: new Set(), originals: false });
    expect(after.window).not.toBe(first.window);
    expect(after.window.signedAtMs).toBe(first.window.signedAtMs);
    expect(keyIds(after.body)).toEqual(new Set(['AKIDB']));
    expect(after.body.toString()).toContain('X-Amz-Security-Token=token-b');
    expect(after.window.expiresAt.toISOString()).toBe('2026-11-22T11:00:00.000Z');
    const direct = await rotating.getObject(entries(g.id, 1)[0]!.webKey, 3600, new Date(after.window.signedAtMs));
    expect((JSON.parse(after.body.toString()) as { url: string }[])[0]!.url).toBe(direct.url);
  });
});
