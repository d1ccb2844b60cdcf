/**
 * The upload helper's pure parts: media types, part ranges, the single-shot/multipart choice, progress counting and
 * the bounded pool (its flows run against the real stack in test/sdk-upload.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { createStudioClient } from './client.js';
import { chooseMode, contentTypeOf, MiB, ProgressTracker, partLength, partRange, runPool, type UploadProgress } from './upload.js';

describe('contentTypeOf', () => {
  it('maps photo extensions, case-insensitively, and falls back to octet-stream', () => {
    expect(contentTypeOf('IMG_0001.JPG')).toBe('image/jpeg');
    expect(contentTypeOf('a.b.jpeg')).toBe('image/jpeg');
    expect(contentTypeOf('x.png')).toBe('image/png');
    expect(contentTypeOf('raw.CR2')).toBe('image/x-canon-cr2');
    expect(contentTypeOf('notes.txt')).toBe('application/octet-stream');
    expect(contentTypeOf('no-extension')).toBe('application/octet-stream');
  });
});

describe('part ranges', () => {
  it('cuts a file into full parts and a shorter last one', () => {
    const size = 21 * MiB + 5;
    expect([1, 2, 3].map((n) => partLength(n, 8 * MiB, size))).toEqual([8 * MiB, 8 * MiB, 5 * MiB + 5]);
    expect(partRange(1, 8 * MiB, size)).toEqual([0, 8 * MiB]);
    expect(partRange(3, 8 * MiB, size)).toEqual([16 * MiB, size]);
    expect(partLength(4, 8 * MiB, size)).toBe(0);
  });

  it('covers every byte exactly once', () => {
    const size = 64 * MiB;
    const ranges = Array.from({ length: 8 }, (_, i) => partRange(i + 1, 8 * MiB, size));
    expect(ranges[0]![0]).toBe(0);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBe(ranges[i - 1]![1]);
    expect(ranges.at(-1)![1]).toBe(size);
  });

  it('handles a file of a single short part', () => {
    expect(partRange(1, 5 * MiB, 1000)).toEqual([0, 1000]);
  });
});

describe('chooseMode', () => {
  it('uploads single-shot only when every file is under the threshold and nothing is resumed', () => {
    expect(chooseMode([1, 2 * MiB], 16 * MiB, false)).toBe('single');
    expect(chooseMode([1, 16 * MiB], 16 * MiB, false)).toBe('multipart');
    expect(chooseMode([1], 16 * MiB, true)).toBe('multipart');
  });
});

describe('ProgressTracker', () => {
  it('reports bytes per file and over the set, counting what a resume found without reporting it', () => {
    const seen: UploadProgress[] = [];
    const tracker = new ProgressTracker(
      [
        { fileName: 'a.jpg', size: 10 },
        { fileName: 'b.jpg', size: 30 },
      ],
      (p) => seen.push(p),
    );
    tracker.preset(1, 10);
    expect(seen).toEqual([]);
    tracker.add(0, 10);
    tracker.add(1, 20);
    expect(seen).toEqual([
      { bytesDone: 20, bytesTotal: 40, file: { index: 0, fileName: 'a.jpg', bytesDone: 10, bytesTotal: 10 } },
      { bytesDone: 40, bytesTotal: 40, file: { index: 1, fileName: 'b.jpg', bytesDone: 30, bytesTotal: 30 } },
    ]);
    expect(tracker.bytesDone).toBe(40);
  });
});

describe('runPool', () => {
  it('keeps at most `concurrency` items in flight and runs each once', async () => {
    let inFlight = 0;
    let most = 0;
    const done: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, new AbortController(), async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      done.push(n);
    });
    expect(most).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('stops taking items after the first failure, aborts the controller and throws that failure', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const boom = new Error('part 2 failed');
    const run = runPool([1, 2, 3, 4, 5], 1, controller, async (n) => {
      started.push(n);
      if (n === 2) throw boom;
    });
    await expect(run).rejects.toBe(boom);
    expect(started).toEqual([1, 2]);
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe(boom);
  });

  it('throws the abort reason when the controller was aborted from outside', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const run = runPool([1, 2, 3], 1, controller, async (n) => {
      if (n === 1) controller.abort(reason);
    });
    await expect(run).rejects.toBe(reason);
  });
});

describe('client.upload input checks', () => {
  const api = createStudioClient({
    baseUrl: 'https://studio.test/api/v1',
    token: 't',
    fetch: async () => {
      throw new Error('no request expected');
    },
  });

  it('refuses an empty set, a bad concurrency and nameless bytes before sending anything', async () => {
    await expect(api.upload({ shootId: 's', files: [] })).rejects.toThrow(/at least one file/);
    await expect(api.upload({ shootId: 's', files: [new Uint8Array(3)], concurrency: 0 })).rejects.toThrow(/concurrency/);
    await expect(api.upload({ shootId: 's', files: [new Uint8Array(3)] })).rejects.toThrow(/fileName/);
    await expect(api.upload({ shootId: '', files: [{ source: new Uint8Array(3), fileName: 'a.jpg' }] })).rejects.toThrow(/shootId/);
  });

  it("rejects at once with the caller's reason when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error('not now'));
    await expect(
      api.upload({ shootId: 's', files: [{ source: new Uint8Array(3), fileName: 'a.jpg' }], signal: controller.signal }),
    ).rejects.toThrow('not now');
  });
});

/**
 * A small fake of the upload-session API and its object store (a map of part bytes), enough to drive the multipart
 * flow: which calls the helper makes, what it PUTs, and that the assembled bytes hash to what it declared.
 */
