/** Single-shot uploads against real PostgreSQL, RabbitMQ, the S3 dev server and the worker. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary } from '@studio/grpc';
import { MISSING_ID, NOT_FOUND_TEXT, eventually, startTestUpload, uploadInternalClient, type TestUpload } from './harness.js';
import { makeJpeg, notAnImage, putIgnoringSignedSize, putTo, sha256Hex } from './images.js';

let t: TestUpload;
let jpeg: Buffer;

beforeAll(async () => {
  t = await startTestUpload({ worker: true });
  jpeg = await makeJpeg(1600, 1000, { captureTime: '2026:05:01 14:30:00' });
});
afterAll(async () => {
  await t?.stop();
});

async function outboxCount(type: string, photoId: string): Promise<number> {
  const c = new pg.Client({ connectionString: t.database.url });
  await c.connect();
  try {
    const r = await c.query(`SELECT count(*)::int AS n FROM outbox WHERE type = $1 AND payload->>'photo_id' = $2`, [type, photoId]);
    return r.rows[0].n;
  } finally {
    await c.end();
  }
}

describe('single-shot upload', () => {
  it('goes pending -> processing -> ready with derivatives, size and EXIF capture time; finalize polls without a second event', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const shootId = t.shoot(workspaceId);
    const me = callers.photographer;

    const created = await t.api('POST', '/photos', {
      as: me,
      body: {
        shoot_id: shootId,
        file_name: 'IMG_0001.JPG',
        content_type: 'image/jpeg',
        size: jpeg.length,
        sha256: sha256Hex(jpeg).toUpperCase(),
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.ok).toBe(true);
    expect(created.body.photo).toMatchObject({
      state: 'pending',
      shoot_id: shootId,
      workspace_id: workspaceId,
      size: jpeg.length,
      sha256: sha256Hex(jpeg),
      keeper: true,
    });
    // The declared size and type are signed (issue 14): the store refuses a PUT of any other size or type.
    expect(created.body.upload).toMatchObject({
      method: 'PUT',
      headers: { 'content-length': String(jpeg.length), 'content-type': 'image/jpeg' },
    });
    expect(new URL(created.body.upload.url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(Date.parse(created.body.upload.expires_at)).toBeGreaterThan(Date.now());
    const id = created.body.photo.id as string;

    expect((await putTo(created.body.upload, jpeg)).status).toBe(200);
    const fin = await t.api('POST', `/photos/${id}/finalize`, { as: me });
    expect(fin.status).toBe(200);
    expect(['processing', 'ready']).toContain(fin.body.photo.state);

    const ready = await eventually(
      () => t.api('POST', `/photos/${id}/finalize`, { as: me }),
      (r) => r.body.photo.state === 'ready',
    );
    expect(ready.body.photo).toMatchObject({
      width: 1600,
      height: 1000,
      capture_time: '2026-05-01T14:30:00.000Z',
      failure_reason: null,
      keeper: true,
    });
    expect(await outboxCount('photo.uploaded', id)).toBe(1);

    const keys = await t.upload.stores.photos.getById(id);
    expect(await t.upload.storage.head(keys!.webKey!)).toMatchObject({ contentType: 'image/jpeg' });
    expect(await t.upload.storage.head(keys!.thumbKey!)).toMatchObject({ contentType: 'image/webp' });

    const viewed = await t.api('GET', `/photos/${id}`, { as: me });
    expect(viewed.body).toMatchObject({ ok: true, photo: { id, state: 'ready' }, upload: null });
  });

  it('moves a photo once when many finalize calls race: every call answers it, one photo.uploaded', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const created = await t.api('POST', '/photos', {
      as: me,
      body: { shoot_id: t.shoot(workspaceId), file_name: 'race.jpg', content_type: 'image/jpeg', size: jpeg.length },
    });
    const id = created.body.photo.id as string;
    expect((await putTo(created.body.upload, jpeg)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.api('POST', `/photos/${id}/finalize`, { as: me })));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.photo).toMatchObject({ id, size: jpeg.length });
      expect(['processing', 'ready']).toContain(a.body.photo.state);
      expect(Date.parse(a.body.photo.uploaded_at)).not.toBeNaN();
    }
    expect(await outboxCount('photo.uploaded', id)).toBe(1);
    await eventually(
      () => t.api('GET', `/photos/${id}`, { as: me }),
      (r) => r.body.photo.state === 'ready',
    );
  });

  it('keeps the photo pending and retryable when the object is missing, the wrong size or the wrong hash', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const shootId = t.shoot(workspaceId);
    const me = callers.owner;
    const created = await t.api('POST', '/photos', {
      as: me,
      body: { shoot_id: shootId, file_name: 'b.jpg', content_type: 'image/jpeg', size: jpeg.length, sha256: sha256Hex(jpeg) },
    });
    const id = created.body.photo.id as string;

    const missing = await t.api('POST', `/photos/${id}/finalize`, { as: me });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ ok: false, error: 'invalid_input' });
    expect(missing.body.message).toMatch(/not been uploaded/);

    await putIgnoringSignedSize(created.body.upload, jpeg.subarray(0, jpeg.length - 10));
    const short = await t.api('POST', `/photos/${id}/finalize`, { as: me });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/bytes/);

    const tampered = Buffer.from(jpeg);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 100) ^ 0xff, tampered.length - 100);
    await putTo(created.body.upload, tampered);
    const badHash = await t.api('POST', `/photos/${id}/finalize`, { as: me });
    expect(badHash.status).toBe(400);
    expect(badHash.body.message).toMatch(/SHA-256/);

    const again = await t.api('GET', `/photos/${id}`, { as: me });
    expect(again.body.photo.state).toBe('pending');
    expect(again.body.upload.method).toBe('PUT');
    await putTo(again.body.upload, jpeg);
    const ok = await t.api('POST', `/photos/${id}/finalize`, { as: me });
    expect(ok.status).toBe(200);
    expect(ok.body.photo.state).not.toBe('pending');
  });

  it('marks bytes that are not an image failed with a reason', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const shootId = t.shoot(workspaceId);
    const bytes = notAnImage();
    const created = await t.api('POST', '/photos', {
      as: callers.owner,
      body: { shoot_id: shootId, file_name: 'x.jpg', content_type: 'image/jpeg', size: bytes.length },
    });
    await putTo(created.body.upload, bytes);
    expect((await t.api('POST', `/photos/${created.body.photo.id}/finalize`, { as: callers.owner })).status).toBe(200);
    const failed = await eventually(
      () => t.api('POST', `/photos/${created.body.photo.id}/finalize`, { as: callers.owner }),
      (r) => r.body.photo.state === 'failed',
    );
    expect(failed.body.photo.failure_reason).toMatch(/image/i);
  });

  it('answers another tenant byte-for-byte like a missing record, and a viewer 403', async () => {
    const a = t.tenant(['owner', 'viewer']);
    const b = t.tenant(['owner']);
    const shootA = t.shoot(a.workspaceId);
    const created = await t.api('POST', '/photos', {
      as: a.callers.owner,
      body: { shoot_id: shootA, file_name: 'a.jpg', content_type: 'image/jpeg', size: 10 },
    });
    const id = created.body.photo.id;

    for (const [method, path] of [
      ['POST', `/photos/${id}/finalize`],
      ['GET', `/photos/${id}`],
      ['POST', `/photos/${MISSING_ID}/finalize`],
    ] as const) {
      const r = await t.api(method, path, { as: b.callers.owner });
      expect(r.status).toBe(404);
      expect(r.text).toBe(NOT_FOUND_TEXT);
    }
    const foreignShoot = await t.api('POST', '/photos', {
      as: b.callers.owner,
      body: { shoot_id: shootA, file_name: 'a.jpg', content_type: 'image/jpeg', size: 10 },
    });
    expect(foreignShoot.status).toBe(404);
    expect(foreignShoot.text).toBe(NOT_FOUND_TEXT);

    const viewerCreate = await t.api('POST', '/photos', {
      as: a.callers.viewer,
      body: { shoot_id: shootA, file_name: 'a.jpg', content_type: 'image/jpeg', size: 10 },
    });
    expect(viewerCreate.status).toBe(403);
    expect(viewerCreate.body.error).toBe('forbidden');
    expect((await t.api('POST', `/photos/${id}/finalize`, { as: a.callers.viewer })).status).toBe(403);
    const viewerRead = await t.api('GET', `/photos/${id}`, { as: a.callers.viewer });
    expect(viewerRead.status).toBe(200);
    expect(viewerRead.body.upload).toBeNull();
  });

  it('refuses bad input with 400 invalid_input, never a 500', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const shootId = t.shoot(workspaceId);
    const good = { shoot_id: shootId, file_name: 'a.jpg', content_type: 'image/jpeg', size: 10 };
    const bodies: unknown[] = [
      {},
      { ...good, shoot_id: 'nope' },
      { ...good, size: 0 },
      { ...good, size: 1.5 },
      { ...good, size: '10' },
      { ...good, size: t.config.limits.maxSingleUploadBytes + 1 },
      { ...good, content_type: 'text/html' },
      { ...good, file_name: '' },
      { ...good, file_name: 'a\u0000b' },
      { ...good, sha256: 'abc' },
      [],
      null,
    ];
    for (const body of bodies) {
      const r = await t.api('POST', '/photos', { as: callers.owner, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe('invalid_input');
    }
    const malformed = await t.api('POST', '/photos', {
      as: callers.owner,
      rawBody: '{"shoot_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await t.api('POST', '/photos/not-a-uuid/finalize', { as: callers.owner })).status).toBe(400);
    expect((await t.api('POST', '/photos', { body: good })).status).toBe(401);
  });
});

describe('UploadInternal gRPC', () => {
  it('lists ready keepers in capture order (unknown capture times last) with their storage keys', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const shootId = t.shoot(workspaceId);
    const files = [
      await makeJpeg(800, 600, { seed: 2, captureTime: '2026:05:01 15:00:00' }),
      await makeJpeg(800, 600, { seed: 3, captureTime: '2026:05:01 09:00:00' }),
    ];
    const ids: string[] = [];
    for (const [i, bytes] of files.entries()) {
      const c = await t.api('POST', '/photos', {
        as: callers.owner,
        body: { shoot_id: shootId, file_name: `${i}.jpg`, content_type: 'image/jpeg', size: bytes.length },
      });
      await putTo(c.body.upload, bytes);
      await t.api('POST', `/photos/${c.body.photo.id}/finalize`, { as: callers.owner });
      ids.push(c.body.photo.id);
    }
    for (const id of ids)
      await eventually(
        () => t.api('GET', `/photos/${id}`, { as: callers.owner }),
        (r) => r.body.photo.state === 'ready',
      );

    const client = uploadInternalClient(t);
    const res = await callUnary<{ shoot_id: string; workspace_id: string }, { photos: any[] }>(client, 'ListReadyKeepers', {
      shoot_id: shootId,
      workspace_id: workspaceId,
    });
    expect(res.photos.map((p) => p.id)).toEqual([ids[1], ids[0]]);
    expect(res.photos[0]).toMatchObject({ width: 800, height: 600, capture_time: '2026-05-01T09:00:00.000Z' });
    expect(res.photos[0].original_key).toContain(ids[1]);
    expect(res.photos[0].web_key).toMatch(/web\.jpg$/);
    expect(res.photos[0].thumb_key).toMatch(/thumb\.webp$/);
    const other = await callUnary<{ shoot_id: string; workspace_id: string }, { photos: any[] }>(client, 'ListReadyKeepers', {
      shoot_id: shootId,
      workspace_id: MISSING_ID,
    });
    expect(other.photos).toEqual([]);
    await expect(callUnary(client, 'ListReadyKeepers', { shoot_id: 'x', workspace_id: workspaceId })).rejects.toMatchObject({
      kind: 'invalid_input',
    });
    client.close();
  });
});
