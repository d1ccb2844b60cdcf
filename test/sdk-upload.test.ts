/**
 * Issue 24 item 3, black box: the SDK's upload helper (`client.upload`) against the whole stack and its object store.
 * - A 64 MiB file in 8 MiB parts: a first caller process (a child, `node --import tsx`) is killed mid-upload; a new
 *   process resumes the session from the API's resume manifest and sends only the parts the API had not recorded;
 *   the photo is assembled, its size and SHA-256 checked by the API, and processed to `ready`.
 * - A small photo goes single-shot (POST /photos, PUT, finalize).
 * - Bad inputs: a foreign or malformed shoot, and bytes that change on the way (the API's size/SHA-256 check refuses
 *   them with a StudioApiError); an abort through the signal, and a retry of the same session that then completes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createStudioClient, type StudioClient } from '@studio/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './support/client.js';
import { tenant } from './support/operator.js';
import { MiB, makeJpeg, sha256Hex } from './support/photos.js';
import { until } from './support/poll.js';
import { apiError } from './support/sdk.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHILD = path.join(ROOT, 'test/support/sdk-upload-child.ts');

type ChildEvent =
  | { event: 'session'; sessionId: string }
  | { event: 'progress'; bytesDone: number; bytesTotal: number }
  | { event: 'put'; part: number }
  | { event: 'retry'; kind: string; path: string; status: number | null }
  | { event: 'done'; result: any }
  | { event: 'error'; name: string; message: string; code: string | null };

/** Starts a caller process; `onEvent` sees each line it reports; resolves with all of them when it exits. */
function runChild(
  args: Record<string, unknown>,
  onEvent: (e: ChildEvent, child: ChildProcess) => void = () => undefined,
): Promise<{ events: ChildEvent[]; code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(args)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const events: ChildEvent[] = [];
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += String(d);
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const e = JSON.parse(line) as ChildEvent;
    events.push(e);
    onEvent(e, child);
  });
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ events, code, signal, stderr })));
}

/** A fetch that flips one byte of every PUT body to the object store: bytes that change on the way. */
const corruptingFetch = (url: string, init: RequestInit): Promise<Response> => {
  if (init.method === 'PUT' && init.body instanceof Uint8Array) {
    const copy = new Uint8Array(init.body);
    copy[0] = (copy[0] ?? 0) ^ 0xff;
    return fetch(url, { ...init, body: copy });
  }
  return fetch(url, init);
};

