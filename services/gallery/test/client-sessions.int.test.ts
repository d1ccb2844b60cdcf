/** Portal tokens, client sessions, the client principal's limits, delivery, and the operator CLI. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSecretsEnv } from '@studio/testkit/secrets';
import {
  GALLERY_SECRETS,
  MISSING_ID,
  NOT_FOUND_TEXT,
  startTestGallery,
  TEST_PUBLIC_URL,
  type Caller,
  type TestGallery,
} from './harness.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');

let t: TestGallery;

beforeAll(async () => {
  t = await startTestGallery();
});
afterAll(async () => {
  await t?.stop();
});

/** The environment the stack gives gallery: its secrets, the test database, PUBLIC_URL. */
const serviceEnv = () => ({
  ...process.env,
  ...testSecretsEnv(GALLERY_SECRETS, 'gallery'),
  DATABASE_URL: t.database.url,
  PUBLIC_URL: TEST_PUBLIC_URL,
  LOG_LEVEL: 'silent',
});

/** Runs the real operator CLI against the test database, with the service's environment. */
const admin = (...args: string[]) => adminWith(serviceEnv(), ...args);

/** Runs the real operator CLI with exactly `env`. */
async function adminWith(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; json: any; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'services/gallery/src/cli/admin.ts'), ...args, '--json'],
      { cwd: ROOT, env },
    );
    return { code: 0, json: JSON.parse(stdout.trim().split('\n').pop()!), stderr };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, json: null, stderr: e.stderr };
  }
}

async function publishedGallery(photos = 3) {
  const { workspaceId, callers } = t.tenant(['owner', 'viewer']);
  const { shootId, keepers } = await t.shoot(workspaceId, photos);
  const id = (await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId } })).body.gallery.id as string;
  const published = await t.api('POST', `/galleries/${id}/publish`, { as: callers.owner });
  return {
    id,
    workspaceId,
    callers,
    keepers,
    token: published.body.gallery.portal_token as string,
    url: published.body.gallery.portal_url as string,
    prefix: published.body.gallery.portal.prefix as string,
  };
}

function clientOf(opened: { bearer: string }) {
  const claims = t.bearers.verify(opened.bearer)!;
  return t.client({ sessionId: claims.sessionId, galleryId: claims.galleryId, workspaceId: claims.workspaceId });
}

