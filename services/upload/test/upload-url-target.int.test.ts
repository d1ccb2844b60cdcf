/**
 * UPLOAD_URL_TARGET=original, the setting of an upgrade from 1.0.x (deploy/README.md, decision 0025): single-shot
 * URLs write the original key itself, which 1.0.x's finalize reads, and this release's finalize promotes the bytes in
 * place with the same checks and metadata as a staged upload. Without the setting the URLs write the staging key
 * (upload-hardening.int.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestUpload, type TestUpload } from './harness.js';
import { makeJpeg, putTo, sha256Hex } from './images.js';
import { objectKeys } from '../src/services/storage.service.js';

let t: TestUpload;
let jpeg: Buffer;

beforeAll(async () => {
  t = await startTestUpload({ worker: true, env: { UPLOAD_URL_TARGET: 'original' } });
  jpeg = await makeJpeg(640, 480, { seed: 11 });
});
afterAll(async () => {
  await t?.stop();
});

describe('UPLOAD_URL_TARGET=original', () => {
  it('signs URLs of the original key; finalize checks the bytes in place and the photo is processed', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const created = await t.api('POST', '/photos', {
      as: me,
      body: { shoot_id: t.shoot(workspaceId), file_name: 'a.jpg', content_type: 'image/jpeg', size: jpeg.length, sha256: sha256Hex(jpeg) },
    });
    expect(created.status).toBe(201);
    const id = created.body.photo.id as string;
    const original = objectKeys.original(workspaceId, id);
    expect(new URL(created.body.upload.url).pathname).toContain(`/${original}`);
    // A fresh URL of a pending photo names the same key.
    const again = await t.api('GET', `/photos/${id}`, { as: me });
    expect(new URL(again.body.upload.url).pathname).toContain(`/${original}`);

    expect((await putTo(created.body.upload, jpeg)).status).toBe(200);
    expect(await t.upload.storage.head(objectKeys.staging(workspaceId, id))).toBeNull();
    const fin = await t.api('POST', `/photos/${id}/finalize`, { as: me });
    expect(fin.status).toBe(200);
    expect(fin.body.photo.state).not.toBe('pending');
    expect(await t.upload.storage.head(original)).toMatchObject({ contentType: 'image/jpeg', contentDisposition: 'attachment' });
    expect(sha256Hex(await t.upload.storage.getBuffer(original))).toBe(sha256Hex(jpeg));
    const done = await eventually(
      () => t.api('GET', `/photos/${id}`, { as: me }),
      (r) => r.body.photo.state !== 'processing',
    );
    expect(done.body.photo.state).toBe('ready');
  });

  it('bytes that are not the declared format still fail the photo and are deleted', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const text = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(300, ' '));
    const created = await t.api('POST', '/photos', {
      as: me,
      body: { shoot_id: t.shoot(workspaceId), file_name: 'a.jpg', content_type: 'image/jpeg', size: text.length },
    });
    const id = created.body.photo.id as string;
    expect((await putTo(created.body.upload, text)).status).toBe(200);
    const fin = await t.api('POST', `/photos/${id}/finalize`, { as: me });
    expect(fin.status).toBe(200);
    expect(fin.body.photo.state).toBe('failed');
    expect(await t.upload.storage.head(objectKeys.original(workspaceId, id))).toBeNull();
  });
});
