/** Single-shot photo uploads through the gateway: bytes go straight to the object store via presigned URLs. */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, NOT_FOUND_TEXT } from './support/client.js';
import { tenant } from './support/operator.js';
import {
  createShoot,
  makeJpeg,
  notAnImage,
  putIgnoringSignedSize,
  putTo,
  sha256Hex,
  uploadPhoto,
  waitProcessed,
} from './support/photos.js';

describe('single-shot photo upload', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  let shootId: string;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await tenant(['owner', 'photographer', 'viewer']);
    shootId = await createShoot(t.tokens.owner, t.workspaceId);
    jpeg = await makeJpeg({ width: 1500, height: 1000, captureTime: '2026:06:01 10:15:30' });
  });

  it('uploads to a presigned URL, finalizes, and polls finalize until the photo is ready', async () => {
    const created = await api('POST', '/photos', {
      token: t.tokens.photographer,
      body: { shoot_id: shootId, file_name: 'IMG_1.JPG', content_type: 'image/jpeg', size: jpeg.length, sha256: sha256Hex(jpeg) },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ok: true,
      photo: { state: 'pending', shoot_id: shootId, workspace_id: t.workspaceId },
      upload: { method: 'PUT' },
    });
    expect(new URL(created.body.upload.url).pathname).not.toContain('/api/v1');

    expect((await putTo(created.body.upload, jpeg)).status).toBe(200);
    const fin = await api('POST', `/photos/${created.body.photo.id}/finalize`, { token: t.tokens.photographer });
    expect(fin.status).toBe(200);
    expect(fin.body.photo.state).not.toBe('pending');

    const done = await waitProcessed(t.tokens.photographer, created.body.photo.id);
    expect(done.body.photo).toMatchObject({
      state: 'ready',
      width: 1500,
      height: 1000,
      capture_time: '2026-06-01T10:15:30.000Z',
      keeper: true,
    });
  });

  it('answers 400 and keeps the photo pending for a missing object, a wrong size and a hash mismatch', async () => {
    const created = await api('POST', '/photos', {
      token: t.tokens.owner,
      body: { shoot_id: shootId, file_name: 'a.jpg', content_type: 'image/jpeg', size: jpeg.length, sha256: sha256Hex(jpeg) },
    });
    const id = created.body.photo.id;
    const missing = await api('POST', `/photos/${id}/finalize`, { token: t.tokens.owner });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_input');

    await putIgnoringSignedSize(created.body.upload, jpeg.subarray(1));
    expect((await api('POST', `/photos/${id}/finalize`, { token: t.tokens.owner })).status).toBe(400);

    const other = await makeJpeg({ width: 1500, height: 1000, seed: 77 });
    const sameSize = Buffer.concat([other, Buffer.alloc(Math.max(0, jpeg.length - other.length))]).subarray(0, jpeg.length);
    await putTo(created.body.upload, sameSize);
    const hash = await api('POST', `/photos/${id}/finalize`, { token: t.tokens.owner });
    expect(hash.status).toBe(400);
    expect(hash.body.message).toMatch(/SHA-256/);

    const still = await api('GET', `/photos/${id}`, { token: t.tokens.owner });
    expect(still.body.photo.state).toBe('pending');
    await putTo(still.body.upload, jpeg);
    expect((await api('POST', `/photos/${id}/finalize`, { token: t.tokens.owner })).status).toBe(200);
  });

  it('marks non-image bytes failed with a reason', async () => {
    const id = await uploadPhoto(t.tokens.owner, shootId, notAnImage(), 'notes.jpg');
    const done = await waitProcessed(t.tokens.owner, id);
    expect(done.body.photo.state).toBe('failed');
    expect(done.body.photo.failure_reason).toMatch(/image/i);
  });

  it('gives another tenant the exact 404 body, a viewer 403, and bad input 400', async () => {
    const other = await tenant(['owner']);
    const created = await api('POST', '/photos', {
      token: t.tokens.owner,
      body: { shoot_id: shootId, file_name: 'x.jpg', content_type: 'image/jpeg', size: 100 },
    });
    for (const [method, path, body] of [
      ['POST', `/photos/${created.body.photo.id}/finalize`, undefined],
      ['GET', `/photos/${created.body.photo.id}`, undefined],
      ['POST', '/photos', { shoot_id: shootId, file_name: 'x.jpg', content_type: 'image/jpeg', size: 100 }],
    ] as const) {
      const r = await api(method, path, { token: other.tokens.owner, body });
      expect(r.status).toBe(404);
      expect(r.text).toBe(NOT_FOUND_TEXT);
    }
    const viewer = await api('POST', '/photos', {
      token: t.tokens.viewer,
      body: { shoot_id: shootId, file_name: 'x.jpg', content_type: 'image/jpeg', size: 100 },
    });
    expect(viewer.status).toBe(403);
    expect(viewer.body).toMatchObject({ ok: false, error: 'forbidden' });
    expect((await api('POST', `/photos/${created.body.photo.id}/finalize`, { token: t.tokens.viewer })).status).toBe(403);

    for (const body of [
      {},
      { shoot_id: shootId, file_name: 'x.jpg', content_type: 'image/jpeg', size: -1 },
      { shoot_id: 'x', file_name: 'x', content_type: 'image/jpeg', size: 1 },
    ]) {
      const r = await api('POST', '/photos', { token: t.tokens.owner, body });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid_input');
    }
    expect((await api('POST', '/photos/not-a-uuid/finalize', { token: t.tokens.owner })).status).toBe(400);
  });
});
