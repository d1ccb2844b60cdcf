/**
 * The development S3 server (fauxqs 2 adapted in src/dev/s3-server.ts), through the AWS SDK as the services
 * speak to it: with a data dir, objects written by a single PUT and by a multipart upload survive a restart
 * byte-exact with their ETags (fauxqs' own file persistence); bodies above fauxqs' 11 MiB default go through;
 * its socket is bound to 127.0.0.1, not to every address of the machine.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3Server, type RunningS3Server } from '../src/dev/s3-server.js';

const BUCKET = 'persist-test';
const dirs: string[] = [];
const servers: RunningS3Server[] = [];

afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function client(endpoint: string): S3Client {
  return new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
}

async function start(dataDir?: string, port = 0): Promise<RunningS3Server> {
  const s = await startS3Server({ port, dataDir, buckets: [BUCKET] });
  servers.push(s);
  return s;
}

async function read(s3: S3Client, key: string): Promise<{ body: Buffer; etag: string | undefined }> {
  const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { body: Buffer.from(await got.Body!.transformToByteArray()), etag: got.ETag };
}

describe('development S3 server', () => {
  it('keeps single-shot and multipart objects across a restart with the same data dir', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 's3-persist-'));
    dirs.push(dir);
    const first = await start(dir);
    let s3 = client(first.endpoint);
    const single = randomBytes(12 * 1024 * 1024 + 5); // above fauxqs' own 11 MiB body limit
    const put = await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'a/single.jpg', Body: single, ContentType: 'image/jpeg' }));
    const parts = [randomBytes(5 * 1024 * 1024), randomBytes(1234)];
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'a/multi.bin' }));
    const etags: string[] = [];
    for (const [i, part] of parts.entries()) {
      const res = await s3.send(new UploadPartCommand({ Bucket: BUCKET, Key: 'a/multi.bin', UploadId, PartNumber: i + 1, Body: part }));
      etags.push(res.ETag!);
    }
    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'a/multi.bin',
        UploadId,
        MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }),
    );
    expect(done.ETag).toMatch(/-2"$/);
    s3.destroy();
    await first.stop();

    const second = await start(dir);
    s3 = client(second.endpoint);
    const a = await read(s3, 'a/single.jpg');
    expect(a.body.equals(single)).toBe(true);
    expect(a.etag).toBe(put.ETag);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'a/single.jpg' }));
    expect(head.ContentType).toBe('image/jpeg');
    const b = await read(s3, 'a/multi.bin');
    expect(b.body.equals(Buffer.concat(parts))).toBe(true);
    expect(b.etag).toBe(done.ETag);
    s3.destroy();
  });

  it('keeps nothing without a data dir', async () => {
    const first = await start();
    const s3 = client(first.endpoint);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'gone', Body: 'x' }));
    const port = first.port;
    s3.destroy();
    await first.stop();
    const second = await start(undefined, port);
    const again = client(second.endpoint);
    await expect(again.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'gone' }))).rejects.toMatchObject({ name: 'NoSuchKey' });
    again.destroy();
  });

  it('listens on 127.0.0.1 only (its socket is bound to loopback, not to every address)', async () => {
    const s = await start();
    expect(s.boundAddress).toBe('127.0.0.1');
    expect(await fetch(`${s.endpoint}/${BUCKET}`).then((r) => r.status)).toBeLessThan(500);
  });
});
