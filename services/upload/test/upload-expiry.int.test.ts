/**
 * Issue 14, item 11 (bounded uploads): the janitor fails pending single-shot photos whose upload URL expired a
 * margin ago (failure_code upload_expired), deletes whatever bytes landed and counts them in
 * upload_expired_photos_total; photos still within their URL's lifetime, or already uploaded, are left alone.
 * The URL lifetime is short here (PRESIGN_PUT_TTL_SECONDS=60) and time moves through the service's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpload, type Caller, type TestUpload } from './harness.js';
import { makeJpeg, putTo } from './images.js';
import { UPLOAD_EXPIRY_MARGIN_MS } from '../src/services/photo.service.js';
import { objectKeys } from '../src/services/storage.service.js';

const TTL_SECONDS = 60;
let t: TestUpload;
let jpeg: Buffer;

beforeAll(async () => {
  t = await startTestUpload({ env: { PRESIGN_PUT_TTL_SECONDS: String(TTL_SECONDS) } });
  jpeg = await makeJpeg(64, 48, { seed: 14 });
}, 120_000);

afterAll(async () => {
  t.clock.offsetMs = 0;
  await t?.stop();
});

async function expiredCount(): Promise<number> {
  const metric = t.upload.metrics.registry.getSingleMetric('upload_expired_photos_total');
  expect(metric).toBeDefined();
  const { values } = await metric!.get();
  return values.reduce((sum, v) => sum + v.value, 0);
}

async function newPhoto(as: Caller, shootId: string, name: string) {
  const created = await t.api('POST', '/photos', {
    as,
    body: { shoot_id: shootId, file_name: name, content_type: 'image/jpeg', size: jpeg.length },
  });
  expect(created.status).toBe(201);
  return created.body as {
    photo: { id: string };
    upload: { url: string; method: string; headers: Record<string, string>; expires_at: string };
  };
}

describe('janitor: pending single-shot photos whose upload URL expired', () => {
  it('fails an expired one (bytes deleted, upload_expired, counted once) and leaves live and uploaded photos alone', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const shootId = t.shoot(workspaceId);
    expect(await expiredCount()).toBe(0);

    // Abandoned: bytes PUT, never finalized.
    const abandoned = await newPhoto(me, shootId, 'abandoned.jpg');
    expect(Date.parse(abandoned.upload.expires_at) - Date.now()).toBeLessThanOrEqual(TTL_SECONDS * 1000);
    expect((await putTo(abandoned.upload, jpeg)).status).toBe(200);
    // The PUT lands on the photo's staging key (decision 0020), never on its original.
    const abandonedKey = objectKeys.staging(workspaceId, abandoned.photo.id);
    expect(await t.upload.storage.head(abandonedKey)).toMatchObject({ size: jpeg.length });
    // Uploaded and finalized (no worker here: it stays processing).
    const uploaded = await newPhoto(me, shootId, 'uploaded.jpg');
    expect((await putTo(uploaded.upload, jpeg)).status).toBe(200);
    expect((await t.api('POST', `/photos/${uploaded.photo.id}/finalize`, { as: me })).body.photo.state).toBe('processing');
    // Pending, and its client asked for a fresh URL just before the janitor runs (see below).
    const refreshed = await newPhoto(me, shootId, 'refreshed.jpg');

    // Past the URL's lifetime plus the margin.
    t.clock.offsetMs = TTL_SECONDS * 1000 + UPLOAD_EXPIRY_MARGIN_MS + 1000;
    // Created now: its URL still works.
    const live = await newPhoto(me, shootId, 'live.jpg');
    const fresh = await t.api('GET', `/photos/${refreshed.photo.id}`, { as: me });
    expect(fresh.body.upload).not.toBeNull();

    expect(await t.upload.runJanitor()).toBe(1);
    expect(await expiredCount()).toBe(1);

    const failed = await t.api('GET', `/photos/${abandoned.photo.id}`, { as: me });
    expect(failed.body.photo).toMatchObject({
      state: 'failed',
      failure_code: 'upload_expired',
      failure_reason: expect.stringMatching(/expired/),
    });
    expect(failed.body.upload).toBeNull();
    expect(await t.upload.storage.head(abandonedKey)).toBeNull();
    // Finalizing it now answers its state: no 400, no second chance.
    const late = await t.api('POST', `/photos/${abandoned.photo.id}/finalize`, { as: me });
    expect(late.status).toBe(200);
    expect(late.body.photo.state).toBe('failed');

    for (const [p, state] of [
      [uploaded, 'processing'],
      [refreshed, 'pending'],
      [live, 'pending'],
    ] as const) {
      const view = await t.api('GET', `/photos/${p.photo.id}`, { as: me });
      expect(view.body.photo).toMatchObject({ state, failure_code: null, failure_reason: null });
    }
    const uploadedKey = (await t.upload.stores.photos.getById(uploaded.photo.id))!.originalKey;
    expect(await t.upload.storage.head(uploadedKey)).toMatchObject({ size: jpeg.length });

    // Another pass has nothing to do and counts nothing twice.
    expect(await t.upload.runJanitor()).toBe(0);
    expect(await expiredCount()).toBe(1);

    // A photo whose client never PUT anything expires too (nothing to delete).
    t.clock.offsetMs += TTL_SECONDS * 1000 + UPLOAD_EXPIRY_MARGIN_MS + 1000;
    expect(await t.upload.runJanitor()).toBe(2); // refreshed and live
    expect(await expiredCount()).toBe(3);
    expect((await t.api('GET', `/photos/${live.photo.id}`, { as: me })).body.photo).toMatchObject({
      state: 'failed',
      failure_code: 'upload_expired',
    });
    expect((await t.api('GET', `/photos/${uploaded.photo.id}`, { as: me })).body.photo.state).toBe('processing');
  });
});
