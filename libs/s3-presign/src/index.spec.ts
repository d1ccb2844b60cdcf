import { GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { S3Presigner, uriEncode, type PresignerOptions } from './index.js';

const base: PresignerOptions = {
  endpoint: 'http://127.0.0.1:9000',
  region: 'eu-west-3',
  bucket: 'studio-photos',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  forcePathStyle: true,
};

function sdkClient(o: PresignerOptions): S3Client {
  return new S3Client({
    endpoint: o.endpoint,
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey, sessionToken: o.sessionToken },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Compares two URLs as S3 reads them: scheme, host, path and the set of query parameters. */
function parts(url: string) {
  const u = new URL(url);
  return { origin: u.origin, path: u.pathname, query: Object.fromEntries([...u.searchParams].sort(([a], [b]) => a.localeCompare(b))) };
}

const now = new Date('2026-11-22T14:30:05.123Z');
const variants: [string, PresignerOptions][] = [
  ['path style', base],
  ['virtual-hosted style on https with a session token', { ...base, endpoint: 'https://s3.eu-west-3.amazonaws.com', forcePathStyle: false, sessionToken: 'FQoGZXIvYXdzEJr//////////wEaDOZ+token=' }],
];

describe.each(variants)('S3Presigner (%s) signs exactly what the SDK presigner signs', (_name, opts) => {
  const ours = new S3Presigner(opts);
  const client = sdkClient(opts);
  const key = 'ws/6f1c3e0a-1111-4222-8333-444455556666/photos/a b+c(1)!*~.jpg';

  it('GET', async () => {
    const sdk = await getSignedUrl(client, new GetObjectCommand({ Bucket: opts.bucket, Key: key }), { expiresIn: 3600, signingDate: now });
    expect(parts(ours.getObject(key, 3600, now).url)).toEqual(parts(sdk));
  });

  it('GET through a batch signer (one signing time for many keys), byte-identical to getObject', async () => {
    const sign = ours.getSigner(3600, now);
    for (const k of [key, 'ws/6f1c3e0a-1111-4222-8333-444455556666/photos/0b6f5a0e-2222-4333-8444-555566667777/web.jpg', 'plain/thumb.webp']) {
      const sdk = await getSignedUrl(client, new GetObjectCommand({ Bucket: opts.bucket, Key: k }), { expiresIn: 3600, signingDate: now });
      expect(parts(sign(k))).toEqual(parts(sdk));
      expect(sign(k)).toBe(ours.getObject(k, 3600, now).url);
    }
  });

  it('PUT with a signed Content-Type', async () => {
    const sdk = await getSignedUrl(client, new PutObjectCommand({ Bucket: opts.bucket, Key: key, ContentType: 'image/jpeg' }), {
      expiresIn: 900,
      signingDate: now,
      signableHeaders: new Set(['content-type']),
    });
    const mine = ours.putObject(key, 'image/jpeg', 900, now);
    expect(parts(mine.url)).toEqual(parts(sdk));
    expect(mine.headers).toEqual({ 'content-type': 'image/jpeg' });
    expect(mine.expiresAt.toISOString()).toBe(new Date(now.getTime() + 900_000).toISOString());
  });

  it('UploadPart', async () => {
    const uploadId = 'VXBsb2FkIElEIGZvciA2aWWpbmcncyBteS1tb3ZpZS5tMnRzIHVwbG9hZA--';
    const sdk = await getSignedUrl(client, new UploadPartCommand({ Bucket: opts.bucket, Key: key, UploadId: uploadId, PartNumber: 7 }), {
      expiresIn: 3600,
      signingDate: now,
    });
    expect(parts(ours.uploadPart(key, uploadId, 7, 3600, now).url)).toEqual(parts(sdk));
  });
});

describe('S3Presigner', () => {
  it('re-derives the signing key when the UTC day changes (signatures differ across midnight)', () => {
    const p = new S3Presigner(base);
    const a = new URL(p.getObject('k', 60, new Date('2026-11-22T23:59:59Z')).url).searchParams.get('X-Amz-Signature');
    const b = new URL(p.getObject('k', 60, new Date('2026-11-23T00:00:01Z')).url).searchParams.get('X-Amz-Signature');
    const again = new URL(new S3Presigner(base).getObject('k', 60, new Date('2026-11-23T00:00:01Z')).url).searchParams.get('X-Amz-Signature');
    expect(a).not.toBe(b);
    expect(b).toBe(again);
  });

  it('refuses lifetimes SigV4 does not allow', () => {
    const p = new S3Presigner(base);
    expect(() => p.getObject('k', 0)).toThrow(RangeError);
    expect(() => p.getObject('k', 7 * 24 * 3600 + 1)).toThrow(RangeError);
    expect(() => p.getSigner(0)).toThrow(RangeError);
  });

  it('a batch signer keeps the signing time it was made with', () => {
    const p = new S3Presigner(base);
    const sign = p.getSigner(60, new Date('2026-11-22T23:59:59Z'));
    p.getObject('k', 60, new Date('2026-11-23T00:00:01Z')); // the cached key moves to the next day
    expect(sign('k')).toBe(p.getObject('k', 60, new Date('2026-11-22T23:59:59Z')).url);
  });

  it('encodes like RFC 3986', () => {
    expect(uriEncode("a b/c!'()*~")).toBe('a%20b%2Fc%21%27%28%29%2A~');
  });
});
