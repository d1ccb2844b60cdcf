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
