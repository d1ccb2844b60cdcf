/**
 * A gallery's customer through the gateway: POST /client-sessions (no bearer, limited per client IP), the client
 * bearer's limits (its own gallery's read, photos and favorites only), delivery (once), and the portal's 401 cases.
 * Each exchange comes from its own random loopback address so the per-IP limit of one test never touches another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, NOT_FOUND_TEXT } from './support/client.js';
import { tenant } from './support/operator.js';
import { PORTAL_ORIGIN } from './support/portal.js';
import { captureGalleryEvents, createGallery, galleryAdmin, loopbackAddress, openSession, shootWithKeepers } from './support/gallery.js';

describe('client sessions', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  let shootId: string;
  let photoIds: string[];
  let events: Awaited<ReturnType<typeof captureGalleryEvents>>;

  /** A published gallery of the shared shoot and its portal token. */
  async function published(): Promise<{ id: string; token: string; prefix: string }> {
    const g = await createGallery(t.tokens.owner, shootId);
    const res = await api('POST', `/galleries/${g.id}/publish`, { token: t.tokens.owner });
    expect(res.status).toBe(200);
    return { id: g.id, token: res.body.gallery.portal_token, prefix: res.body.gallery.portal.prefix };
  }

  beforeAll(async () => {
    events = await captureGalleryEvents();
    t = await tenant(['owner']);
    ({ shootId, photoIds } = await shootWithKeepers(t.tokens.owner, t.workspaceId, 2));
  });
  afterAll(async () => {
    await events?.close();
  });

  it('exchanges the portal token (or magic_code) without a bearer for a short-lived bearer of that one gallery', async () => {
    const g = await published();
    const res = await openSession({ portal_token: g.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, session: { gallery_id: g.id } });
    expect(typeof res.body.session.bearer).toBe('string');
    expect(res.body.session.bearer.startsWith('stu_')).toBe(false);
    const ttl = Date.parse(res.body.session.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(3600_000);
    const alias = await openSession({ magic_code: g.token });
    expect(alias.status).toBe(200);
    expect(alias.body.session.gallery_id).toBe(g.id);
  });

  it('lets a page on the listed portal origin open a session and read its gallery (CORS), and nothing else', async () => {
    const g = await published();
    const preflight = await api('OPTIONS', '/client-sessions', {
      headers: { origin: PORTAL_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    const session = await openSession({ portal_token: g.token }, loopbackAddress(), { origin: PORTAL_ORIGIN });
    expect(session.status).toBe(200);
    expect(session.headers['access-control-allow-origin']).toBe(PORTAL_ORIGIN);
    const bearer = session.body.session.bearer as string;
    const read = await api('GET', `/galleries/${g.id}/photos`, { token: bearer, headers: { origin: PORTAL_ORIGIN } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN);
    const favPreflight = await api('OPTIONS', `/galleries/${g.id}/favorites`, {
      headers: { origin: PORTAL_ORIGIN, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization' },
    });
    expect(favPreflight.status).toBe(204);
    // API-token routes and other origins: no CORS, so a browser refuses to call them.
    const owner = await api('OPTIONS', '/shoots', { headers: { origin: PORTAL_ORIGIN, 'access-control-request-method': 'GET' } });
    expect(owner.headers.get('access-control-allow-origin')).toBeNull();
    const stranger = await api('OPTIONS', '/client-sessions', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 401 for an invalid, expired, non-gallery or suspended portal token', async () => {
    const expired = await published();
    const suspended = await published();
    expect((await galleryAdmin('expire-portal', '--gallery', expired.id)).portal.state).toBe('expired');
    expect((await galleryAdmin('suspend-portal', '--prefix', suspended.prefix)).portal.state).toBe('suspended');
    // The reason tells the portal page what to say; only a holder of the real token learns expired or suspended.
    const cases: [string, unknown, string, string][] = [
      ['invalid', { portal_token: 'not-a-portal-token' }, 'portal_invalid', 'the portal token is not valid'],
      ['unknown', { portal_token: `gpt_${'0'.repeat(12)}_${'A'.repeat(43)}` }, 'portal_invalid', 'the portal token is not valid'],
      ['non-gallery (an API token)', { portal_token: t.tokens.owner }, 'portal_invalid', 'the portal token is not valid'],
      ['expired', { portal_token: expired.token }, 'portal_expired', 'the portal link has expired'],
      ['suspended', { magic_code: suspended.token }, 'portal_suspended', 'the portal link is suspended'],
    ];
    for (const [name, body, reason, message] of cases) {
      const res = await openSession(body);
      expect(res.status, name).toBe(401);
      expect(res.body, name).toEqual({ ok: false, error: 'unauthorized', message, reason });
    }
  });

  it('marks the gallery delivered and emits gallery.delivered exactly once', async () => {
    const g = await published();
    const before = await api('GET', `/galleries/${g.id}`, { token: t.tokens.owner });
    expect(before.body.gallery.delivered_at).toBeNull();
    const opened = await Promise.all([1, 2, 3].map(() => openSession({ portal_token: g.token })));
    expect(opened.map((r) => r.status)).toEqual([200, 200, 200]);
    await openSession({ portal_token: g.token });
    const [delivered] = await events.wait('gallery.delivered', g.id);
    expect(delivered!.workspace_id).toBe(t.workspaceId);
    await new Promise((r) => setTimeout(r, 1000));
    expect(events.of('gallery.delivered', g.id)).toHaveLength(1);
    const after = await api('GET', `/galleries/${g.id}`, { token: t.tokens.owner });
    expect(after.body.gallery.delivered_at).not.toBeNull();
  });

  it('the client bearer reads its gallery (never original_url) and pages and marks favorites; nothing else', async () => {
    const g = await published();
    const other = await published();
    const bearer = (await openSession({ portal_token: g.token })).body.session.bearer as string;

    const read = await api('GET', `/galleries/${g.id}`, { token: bearer });
    expect(read.status).toBe(200);
    expect(read.body.gallery.photos.map((p: { id: string }) => p.id)).toEqual(photoIds);
    for (const p of read.body.gallery.photos) expect(p).not.toHaveProperty('original_url');
    expect((await fetch(read.body.gallery.photos[0].url)).status).toBe(200);
    const page = await api('GET', `/galleries/${g.id}/photos`, { token: bearer, query: { limit: 1 } });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    for (const p of page.body.items) expect(p).not.toHaveProperty('original_url');
    expect((await api('POST', `/galleries/${g.id}/favorites`, { token: bearer, body: { photo_id: photoIds[1] } })).status).toBe(200);
    const marked = await api('GET', `/galleries/${g.id}`, { token: bearer });
    expect(marked.body.gallery.photos.map((p: { favorite: boolean }) => p.favorite)).toEqual([false, true]);
    expect((await api('DELETE', `/galleries/${g.id}/favorites`, { token: bearer, query: { photoId: photoIds[1] } })).status).toBe(200);

    // Another gallery: 404 with the shared bytes.
    for (const [method, path] of [
      ['GET', `/galleries/${other.id}`],
      ['GET', `/galleries/${other.id}/photos`],
      ['POST', `/galleries/${other.id}/favorites?photo_id=${photoIds[0]}`],
      ['DELETE', `/galleries/${other.id}/favorites?photo_id=${photoIds[0]}`],
    ]) {
      const res = await api(method!, path!, { token: bearer });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).toBe(NOT_FOUND_TEXT);
    }
    // Any other route: 401.
    for (const [method, path, body] of [
      ['GET', `/galleries?workspace_id=${t.workspaceId}`],
      ['POST', `/galleries/${g.id}/publish`],
      ['POST', '/galleries', { shoot_id: shootId }],
      ['GET', '/auth/whoami'],
      ['GET', `/shoots?workspace_id=${t.workspaceId}`],
      ['GET', `/shoots/${shootId}`],
      ['GET', `/photos/${photoIds[0]}`],
    ] as [string, string, unknown?][]) {
      const res = await api(method, path, { token: bearer, body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ ok: false, error: 'unauthorized' });
    }
  });

  it('a suspended portal stops its open client sessions at once', async () => {
    const g = await published();
    const bearer = (await openSession({ portal_token: g.token })).body.session.bearer as string;
    expect((await api('GET', `/galleries/${g.id}`, { token: bearer })).status).toBe(200);
    await galleryAdmin('suspend-portal', '--gallery', g.id);
    expect((await api('GET', `/galleries/${g.id}`, { token: bearer })).status).toBe(401);
  });

  it('limits POST /client-sessions per client IP: 10 per minute, then 429 with Retry-After', async () => {
    const ip = loopbackAddress();
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 11; i++) {
      const res = await openSession({ portal_token: 'not-a-portal-token' }, ip);
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(refused!.body).toMatchObject({ ok: false, error: 'rate_limited' });
    const retryAfter = Number(refused!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another client IP is not affected.
    expect((await openSession({ portal_token: 'not-a-portal-token' })).status).toBe(401);
  });
});
