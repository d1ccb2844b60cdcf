/** Multipart upload sessions against real PostgreSQL, RabbitMQ, the S3 dev server (real multipart) and the worker. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, NOT_FOUND_TEXT, eventually, startTestUpload, type Caller, type TestUpload } from './harness.js';
import { makeJpeg, notAnImage, putIgnoringSignedSize, putTo, sha256Hex } from './images.js';

const MiB = 1024 * 1024;
let t: TestUpload;
let big: Buffer; // a decodable JPEG padded to 6.5 MiB: two parts of 5 MiB + rest
let small: Buffer;

beforeAll(async () => {
  t = await startTestUpload({ worker: true });
  const jpeg = await makeJpeg(1600, 1000, { seed: 5 });
  big = Buffer.concat([jpeg, Buffer.alloc(6.5 * MiB - jpeg.length, 0)]);
  small = await makeJpeg(900, 600, { seed: 6 });
});
afterAll(async () => {
  await t?.stop();
});

const part = (buf: Buffer, partSize: number, n: number) => buf.subarray((n - 1) * partSize, n * partSize);

async function uploadPart(
  as: Caller,
  sessionId: string,
  fileId: string,
  url: { url: string; method: string; headers: Record<string, string> },
  bytes: Buffer,
  n: number,
  opts: { ignoreSignedSize?: boolean } = {},
) {
  const res = await (opts.ignoreSignedSize ? putIgnoringSignedSize : putTo)(url, bytes);
  expect(res.status).toBe(200);
  const etag = res.headers.get('etag')!;
  const rec = await t.api('POST', `/upload-sessions/${sessionId}/files/${fileId}/parts/complete`, { as, body: { part_number: n, etag } });
  expect(rec.status).toBe(200);
  return etag;
}

async function newSession(as: Caller, shootId: string) {
  const r = await t.api('POST', '/upload-sessions', { as, body: { shoot_id: shootId } });
  expect(r.status).toBe(201);
  return r.body.session.id as string;
}

describe('multipart upload session', () => {
  it('uploads three files with pause, a refused sign, unpause, resume after losing client state, abort and finalize', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const shootId = t.shoot(workspaceId);
    const created = await t.api('POST', '/upload-sessions', { as: me, body: { shoot_id: shootId } });
    expect(created.status).toBe(201);
    expect(created.body.session).toMatchObject({
      state: 'in_flight',
      shoot_id: shootId,
      workspace_id: workspaceId,
      files: [],
      counts: { files: 0 },
    });
    const sid = created.body.session.id as string;

    const reg = await t.api('POST', `/upload-sessions/${sid}/files`, {
      as: me,
      body: {
        files: [
          { file_name: 'big.jpg', size: big.length, content_type: 'image/jpeg', sha256: sha256Hex(big), part_size: 5 * MiB },
          { file_name: 'small.jpg', size: small.length, content_type: 'image/jpeg' },
          { file_name: 'dropped.jpg', size: small.length, content_type: 'image/jpeg' },
          { file_name: 'never.jpg', size: small.length, content_type: 'image/jpeg' },
        ],
      },
    });
    expect(reg.status).toBe(201);
    const [fBig, fSmall, fDrop, fNever] = reg.body.files;
    expect(fBig).toMatchObject({ part_size: 5 * MiB, part_count: 2, state: 'uploading', parts_done: 0, photo_id: null });
    expect(fSmall).toMatchObject({ part_count: 1, part_size: 8 * MiB });

    // Part 1 of the big file, then a pause.
    const signed = await t.api('POST', `/upload-sessions/${sid}/files/${fBig.id}/parts/sign`, { as: me, body: { part_numbers: [1, 2] } });
    expect(signed.status).toBe(200);
    expect(signed.body.parts.map((p: any) => p.part_number)).toEqual([1, 2]);
    // Each part URL signs its exact size (issue 14): 5 MiB, then the remainder; the client sends it verbatim.
    expect(signed.body.parts.map((p: any) => p.headers)).toEqual([
      { 'content-length': String(5 * MiB) },
      { 'content-length': String(big.length - 5 * MiB) },
    ]);
    for (const p of signed.body.parts) expect(new URL(p.url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    const etag1 = await uploadPart(me, sid, fBig.id, signed.body.parts[0], part(big, 5 * MiB, 1), 1);

    const paused = await t.api('POST', `/upload-sessions/${sid}/pause`, { as: me });
    expect(paused.body.session.state).toBe('paused');
    expect((await t.api('POST', `/upload-sessions/${sid}/pause`, { as: me })).body.session.state).toBe('paused');
    const refused = await t.api('POST', `/upload-sessions/${sid}/files/${fSmall.id}/parts/sign`, { as: me, body: { part_numbers: [1] } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('conflict');
    expect((await t.api('POST', `/upload-sessions/${sid}/resume`, { as: me })).status).toBe(409);
    const unpaused = await t.api('POST', `/upload-sessions/${sid}/unpause`, { as: me });
    expect(unpaused.body.session.state).toBe('in_flight');

    // The client forgot everything: the resume manifest tells what is done and signs what is missing.
    const manifest = await t.api('POST', `/upload-sessions/${sid}/resume`, { as: me });
    expect(manifest.status).toBe(200);
    const mBig = manifest.body.files.find((f: any) => f.id === fBig.id);
    expect(mBig.parts_done).toEqual([expect.objectContaining({ part_number: 1, etag: etag1 })]);
    expect(mBig.parts_missing).toEqual([2]);
    expect(mBig.urls.map((u: any) => u.part_number)).toEqual([2]);
    expect(mBig.urls[0].headers).toEqual({ 'content-length': String(big.length - 5 * MiB) });
    const mSmall = manifest.body.files.find((f: any) => f.id === fSmall.id);
    expect(mSmall.parts_missing).toEqual([1]);

    await uploadPart(me, sid, fBig.id, mBig.urls[0], part(big, 5 * MiB, 2), 2);
    await uploadPart(me, sid, fSmall.id, mSmall.urls[0], small, 1);

    const doneBig = await t.api('POST', `/upload-sessions/${sid}/files/${fBig.id}/complete`, { as: me });
    expect(doneBig.status).toBe(200);
    expect(doneBig.body.file).toMatchObject({ state: 'completed', parts_done: 2 });
    expect(doneBig.body.photo).toMatchObject({ state: 'processing', size: big.length, sha256: sha256Hex(big), upload_file_id: fBig.id });
    const again = await t.api('POST', `/upload-sessions/${sid}/files/${fBig.id}/complete`, { as: me });
    expect(again.body.photo.id).toBe(doneBig.body.photo.id);
    const doneSmall = await t.api('POST', `/upload-sessions/${sid}/files/${fSmall.id}/complete`, { as: me });
    expect(doneSmall.status).toBe(200);

    // Abort frees the parts: the old part URL no longer reaches an upload.
    const dropUrl = (await t.api('POST', `/upload-sessions/${sid}/files/${fDrop.id}/parts/sign`, { as: me, body: { part_numbers: [1] } }))
      .body.parts[0];
    const aborted = await t.api('POST', `/upload-sessions/${sid}/files/${fDrop.id}/abort`, { as: me });
    expect(aborted.body.file).toMatchObject({ state: 'aborted', abort_reason: 'client_abort' });
    expect((await putTo(dropUrl, small)).status).toBe(404);
    expect((await t.api('POST', `/upload-sessions/${sid}/files/${fDrop.id}/abort`, { as: me })).status).toBe(200);
    expect((await t.api('POST', `/upload-sessions/${sid}/files/${fDrop.id}/complete`, { as: me })).status).toBe(409);

    const fin = await t.api('POST', `/upload-sessions/${sid}/finalize`, { as: me });
    expect(fin.status).toBe(200);
    expect(fin.body.session.state).toBe('finalized');
    expect(fin.body.incomplete_files).toEqual([{ id: fNever.id, file_name: 'never.jpg', parts_done: 0, part_count: 1 }]);
    expect(fin.body.session.counts).toEqual({ files: 4, uploading: 0, completed: 2, aborted: 2 });
    expect((await t.api('POST', `/upload-sessions/${sid}/finalize`, { as: me })).body.incomplete_files).toHaveLength(1);
    expect(
      (await t.api('POST', `/upload-sessions/${sid}/files/${fNever.id}/parts/sign`, { as: me, body: { part_numbers: [1] } })).status,
    ).toBe(409);
    expect(
      (
        await t.api('POST', `/upload-sessions/${sid}/files`, {
          as: me,
          body: { file_name: 'late.jpg', size: 10, content_type: 'image/jpeg' },
        })
      ).status,
    ).toBe(409);

    const view = await t.api('GET', `/upload-sessions/${sid}`, { as: me });
    const vBig = view.body.session.files.find((f: any) => f.id === fBig.id);
    expect(vBig.parts.map((p: any) => p.part_number)).toEqual([1, 2]);
    expect(view.body.session.files.find((f: any) => f.id === fNever.id)).toMatchObject({
      state: 'aborted',
      abort_reason: 'session_finalized',
    });

    for (const photoId of [doneBig.body.photo.id, doneSmall.body.photo.id]) {
      const ready = await eventually(
        () => t.api('GET', `/photos/${photoId}`, { as: me }),
        (r) => r.body.photo.state !== 'processing',
      );
      expect(ready.body.photo.state).toBe('ready');
    }
  });

  it('keeps every part on a missing part, an unknown part or a wrong ETag, and completes once fixed', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const me = callers.owner;
    const sid = await newSession(me, t.shoot(workspaceId));
    const reg = await t.api('POST', `/upload-sessions/${sid}/files`, {
      as: me,
      body: { file_name: 'big.jpg', size: big.length, content_type: 'image/jpeg', part_size: 5 * MiB },
    });
    const f = reg.body.files[0];
    const urls = (await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/parts/sign`, { as: me, body: { part_numbers: [2, 1, 2] } }))
      .body.parts;
    expect(urls.map((u: any) => u.part_number)).toEqual([1, 2]);

    expect((await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/parts/sign`, { as: me, body: { part_numbers: [3] } })).status).toBe(
      400,
    );
    expect(
      (await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/parts/complete`, { as: me, body: { part_number: 3, etag: '"abc"' } }))
        .status,
    ).toBe(400);

    const etag1 = await uploadPart(me, sid, f.id, urls[0], part(big, 5 * MiB, 1), 1);
    const missing = await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/complete`, { as: me });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'invalid_input', missing_parts: [2] });

    const put2 = await putTo(urls[1], part(big, 5 * MiB, 2));
    const wrong = await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/parts/complete`, {
      as: me,
      body: { part_number: 2, etag: '0123456789abcdef0123456789abcdef' },
    });
    expect(wrong.body.part.etag).toBe('"0123456789abcdef0123456789abcdef"');
    const badEtag = await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/complete`, { as: me });
    expect(badEtag.status).toBe(400);
    expect(badEtag.body.message).toMatch(/ETag/);

    const state = await t.api('GET', `/upload-sessions/${sid}`, { as: me });
    expect(state.body.session.files[0]).toMatchObject({ state: 'uploading', parts_done: 2 });
    expect(state.body.session.files[0].parts[0].etag).toBe(etag1);

    await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/parts/complete`, {
      as: me,
      body: { part_number: 2, etag: put2.headers.get('etag') },
    });
    const ok = await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/complete`, { as: me });
    expect(ok.status).toBe(200);
    expect(ok.body.photo.state).toBe('processing');
  });

  it('resets a file whose assembled object has the wrong size or hash, and fails non-image bytes', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const me = callers.owner;
    const sid = await newSession(me, t.shoot(workspaceId));
    const reg = await t.api('POST', `/upload-sessions/${sid}/files`, {
      as: me,
      body: {
        files: [
          { file_name: 'size.jpg', size: small.length + 5, content_type: 'image/jpeg' },
          { file_name: 'hash.jpg', size: small.length, content_type: 'image/jpeg', sha256: 'a'.repeat(64) },
          { file_name: 'doc.jpg', size: notAnImage().length, content_type: 'image/jpeg' },
        ],
      },
    });
    const [fSize, fHash, fDoc] = reg.body.files;
    for (const [f, bytes] of [
      [fSize, small],
      [fHash, small],
      [fDoc, notAnImage()],
    ] as const) {
      const url = (await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/parts/sign`, { as: me, body: { part_numbers: [1] } })).body
        .parts[0];
      // fSize's URL signs its declared size (5 bytes more than sent): only a client ignoring it gets here.
      await uploadPart(me, sid, f.id, url, bytes, 1, { ignoreSignedSize: f === fSize });
    }
    const size = await t.api('POST', `/upload-sessions/${sid}/files/${fSize.id}/complete`, { as: me });
    expect(size.status).toBe(400);
    expect(size.body.message).toMatch(/bytes.*reset/);
    const hash = await t.api('POST', `/upload-sessions/${sid}/files/${fHash.id}/complete`, { as: me });
    expect(hash.status).toBe(400);
    expect(hash.body.message).toMatch(/SHA-256.*reset/);
    const after = await t.api('GET', `/upload-sessions/${sid}`, { as: me });
    expect(after.body.session.files.slice(0, 2).map((f: any) => [f.state, f.parts_done])).toEqual([
      ['uploading', 0],
      ['uploading', 0],
    ]);
    // The reset file takes a fresh upload: a correct file assembles now.
    const url = (await t.api('POST', `/upload-sessions/${sid}/files/${fHash.id}/parts/sign`, { as: me, body: { part_numbers: [1] } })).body
      .parts[0];
    const etag = (await putTo(url, small)).headers.get('etag');
    expect(etag).toBeTruthy();

    const doc = await t.api('POST', `/upload-sessions/${sid}/files/${fDoc.id}/complete`, { as: me });
    expect(doc.status).toBe(200);
    const failed = await eventually(
      () => t.api('GET', `/photos/${doc.body.photo.id}`, { as: me }),
      (r) => r.body.photo.state === 'failed',
    );
    expect(failed.body.photo.failure_reason).toBeTruthy();
  });

  it('hides other tenants (404, same bytes), refuses viewers (403) and bad input (400)', async () => {
    const a = t.tenant(['owner', 'viewer']);
    const b = t.tenant(['owner']);
    const shootA = t.shoot(a.workspaceId);
    const sid = await newSession(a.callers.owner, shootA);
    const f = (
      await t.api('POST', `/upload-sessions/${sid}/files`, {
        as: a.callers.owner,
        body: { file_name: 'x.jpg', size: 100, content_type: 'image/jpeg' },
      })
    ).body.files[0];
    const otherSid = await newSession(b.callers.owner, t.shoot(b.workspaceId));

    const routes: [string, string, unknown?][] = [
      ['GET', `/upload-sessions/${sid}`],
      ['POST', `/upload-sessions/${sid}/files`, { file_name: 'y.jpg', size: 5, content_type: 'image/jpeg' }],
      ['POST', `/upload-sessions/${sid}/files/${f.id}/parts/sign`, { part_numbers: [1] }],
      ['POST', `/upload-sessions/${sid}/files/${f.id}/parts/complete`, { part_number: 1, etag: '"abc"' }],
      ['POST', `/upload-sessions/${sid}/files/${f.id}/complete`],
      ['POST', `/upload-sessions/${sid}/files/${f.id}/abort`],
      ['POST', `/upload-sessions/${sid}/finalize`],
      ['POST', `/upload-sessions/${sid}/resume`],
      ['POST', `/upload-sessions/${sid}/pause`],
      ['POST', `/upload-sessions/${sid}/unpause`],
    ];
    for (const [method, path, body] of routes) {
      const r = await t.api(method, path, { as: b.callers.owner, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.text).toBe(NOT_FOUND_TEXT);
    }
    // A file id of another session, and a missing session.
    const crossed = await t.api('POST', `/upload-sessions/${otherSid}/files/${f.id}/abort`, { as: b.callers.owner });
    expect(crossed.text).toBe(NOT_FOUND_TEXT);
    expect((await t.api('GET', `/upload-sessions/${MISSING_ID}`, { as: a.callers.owner })).text).toBe(NOT_FOUND_TEXT);
    expect((await t.api('POST', '/upload-sessions', { as: b.callers.owner, body: { shoot_id: shootA } })).text).toBe(NOT_FOUND_TEXT);

    expect((await t.api('POST', '/upload-sessions', { as: a.callers.viewer, body: { shoot_id: shootA } })).status).toBe(403);
    for (const [method, path, body] of routes.slice(1)) {
      const r = await t.api(method, path, { as: a.callers.viewer, body });
      expect(r.status, `${method} ${path}`).toBe(403);
    }
    expect((await t.api('GET', `/upload-sessions/${sid}`, { as: a.callers.viewer })).status).toBe(200);

    const bad: [string, unknown][] = [
      [`/upload-sessions/${sid}/files`, { file_name: 'x.jpg', size: 100, content_type: 'image/jpeg', part_size: 1024 }],
      [`/upload-sessions/${sid}/files`, { file_name: 'x.jpg', size: 6 * 1024 * 1024 * 1024 * 1024, content_type: 'image/jpeg' }],
      [
        `/upload-sessions/${sid}/files`,
        { file_name: 'x.jpg', size: 100 * 1024 * 1024 * 1024, content_type: 'image/jpeg', part_size: 5 * MiB },
      ],
      [`/upload-sessions/${sid}/files`, { files: [] }],
      [`/upload-sessions/${sid}/files`, { files: 'x' }],
      [`/upload-sessions/${sid}/files/${f.id}/parts/sign`, { part_numbers: [] }],
      [`/upload-sessions/${sid}/files/${f.id}/parts/sign`, { part_numbers: [0] }],
      [`/upload-sessions/${sid}/files/${f.id}/parts/sign`, {}],
      [`/upload-sessions/${sid}/files/${f.id}/parts/complete`, { part_number: 1, etag: 'has space' }],
      [`/upload-sessions/${sid}/files/${f.id}/parts/complete`, { part_number: 1 }],
      ['/upload-sessions', { shoot_id: 'nope' }],
    ];
    for (const [path, body] of bad) {
      const r = await t.api('POST', path, { as: a.callers.owner, body });
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error).toBe('invalid_input');
    }
    expect((await t.api('POST', `/upload-sessions/${sid}/files/not-a-uuid/abort`, { as: a.callers.owner })).status).toBe(400);
  });

  it('expires idle sessions with the janitor and aborts their S3 uploads', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const me = callers.owner;
    const sid = await newSession(me, t.shoot(workspaceId));
    const f = (
      await t.api('POST', `/upload-sessions/${sid}/files`, {
        as: me,
        body: { file_name: 'x.jpg', size: small.length, content_type: 'image/jpeg' },
      })
    ).body.files[0];
    const url = (await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/parts/sign`, { as: me, body: { part_numbers: [1] } })).body
      .parts[0];
    const view = await t.api('GET', `/upload-sessions/${sid}`, { as: me });
    expect(Date.parse(view.body.session.expires_at) - Date.parse(view.body.session.last_activity_at)).toBe(7 * 24 * 3600 * 1000);

    t.clock.offsetMs = 7 * 24 * 3600 * 1000 + 60_000;
    try {
      expect(
        (await t.api('POST', `/upload-sessions/${sid}/files/${f.id}/parts/sign`, { as: me, body: { part_numbers: [1] } })).status,
      ).toBe(409);
      expect(await t.upload.runJanitor()).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.offsetMs = 0;
    }
    const after = await t.api('GET', `/upload-sessions/${sid}`, { as: me });
    expect(after.body.session).toMatchObject({ state: 'expired', expires_at: null });
    expect(after.body.session.files[0]).toMatchObject({ state: 'aborted', abort_reason: 'session_expired' });
    expect((await putTo(url, small)).status).toBe(404);
  });
});
