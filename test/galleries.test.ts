/**
 * Galleries through the gateway against the whole stack: keepers made through the real upload flow, galleries built
 * from them over gRPC, signed URLs served by the real object store, events on the real broker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, NOT_FOUND_TEXT } from './support/client.js';
import { tenant } from './support/operator.js';
import { createShoot } from './support/photos.js';
import { captureGalleryEvents, createGallery, shootWithKeepers } from './support/gallery.js';

const MISSING = '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60';

describe('galleries', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  let shootId: string;
  let photoIds: string[];
  let events: Awaited<ReturnType<typeof captureGalleryEvents>>;

  beforeAll(async () => {
    events = await captureGalleryEvents();
    t = await tenant(['owner', 'admin', 'photographer', 'viewer']);
    ({ shootId, photoIds } = await shootWithKeepers(t.tokens.photographer, t.workspaceId, 3));
  });
  afterAll(async () => {
    await events?.close();
  });

  it("creates a draft from the shoot's ready keepers in capture order; gallery.created carries exactly the spec's data", async () => {
    const res = await api('POST', '/galleries', { token: t.tokens.photographer, body: { shoot_id: shootId, title: 'Smith Wedding' } });
    expect(res.status).toBe(201);
    const g = res.body.gallery;
    expect(g).toMatchObject({
      workspace_id: t.workspaceId,
      shoot_id: shootId,
      title: 'Smith Wedding',
      slug: 'smith-wedding',
      state: 'draft',
      photo_count: 3,
    });

    const read = await api('GET', `/galleries/${g.id}`, { token: t.tokens.owner });
    expect(read.status).toBe(200);
    expect(read.body.gallery.photos.map((p: { id: string }) => p.id)).toEqual(photoIds);
    expect(read.body.gallery.photos.map((p: { order_index: number }) => p.order_index)).toEqual([0, 1, 2]);

    const [created] = await events.wait('gallery.created', g.id);
    expect(created!.workspace_id).toBe(t.workspaceId);
    expect(created!.data).toStrictEqual({
      gallery_id: g.id,
      shoot_id: shootId,
      title: 'Smith Wedding',
      slug: 'smith-wedding',
      photo_count: 3,
    });

    const second = await createGallery(t.tokens.owner, shootId, 'Smith Wedding');
    expect(second.slug).toBe('smith-wedding-2');
    const untitled = await createGallery(t.tokens.owner, shootId);
    expect(untitled.title).toBe('Gallery shoot');
  });

  it('answers 400 invalid_input for a shoot without ready keepers and creates nothing, not even an event', async () => {
    const empty = await createShoot(t.tokens.owner, t.workspaceId, 'Nothing yet');
    const before = await api('GET', `/galleries?workspace_id=${t.workspaceId}&limit=100`, { token: t.tokens.owner });
    const res = await api('POST', '/galleries', { token: t.tokens.owner, body: { shoot_id: empty, title: 'Empty' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
    const after = await api('GET', `/galleries?workspace_id=${t.workspaceId}&limit=100`, { token: t.tokens.owner });
    expect(after.body.items.map((g: { id: string }) => g.id)).toEqual(before.body.items.map((g: { id: string }) => g.id));
    await new Promise((r) => setTimeout(r, 500));
    expect(events.events.filter((e) => e.type === 'gallery.created' && e.data.shoot_id === empty)).toEqual([]);
  });

  it('lets a viewer read (without original_url) but not create or publish (403)', async () => {
    const g = await createGallery(t.tokens.owner, shootId);
    expect((await api('POST', '/galleries', { token: t.tokens.viewer, body: { shoot_id: shootId } })).status).toBe(403);
    const publish = await api('POST', `/galleries/${g.id}/publish`, { token: t.tokens.viewer });
    expect(publish.status).toBe(403);
    expect(publish.body).toMatchObject({ ok: false, error: 'forbidden' });
    const list = await api('GET', `/galleries?workspace_id=${t.workspaceId}`, { token: t.tokens.viewer });
    expect(list.status).toBe(200);
    expect(list.body.items.some((x: { id: string; state: string }) => x.id === g.id && x.state === 'draft')).toBe(true);
    const read = await api('GET', `/galleries/${g.id}`, { token: t.tokens.viewer });
    expect(read.status).toBe(200);
    expect(read.body.gallery.photos).toHaveLength(3);
    for (const p of read.body.gallery.photos) expect(p).not.toHaveProperty('original_url');
    const page = await api('GET', `/galleries/${g.id}/photos`, { token: t.tokens.viewer });
    for (const p of page.body.items) expect(p).not.toHaveProperty('original_url');
  });

  it('gives original_url to owner, admin and photographer; every URL is signed for 1 hour and serves the right bytes', async () => {
    const g = await createGallery(t.tokens.owner, shootId);
    for (const role of ['owner', 'admin', 'photographer'] as const) {
      const read = await api('GET', `/galleries/${g.id}`, { token: t.tokens[role] });
      expect(read.status).toBe(200);
      for (const p of read.body.gallery.photos) expect(typeof p.original_url).toBe('string');
    }
    const photo = (await api('GET', `/galleries/${g.id}`, { token: t.tokens.owner })).body.gallery.photos[0];
    expect(photo).toMatchObject({ width: 640, height: 480, favorite: false });
    for (const url of [photo.url, photo.thumbnail_url, photo.original_url])
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('3600');
    const web = await fetch(photo.url);
    expect(web.status).toBe(200);
    expect(web.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(photo.thumbnail_url)).headers.get('content-type')).toBe('image/webp');
    expect((await fetch(photo.original_url)).status).toBe(200);
  });

  it('pages photos with the opaque cursor; the legacy decimal-offset cursor gives the same sequence with a Deprecation header', async () => {
    const g = await createGallery(t.tokens.owner, shootId);
    const opaque: string[] = [];
    let cursor: string | null = null;
    do {
      const r: any = await api('GET', `/galleries/${g.id}/photos`, {
        token: t.tokens.owner,
        query: { limit: 1, cursor: cursor ?? undefined },
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('deprecation')).toBeNull();
      expect(r.headers.get('sunset')).toBeNull();
      opaque.push(...r.body.items.map((p: { id: string }) => p.id));
      cursor = r.body.next_cursor;
    } while (cursor);
    expect(opaque).toEqual(photoIds);

    const legacy: string[] = [];
    for (let offset = 0; ; offset++) {
      const r = await api('GET', `/galleries/${g.id}/photos`, { token: t.tokens.owner, query: { limit: 1, cursor: String(offset) } });
      expect(r.status).toBe(200);
      // One way to say "deprecated" (issue 24): RFC 9745 date form, RFC 8594 Sunset, and the guide.
      expect(r.headers.get('deprecation')).toBe('@1793491200');
      expect(r.headers.get('sunset')).toBe('Sat, 01 May 2027 00:00:00 GMT');
      expect(r.headers.get('link')).toBe('</api/v1/docs#section/Migrating-from-offset-cursors>; rel="deprecation"; type="text/html"');
      if (r.body.items.length === 0) break;
      legacy.push(...r.body.items.map((p: { id: string }) => p.id));
    }
    expect(legacy).toEqual(opaque);

    const all = await api('GET', `/galleries/${g.id}/photos`, { token: t.tokens.owner });
    expect(all.body.items.map((p: { id: string }) => p.id)).toEqual(photoIds);
    expect(all.body.next_cursor).toBeNull();
    expect((await api('GET', `/galleries/${g.id}/photos`, { token: t.tokens.owner, query: { limit: 201 } })).status).toBe(400);
    expect((await api('GET', `/galleries/${g.id}/photos`, { token: t.tokens.owner, query: { cursor: 'forged.cursor' } })).status).toBe(400);
  });

  it('marks favorites from the body or the query (photo_id or photoId); DELETE works without a body; both idempotent', async () => {
    const g = await createGallery(t.tokens.owner, shootId);
    const favorites = async () =>
      (await api('GET', `/galleries/${g.id}`, { token: t.tokens.owner })).body.gallery.photos.map((p: { favorite: boolean }) => p.favorite);
    const [a, b, c] = photoIds;
    expect((await api('POST', `/galleries/${g.id}/favorites`, { token: t.tokens.owner, body: { photo_id: a } })).status).toBe(200);
    expect((await api('POST', `/galleries/${g.id}/favorites`, { token: t.tokens.owner, body: { photo_id: a } })).status).toBe(200);
    expect((await api('POST', `/galleries/${g.id}/favorites`, { token: t.tokens.owner, query: { photo_id: b } })).status).toBe(200);
    expect((await api('POST', `/galleries/${g.id}/favorites`, { token: t.tokens.owner, query: { photoId: c } })).status).toBe(200);
    expect(await favorites()).toEqual([true, true, true]);
    expect((await api('DELETE', `/galleries/${g.id}/favorites`, { token: t.tokens.owner, query: { photoId: b } })).status).toBe(200);
    expect((await api('DELETE', `/galleries/${g.id}/favorites`, { token: t.tokens.owner, query: { photo_id: b } })).status).toBe(200);
    expect((await api('DELETE', `/galleries/${g.id}/favorites`, { token: t.tokens.owner, body: { photo_id: c } })).status).toBe(200);
    expect(await favorites()).toEqual([true, false, false]);
    // A photo that is not in this gallery is 404.
    const other = await shootWithKeepers(t.tokens.owner, t.workspaceId, 1);
    const notHere = await api('POST', `/galleries/${g.id}/favorites`, { token: t.tokens.owner, body: { photo_id: other.photoIds[0] } });
    expect(notHere.status).toBe(404);
    expect(notHere.text).toBe(NOT_FOUND_TEXT);
    expect(
      (await api('DELETE', `/galleries/${g.id}/favorites`, { token: t.tokens.owner, query: { photo_id: other.photoIds[0] } })).status,
    ).toBe(404);
    expect((await api('POST', `/galleries/${g.id}/favorites`, { token: t.tokens.owner })).status).toBe(400);
  });

  it('publishes once with gallery.published, returns the same portal token again, emits nothing the second time', async () => {
    const g = await createGallery(t.tokens.owner, shootId);
    const first = await api('POST', `/galleries/${g.id}/publish`, { token: t.tokens.photographer });
    expect(first.status).toBe(200);
    expect(first.body.gallery).toMatchObject({ id: g.id, state: 'published' });
    expect(typeof first.body.gallery.portal_token).toBe('string');
    const again = await api('POST', `/galleries/${g.id}/publish`, { token: t.tokens.owner });
    expect(again.status).toBe(200);
    expect(again.body.gallery.portal_token).toBe(first.body.gallery.portal_token);
    await events.wait('gallery.published', g.id);
    await new Promise((r) => setTimeout(r, 500));
    expect(events.of('gallery.published', g.id)).toHaveLength(1);
  });

  it('keeps tenants apart: another tenant gets the exact 404 body on every gallery route', async () => {
    const g = await createGallery(t.tokens.owner, shootId);
    const stranger = await tenant(['owner']);
    const routes: [string, string, unknown?][] = [
      ['GET', `/galleries/${g.id}`],
      ['GET', `/galleries/${g.id}/photos`],
      ['GET', `/galleries/${g.id}/photos?cursor=1`],
      ['POST', `/galleries/${g.id}/favorites`, { photo_id: photoIds[0] }],
      ['DELETE', `/galleries/${g.id}/favorites?photo_id=${photoIds[0]}`],
      ['POST', `/galleries/${g.id}/publish`],
      ['GET', `/galleries?workspace_id=${t.workspaceId}`],
      ['POST', '/galleries', { shoot_id: shootId }],
    ];
    for (const [method, path, body] of routes) {
      const res = await api(method, path, { token: stranger.tokens.owner, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).toBe(NOT_FOUND_TEXT);
    }
    expect((await api('GET', `/galleries/${MISSING}`, { token: t.tokens.owner })).text).toBe(NOT_FOUND_TEXT);
    // Nothing changed for the owner.
    const mine = await api('GET', `/galleries/${g.id}`, { token: t.tokens.owner });
    expect(mine.body.gallery.state).toBe('draft');
    expect(mine.body.gallery.photos.every((p: { favorite: boolean }) => !p.favorite)).toBe(true);
  });
});