describe('@studio/sdk upload helper against the stack', () => {
  let token: string;
  let studio: StudioClient;
  let shootId: string;
  let dir: string;

  beforeAll(async () => {
    const t = await tenant(['owner', 'photographer']);
    token = t.tokens.photographer;
    studio = createStudioClient({ baseUrl: baseUrl(), token });
    const owner = createStudioClient({ baseUrl: baseUrl(), token: t.tokens.owner });
    shootId = (await owner.post('/shoots', { body: { workspace_id: t.workspaceId, title: 'Upload helper' } })).shoot.id;
    dir = mkdtempSync(path.join(tmpdir(), 'sdk-upload-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const readyPhoto = (id: string) =>
    until('the photo is processed', async () => {
      const { photo } = await studio.get('/photos/{id}', { params: { path: { id } } });
      return photo.state === 'ready' || photo.state === 'failed' ? photo : null;
    });

  it('resumes a 64 MiB multipart upload in a new process after the first was killed, sending only the missing parts', async () => {
    // A real JPEG followed by random bytes (every part differs, so a part sent in the wrong place fails the hash).
    const jpeg = await makeJpeg({ width: 1200, height: 800, seed: 64 });
    const bytes = Buffer.concat([jpeg, randomBytes(64 * MiB - jpeg.length)]);
    const file = path.join(dir, 'IMG_6400.JPG');
    writeFileSync(file, bytes);
    const args = { baseUrl: baseUrl(), token, shootId, path: file, concurrency: 2 };

    // First process: killed (SIGKILL, no clean-up of any kind) once three parts are recorded.
    let sessionId = '';
    const first = await runChild(args, (e, child) => {
      if (e.event === 'session') sessionId = e.sessionId;
      if (e.event === 'progress' && e.bytesDone >= 3 * 8 * MiB) child.kill('SIGKILL');
    });
    expect(first.signal, first.stderr).toBe('SIGKILL');
    expect(first.events.some((e) => e.event === 'done')).toBe(false);
    expect(sessionId).not.toBe('');

    // What the API recorded before the process died.
    const { session } = await studio.get('/upload-sessions/{id}', { params: { path: { id: sessionId } } });
    expect(session.state).toBe('in_flight');
    const [registered] = session.files;
    expect(registered).toMatchObject({
      file_name: 'IMG_6400.JPG',
      size: 64 * MiB,
      sha256: sha256Hex(bytes),
      part_count: 8,
      state: 'uploading',
    });
    const recorded = (registered!.parts ?? []).map((p) => p.part_number);
    expect(recorded.length).toBeGreaterThanOrEqual(3);
    expect(recorded.length).toBeLessThan(8);

    // Second process: resumes from the manifest.
    const second = await runChild({ ...args, resumeSessionId: sessionId });
    const done = second.events.find((e) => e.event === 'done');
    expect(done, `${JSON.stringify(second.events.filter((e) => e.event === 'error'))} ${second.stderr}`).toBeDefined();
    const sent = second.events.flatMap((e) => (e.event === 'put' ? [e.part] : []));
    // Only the parts the API lacked, each once (no retry happened, else it is reported and would be allowed).
    const retried = second.events.filter((e) => e.event === 'retry');
    expect(retried).toEqual([]);
    expect(sent.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].filter((n) => !recorded.includes(n)));
    const firstProgress = second.events.find((e) => e.event === 'progress') as { bytesDone: number; bytesTotal: number };
    expect(firstProgress.bytesTotal).toBe(64 * MiB);
    expect(firstProgress.bytesDone).toBe((recorded.length + 1) * 8 * MiB);

    const result = (done as { result: any }).result;
    expect(result).toMatchObject({ mode: 'multipart', sessionId });
    expect(result.files).toEqual([
      expect.objectContaining({
        fileName: 'IMG_6400.JPG',
        size: 64 * MiB,
        sha256: sha256Hex(bytes),
        fileId: registered!.id,
        partsSent: 8 - recorded.length,
        partsReused: recorded.length,
      }),
    ]);
    const photoId = result.files[0].photo.id as string;
    expect(result.files[0].photo).toMatchObject({ state: 'processing', size: 64 * MiB, sha256: sha256Hex(bytes) });

    const after = await studio.get('/upload-sessions/{id}', { params: { path: { id: sessionId } } });
    expect(after.session.state).toBe('finalized');
    expect(after.session.files[0]).toMatchObject({ state: 'completed', photo_id: photoId });
    expect(await readyPhoto(photoId)).toMatchObject({ state: 'ready', size: 64 * MiB, width: 1200, height: 800 });
  });

  it('uploads a small photo single-shot in one call, reporting progress', async () => {
    const jpeg = await makeJpeg({ width: 800, height: 600, seed: 65 });
    const progress: number[] = [];
    const result = await studio.upload({
      shootId,
      files: [{ source: new Uint8Array(jpeg), fileName: 'small.jpg' }],
      onProgress: (p) => progress.push(p.bytesDone),
    });
    expect(result).toMatchObject({ mode: 'single', sessionId: null });
    expect(result.files).toEqual([
      expect.objectContaining({
        fileName: 'small.jpg',
        size: jpeg.length,
        sha256: sha256Hex(jpeg),
        fileId: null,
        partsSent: 1,
        partsReused: 0,
      }),
    ]);
    expect(result.files[0]!.photo).toMatchObject({ state: 'processing', content_type: 'image/jpeg', sha256: sha256Hex(jpeg) });
    expect(progress).toEqual([jpeg.length]);
    expect(await readyPhoto(result.files[0]!.photo.id)).toMatchObject({ state: 'ready', width: 800, height: 600 });
  });

  it('refuses a foreign or malformed shoot with the API error', async () => {
    const jpeg = await makeJpeg({ width: 300, height: 200, seed: 66 });
    const files = [{ source: new Uint8Array(jpeg), fileName: 'x.jpg' }];
    const other = await tenant(['owner']);
    const stranger = createStudioClient({ baseUrl: baseUrl(), token: other.tokens.owner });
    expect(await apiError(stranger.upload({ shootId, files }))).toMatchObject({ status: 404, code: 'not_found' });
    const malformed = await apiError(studio.upload({ shootId: 'not-a-uuid', files }));
    expect(malformed).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(malformed.issues.map((i) => i.path)).toContain('body.shoot_id');
    await expect(studio.upload({ shootId, files: [] })).rejects.toThrow(TypeError);
    await expect(studio.upload({ shootId, files: [{ source: new Uint8Array(jpeg) }] })).rejects.toThrow(/fileName/);
  });

  it('surfaces the API refusing bytes that changed on the way (single-shot and multipart), and a retry then completes', async () => {
    const jpeg = await makeJpeg({ width: 600, height: 400, seed: 67 });
    const corrupting = createStudioClient({ baseUrl: baseUrl(), token, fetch: corruptingFetch });
    const single = await apiError(corrupting.upload({ shootId, files: [{ source: new Uint8Array(jpeg), fileName: 'bad.jpg' }] }));
    expect(single).toMatchObject({ status: 400, code: 'invalid_input', path: '/photos/{id}/finalize' });

    const bytes = Buffer.concat([jpeg, randomBytes(11 * MiB - jpeg.length)]);
    let sessionId = '';
    const options = {
      shootId,
      files: [{ source: new Uint8Array(bytes), fileName: 'bad-multi.jpg' }],
      multipartThresholdBytes: 1,
      partSizeBytes: 5 * MiB,
      onSession: (id: string) => {
        sessionId = id;
      },
    };
    const multi = await apiError(corrupting.upload(options));
    expect(multi).toMatchObject({ status: 400, code: 'invalid_input', path: '/upload-sessions/{id}/files/{fileId}/complete' });
    // The API reset the file (its assembled object failed the check): the same session, resumed with the true
    // bytes, uploads every part again and completes.
    const retried = await studio.upload({ ...options, resumeSessionId: sessionId });
    expect(retried.sessionId).toBe(sessionId);
    expect(retried.files[0]).toMatchObject({ partsSent: 3, partsReused: 0, sha256: sha256Hex(bytes) });
  });

  it('stops on abort, rejecting with the reason, and the same call with the session id finishes it', async () => {
    const jpeg = await makeJpeg({ width: 600, height: 400, seed: 68 });
    const bytes = Buffer.concat([jpeg, randomBytes(16 * MiB - jpeg.length)]);
    const controller = new AbortController();
    let sessionId = '';
    const options = {
      shootId,
      files: [{ source: new Blob([new Uint8Array(bytes)]), fileName: 'abort.jpg' }],
      partSizeBytes: 5 * MiB,
      concurrency: 1,
      onSession: (id: string) => {
        sessionId = id;
      },
    };
    const aborted = studio.upload({
      ...options,
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('user cancelled')),
    });
    await expect(aborted).rejects.toThrow('user cancelled');
    const { session } = await studio.get('/upload-sessions/{id}', { params: { path: { id: sessionId } } });
    expect(session.state).toBe('in_flight');
    const recorded = session.files[0]!.parts!.length;
    expect(recorded).toBeGreaterThanOrEqual(1);

    const resumed = await studio.upload({ ...options, resumeSessionId: sessionId });
    expect(resumed.files[0]).toMatchObject({ partsReused: recorded, partsSent: 4 - recorded, sha256: sha256Hex(bytes) });
    expect(await readyPhoto(resumed.files[0]!.photo.id)).toMatchObject({ state: 'ready', width: 600, height: 400 });
  });
});