describe('POST /client-sessions', () => {
  it('exchanges a portal token (or the magic_code alias) for a short-lived bearer of that gallery', async () => {
    const g = await publishedGallery();
    // Publish answers the customer's link: the portal page with the token in its fragment.
    expect(g.url).toBe(`${TEST_PUBLIC_URL}/portal/#${g.token}`);
    const res = await t.api('POST', '/client-sessions', { body: { portal_token: g.token } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, session: { gallery_id: g.id } });
    const { bearer, expires_at: expiresAt } = res.body.session;
    expect(bearer.split('.')).toHaveLength(3);
    expect(bearer.startsWith('stu_')).toBe(false);
    const ttl = Date.parse(expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(3590_000);
    expect(ttl).toBeLessThanOrEqual(3600_000);
    expect(t.bearers.verify(bearer)).toMatchObject({ galleryId: g.id, workspaceId: g.workspaceId });

    const alias = await t.api('POST', '/client-sessions', { body: { magic_code: g.token } });
    expect(alias.status).toBe(200);
    expect(alias.body.session.gallery_id).toBe(g.id);
  });

  it('answers 401 for an invalid, unknown, non-gallery, suspended or expired portal token, 400 for no token', async () => {
    const g = await publishedGallery();
    const unknown = `gpt_${'0'.repeat(12)}_${'A'.repeat(43)}`;
    for (const token of ['nope', unknown, 'stu_000000000001_secret', g.token.slice(0, -1), `${g.token}x`]) {
      const res = await t.api('POST', '/client-sessions', { body: { portal_token: token } });
      expect(res.status, token).toBe(401);
      expect(res.body).toEqual({ ok: false, error: 'unauthorized', message: 'the portal token is not valid', reason: 'portal_invalid' });
    }
    expect((await t.api('POST', '/client-sessions', { body: {} })).status).toBe(400);
    expect((await t.api('POST', '/client-sessions', { body: { portal_token: 5 } })).status).toBe(400);
    expect((await t.api('POST', '/client-sessions', { body: { portal_token: g.token, magic_code: 'other' } })).status).toBe(400);

    const suspended = await publishedGallery();
    const s = await admin('suspend-portal', '--gallery', suspended.id);
    expect(s.code).toBe(0);
    expect(s.json).toMatchObject({ gallery_id: suspended.id, portal: { state: 'suspended' } });
    const refusedSuspended = await t.api('POST', '/client-sessions', { body: { portal_token: suspended.token } });
    expect(refusedSuspended.status).toBe(401);
    expect(refusedSuspended.body).toMatchObject({ error: 'unauthorized', reason: 'portal_suspended' });

    const expired = await publishedGallery();
    const e = await admin('expire-portal', '--prefix', expired.prefix);
    expect(e.code).toBe(0);
    expect(e.json).toMatchObject({ gallery_id: expired.id, portal: { state: 'expired' } });
    const refusedExpired = await t.api('POST', '/client-sessions', { body: { portal_token: expired.token } });
    expect(refusedExpired.status).toBe(401);
    expect(refusedExpired.body).toMatchObject({ error: 'unauthorized', reason: 'portal_expired' });
    // The operator prints the same link again, with the portal's state.
    const link = await admin('portal-link', '--gallery', expired.id);
    expect(link.code).toBe(0);
    expect(link.json).toEqual({
      gallery_id: expired.id,
      portal_url: `${TEST_PUBLIC_URL}/portal/#${expired.token}`,
      portal: expect.objectContaining({ state: 'expired', prefix: expired.prefix }),
    });
    // The photographer still sees the same token and its state when publishing again.
    const again = await t.api('POST', `/galleries/${expired.id}/publish`, { as: expired.callers.owner });
    expect(again.body.gallery).toMatchObject({ portal_token: expired.token, portal: { state: 'expired' } });
  });

  it('a portal that expires by time stops working', async () => {
    const g = await publishedGallery();
    t.clock.offsetMs = 366 * 86_400_000;
    try {
      const refused = await t.api('POST', '/client-sessions', { body: { portal_token: g.token } });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ reason: 'portal_expired' });
    } finally {
      t.clock.offsetMs = 0;
    }
    expect((await t.api('POST', '/client-sessions', { body: { portal_token: g.token } })).status).toBe(200);
  });

  it('marks the gallery delivered and emits gallery.delivered once, however many sessions open (concurrently too)', async () => {
    const g = await publishedGallery();
    const opened = await Promise.all(
      Array.from({ length: 5 }, () => t.api('POST', '/client-sessions', { body: { portal_token: g.token } })),
    );
    expect(opened.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await t.api('POST', '/client-sessions', { body: { magic_code: g.token } });
    const [delivered] = await t.waitForEvents('gallery.delivered', 1, (e) => e.data.gallery_id === g.id);
    expect(delivered!.workspace_id).toBe(g.workspaceId);
    expect(delivered!.data).toMatchObject({ gallery_id: g.id, state: 'published', delivered_at: expect.any(String) });
    await new Promise((r) => setTimeout(r, 300));
    expect(t.events.of('gallery.delivered', (e) => e.data.gallery_id === g.id)).toHaveLength(1);
    const read = await t.api('GET', `/galleries/${g.id}`, { as: g.callers.owner });
    expect(read.body.gallery.delivered_at).toBe(delivered!.data.delivered_at);
  });
});