function fakeUploadApi(opts: { partSize: number; etagless?: boolean; forbidOnce?: number[] }) {
  const files = new Map<
    string,
    { id: string; file_name: string; size: number; sha256: string; parts: Map<number, string>; photo_id: string | null }
  >();
  const stored = new Map<string, Uint8Array>();
  const calls: string[] = [];
  const puts: number[] = [];
  const forbid = new Set(opts.forbidOnce ?? []);
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const view = (f: {
    id: string;
    file_name: string;
    size: number;
    sha256: string;
    parts: Map<number, string>;
    photo_id: string | null;
  }) => ({
    id: f.id,
    file_name: f.file_name,
    size: f.size,
    sha256: f.sha256,
    part_size: opts.partSize,
    part_count: Math.ceil(f.size / opts.partSize),
    state: f.photo_id ? 'completed' : 'uploading',
    photo_id: f.photo_id,
    parts: [...f.parts].map(([part_number, etag]) => ({ part_number, etag, recorded_at: '2026-11-28T06:00:00.000Z' })),
  });
  const missing = (f: ReturnType<typeof view>) =>
    Array.from({ length: f.part_count }, (_, i) => i + 1).filter((n) => !f.parts.some((p) => p.part_number === n));
  const signed = (fileId: string, n: number) => ({
    part_number: n,
    url: `https://store.test/${fileId}?partNumber=${n}`,
    method: 'PUT',
    headers: {},
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const u = new URL(url);
    if (u.host === 'store.test') {
      const n = Number(u.searchParams.get('partNumber'));
      puts.push(n);
      if (forbid.delete(n)) return new Response('<Error>AccessDenied</Error>', { status: 403 });
      stored.set(`${u.pathname.slice(1)}/${n}`, new Uint8Array(await new Response(init.body as Blob).arrayBuffer()));
      return new Response(null, { status: 200, headers: opts.etagless ? {} : { etag: `"e${n}"` } });
    }
    const path = u.pathname.replace('/api/v1', '');
    calls.push(`${init.method} ${path.replace(/[0-9a-f-]{36}|f\d+/g, ':id')}`);
    const body = init.body ? JSON.parse(init.body as string) : {};
    const fileId = /files\/([^/]+)/.exec(path)?.[1] ?? '';
    const file = files.get(fileId);
    if (path === '/upload-sessions') return json({ ok: true, session: { id: 's1' } }, 201);
    if (path === '/upload-sessions/s1/files') {
      const added = (body.files as { file_name: string; size: number; sha256: string }[]).map((f, i) => {
        const rec = {
          id: `f${files.size + i + 1}`,
          file_name: f.file_name,
          size: f.size,
          sha256: f.sha256,
          parts: new Map(),
          photo_id: null,
        };
        return rec;
      });
      for (const f of added) files.set(f.id, f);
      return json({ ok: true, files: added.map(view) }, 201);
    }
    if (path.endsWith('/parts/sign'))
      return json({ ok: true, file_id: fileId, parts: (body.part_numbers as number[]).map((n) => signed(fileId, n)) });
    if (path.endsWith('/parts/complete')) {
      file!.parts.set(body.part_number, body.etag);
      return json({ ok: true });
    }
    if (path.endsWith('/complete')) {
      const v = view(file!);
      if (missing(v).length) return json({ ok: false, error: 'invalid_input' }, 400);
      const parts = Array.from({ length: v.part_count }, (_, i) => stored.get(`${fileId}/${i + 1}`)!);
      const { createHash } = await import('node:crypto');
      const hash = createHash('sha256');
      for (const part of parts) hash.update(part);
      if (hash.digest('hex') !== file!.sha256) return json({ ok: false, error: 'invalid_input' }, 400);
      file!.photo_id = `p-${fileId}`;
      return json({ ok: true, file: view(file!), photo: { id: file!.photo_id, state: 'processing' } });
    }
    if (path === '/upload-sessions/s1/resume') {
      const list = [...files.values()].map(view);
      return json({
        ok: true,
        session: { id: 's1' },
        files: list.map((f) => ({
          ...f,
          parts_done: f.parts,
          parts_missing: missing(f),
          urls: missing(f)
            .slice(0, 2)
            .map((n) => signed(f.id, n)),
        })),
      });
    }
    if (path === '/upload-sessions/s1' && init.method === 'GET')
      return json({ ok: true, session: { id: 's1', state: 'in_flight', files: [...files.values()].map(view) } });
    if (path === '/upload-sessions/s1/finalize') return json({ ok: true, session: { id: 's1', state: 'finalized' }, incomplete_files: [] });
    if (path.startsWith('/photos/')) return json({ ok: true, photo: { id: path.slice('/photos/'.length), state: 'ready' } });
    return json({ ok: false, error: 'not_found' }, 404);
  };
  const client = createStudioClient({ baseUrl: 'https://api.test/api/v1', token: 't', fetch, retryBaseDelayMs: 1 });
  return { client, calls, puts, stored };
}

describe('multipart flow (fake API)', () => {
  const bytes = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) % 251);

  it('registers, signs in batches, PUTs every part once, records it, completes the file and finalizes', async () => {
    const api = fakeUploadApi({ partSize: 10 });
    const progress: number[] = [];
    const sessions: string[] = [];
    const data = bytes(405); // 41 parts, the last of 5 bytes
    const result = await api.client.upload({
      shootId: 'sh',
      files: [{ source: data, fileName: 'a.jpg' }],
      multipartThresholdBytes: 100,
      concurrency: 3,
      onSession: (id) => sessions.push(id),
      onProgress: (p) => progress.push(p.bytesDone),
    });
    expect(sessions).toEqual(['s1']);
    expect(result).toMatchObject({ mode: 'multipart', sessionId: 's1' });
    expect(result.files[0]).toMatchObject({ fileName: 'a.jpg', size: 405, fileId: 'f1', partsSent: 41, partsReused: 0 });
    expect(result.files[0]!.photo).toMatchObject({ id: 'p-f1' });
    expect([...api.puts].sort((a, b) => a - b)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    // Signed 16 at a time (at least 16, or 4 per worker), not one call per part.
    expect(api.calls.filter((c) => c.endsWith('/parts/sign'))).toHaveLength(3);
    expect(api.calls.filter((c) => c.endsWith('/parts/complete'))).toHaveLength(41);
    expect(api.calls.at(-1)).toBe('POST /upload-sessions/s1/finalize');
    expect(progress).toHaveLength(41);
    expect(progress.at(-1)).toBe(405);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('resumes: only the missing parts are sent, and a file that is not the registered one is refused', async () => {
    const api = fakeUploadApi({ partSize: 10 });
    const a = bytes(95, 1);
    const b = bytes(30, 2);
    const files = [
      { source: a, fileName: 'a.jpg' },
      { source: b, fileName: 'b.jpg' },
    ];
    const controller = new AbortController();
    let recorded = 0;
    await expect(
      api.client.upload({
        shootId: 'sh',
        files,
        multipartThresholdBytes: 1,
        concurrency: 1,
        signal: controller.signal,
        onProgress: () => {
          if (++recorded === 4) controller.abort(new Error('stop'));
        },
      }),
    ).rejects.toThrow('stop');
    const sentBefore = [...api.puts];
    expect(sentBefore).toEqual([1, 2, 3, 4]);

    // Another file with the same name and size but other bytes is refused before anything is sent.
    await expect(
      api.client.upload({ shootId: 'sh', files: [{ source: bytes(95, 9), fileName: 'a.jpg' }, files[1]!], resumeSessionId: 's1' }),
    ).rejects.toThrow(/SHA-256 differs/);
    // Leaving out a file the session still uploads is refused too (finalizing would abort it).
    await expect(api.client.upload({ shootId: 'sh', files: [files[0]!], resumeSessionId: 's1' })).rejects.toThrow(/b\.jpg/);
    expect(api.puts).toEqual(sentBefore);

    const progress: number[] = [];
    const result = await api.client.upload({
      shootId: 'sh',
      files,
      resumeSessionId: 's1',
      onProgress: (p) => progress.push(p.bytesDone),
    });
    expect(api.puts.slice(sentBefore.length).sort((x, y) => x - y)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
    expect(result.files.map((f) => [f.fileName, f.partsReused, f.partsSent])).toEqual([
      ['a.jpg', 4, 6],
      ['b.jpg', 0, 3],
    ]);
    expect(progress[0]).toBe(50);
    expect(progress.at(-1)).toBe(125);
  });

  it('signs a part again once when the object store refuses its URL (403)', async () => {
    const api = fakeUploadApi({ partSize: 10, forbidOnce: [2] });
    const result = await api.client.upload({
      shootId: 'sh',
      files: [{ source: bytes(30), fileName: 'a.jpg' }],
      multipartThresholdBytes: 1,
      concurrency: 1,
    });
    expect(api.puts).toEqual([1, 2, 2, 3]);
    expect(result.files[0]!.partsSent).toBe(4);
  });

  it('explains a part answered without an ETag (a bucket CORS rule that does not expose it)', async () => {
    const api = fakeUploadApi({ partSize: 10, etagless: true });
    await expect(
      api.client.upload({ shootId: 'sh', files: [{ source: new Blob([bytes(30)]), fileName: 'a.jpg' }], multipartThresholdBytes: 1 }),
    ).rejects.toThrow(/without an ETag/);
  });
});
