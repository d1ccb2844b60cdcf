/**
 * ObjectStorage's direct transfers (getInto, put) against the project's S3-compatible server, in process on
 * loopback: byte-exact both ways, into the caller's memory, and the SDK's answers whenever the direct one fails.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@studio/errors';
import { startS3Server, type RunningS3Server } from '../dev/s3-server.js';
import { ObjectStorage, type StorageOptions } from './storage.service.js';

let s3: RunningS3Server;
let storage: ObjectStorage;
const options = (endpoint: string, bucket = 'storage-spec'): StorageOptions => ({
  endpoint,
  region: 'us-east-1',
  bucket,
  credentials: { accessKeyId: 'k', secretAccessKey: 's' },
  forcePathStyle: true,
});
const original = randomBytes(2 * 1024 * 1024 + 5);

beforeAll(async () => {
  s3 = await startS3Server({ port: 0 });
  storage = new ObjectStorage(options(s3.endpoint));
  await storage.ensureBucket();
});
afterAll(async () => {
  storage?.destroy();
  await s3?.stop();
});

describe('ObjectStorage.put and getInto', () => {
  it('put stores the bytes and content type (read back through the SDK), without falling back', async () => {
    const before = storage.directFallbacks;
    await storage.put('photo/original', original, 'image/jpeg');
    expect(storage.directFallbacks).toBe(before);
    expect((await storage.getBuffer('photo/original')).equals(original)).toBe(true);
    expect(await storage.head('photo/original')).toMatchObject({ size: original.length, contentType: 'image/jpeg' });
  });

  it('getInto reads the whole object into the memory alloc gave', async () => {
    await storage.put('photo/into', original, 'image/jpeg');
    const before = storage.directFallbacks;
    const lent: Buffer[] = [];
    const got = await storage.getInto('photo/into', (size) => {
      const b = Buffer.alloc(size + 100);
      lent.push(b);
      return b;
    });
    expect(storage.directFallbacks).toBe(before);
    expect(lent).toHaveLength(1);
    expect(got.buffer).toBe(lent[0]!.buffer);
    expect(got.equals(original)).toBe(true);
  });

  it('getInto of a missing object falls back to the SDK: not_found', async () => {
    const before = storage.directFallbacks;
    const err = await storage.getInto('photo/missing', (size) => Buffer.alloc(size)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).kind).toBe('not_found');
    expect(storage.directFallbacks).toBe(before + 1);
  });

  it('put into a bucket the store does not have falls back to the SDK: unavailable', async () => {
    const other = new ObjectStorage(options(s3.endpoint, 'no-such-bucket'));
    try {
      const err = await other.put('k', Buffer.from('x'), 'text/plain').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).kind).toBe('unavailable');
      expect(other.directFallbacks).toBe(1);
    } finally {
      other.destroy();
    }
  });

  it('a store that answers something else (here, chunked) is read through the SDK, whole', async () => {
    // A proxy in front of the store that re-sends every answer chunked: the direct read hands over to the SDK.
    const proxy = http.createServer((req, res) => {
      const upstream = http.request(`${s3.endpoint}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
        const headers = { ...up.headers };
        delete headers['content-length'];
        res.writeHead(up.statusCode!, headers);
        up.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const viaProxy = new ObjectStorage(options(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`));
    try {
      await storage.put('photo/chunked', original, 'image/jpeg');
      const got = await viaProxy.getInto('photo/chunked', (size) => Buffer.alloc(size));
      expect(got.equals(original)).toBe(true);
      expect(viaProxy.directFallbacks).toBe(1);
    } finally {
      viaProxy.destroy();
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
    }
  });
});
