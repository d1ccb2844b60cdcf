/**
 * Issue 28 item 5 (docs/decisions/0020-upload-hardening.md), against real PostgreSQL, RabbitMQ, the S3-compatible
 * dev server and the worker:
 * - only the raster formats the pipeline decodes are accepted: the declared type at creation (400), the object's
 *   magic numbers at finalize / complete (the photo fails, the bytes are deleted: nothing at the final key);
 * - an original is written once: clients PUT to a staging key, finalize copies it to the original key; a PUT to the
 *   client's URL after finalize does not change the original (the janitor deletes what it left);
 * - the original carries the verified content type and `Content-Disposition: attachment`; derivatives their types.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestUpload, type Caller, type TestUpload } from './harness.js';
import { makeJpeg, putTo, sha256Hex } from './images.js';
import { UPLOAD_CONTENT_TYPES } from '../src/imaging/formats.js';
import { objectKeys } from '../src/services/storage.service.js';

const MiB = 1024 * 1024;
let t: TestUpload;
let jpeg: Buffer;

beforeAll(async () => {
  t = await startTestUpload({ worker: true });
  jpeg = await makeJpeg(800, 600, { seed: 28 });
});
afterAll(async () => {
  await t?.stop();
});

/** An SVG with a script, `size` bytes long (padded with a comment) so it fits a URL signed for that size. */
function svgOf(size: number): Buffer {
  const head = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script><!--';
  const tail = '--></svg>\n';
  return Buffer.from(head + 'x'.repeat(Math.max(0, size - head.length - tail.length)) + tail);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function stored(key: string): Promise<Buffer | null> {
  return (await t.upload.storage.head(key)) ? t.upload.storage.getBuffer(key) : null;
}

async function createPhoto(as: Caller, shootId: string, body: Record<string, unknown>) {
  return t.api('POST', '/photos', { as, body: { shoot_id: shootId, file_name: 'a.jpg', ...body } });
}

describe('upload formats', () => {
  it('refuses at creation a content type the pipeline does not decode, naming the allowed ones', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const shootId = t.shoot(workspaceId);
    for (const type of ['image/svg+xml', 'image/heic', 'image/x-canon-cr2', 'application/octet-stream', 'text/html']) {
      const r = await createPhoto(me, shootId, { content_type: type, size: 100 });
      expect(r.status, type).toBe(400);
      expect(r.body.error).toBe('invalid_input');
      expect(r.text).toContain(UPLOAD_CONTENT_TYPES.join(', '));
    }
    // Case does not matter; the photo carries the canonical type.
    const png = await createPhoto(me, shootId, { content_type: ' IMAGE/PNG', size: 100 });
    expect(png.status).toBe(201);
    expect(png.body.photo.content_type).toBe('image/png');
    expect(png.body.upload.headers['content-type']).toBe('image/png');

    const sid = (await t.api('POST', '/upload-sessions', { as: me, body: { shoot_id: shootId } })).body.session.id;
    const reg = await t.api('POST', `/upload-sessions/${sid}/files`, {
      as: me,
      body: { files: [{ file_name: 'x.svg', size: 100, content_type: 'image/svg+xml' }] },
    });
    expect(reg.status).toBe(400);
    expect(reg.text).toContain('image/jpeg');
  });

  it('refuses SVG bytes declared as image/jpeg at finalize: the photo fails, no bytes stay, no event', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const svg = svgOf(4000);
    const created = await createPhoto(me, t.shoot(workspaceId), { content_type: 'image/jpeg', size: svg.length });
    expect(created.status).toBe(201);
    const id = created.body.photo.id as string;
    expect((await putTo(created.body.upload, svg)).status).toBe(200);

    const fin = await t.api('POST', `/photos/${id}/finalize`, { as: me });
    expect(fin.status).toBe(200);
    expect(fin.body.photo).toMatchObject({ id, state: 'failed', failure_code: null });
    expect(fin.body.photo.failure_reason).toMatch(/not a image\/jpeg image \(its bytes are SVG\)/);
    const row = (await t.upload.stores.photos.getById(id))!;
    expect(await t.upload.storage.head(row.originalKey)).toBeNull();
    expect(await t.upload.storage.head(objectKeys.staging(workspaceId, id))).toBeNull();
    // Finalizing again answers the failed photo; nothing was queued for the worker.
    const again = await t.api('POST', `/photos/${id}/finalize`, { as: me });
    expect(again.body.photo.state).toBe('failed');
    const db = new pg.Client({ connectionString: t.database.url });
    await db.connect();
    try {
      const c = await db.query(`SELECT count(*)::int AS n FROM outbox WHERE payload->>'photo_id' = $1`, [id]);
      expect(c.rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  });

  it('refuses the same in a multipart session: the file completes into a failed photo and its object is deleted', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const me = callers.owner;
    const sid = (await t.api('POST', '/upload-sessions', { as: me, body: { shoot_id: t.shoot(workspaceId) } })).body.session.id;
    const svg = svgOf(3000);
    const f = (
      await t.api('POST', `/upload-sessions/${sid}/files`, {
        as: me,
        body: { file_name: 'evil.jpg', size: svg.length, content_type: 'image/jpeg', sha256: sha256Hex(svg) },
      })
    ).body.files[0];
    const url = (await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/parts/sign`, { as: me, body: { part_numbers: [1] } })).body
      .parts[0];
    const etag = (await putTo(url, svg)).headers.get('etag');
    await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/parts/complete`, { as: me, body: { part_number: 1, etag } });

    const done = await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/complete`, { as: me });
    expect(done.status).toBe(200);
    expect(done.body.file.state).toBe('completed');
    expect(done.body.photo).toMatchObject({ state: 'failed', upload_file_id: f.id });
    expect(done.body.photo.failure_reason).toMatch(/its bytes are SVG/);
    expect(await t.upload.storage.head(objectKeys.original(workspaceId, done.body.photo.id))).toBeNull();
    const again = await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/complete`, { as: me });
    expect(again.body.photo).toMatchObject({ id: done.body.photo.id, state: 'failed' });
  });
});

