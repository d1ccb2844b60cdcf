import { createHash, createHmac } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { S3Presigner, uriEncode, type Credentials, type PresignerOptions } from './index.js';

const KEY_A: Credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

const base: PresignerOptions = {
  endpoint: 'http://127.0.0.1:9000',
  region: 'eu-west-3',
  bucket: 'studio-photos',
  credentials: KEY_A,
  forcePathStyle: true,
};

/** The SDK's client for the same endpoint and these fixed credentials (what our URLs are compared with). */
function sdkClient(options: PresignerOptions, credentials: Credentials = options.credentials as Credentials): S3Client {
  return new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: {
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
      sessionToken: credentials.sessionToken,
    },
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
  [
    'virtual-hosted style on https with a session token',
    {
      ...base,
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      forcePathStyle: false,
      credentials: { ...KEY_A, sessionToken: 'FQoGZXIvYXdzEJr//////////wEaDOZ+token=' },
    },
  ],
  ['a credentials provider', { ...base, credentials: async () => KEY_A }],
];

describe.each(variants)('S3Presigner (%s) signs exactly what the SDK presigner signs', (_name, opts) => {
  const ours = new S3Presigner(opts);
  const client = sdkClient(opts, typeof opts.credentials === 'function' ? KEY_A : opts.credentials);
  const key = 'ws/6f1c3e0a-1111-4222-8333-444455556666/photos/a b+c(1)!*~.jpg';

  it('GET', async () => {
    const sdk = await getSignedUrl(client, new GetObjectCommand({ Bucket: opts.bucket, Key: key }), { expiresIn: 3600, signingDate: now });
    expect(parts((await ours.getObject(key, 3600, now)).url)).toEqual(parts(sdk));
  });

  it('GET through a batch signer (one signing time for many keys), byte-identical to getObject', async () => {
    const sign = await ours.getSigner(3600, now);
    for (const k of [
      key,
      'ws/6f1c3e0a-1111-4222-8333-444455556666/photos/0b6f5a0e-2222-4333-8444-555566667777/web.jpg',
      'plain/thumb.webp',
    ]) {
      const sdk = await getSignedUrl(client, new GetObjectCommand({ Bucket: opts.bucket, Key: k }), { expiresIn: 3600, signingDate: now });
      expect(parts(sign(k))).toEqual(parts(sdk));
      expect(sign(k)).toBe((await ours.getObject(k, 3600, now)).url);
    }
  });

  it('PUT with a signed Content-Length and Content-Type', async () => {
    const sdk = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: opts.bucket, Key: key, ContentType: 'image/jpeg', ContentLength: 10 }),
      { expiresIn: 900, signingDate: now, signableHeaders: new Set(['content-type', 'content-length']) },
    );
    expect(new URL(sdk).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    const mine = await ours.putObject(key, { contentType: 'image/jpeg', contentLength: 10 }, 900, now);
    expect(new URL(mine.url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(parts(mine.url)).toEqual(parts(sdk));
    expect(mine.headers).toEqual({ 'content-length': '10', 'content-type': 'image/jpeg' });
    expect(mine.expiresAt.toISOString()).toBe(new Date(now.getTime() + 900_000).toISOString());
  });

  it('UploadPart with a signed Content-Length', async () => {
    const uploadId = 'VXBsb2FkIElEIGZvciA2aWWpbmcncyBteS1tb3ZpZS5tMnRzIHVwbG9hZA--';
    const sdk = await getSignedUrl(
      client,
      new UploadPartCommand({ Bucket: opts.bucket, Key: key, UploadId: uploadId, PartNumber: 7, ContentLength: 5 * 1024 * 1024 }),
      { expiresIn: 3600, signingDate: now, signableHeaders: new Set(['content-length']) },
    );
    expect(new URL(sdk).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    const mine = await ours.uploadPart(key, { uploadId, partNumber: 7, contentLength: 5 * 1024 * 1024 }, 3600, now);
    expect(new URL(mine.url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    expect(parts(mine.url)).toEqual(parts(sdk));
    expect(mine.headers).toEqual({ 'content-length': String(5 * 1024 * 1024) });
  });
});

const signatureOf = (url: string) => new URL(url).searchParams.get('X-Amz-Signature');

describe('S3Presigner', () => {
  it('re-derives the signing key when the UTC day changes (signatures differ across midnight)', async () => {
    const p = new S3Presigner(base);
    const a = signatureOf((await p.getObject('k', 60, new Date('2026-11-22T23:59:59Z'))).url);
    const b = signatureOf((await p.getObject('k', 60, new Date('2026-11-23T00:00:01Z'))).url);
    const again = signatureOf((await new S3Presigner(base).getObject('k', 60, new Date('2026-11-23T00:00:01Z'))).url);
    expect(a).not.toBe(b);
    expect(b).toBe(again);
  });

  it('refuses lifetimes SigV4 does not allow', async () => {
    const p = new S3Presigner(base);
    await expect(p.getObject('k', 0)).rejects.toThrow(RangeError);
    await expect(p.getObject('k', 7 * 24 * 3600 + 1)).rejects.toThrow(RangeError);
    await expect(p.getSigner(0)).rejects.toThrow(RangeError);
    const bound = await p.bind();
    expect(() => bound.getSigner(0)).toThrow(RangeError);
  });

  it('a batch signer keeps the signing time it was made with', async () => {
    const p = new S3Presigner(base);
    const sign = await p.getSigner(60, new Date('2026-11-22T23:59:59Z'));
    await p.getObject('k', 60, new Date('2026-11-23T00:00:01Z')); // the cached key moves to the next day
    expect(sign('k')).toBe((await p.getObject('k', 60, new Date('2026-11-22T23:59:59Z'))).url);
  });

  it('refuses a provider that returns no key', async () => {
    const p = new S3Presigner({ ...base, credentials: async () => ({ accessKeyId: '', secretAccessKey: 's' }) });
    await expect(p.getObject('k', 60)).rejects.toThrow(/no access key id or secret/);
  });

  it('encodes like RFC 3986', () => {
    expect(uriEncode("a b/c!'()*~")).toBe('a%20b%2Fc%21%27%28%29%2A~');
  });
});

/**
 * What a store that checks signatures (S3, MinIO) does with a presigned request, written out independently of the
 * presigner: rebuild the canonical request from the URL and the headers the request actually carries, for the
 * headers the URL names in X-Amz-SignedHeaders, and compare signatures.
 */
function storeAccepts(method: string, url: string, sent: Record<string, string>, secret: string): boolean {
  const u = new URL(url);
  const q = u.searchParams;
  const signedHeaders = q.get('X-Amz-SignedHeaders')!.split(';');
  const headers: Record<string, string> = { host: u.host };
  for (const [k, v] of Object.entries(sent)) headers[k.toLowerCase()] = v;
  const enc = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...q]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort()
    .join('&');
  const canonical = [
    method,
    u.pathname,
    query,
    signedHeaders.map((h) => `${h}:${headers[h] ?? ''}\n`).join(''),
    signedHeaders.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, date, region, service] = q.get('X-Amz-Credential')!.split('/');
  const h = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
  const key = h(h(h(h(`AWS4${secret}`, date!), region!), service!), 'aws4_request');
  const toSign = [
    'AWS4-HMAC-SHA256',
    q.get('X-Amz-Date'),
    `${date}/${region}/${service}/aws4_request`,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  return createHmac('sha256', key).update(toSign).digest('hex') === q.get('X-Amz-Signature');
}

describe('S3Presigner binds the size (and type) of what may be uploaded', () => {
  const p = new S3Presigner(base);
  const key = 'ws/6f1c3e0a-1111-4222-8333-444455556666/photos/0b6f5a0e-2222-4333-8444-555566667777/original';
  const secret = KEY_A.secretAccessKey;

  it('a PUT URL for 10 bytes of image/jpeg: the store accepts exactly those headers, refuses 3 MiB or another type', async () => {
    const put = await p.putObject(key, { contentType: 'image/jpeg', contentLength: 10 }, 900, now);
    expect(new URL(put.url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(storeAccepts('PUT', put.url, { 'Content-Length': '10', 'Content-Type': 'image/jpeg' }, secret)).toBe(true);
    expect(storeAccepts('PUT', put.url, { 'Content-Length': String(3 * 1024 * 1024), 'Content-Type': 'image/jpeg' }, secret)).toBe(false);
    expect(storeAccepts('PUT', put.url, { 'Content-Length': '10', 'Content-Type': 'text/html' }, secret)).toBe(false);
    expect(storeAccepts('PUT', put.url, { 'Content-Length': '10', 'Content-Type': 'image/jpeg' }, 'another secret')).toBe(false);
  });

  it('a part URL signs its own size: the last part its exact remainder', async () => {
    const full = await p.uploadPart(key, { uploadId: 'u-1', partNumber: 1, contentLength: 5 * 1024 * 1024 }, 3600, now);
    const last = await p.uploadPart(key, { uploadId: 'u-1', partNumber: 2, contentLength: 123 }, 3600, now);
    expect(new URL(last.url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    expect(storeAccepts('PUT', full.url, { 'content-length': String(5 * 1024 * 1024) }, secret)).toBe(true);
    expect(storeAccepts('PUT', last.url, { 'content-length': '123' }, secret)).toBe(true);
    expect(storeAccepts('PUT', last.url, { 'content-length': String(5 * 1024 * 1024) }, secret)).toBe(false);
  });

  it('the generic presign signs the headers it is given the same way', async () => {
    const a = await p.presign({ method: 'PUT', key, expiresInSeconds: 60, headers: { 'Content-Length': '10' }, now });
    expect(a.headers).toEqual({ 'content-length': '10' });
    expect(storeAccepts('PUT', a.url, a.headers, secret)).toBe(true);
    const unsigned = await p.presign({ method: 'PUT', key, expiresInSeconds: 60, now });
    // Without the header in SignedHeaders any size goes through: exactly the bug this binding closes.
    expect(storeAccepts('PUT', unsigned.url, { 'content-length': String(3 * 1024 * 1024) }, secret)).toBe(true);
  });

  it('refuses a size that is not a whole number of bytes', async () => {
    await expect(p.putObject(key, { contentType: 'image/jpeg', contentLength: -1 }, 60, now)).rejects.toThrow(RangeError);
    await expect(p.putObject(key, { contentType: 'image/jpeg', contentLength: 1.5 }, 60, now)).rejects.toThrow(RangeError);
    await expect(p.uploadPart(key, { uploadId: 'u', partNumber: 1, contentLength: Number.NaN }, 60, now)).rejects.toThrow(RangeError);
  });
});

describe('S3Presigner with rotating credentials', () => {
  const KEY_B: Credentials = { accessKeyId: 'AKIDROTATEDB', secretAccessKey: 'bPxRfiCYEXAMPLEKEY/wJalrXUtnFEMI/K7MDENG' };
  const key = 'ws/6f1c3e0a-1111-4222-8333-444455556666/photos/0b6f5a0e-2222-4333-8444-555566667777/web.jpg';

  /** A provider that hands out `first` until rotate(second) is called, counting its calls. */
  function rotating(first: Credentials) {
    let current = first;
    const state = { calls: 0, rotate: (next: Credentials) => void (current = next) };
    const provider = async () => {
      state.calls++;
      return current;
    };
    return { provider, state };
  }

  const sdkGet = (creds: Credentials, k: string, signingDate = now) =>
    getSignedUrl(sdkClient(base, creds), new GetObjectCommand({ Bucket: base.bucket, Key: k }), { expiresIn: 3600, signingDate });

  it('URLs made after a rotation carry the new credential scope and the signature the SDK makes with the new key', async () => {
    const { provider, state } = rotating(KEY_A);
    const p = new S3Presigner({ ...base, credentials: provider });
    const beforeSigner = await p.getSigner(3600, now);
    const before = (await p.getObject(key, 3600, now)).url;
    expect(parts(before)).toEqual(parts(await sdkGet(KEY_A, key)));
    expect(new URL(before).searchParams.get('X-Amz-Credential')).toBe(`${KEY_A.accessKeyId}/20261122/eu-west-3/s3/aws4_request`);

    state.rotate(KEY_B);
    const after = (await p.getObject(key, 3600, now)).url;
    expect(new URL(after).searchParams.get('X-Amz-Credential')).toBe(`${KEY_B.accessKeyId}/20261122/eu-west-3/s3/aws4_request`);
    expect(parts(after)).toEqual(parts(await sdkGet(KEY_B, key)));
    const afterSigner = await p.getSigner(3600, now);
    expect(afterSigner(key)).toBe(after);

    // PUT and UploadPart follow the rotation too.
    const put = await p.putObject(key, { contentType: 'image/jpeg', contentLength: 1234 }, 900, now);
    const sdkPut = await getSignedUrl(
      sdkClient(base, KEY_B),
      new PutObjectCommand({ Bucket: base.bucket, Key: key, ContentType: 'image/jpeg', ContentLength: 1234 }),
      {
        expiresIn: 900,
        signingDate: now,
        signableHeaders: new Set(['content-type', 'content-length']),
      },
    );
    expect(parts(put.url)).toEqual(parts(sdkPut));
    const part = await p.uploadPart(key, { uploadId: 'upload-1', partNumber: 3, contentLength: 777 }, 3600, now);
    const sdkPart = await getSignedUrl(
      sdkClient(base, KEY_B),
      new UploadPartCommand({ Bucket: base.bucket, Key: key, UploadId: 'upload-1', PartNumber: 3, ContentLength: 777 }),
      {
        expiresIn: 3600,
        signingDate: now,
        signableHeaders: new Set(['content-length']),
      },
    );
    expect(parts(part.url)).toEqual(parts(sdkPart));

    // A signer made before the rotation keeps the credentials of its batch (its URLs stay valid while A is).
    expect(beforeSigner(key)).toBe(before);
  });

  it('a rotated secret under the same key id never signs with the cached key of the old secret', async () => {
    const rotatedSecret: Credentials = { accessKeyId: KEY_A.accessKeyId, secretAccessKey: 'a-completely-new-secret-for-the-same-key-id' };
    const { provider, state } = rotating(KEY_A);
    const p = new S3Presigner({ ...base, credentials: provider });
    const old = (await p.getObject(key, 3600, now)).url;
    await p.getObject('other', 3600, now);
    expect(p.keyDerivations).toBe(1); // same credentials and day: the cached key

    state.rotate(rotatedSecret);
    const fresh = (await p.getObject(key, 3600, now)).url;
    expect(p.keyDerivations).toBe(2);
    expect(new URL(fresh).searchParams.get('X-Amz-Credential')).toBe(new URL(old).searchParams.get('X-Amz-Credential'));
    expect(signatureOf(fresh)).not.toBe(signatureOf(old));
    expect(parts(fresh)).toEqual(parts(await sdkGet(rotatedSecret, key)));

    // Back and forth (a passive refresh racing a request) reuses each credential's own key, never the other's.
    state.rotate(KEY_A);
    expect((await p.getObject(key, 3600, now)).url).toBe(old);
    state.rotate(rotatedSecret);
    expect((await p.getObject(key, 3600, now)).url).toBe(fresh);
    expect(p.keyDerivations).toBe(2);
  });

  it('a session token goes into the URL as X-Amz-Security-Token and is signed', async () => {
    const temporary = (token: string): Credentials => ({
      ...KEY_B,
      sessionToken: token,
      expiration: new Date(now.getTime() + 15 * 60_000),
    });
    const { provider, state } = rotating(temporary('IQoJb3JpZ2luX2VjEAAaCXVzLWVhc3QtMSJHMEUCIQ+token/one='));
    const p = new S3Presigner({ ...base, credentials: provider });
    const one = await p.getObject(key, 3600, now);
    const q = new URL(one.url).searchParams;
    expect(q.get('X-Amz-Security-Token')).toBe('IQoJb3JpZ2luX2VjEAAaCXVzLWVhc3QtMSJHMEUCIQ+token/one=');
    expect(parts(one.url)).toEqual(parts(await sdkGet(temporary('IQoJb3JpZ2luX2VjEAAaCXVzLWVhc3QtMSJHMEUCIQ+token/one='), key)));
    // Same key, secret and time, another token: another signature (the token is part of what is signed).
    state.rotate(temporary('IQoJb3JpZ2luX2VjEAAaCXVzLWVhc3QtMSJHMEUCIQ+token/two='));
    const two = await p.getObject(key, 3600, now);
    expect(new URL(two.url).searchParams.get('X-Amz-Security-Token')).toBe('IQoJb3JpZ2luX2VjEAAaCXVzLWVhc3QtMSJHMEUCIQ+token/two=');
    expect(signatureOf(two.url)).not.toBe(signatureOf(one.url));
    expect(parts(two.url)).toEqual(parts(await sdkGet(temporary('IQoJb3JpZ2luX2VjEAAaCXVzLWVhc3QtMSJHMEUCIQ+token/two='), key)));
    // The batch signer carries it as well, byte-identical to getObject.
    expect((await p.getSigner(3600, now))(key)).toBe(two.url);
    // The URL dies with the credentials: expiresAt is their expiration when that comes before the lifetime.
    expect(one.expiresAt.toISOString()).toBe(new Date(now.getTime() + 15 * 60_000).toISOString());
    expect((await p.getObject(key, 600, now)).expiresAt.toISOString()).toBe(new Date(now.getTime() + 600_000).toISOString());
  });

  it('resolves the credentials once per batch: one provider call for a 2,000-URL gallery page', async () => {
    const { provider, state } = rotating(KEY_A);
    const p = new S3Presigner({ ...base, credentials: provider });
    const sign = await p.getSigner(3600, now);
    const urls = Array.from({ length: 2000 }, (_, i) => sign(`ws/w/photos/${i}/web.jpg`));
    expect(state.calls).toBe(1);
    expect(new Set(urls).size).toBe(2000);
    const bound = await p.bind();
    for (let i = 0; i < 100; i++) bound.uploadPart(key, { uploadId: 'u', partNumber: i + 1, contentLength: 1 }, 3600, now);
    expect(state.calls).toBe(2);
  });
});
