/** Galleries against real PostgreSQL, RabbitMQ, the S3 dev server and real gRPC stand-ins for studio and upload. */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@studio/errors';
import { MISSING_ID, NOT_FOUND_TEXT, eventually, startTestGallery, type MemberCaller, type TestGallery } from './harness.js';

let t: TestGallery;

beforeAll(async () => {
  t = await startTestGallery();
});
afterAll(async () => {
  await t?.stop();
});

async function sql<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: t.database.url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

describe('POST /galleries', () => {
  it("creates a draft from the shoot's ready keepers in capture order and emits gallery.created with exactly the spec's data", async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const { shootId, keepers } = await t.shoot(workspaceId, 5, { title: 'Smith Wedding' });
    const res = await t.api('POST', '/galleries', { as: callers.photographer, body: { shoot_id: shootId } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ok: true,
      gallery: {
        workspace_id: workspaceId,
        shoot_id: shootId,
        title: 'Smith Wedding',
        slug: 'smith-wedding',
        state: 'draft',
        photo_count: 5,
        published_at: null,
        delivered_at: null,
      },
    });
    const id = res.body.gallery.id as string;
    const rows = await sql(
      `SELECT photo_id::text AS photo_id, order_index FROM gallery_photos WHERE gallery_id = $1 ORDER BY order_index`,
      [id],
    );
    expect(rows.map((r) => r.photo_id)).toEqual(keepers.map((k) => k.id));
    expect(rows.map((r) => r.order_index)).toEqual([0, 1, 2, 3, 4]);

    const [created] = await t.waitForEvents('gallery.created', 1, (e) => e.data.gallery_id === id);
    expect(created!.workspace_id).toBe(workspaceId);
    expect(created!.data).toStrictEqual({
      gallery_id: id,
      shoot_id: shootId,
      title: 'Smith Wedding',
      slug: 'smith-wedding',
      photo_count: 5,
    });
    expect(t.upstreams.keeperCalls.at(-1)).toEqual({ shoot_id: shootId, workspace_id: workspaceId });
  });

  it('takes a given title and makes the slug unique in the workspace (-2, -3), also under concurrency', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const { shootId } = await t.shoot(workspaceId, 2);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId, title: '  Family Day  ' } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((r) => r.body.gallery.slug).sort()).toEqual([
      'family-day',
      'family-day-2',
      'family-day-3',
      'family-day-4',
      'family-day-5',
    ]);
    expect(results[0]!.body.gallery.title).toBe('Family Day');
    // Another workspace starts again from the base slug.
    const other = t.tenant(['owner']);
    const { shootId: otherShoot } = await t.shoot(other.workspaceId, 1);
    const r = await t.api('POST', '/galleries', { as: other.callers.owner, body: { shoot_id: otherShoot, title: 'Family Day' } });
    expect(r.body.gallery.slug).toBe('family-day');
  });

  it('answers 400 invalid_input for a shoot without ready keepers and creates nothing, not even an event', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const { shootId } = await t.shoot(workspaceId, 0);
    const before = (await sql(`SELECT count(*)::int AS n FROM outbox`))[0].n;
    const res = await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId, title: 'Empty' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
    expect((await sql(`SELECT count(*)::int AS n FROM galleries WHERE workspace_id = $1`, [workspaceId]))[0].n).toBe(0);
    expect((await sql(`SELECT count(*)::int AS n FROM outbox`))[0].n).toBe(before);
    await t.gallery.drainEvents();
    expect(t.events.events.filter((e) => e.workspace_id === workspaceId)).toEqual([]);
  });

  it("refuses a viewer (403), hides another tenant's or a missing shoot (404), validates the body (400)", async () => {
    const { workspaceId, callers } = t.tenant(['viewer', 'owner']);
    const { shootId } = await t.shoot(workspaceId, 3);
    const viewer = await t.api('POST', '/galleries', { as: callers.viewer, body: { shoot_id: shootId } });
    expect(viewer.status).toBe(403);
    expect(viewer.body).toMatchObject({ ok: false, error: 'forbidden' });

    const stranger = t.tenant(['owner']);
    const foreign = await t.api('POST', '/galleries', { as: stranger.callers.owner, body: { shoot_id: shootId } });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(NOT_FOUND_TEXT);
    const missing = await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: MISSING_ID } });
    expect(missing.text).toBe(NOT_FOUND_TEXT);

    for (const body of [{}, { shoot_id: 'nope' }, { shoot_id: shootId, title: '' }, { shoot_id: shootId, title: 'x'.repeat(201) }]) {
      const bad = await t.api('POST', '/galleries', { as: callers.owner, body });
      expect(bad.status).toBe(400);
    }
    expect((await t.api('POST', '/galleries', { body: { shoot_id: shootId } })).status).toBe(401);
  });

  it('answers 503 when upload cannot list the keepers, and creates nothing', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const { shootId } = await t.shoot(workspaceId, 3);
    t.upstreams.failKeepers = new AppError('internal');
    try {
      const res = await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId } });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ ok: false, error: 'unavailable' });
    } finally {
      t.upstreams.failKeepers = null;
    }
    expect((await sql(`SELECT count(*)::int AS n FROM galleries WHERE workspace_id = $1`, [workspaceId]))[0].n).toBe(0);
  });
});