describe('an original is written once, as a verified raster served as an attachment', () => {
  it('single-shot: the client PUTs to a staging key; a PUT after finalize leaves the original as verified', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const created = await createPhoto(me, t.shoot(workspaceId), { content_type: 'image/jpeg', size: jpeg.length, sha256: sha256Hex(jpeg) });
    const id = created.body.photo.id as string;
    const original = objectKeys.original(workspaceId, id);
    const staging = objectKeys.staging(workspaceId, id);
    expect(new URL(created.body.upload.url).pathname).toContain(`/${staging}`);
    expect((await putTo(created.body.upload, jpeg)).status).toBe(200);
    expect(await t.upload.storage.head(original)).toBeNull(); // nothing reaches the original before finalize

    const fin = await t.api('POST', `/photos/${id}/finalize`, { as: me });
    expect(fin.status).toBe(200);
    expect(fin.body.photo.state).not.toBe('pending');
    expect(await t.upload.storage.head(original)).toMatchObject({
      size: jpeg.length,
      contentType: 'image/jpeg',
      contentDisposition: 'attachment',
    });
    expect(sha((await stored(original))!)).toBe(sha256Hex(jpeg));
    expect(await t.upload.storage.head(staging)).toBeNull();

    // The URL still works for a while: a second PUT (an SVG of the same size, as the probe did) lands on staging.
    const svg = svgOf(jpeg.length);
    expect((await putTo(created.body.upload, svg)).status).toBe(200);
    expect(sha((await stored(original))!)).toBe(sha256Hex(jpeg));
    expect(await t.upload.storage.head(original)).toMatchObject({ contentType: 'image/jpeg', contentDisposition: 'attachment' });
    // Finalizing again changes nothing, and the janitor deletes the stray staged object.
    expect((await t.api('POST', `/photos/${id}/finalize`, { as: me })).body.photo.state).not.toBe('pending');
    expect(sha((await stored(original))!)).toBe(sha256Hex(jpeg));
    expect(await t.upload.storage.head(staging)).not.toBeNull();
    await t.upload.runJanitor();
    expect(await t.upload.storage.head(staging)).toBeNull();

    // The derivatives are written by the worker alone, with their own raster types.
    const ready = await eventually(
      () => t.api('GET', `/photos/${id}`, { as: me }),
      (r) => r.body.photo.state === 'ready',
    );
    expect(ready.body.upload).toBeNull();
    const row = (await t.upload.stores.photos.getById(id))!;
    expect(await t.upload.storage.head(row.webKey!)).toMatchObject({ contentType: 'image/jpeg' });
    expect(await t.upload.storage.head(row.thumbKey!)).toMatchObject({ contentType: 'image/webp' });
    expect(sha((await stored(original))!)).toBe(sha256Hex(jpeg));
  });

  it('the janitor keeps the staged bytes of a pending photo', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const created = await createPhoto(me, t.shoot(workspaceId), { content_type: 'image/jpeg', size: jpeg.length });
    expect((await putTo(created.body.upload, jpeg)).status).toBe(200);
    await t.upload.runJanitor();
    const staging = objectKeys.staging(workspaceId, created.body.photo.id);
    expect(await t.upload.storage.head(staging)).toMatchObject({ size: jpeg.length });
    expect((await t.api('POST', `/photos/${created.body.photo.id}/finalize`, { as: me })).body.photo.state).not.toBe('pending');
  });

  it('finalizes a pending photo whose bytes a URL of the previous release PUT at the original key', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const created = await createPhoto(me, t.shoot(workspaceId), { content_type: 'image/jpeg', size: jpeg.length });
    const id = created.body.photo.id as string;
    const original = objectKeys.original(workspaceId, id);
    await t.upload.storage.put(original, jpeg, 'image/jpeg'); // what the old URL (of the original key) did
    const fin = await t.api('POST', `/photos/${id}/finalize`, { as: me });
    expect(fin.status).toBe(200);
    expect(fin.body.photo.state).not.toBe('pending');
    expect(await t.upload.storage.head(original)).toMatchObject({ contentType: 'image/jpeg', contentDisposition: 'attachment' });
    expect(sha((await stored(original))!)).toBe(sha256Hex(jpeg));
  });

  it('multipart: the assembled original carries our type and disposition; the part URLs cannot change it', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const me = callers.owner;
    const sid = (await t.api('POST', '/upload-sessions', { as: me, body: { shoot_id: t.shoot(workspaceId) } })).body.session.id;
    const big = Buffer.concat([jpeg, Buffer.alloc(6 * MiB - jpeg.length, 0)]);
    const f = (
      await t.api('POST', `/upload-sessions/${sid}/files`, {
        as: me,
        body: { file_name: 'big.jpg', size: big.length, content_type: 'image/jpeg', sha256: sha256Hex(big), part_size: 5 * MiB },
      })
    ).body.files[0];
    const urls = (await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/parts/sign`, { as: me, body: { part_numbers: [1, 2] } })).body
      .parts;
    for (const [i, u] of urls.entries()) {
      const res = await putTo(u, big.subarray(i * 5 * MiB, (i + 1) * 5 * MiB));
      const etag = res.headers.get('etag');
      await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/parts/complete`, { as: me, body: { part_number: i + 1, etag } });
    }
    const done = await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/complete`, { as: me });
    expect(done.status).toBe(200);
    expect(done.body.photo.state).toBe('processing');
    const original = objectKeys.original(workspaceId, done.body.photo.id);
    expect(await t.upload.storage.head(original)).toMatchObject({
      size: big.length,
      contentType: 'image/jpeg',
      contentDisposition: 'attachment',
    });

    // The part URLs name an upload that no longer exists: the store refuses them and the original stays.
    const svg = svgOf(Number(urls[1].headers['content-length']));
    expect((await putTo(urls[1], svg)).status).toBe(404);
    expect(sha((await stored(original))!)).toBe(sha256Hex(big));
  });
});