describe('a client session', () => {
  it("reads its own gallery and pages its photos, never with original_url; favorites are the customer's own", async () => {
    const g = await publishedGallery(4);
    const opened = (await t.api('POST', '/client-sessions', { body: { portal_token: g.token } })).body.session;
    const client = clientOf(opened);

    const read = await t.api('GET', `/galleries/${g.id}`, { as: client });
    expect(read.status).toBe(200);
    expect(read.body.gallery.photos.map((p: { id: string }) => p.id)).toEqual(g.keepers.map((k) => k.id));
    for (const p of read.body.gallery.photos) expect(p).not.toHaveProperty('original_url');
    expect(read.text).not.toContain('original');
    const page = await t.api('GET', `/galleries/${g.id}/photos?limit=2`, { as: client });
    expect(page.body.items).toHaveLength(2);
    for (const p of page.body.items) expect(p).not.toHaveProperty('original_url');

    const photo = g.keepers[1]!.id;
    expect((await t.api('POST', `/galleries/${g.id}/favorites`, { as: client, body: { photo_id: photo } })).status).toBe(200);
    // Another session of the same customer sees the same favorites; the photographer does not.
    const second = clientOf((await t.api('POST', '/client-sessions', { body: { portal_token: g.token } })).body.session);
    const flags = async (who: Caller) =>
      (await t.api('GET', `/galleries/${g.id}`, { as: who })).body.gallery.photos.map((p: { favorite: boolean }) => p.favorite);
    expect(await flags(second)).toEqual([false, true, false, false]);
    expect(await flags(g.callers.owner)).toEqual([false, false, false, false]);
    expect((await t.api('DELETE', `/galleries/${g.id}/favorites?photoId=${photo}`, { as: second })).status).toBe(200);
    expect(await flags(client)).toEqual([false, false, false, false]);
  });

  it('gets 404 for another gallery and 401 on every route a client may not use', async () => {
    const g = await publishedGallery(2);
    const other = await publishedGallery(2);
    const client = clientOf((await t.api('POST', '/client-sessions', { body: { portal_token: g.token } })).body.session);
    for (const [method, path, body] of [
      ['GET', `/galleries/${other.id}`],
      ['GET', `/galleries/${other.id}/photos`],
      ['POST', `/galleries/${other.id}/favorites`, { photo_id: other.keepers[0]!.id }],
      ['DELETE', `/galleries/${other.id}/favorites?photo_id=${other.keepers[0]!.id}`],
      ['GET', `/galleries/${MISSING_ID}`],
    ] as [string, string, unknown?][]) {
      const res = await t.api(method, path, { as: client, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).toBe(NOT_FOUND_TEXT);
    }
    for (const [method, path, body] of [
      ['GET', `/galleries?workspace_id=${g.workspaceId}`],
      ['POST', '/galleries', { shoot_id: MISSING_ID }],
      ['POST', `/galleries/${g.id}/publish`],
    ] as [string, string, unknown?][]) {
      const res = await t.api(method, path, { as: client, body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('stops working at once when the operator suspends or expires the portal', async () => {
    const g = await publishedGallery(2);
    const client = clientOf((await t.api('POST', '/client-sessions', { body: { portal_token: g.token } })).body.session);
    expect((await t.api('GET', `/galleries/${g.id}`, { as: client })).status).toBe(200);
    expect((await admin('suspend-portal', '--prefix', g.prefix)).code).toBe(0);
    const res = await t.api('GET', `/galleries/${g.id}`, { as: client });
    expect(res.status).toBe(401);
    expect((await t.api('POST', `/galleries/${g.id}/favorites`, { as: client, body: { photo_id: g.keepers[0]!.id } })).status).toBe(401);
    // A forged session id naming the right gallery gets nothing either.
    const forged = t.client({ sessionId: MISSING_ID, galleryId: g.id, workspaceId: g.workspaceId });
    expect((await t.api('GET', `/galleries/${g.id}`, { as: forged })).status).toBe(401);
  });
});

// Each case spawns the CLI (tsx start-up plus a database round trip): allow for a busy machine.
describe('operator CLI', { timeout: 120_000 }, () => {
  it('creates an album (all photos, or the given ones in order) with album.created', async () => {
    const g = await publishedGallery(4);
    const all = await admin('create-album', '--gallery', g.id, '--title', 'Ceremony', '--description', 'The vows');
    expect(all.code).toBe(0);
    expect(all.json.album).toMatchObject({
      gallery_id: g.id,
      workspace_id: g.workspaceId,
      title: 'Ceremony',
      description: 'The vows',
      photo_count: 4,
    });
    const picked = [g.keepers[3]!.id, g.keepers[0]!.id];
    const some = await admin('create-album', '--gallery', g.id, '--title', 'Best of', '--photos', picked.join(','));
    expect(some.json.album.photo_count).toBe(2);
    const c = new pg.Client({ connectionString: t.database.url });
    await c.connect();
    try {
      const rows = await c.query(`SELECT photo_id::text AS id FROM album_photos WHERE album_id = $1 ORDER BY position`, [
        some.json.album.id,
      ]);
      expect(rows.rows.map((r) => r.id)).toEqual(picked);
    } finally {
      await c.end();
    }
    const [event] = await t.waitForEvents('album.created', 1, (e) => e.data.album_id === some.json.album.id);
    expect(event!.data).toMatchObject({ album_id: some.json.album.id, title: 'Best of', gallery_id: g.id });
  });

  it('refuses bad arguments with exit code 2 and a message', async () => {
    const g = await publishedGallery(1);
    const cases: string[][] = [
      ['nonsense'],
      ['suspend-portal'],
      ['suspend-portal', '--gallery', g.id, '--prefix', g.prefix],
      ['suspend-portal', '--gallery', MISSING_ID],
      ['expire-portal', '--gallery', 'not-a-uuid'],
      ['create-album', '--gallery', g.id],
      ['create-album', '--gallery', g.id, '--title', 'X', '--photos', MISSING_ID],
      ['create-album', '--gallery', MISSING_ID, '--title', 'X'],
    ];
    const results = await Promise.all(cases.map((args) => admin(...args)));
    results.forEach((r, i) => {
      expect(r.code, cases[i]!.join(' ')).toBe(2);
      expect(r.stderr.length).toBeGreaterThan(0);
    });
    expect((await admin('create-album', '--gallery', g.id, '--title', 'Dup')).code).toBe(0);
    expect((await admin('create-album', '--gallery', g.id, '--title', 'Dup')).code).toBe(2);
  });

  it('reads only the configuration a command uses: no identity, service or session key', async () => {
    const g = await publishedGallery(1);
    // What the README says an operator gives it: the database (and, for the link, the portal key and PUBLIC_URL).
    const bare = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.database.url, LOG_LEVEL: 'silent' };
    const noKey = await adminWith(bare, 'portal-link', '--gallery', g.id);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/portal-link needs PORTAL_TOKEN_KEY/);
    const portalKey = testSecretsEnv(GALLERY_SECRETS, 'gallery').PORTAL_TOKEN_KEY;
    const link = await adminWith({ ...bare, PORTAL_TOKEN_KEY: portalKey, PUBLIC_URL: TEST_PUBLIC_URL }, 'portal-link', '--gallery', g.id);
    expect(link.code, link.stderr).toBe(0);
    expect(link.json.portal_url).toBe(g.url);
    const album = await adminWith(bare, 'create-album', '--gallery', g.id, '--title', 'Bare');
    expect(album.code, album.stderr).toBe(0);
    const suspended = await adminWith(bare, 'suspend-portal', '--gallery', g.id);
    expect(suspended.code, suspended.stderr).toBe(0);
    expect(suspended.json.portal.state).toBe('suspended');
    const bad = await adminWith({ ...bare, DATABASE_URL: 'mysql://x' }, 'suspend-portal', '--gallery', g.id);
    expect(bad.code).toBe(78);
    expect(bad.stderr).toMatch(/DATABASE_URL/);
  });
});