describe('GET /galleries', () => {
  it('lists drafts and published galleries of one workspace, newest first, with keyset paging', async () => {
    const { workspaceId, callers } = t.tenant(['owner', 'viewer']);
    const { shootId } = await t.shoot(workspaceId, 1);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId, title: `G${i}` } })).body.gallery.id);
    await t.api('POST', `/galleries/${ids[1]}/publish`, { as: callers.owner });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await t.api(
        'GET',
        `/galleries?workspace_id=${workspaceId}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { as: callers.viewer },
      );
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((g: { id: string }) => g.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const all = await t.api('GET', `/galleries?workspace_id=${workspaceId}`, { as: callers.owner });
    expect(all.body.items.map((g: { state: string }) => g.state).sort()).toEqual(['draft', 'draft', 'draft', 'draft', 'published']);
  });

  it('requires workspace_id and membership; refuses a forged cursor', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    expect((await t.api('GET', '/galleries', { as: callers.owner })).status).toBe(400);
    const stranger = t.tenant(['owner']);
    const foreign = await t.api('GET', `/galleries?workspace_id=${workspaceId}`, { as: stranger.callers.owner });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(NOT_FOUND_TEXT);
    expect((await t.api('GET', `/galleries?workspace_id=${workspaceId}&cursor=abc.def`, { as: callers.owner })).status).toBe(400);
    expect((await t.api('GET', `/galleries?workspace_id=${workspaceId}&limit=0`, { as: callers.owner })).status).toBe(400);
  });
});

describe('GET /galleries/{id}', () => {
  let g: { id: string; workspaceId: string; photoIds: string[]; callers: ReturnType<TestGallery['tenant']>['callers'] };

  beforeAll(async () => {
    const { workspaceId, callers } = t.tenant(['owner', 'admin', 'photographer', 'viewer']);
    const { shootId, keepers } = await t.shoot(workspaceId, 4, { withObjects: true });
    const res = await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId } });
    g = { id: res.body.gallery.id, workspaceId, photoIds: keepers.map((k) => k.id), callers };
  });

  it('answers every photo in order with working signed URLs (1 hour) and dimensions', async () => {
    const res = await t.api('GET', `/galleries/${g.id}`, { as: g.callers.owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const gallery = res.body.gallery;
    expect(gallery).toMatchObject({ id: g.id, workspace_id: g.workspaceId, state: 'draft', photo_count: 4, photos_next_cursor: null });
    expect(gallery.photos.map((p: { id: string }) => p.id)).toEqual(g.photoIds);
    expect(gallery.photos.map((p: { order_index: number }) => p.order_index)).toEqual([0, 1, 2, 3]);
    const first = gallery.photos[0];
    expect(first).toMatchObject({ width: 1600, height: 1000, favorite: false });
    const url = new URL(first.url);
    expect(url.pathname).toMatch(/\/web\.jpg$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    const signedAt = url.searchParams.get('X-Amz-Date')!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
    expect(Math.abs(Date.parse(signedAt) - Date.now())).toBeLessThan(65_000);
    expect(Date.parse(gallery.urls_expire_at)).toBe(Date.parse(signedAt) + 3600_000);
    expect(await (await fetch(first.url)).text()).toBe(`web ${g.photoIds[0]}`);
    expect(await (await fetch(first.thumbnail_url)).text()).toBe(`thumb ${g.photoIds[0]}`);
    expect(await (await fetch(first.original_url)).text()).toBe(`original ${g.photoIds[0]}`);
  });

  it('photos_limit answers the first photos and the cursor of the rest; the whole gallery when it covers it', async () => {
    const first = await t.api('GET', `/galleries/${g.id}?photos_limit=3`, { as: g.callers.viewer });
    expect(first.status).toBe(200);
    expect(first.body.gallery).toMatchObject({ id: g.id, photo_count: 4 });
    expect(first.body.gallery.photos.map((p: { id: string }) => p.id)).toEqual(g.photoIds.slice(0, 3));
    for (const p of first.body.gallery.photos) expect(p).not.toHaveProperty('original_url');
    expect(typeof first.body.gallery.urls_expire_at).toBe('string');
    const rest = await t.api('GET', `/galleries/${g.id}/photos?cursor=${encodeURIComponent(first.body.gallery.photos_next_cursor)}`, {
      as: g.callers.viewer,
    });
    expect(rest.body.items.map((p: { id: string }) => p.id)).toEqual(g.photoIds.slice(3));
    expect(rest.body.next_cursor).toBeNull();
    // Gzip when accepted (the answer is large enough): fetch decodes it to the same photos.
    const gz = await fetch(`http://127.0.0.1:${t.ports.httpPort}/api/v1/galleries/${g.id}?photos_limit=3`, {
      headers: { ...g.callers.owner.headers(), 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    const decoded = (await gz.json()) as { gallery: { photos: { id: string }[] } };
    expect(decoded.gallery.photos.map((p) => p.id)).toEqual(g.photoIds.slice(0, 3));
    for (const limit of ['4', '200']) {
      const all = await t.api('GET', `/galleries/${g.id}?photos_limit=${limit}`, { as: g.callers.owner });
      expect(
        all.body.gallery.photos.map((p: { id: string }) => p.id),
        limit,
      ).toEqual(g.photoIds);
      expect(all.body.gallery.photos_next_cursor, limit).toBeNull();
    }
    for (const bad of ['0', '-1', '10001', 'x', '1.5', '']) {
      const res = await t.api('GET', `/galleries/${g.id}?photos_limit=${bad}`, { as: g.callers.owner });
      expect(res.status, bad).toBe(400);
      expect(res.body.error, bad).toBe('invalid_input');
    }
  });

  it('shows original_url to owner, admin and photographer only (absent for a viewer)', async () => {
    for (const role of ['owner', 'admin', 'photographer'] as const) {
      const res = await t.api('GET', `/galleries/${g.id}`, { as: g.callers[role] });
      expect(res.body.gallery.photos.every((p: Record<string, unknown>) => typeof p.original_url === 'string')).toBe(true);
    }
    const viewer = await t.api('GET', `/galleries/${g.id}`, { as: g.callers.viewer });
    expect(viewer.status).toBe(200);
    expect(viewer.body.gallery.photos).toHaveLength(4);
    for (const p of viewer.body.gallery.photos) expect(p).not.toHaveProperty('original_url');
    expect(viewer.text).not.toContain('original');
  });

  it('hands out identical URLs within one signing window (cacheable), fresh ones in the next', async () => {
    t.clock.offsetMs = 20_000 - (Date.now() % 60_000); // 20 s into a one-minute window: room for three reads
    try {
      const a = await t.api('GET', `/galleries/${g.id}`, { as: g.callers.owner });
      const b = await t.api('GET', `/galleries/${g.id}/photos`, { as: g.callers.owner });
      const c = await t.api('GET', `/galleries/${g.id}`, { as: g.callers.photographer });
      expect(b.body.items[0].url).toBe(a.body.gallery.photos[0].url);
      expect(c.body.gallery.photos[3].original_url).toBe(a.body.gallery.photos[3].original_url);
      t.clock.offsetMs += 60_000;
      const d = await t.api('GET', `/galleries/${g.id}`, { as: g.callers.owner });
      expect(d.body.gallery.photos[0].url).not.toBe(a.body.gallery.photos[0].url);
      expect(Date.parse(d.body.gallery.urls_expire_at) - Date.parse(a.body.gallery.urls_expire_at)).toBe(60_000);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('sends the same answer gzipped to callers that accept gzip (compressed once, in the background), never stale', async () => {
    const raw = (as: MemberCaller, acceptGzip: boolean) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; json: any }>((resolve, reject) => {
        const headers: Record<string, string> = { ...as.headers(), ...(acceptGzip ? { 'accept-encoding': 'gzip, br' } : {}) };
        http
          .get(`http://127.0.0.1:${t.ports.httpPort}/api/v1/galleries/${g.id}`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const body = Buffer.concat(chunks);
              const encoding = res.headers['content-encoding'];
              resolve({ encoding, vary: res.headers.vary, json: JSON.parse((encoding === 'gzip' ? gunzipSync(body) : body).toString()) });
            });
          })
          .on('error', reject);
      });
    t.clock.offsetMs = 10_000 - (Date.now() % 60_000); // early in a window: room for the polls below
    try {
      const plain = await raw(g.callers.admin, false);
      expect(plain.encoding).toBeUndefined();
      expect(plain.vary).toBe('Accept-Encoding');
      const zipped = await eventually(
        () => raw(g.callers.admin, true),
        (r) => r.encoding === 'gzip',
      );
      expect(zipped.json).toEqual(plain.json);
      // The head changes (published): the next gzip answer is never the stale one.
      await t.api('POST', `/galleries/${g.id}/publish`, { as: g.callers.owner });
      const after = await eventually(
        () => raw(g.callers.admin, true),
        (r) => r.encoding === 'gzip',
      );
      expect(after.json.gallery.state).toBe('published');
      expect((await raw(g.callers.admin, true)).json.gallery.state).toBe('published');
      // A caller with favorites gets its own flags (identity encoding).
      await t.api('POST', `/galleries/${g.id}/favorites`, { as: g.callers.admin, body: { photo_id: g.photoIds[2] } });
      const mine = await raw(g.callers.admin, true);
      expect(mine.encoding).toBeUndefined();
      expect(mine.json.gallery.photos.map((p: { favorite: boolean }) => p.favorite)).toEqual([false, false, true, false]);
      const others = await eventually(
        () => raw(g.callers.photographer, true),
        (r) => r.encoding === 'gzip',
      );
      expect(others.json.gallery.photos.map((p: { favorite: boolean }) => p.favorite)).toEqual([false, false, false, false]);
      await t.api('DELETE', `/galleries/${g.id}/favorites?photo_id=${g.photoIds[2]}`, { as: g.callers.admin });
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('is 404 with the exact body for another tenant, a missing id; 400 for a malformed id', async () => {
    const stranger = t.tenant(['owner']);
    for (const path of [`/galleries/${g.id}`, `/galleries/${MISSING_ID}`]) {
      const res = await t.api('GET', path, { as: path.includes(g.id) ? stranger.callers.owner : g.callers.owner });
      expect(res.status).toBe(404);
      expect(res.text).toBe(NOT_FOUND_TEXT);
    }
    expect((await t.api('GET', '/galleries/not-a-uuid', { as: g.callers.owner })).status).toBe(400);
  });
});

