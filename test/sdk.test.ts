/**
 * Issue 16 item 1, black box: the stack driven only through `@studio/sdk` (the operator CLI makes the first token;
 * there is no public route for it, and the photo bytes go to the object store's presigned URL with plain fetch).
 * A shoot created with an Idempotency-Key and replayed; 120 clients paged through with the async iterator; a photo
 * uploaded and finalized; a cull job run to the end; a gallery created and published; a client session opened with
 * the portal token; a photo favorited as the client. Errors arrive as StudioApiError with the API's code and the
 * request id.
 */
import { randomUUID } from 'node:crypto';
import { createStudioClient, type StudioClient } from '@studio/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './support/client.js';
import { tenant } from './support/operator.js';
import { makeJpeg, sha256Hex } from './support/photos.js';
import { until } from './support/poll.js';
import { apiError } from './support/sdk.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('@studio/sdk against the stack', () => {
  let owner: StudioClient;
  let workspaceId: string;
  let shootId: string;
  let photoId: string;
  let galleryId: string;
  let portalToken: string;

  beforeAll(async () => {
    const t = await tenant(['owner']);
    workspaceId = t.workspaceId;
    owner = createStudioClient({ baseUrl: baseUrl(), token: t.tokens.owner, userAgent: 'studio-sdk-blackbox' });
  });

  it('creates a shoot with an Idempotency-Key; the same key and body replays the first answer', async () => {
    const key = `sdk-test-${randomUUID()}`;
    const body = { workspace_id: workspaceId, title: 'SDK wedding' };
    const first = await owner.request('post', '/shoots', { body, idempotencyKey: key });
    expect(first).toMatchObject({ status: 201, replayed: false, idempotencyKey: key, attempts: 1 });
    expect(first.requestId).toEqual(expect.any(String));
    expect(first.data.shoot).toMatchObject({ workspace_id: workspaceId, title: 'SDK wedding' });
    shootId = first.data.shoot.id;

    const replay = await owner.request('post', '/shoots', { body, idempotencyKey: key });
    expect(replay).toMatchObject({ status: 201, replayed: true, idempotencyKey: key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.data).toEqual(first.data);

    // The same key with another body: the API's 422, typed.
    const conflict = await apiError(owner.post('/shoots', { body: { ...body, title: 'Another' }, idempotencyKey: key }));
    expect(conflict).toMatchObject({ status: 422, code: 'idempotency_conflict' });

    // Without a key the client sends a fresh one per call: two calls, two shoots.
    const [a, b] = [await owner.request('post', '/shoots', { body }), await owner.request('post', '/shoots', { body })];
    expect(a.idempotencyKey).toMatch(UUID);
    expect(b.idempotencyKey).toMatch(UUID);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(new Set([shootId, a.data.shoot.id, b.data.shoot.id]).size).toBe(3);
    expect(b.replayed).toBe(false);
  });

  it("throws StudioApiError with the API's code, message and the request id", async () => {
    const missing = await apiError(owner.get('/shoots/{id}', { params: { path: { id: randomUUID() } } }));
    expect(missing).toMatchObject({ status: 404, code: 'not_found', method: 'GET', path: '/shoots/{id}', retryAfterS: null });
    expect(missing.body).toEqual({ ok: false, error: 'not_found' });
    expect(missing.requestId).toEqual(expect.any(String));
    expect(missing.requestId!.length).toBeGreaterThan(0);

    const invalid = await apiError(owner.post('/shoots', { body: { workspace_id: workspaceId, title: '' } }));
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(invalid.message.length).toBeGreaterThan(0);
    expect(invalid.issues.map((i) => i.path)).toContain('body.title');

    const anonymous = createStudioClient({ baseUrl: baseUrl() });
    expect(await apiError(anonymous.get('/auth/whoami'))).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('pages through 120 clients with the async iterator', async () => {
    const created: string[] = [];
    for (let batch = 0; batch < 120; batch += 12) {
      const clients = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          owner.post('/clients', { body: { workspace_id: workspaceId, name: `Client ${batch + i}`, email: `C${batch + i}@Example.test` } }),
        ),
      );
      created.push(...clients.map((c) => c.client.id));
    }
    const seen: string[] = [];
    for await (const client of owner.paginate('/clients', { params: { query: { workspace_id: workspaceId, limit: 50 } } })) {
      expect(client.email).toBe(client.email?.toLowerCase());
      seen.push(client.id);
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(new Set(seen)).toEqual(new Set(created));
  });

  it('uploads a photo through its presigned URL and finalizes it', async () => {
    const jpeg = await makeJpeg({ width: 900, height: 600, seed: 21 });
    const { photo, upload } = await owner.post('/photos', {
      body: { shoot_id: shootId, file_name: 'IMG_0001.JPG', content_type: 'image/jpeg', size: jpeg.length, sha256: sha256Hex(jpeg) },
    });
    expect(photo.state).toBe('pending');
    // The object store, not the API: the bytes go straight to the presigned URL with the headers signed into it.
    const put = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: new Uint8Array(jpeg) });
    expect(put.status).toBe(200);
    const finalized = await owner.post('/photos/{id}/finalize', { params: { path: { id: photo.id } } });
    expect(finalized.photo.id).toBe(photo.id);
    const ready = await until('the photo is processed', async () => {
      const { photo: p } = await owner.get('/photos/{id}', { params: { path: { id: photo.id } } });
      return p.state === 'ready' || p.state === 'failed' ? p : null;
    });
    expect(ready).toMatchObject({ state: 'ready', size: jpeg.length, width: 900, height: 600 });
    photoId = photo.id;
  });

  it('runs a cull job to the end', async () => {
    const { job } = await owner.post('/ai/cull-jobs', { body: { shoot_id: shootId } });
    expect(job).toMatchObject({ type: 'cull', state: 'queued', shoot_id: shootId });
    const done = await until('the cull job finishes', async () => {
      const { job: j } = await owner.get('/ai/jobs/{id}', { params: { path: { id: job.id } } });
      return j.state === 'succeeded' || j.state === 'failed' ? j : null;
    });
    expect(done.state).toBe('succeeded');
    expect(done.progress).toEqual({ done: 1, total: 1 });
    expect(done.result?.photos).toEqual([expect.objectContaining({ photo_id: photoId, decision: 'keeper' })]);
  });

  it('creates a gallery from the keepers and publishes it', async () => {
    const { gallery } = await owner.post('/galleries', { body: { shoot_id: shootId, title: 'SDK gallery' } });
    expect(gallery).toMatchObject({ shoot_id: shootId, title: 'SDK gallery', photo_count: 1 });
    galleryId = gallery.id;
    const published = await owner.post('/galleries/{id}/publish', { params: { path: { id: galleryId } } });
    expect(published.gallery.id).toBe(galleryId);
    expect(published.gallery.portal_token).toEqual(expect.any(String));
    portalToken = published.gallery.portal_token;
    const galleries: string[] = [];
    for await (const g of owner.paginate('/galleries', { params: { query: { workspace_id: workspaceId } } })) galleries.push(g.id);
    expect(galleries).toEqual([galleryId]);
  });

  it('opens a client session with the portal token and favorites a photo as the client', async () => {
    const portal = createStudioClient({ baseUrl: baseUrl() });
    const { session } = await portal.post('/client-sessions', { body: { portal_token: portalToken } });
    expect(session.gallery_id).toBe(galleryId);

    const asClient = createStudioClient({ baseUrl: baseUrl(), token: session.bearer });
    const photos: string[] = [];
    for await (const p of asClient.paginate('/galleries/{id}/photos', { params: { path: { id: galleryId } } })) {
      expect(p).not.toHaveProperty('original_url');
      photos.push(p.id);
    }
    expect(photos).toEqual([photoId]);
    await asClient.post('/galleries/{id}/favorites', { params: { path: { id: galleryId } }, body: { photo_id: photoId } });
    const { gallery } = await asClient.get('/galleries/{id}', { params: { path: { id: galleryId } } });
    expect(gallery.photos.map((p) => [p.id, p.favorite])).toEqual([[photoId, true]]);

    // The client bearer reaches only its gallery's routes.
    expect(await apiError(asClient.get('/shoots/{id}', { params: { path: { id: shootId } } }))).toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
  });
});
