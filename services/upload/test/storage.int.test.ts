/**
 * ObjectStorage.getBuffer against the real S3-compatible server: the object comes back whole and byte-exact
 * whether the expected size is right, too small, too large or not given; the buffer owns its memory; a missing
 * object is not_found.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@studio/errors';
import { startS3Server, type RunningS3Server } from '../src/dev/s3-server.js';
import { ObjectStorage } from '../src/services/storage.service.js';

let s3: RunningS3Server;
let storage: ObjectStorage;
const body = randomBytes(3 * 1024 * 1024 + 17); // several socket reads, not a round number

beforeAll(async () => {
  s3 = await startS3Server({ port: 0 });
  storage = new ObjectStorage({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: 'storage-test',
    credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    forcePathStyle: true,
  });
  await storage.ensureBucket();
  await storage.put('obj', body, 'application/octet-stream');
  await storage.put('empty', Buffer.alloc(0), 'application/octet-stream');
});
afterAll(async () => {
  storage?.destroy();
  await s3?.stop();
});

describe('ObjectStorage.getBuffer', () => {
  it.each([
    ['no expected size', undefined],
    ['the exact size', body.length],
    ['a smaller expected size', 1000],
    ['a larger expected size', body.length + 4096],
    ['an expected size of zero', 0],
  ])('returns the whole object with %s', async (_label, expected) => {
    const got = await storage.getBuffer('obj', expected);
    expect(got.length).toBe(body.length);
    expect(got.equals(body)).toBe(true);
  });

  it('with the exact size, fills one buffer that owns its memory (transferable, not a pool slice)', async () => {
    const got = await storage.getBuffer('obj', body.length);
    expect(got.byteOffset).toBe(0);
    expect(got.buffer.byteLength).toBe(body.length);
  });

  it('returns an empty object as an empty buffer', async () => {
    expect((await storage.getBuffer('empty')).length).toBe(0);
    expect((await storage.getBuffer('empty', 10)).length).toBe(0);
  });

  it('answers not_found for a missing object', async () => {
    const err = await storage.getBuffer('missing', 10).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).kind).toBe('not_found');
  });
});