describe('GET /galleries/{id}/photos', () => {
  let g: {
    id: string;
    photoIds: string[];
    owner: ReturnType<TestGallery['tenant']>['callers']['owner'];
    viewer: ReturnType<TestGallery['tenant']>['callers']['viewer'];
  };

  beforeAll(async () => {
    const { workspaceId, callers } = t.tenant(['owner', 'viewer']);
    const { shootId, keepers } = await t.shoot(workspaceId, 23);
    const res = await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId } });
    g = { id: res.body.gallery.id, photoIds: keepers.map((k) => k.id), owner: callers.owner, viewer: callers.viewer };
  });

  async function walk(first: string, next: (r: any, seen: number) => string | null) {
    const ids: string[] = [];
    const deprecations: (string | null)[] = [];
    let path: string | null = first;
    while (path) {
      const r: any = await t.api('GET', path, { as: g.owner });
      expect(r.status).toBe(200);
      ids.push(...r.body.items.map((p: { id: string }) => p.id));
      deprecations.push(r.headers.get('deprecation'));
      path = next(r, ids.length);
    }
    return { ids, deprecations };
  }

  it('defaults to 200 per page, pages with an opaque keyset cursor, and the legacy offset cursor gives the same sequence', async () => {
    const all = await t.api('GET', `/galleries/${g.id}/photos`, { as: g.owner });
    expect(all.body.items).toHaveLength(23);
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.items[5]).toMatchObject({ id: g.photoIds[5], order_index: 5, favorite: false });
    expect(typeof all.body.items[5].original_url).toBe('string');

    const opaque = await walk(`/galleries/${g.id}/photos?limit=5`, (r) =>
      r.body.next_cursor ? `/galleries/${g.id}/photos?limit=5&cursor=${encodeURIComponent(r.body.next_cursor)}` : null,
    );
    expect(opaque.ids).toEqual(g.photoIds);
    expect(opaque.deprecations.every((d) => d === null)).toBe(true);

    const legacy = await walk(`/galleries/${g.id}/photos?limit=5&cursor=0`, (r, seen) =>
      r.body.items.length === 5 ? `/galleries/${g.id}/photos?limit=5&cursor=${seen}` : null,
    );
    expect(legacy.ids).toEqual(g.photoIds);
    expect(legacy.deprecations.every((d) => d !== null)).toBe(true);

    const mixed = await t.api('GET', `/galleries/${g.id}/photos?limit=4&cursor=10`, { as: g.owner });
    // RFC 9745 / RFC 8594: 2026-11-01 and 2027-05-01 (UTC), and the guide in the API reference.
    expect(mixed.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 10, 1) / 1000}`);
    expect(mixed.headers.get('sunset')).toBe('Sat, 01 May 2027 00:00:00 GMT');
    expect(mixed.headers.get('link')).toBe('</api/v1/docs#section/Migrating-from-offset-cursors>; rel="deprecation"; type="text/html"');
    expect(all.headers.get('link')).toBeNull();
    expect(mixed.body.items.map((p: { id: string }) => p.id)).toEqual(g.photoIds.slice(10, 14));
    const cont = await t.api('GET', `/galleries/${g.id}/photos?limit=4&cursor=${encodeURIComponent(mixed.body.next_cursor)}`, {
      as: g.owner,
    });
    expect(cont.body.items.map((p: { id: string }) => p.id)).toEqual(g.photoIds.slice(14, 18));
    const beyond = await t.api('GET', `/galleries/${g.id}/photos?cursor=9999`, { as: g.owner });
    expect(beyond.body).toEqual({ ok: true, items: [], next_cursor: null });
  });

  it('never shows original_url to a viewer', async () => {
    const res = await t.api('GET', `/galleries/${g.id}/photos?limit=3`, { as: g.viewer });
    expect(res.body.items).toHaveLength(3);
    for (const p of res.body.items) expect(p).not.toHaveProperty('original_url');
  });

  it('refuses limits outside 1..200 and forged, corrupted or foreign cursors with 400', async () => {
    for (const q of ['limit=0', 'limit=201', 'limit=abc', 'cursor=', 'cursor=12345678901', 'cursor=-1', 'cursor=abc.def']) {
      const r = await t.api('GET', `/galleries/${g.id}/photos?${q}`, { as: g.owner });
      expect(r.status, q).toBe(400);
      expect(r.body.error).toBe('invalid_input');
    }
    const page = await t.api('GET', `/galleries/${g.id}/photos?limit=2`, { as: g.owner });
    const c = page.body.next_cursor as string;
    const forged = c.slice(0, -2) + (c.endsWith('AA') ? 'BB' : 'AA');
    expect((await t.api('GET', `/galleries/${g.id}/photos?cursor=${encodeURIComponent(forged)}`, { as: g.owner })).status).toBe(400);
    // A cursor of another gallery is refused, not silently applied.
    const { workspaceId, callers } = t.tenant(['owner']);
    const { shootId } = await t.shoot(workspaceId, 3);
    const other = (await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId } })).body.gallery.id;
    const otherCursor = (await t.api('GET', `/galleries/${other}/photos?limit=1`, { as: callers.owner })).body.next_cursor;
    expect((await t.api('GET', `/galleries/${g.id}/photos?cursor=${encodeURIComponent(otherCursor)}`, { as: g.owner })).status).toBe(400);
  });
});

describe('favorites', () => {
  it('takes photo_id from the body, the query (photo_id or photoId); DELETE needs no body; idempotent; per caller', async () => {
    const { workspaceId, callers } = t.tenant(['owner', 'viewer']);
    const { shootId, keepers } = await t.shoot(workspaceId, 4);
    const id = (await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId } })).body.gallery.id;
    const [p0, p1, p2] = keepers.map((k) => k.id);

    const byBody = await t.api('POST', `/galleries/${id}/favorites`, { as: callers.owner, body: { photo_id: p0 } });
    expect(byBody.status).toBe(200);
    expect(byBody.body).toEqual({ ok: true, favorite: { gallery_id: id, photo_id: p0, favorite: true } });
    expect((await t.api('POST', `/galleries/${id}/favorites`, { as: callers.owner, body: { photo_id: p0 } })).status).toBe(200);
    expect((await t.api('POST', `/galleries/${id}/favorites?photo_id=${p1}`, { as: callers.owner })).status).toBe(200);
    expect((await t.api('POST', `/galleries/${id}/favorites?photoId=${p2}`, { as: callers.owner })).status).toBe(200);
    expect((await t.api('POST', `/galleries/${id}/favorites?photoId=${p2}`, { as: callers.viewer })).status).toBe(200);

    const flags = async (who: typeof callers.owner) =>
      (await t.api('GET', `/galleries/${id}`, { as: who })).body.gallery.photos.map((p: { favorite: boolean }) => p.favorite);
    expect(await flags(callers.owner)).toEqual([true, true, true, false]);
    expect(await flags(callers.viewer)).toEqual([false, false, true, false]);

    const del = await t.api('DELETE', `/galleries/${id}/favorites?photoId=${p1}`, { as: callers.owner });
    expect(del.status).toBe(200);
    expect(del.body.favorite).toEqual({ gallery_id: id, photo_id: p1, favorite: false });
    expect((await t.api('DELETE', `/galleries/${id}/favorites?photo_id=${p1}`, { as: callers.owner })).status).toBe(200);
    expect((await t.api('DELETE', `/galleries/${id}/favorites`, { as: callers.owner, body: { photo_id: p0 } })).status).toBe(200);
    expect(await flags(callers.owner)).toEqual([false, false, true, false]);
    const page = await t.api('GET', `/galleries/${id}/photos`, { as: callers.owner });
    expect(page.body.items.map((p: { favorite: boolean }) => p.favorite)).toEqual([false, false, true, false]);
  });

  it('answers 404 for a photo that is not in this gallery and 400 without or with conflicting photo ids', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const a = await t.shoot(workspaceId, 2);
    const b = await t.shoot(workspaceId, 2);
    const ga = (await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: a.shootId } })).body.gallery.id;
    await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: b.shootId } });
    for (const method of ['POST', 'DELETE']) {
      const other = await t.api(method, `/galleries/${ga}/favorites`, { as: callers.owner, body: { photo_id: b.keepers[0]!.id } });
      expect(other.status).toBe(404);
      expect(other.text).toBe(NOT_FOUND_TEXT);
      expect((await t.api(method, `/galleries/${ga}/favorites?photo_id=${MISSING_ID}`, { as: callers.owner })).status).toBe(404);
      expect((await t.api(method, `/galleries/${ga}/favorites`, { as: callers.owner })).status).toBe(400);
      expect((await t.api(method, `/galleries/${ga}/favorites?photo_id=nope`, { as: callers.owner })).status).toBe(400);
      const conflicting = await t.api(method, `/galleries/${ga}/favorites?photoId=${a.keepers[1]!.id}`, {
        as: callers.owner,
        body: { photo_id: a.keepers[0]!.id },
      });
      expect(conflicting.status).toBe(400);
    }
    const same = await t.api('POST', `/galleries/${ga}/favorites?photoId=${a.keepers[0]!.id}`, {
      as: callers.owner,
      body: { photo_id: a.keepers[0]!.id },
    });
    expect(same.status).toBe(200);
  });
});

describe('POST /galleries/{id}/publish', () => {
  it('publishes once (gallery.published once), returns the same portal token every time, refuses viewers', async () => {
    const { workspaceId, callers } = t.tenant(['photographer', 'viewer']);
    const { shootId } = await t.shoot(workspaceId, 2);
    const id = (await t.api('POST', '/galleries', { as: callers.photographer, body: { shoot_id: shootId } })).body.gallery.id;

    const viewer = await t.api('POST', `/galleries/${id}/publish`, { as: callers.viewer });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error).toBe('forbidden');

    const first = await t.api('POST', `/galleries/${id}/publish`, { as: callers.photographer });
    expect(first.status).toBe(200);
    expect(first.body.gallery).toMatchObject({ id, state: 'published', portal: { state: 'active' } });
    expect(first.body.gallery.portal_token).toMatch(/^gpt_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(first.body.gallery.published_at).not.toBeNull();
    const again = await t.api('POST', `/galleries/${id}/publish`, { as: callers.photographer });
    expect(again.status).toBe(200);
    expect(again.body.gallery.portal_token).toBe(first.body.gallery.portal_token);
    expect(again.body.gallery.published_at).toBe(first.body.gallery.published_at);

    const published = await t.waitForEvents('gallery.published', 1, (e) => e.data.gallery_id === id);
    expect(published[0]!.data).toMatchObject({ gallery_id: id, state: 'published', shoot_id: shootId });
    expect(JSON.stringify(published[0])).not.toContain('gpt_');
    await new Promise((r) => setTimeout(r, 200));
    expect(t.events.of('gallery.published', (e) => e.data.gallery_id === id)).toHaveLength(1);
    const stored = await sql(`SELECT token_hash, encode(token_ciphertext, 'escape') AS blob FROM portal_tokens WHERE gallery_id = $1`, [
      id,
    ]);
    expect(stored[0].blob).not.toContain(first.body.gallery.portal_token.slice(4));
  });

  it('publishes concurrently exactly once', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const { shootId } = await t.shoot(workspaceId, 1);
    const id = (await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId } })).body.gallery.id;
    const results = await Promise.all(Array.from({ length: 6 }, () => t.api('POST', `/galleries/${id}/publish`, { as: callers.owner })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.gallery.portal_token)).size).toBe(1);
    await t.waitForEvents('gallery.published', 1, (e) => e.data.gallery_id === id);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.events.of('gallery.published', (e) => e.data.gallery_id === id)).toHaveLength(1);
  });
});

describe('tenant isolation', () => {
  it('answers the exact 404 body on every gallery route for another tenant and for a missing id', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const { shootId, keepers } = await t.shoot(workspaceId, 2);
    const id = (await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId } })).body.gallery.id;
    const stranger = t.tenant(['owner']).callers.owner;
    const photo = keepers[0]!.id;
    const routes: [string, string, unknown?][] = [
      ['GET', `/galleries/${id}`],
      ['GET', `/galleries/${id}/photos`],
      ['GET', `/galleries/${id}/photos?cursor=0`],
      ['POST', `/galleries/${id}/favorites`, { photo_id: photo }],
      ['DELETE', `/galleries/${id}/favorites?photo_id=${photo}`],
      ['POST', `/galleries/${id}/publish`],
      ['GET', `/galleries?workspace_id=${workspaceId}`],
    ];
    for (const [method, path, body] of routes) {
      const res = await t.api(method, path, { as: stranger, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).toBe(NOT_FOUND_TEXT);
      const missing = await t.api(method, path.replace(id, MISSING_ID).replace(workspaceId, MISSING_ID), { as: callers.owner, body });
      expect(missing.text, `${method} ${path} (missing)`).toBe(NOT_FOUND_TEXT);
    }
    // The owner still sees an unpublished, unfavorited gallery: nothing above changed it.
    const mine = await t.api('GET', `/galleries/${id}`, { as: callers.owner });
    expect(mine.body.gallery).toMatchObject({ state: 'draft' });
    expect(mine.body.gallery.photos.every((p: { favorite: boolean }) => !p.favorite)).toBe(true);
  });
});
