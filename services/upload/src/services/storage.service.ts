/**
 * Object storage, spoken to only through @aws-sdk/client-s3 (S3, MinIO, R2 and the local dev server alike:
 * endpoint, region, bucket, keys and path style all come from config). Presigned URLs come from the cached-key
 * presigner of @studio/s3-presign (libs/s3-presign). S3 errors are mapped to AppErrors here so no S3 detail reaches a caller.
 *
 * Credentials: the static keys when configured, otherwise the AWS SDK's default provider chain (environment,
 * shared files, web identity / IRSA, container and pod identity, instance metadata). The presigner resolves them
 * through the S3 client's own provider (`client.config.credentials`): one memoized provider for both, so the
 * client's requests and the presigned URLs follow a rotation together.
 *
 * The derivative worker's transfers bypass the SDK's HTTP stack: `getInto` (its read of an original) and `put` (its
 * derivatives) use presigned URLs (signed by the same presigner, against the service's own endpoint) on plain
 * sockets, the read going straight into the caller's buffer (presigned-transfer.ts: node:http's per-read Buffers
 * were the worker's largest cost beyond sharp). Both fall back to the SDK for any answer but a plain 200, so errors,
 * redirects and retries stay the SDK's.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { AppError } from '@studio/errors';
import { S3Presigner, type PresignedUrl } from '@studio/s3-presign';
import { readPresigned, writePresigned } from './presigned-transfer.js';

export interface ObjectInfo {
  size: number;
  etag: string | null;
  contentType: string | null;
  contentDisposition: string | null;
}

/**
 * How every original is stored (docs/decisions/0020-upload-hardening.md): a browser that opens one from the storage
 * origin downloads it instead of rendering it, whatever its bytes.
 */
export const ORIGINAL_DISPOSITION = 'attachment';

export interface StorageOptions {
  endpoint: string;
  /** Endpoint for presigned URLs (what clients reach); defaults to `endpoint`. */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  /** Static keys; null: the AWS SDK's default provider chain. */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
  forcePathStyle: boolean;
}

/** Lifetime of the URLs of the direct transfers (`getInto`, `put`): they are used at once, by this process. */
const DIRECT_URL_SECONDS = 300;

/** S3 error codes that mean "the parts the caller listed do not assemble" (the upload itself stays open). */
const PART_ERRORS = new Set(['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'EntityTooLarge']);

function errorCode(err: unknown): string | undefined {
  if (err instanceof S3ServiceException) return err.name;
  const e = err as { name?: string; Code?: string } | null;
  return e?.Code ?? e?.name;
}

function httpStatus(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** Anything not understood is "object storage unavailable" (503), never an upstream message. */
function unavailable(err: unknown): AppError {
  // The store's error code stays in `details` for logs; only invalid_input details ever reach a caller.
  return new AppError('unavailable', 'object storage is unavailable', { store_error: errorCode(err) ?? String(err) });
}

export class ObjectStorage {
  readonly client: S3Client;
  readonly presigner: S3Presigner;
  readonly bucket: string;
  /** Signs the service's own transfers (`getInto`, `put`): the endpoint the service reaches, not the public one. */
  private readonly internalPresigner: S3Presigner;
  /** Transfers (`getInto`, `put`) handed to the SDK because the direct one did not succeed (tests, diagnostics). */
  directFallbacks = 0;

  constructor(opts: StorageOptions) {
    this.bucket = opts.bucket;
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      // Undefined: the SDK's default provider chain, memoized and refreshed before expiry by the client.
      credentials: opts.credentials ?? undefined,
      // Checksums only where S3 requires them: not every S3-compatible store speaks the flexible-checksum
      // trailers, and presigned URLs must not carry a checksum of an empty body.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
    this.presigner = new S3Presigner({
      endpoint: opts.publicEndpoint ?? opts.endpoint,
      region: opts.region,
      bucket: opts.bucket,
      forcePathStyle: opts.forcePathStyle,
      credentials: this.client.config.credentials,
    });
    this.internalPresigner =
      (opts.publicEndpoint ?? opts.endpoint) === opts.endpoint
        ? this.presigner
        : new S3Presigner({
            endpoint: opts.endpoint,
            region: opts.region,
            bucket: opts.bucket,
            forcePathStyle: opts.forcePathStyle,
            credentials: this.client.config.credentials,
          });
  }

  /** Creates the bucket unless it exists (idempotent; safe when several replicas start at once). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (err) {
      if (httpStatus(err) !== 404 && errorCode(err) !== 'NotFound' && errorCode(err) !== 'NoSuchBucket') throw err;
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const code = errorCode(err);
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw err;
    }
  }

  /** Readiness: the bucket answers. */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Size, ETag and content type of an object, or null when there is none. */
  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: Number(out.ContentLength ?? 0),
        etag: out.ETag ?? null,
        contentType: out.ContentType ?? null,
        contentDisposition: out.ContentDisposition ?? null,
      };
    } catch (err) {
      if (httpStatus(err) === 404 || errorCode(err) === 'NotFound' || errorCode(err) === 'NoSuchKey') return null;
      throw unavailable(err);
    }
  }

  async getStream(key: string): Promise<Readable> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body as Readable;
    } catch (err) {
      if (httpStatus(err) === 404 || errorCode(err) === 'NoSuchKey') throw new AppError('not_found');
      throw unavailable(err);
    }
  }

  /**
   * The whole object in memory. With `expectedSize` (the size recorded at upload) the bytes are copied into one
   * buffer of that size as they arrive instead of being collected and concatenated at the end (one large
   * allocation, not two); an object of another size still comes back whole. The buffer owns its memory (never a
   * slice of Node's shared pool).
   */
  async getBuffer(key: string, expectedSize = 0): Promise<Buffer> {
    const stream = await this.getStream(key);
    let out = Buffer.allocUnsafeSlow(Math.max(expectedSize, 0));
    let length = 0;
    for await (const chunk of stream) {
      const c = chunk as Buffer;
      if (length + c.length > out.length) {
        const bigger = Buffer.allocUnsafeSlow(Math.max(out.length * 2, length + c.length, 64 * 1024));
        out.copy(bigger, 0, 0, length);
        out = bigger;
      }
      c.copy(out, length);
      length += c.length;
    }
    return length === out.length ? out : out.subarray(0, length);
  }

  /**
   * The whole object read into memory from `alloc(size)` (called at most once, with the object's size; the
   * result is a view of what it returned, exactly the object's length). The bytes go from the socket straight
   * into that memory (see presigned-transfer.ts), so a caller that reuses its buffers reads an 8 MiB original without
   * allocating. Any answer but a plain 200, or a broken exchange, falls back to `getBuffer(key, expectedSize)` (a
   * fresh buffer, not from `alloc`), so a missing object is not_found and a store outage is unavailable exactly as
   * there.
   */
  async getInto(key: string, alloc: (size: number) => Buffer, expectedSize = 0): Promise<Buffer> {
    try {
      const signed = await this.internalPresigner.getObject(key, DIRECT_URL_SECONDS);
      const body = await readPresigned(signed.url, alloc, { headers: signed.headers });
      if (body) return body;
    } catch {
      // The SDK reads it again below and reports whatever is wrong in its own terms.
    }
    this.directFallbacks++;
    return this.getBuffer(key, expectedSize);
  }

  /**
   * The first `length` bytes of an object (all of a shorter one) with a ranged GET; null when there is no object.
   * What finalize reads to check the magic numbers without downloading the file.
   */
  async readHead(key: string, length: number): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${length - 1}` }));
      const chunks: Buffer[] = [];
      let got = 0;
      // A store that ignores Range sends the whole object: stop reading once we have enough.
      for await (const chunk of out.Body as Readable) {
        chunks.push(chunk as Buffer);
        got += (chunk as Buffer).length;
        if (got >= length) {
          (out.Body as Readable).destroy();
          break;
        }
      }
      return Buffer.concat(chunks).subarray(0, length);
    } catch (err) {
      const status = httpStatus(err);
      if (status === 404 || errorCode(err) === 'NoSuchKey') return null;
      // An empty object has no byte 0: S3 answers 416 to any range of it.
      if (status === 416 || errorCode(err) === 'InvalidRange') return Buffer.alloc(0);
      throw unavailable(err);
    }
  }

  /**
   * A server-side copy of `from` to `to` (CopyObject, so at most 5 GiB: S3's limit, above the single-shot limit) whose
   * metadata is replaced by ours: the given content type and disposition, nothing the uploader sent. False when `from`
   * does not exist.
   */
  async copy(from: string, to: string, meta: { contentType: string; contentDisposition: string }): Promise<boolean> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: encodeURI(`${this.bucket}/${from}`),
          MetadataDirective: 'REPLACE',
          ContentType: meta.contentType,
          ContentDisposition: meta.contentDisposition,
        }),
      );
      return true;
    } catch (err) {
      if (httpStatus(err) === 404 || errorCode(err) === 'NoSuchKey') return false;
      throw unavailable(err);
    }
  }

  /** Keys under `prefix`, in key order, at most `max` (from the start: callers delete what they no longer need). */
  async list(prefix: string, max: number): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    try {
      do {
        const out = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            MaxKeys: Math.min(1000, max - keys.length),
            ContinuationToken: token,
          }),
        );
        for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token && keys.length < max);
    } catch (err) {
      throw unavailable(err);
    }
    return keys;
  }

  /** Streams an object to a local file (large originals are not held in memory). */
  async downloadTo(key: string, file: string): Promise<void> {
    const stream = await this.getStream(key);
    await pipeline(stream, createWriteStream(file));
  }

  /** Lower-case hex SHA-256 of an object, computed by streaming it (works on every S3-compatible store). */
  async sha256(key: string): Promise<string> {
    const stream = await this.getStream(key);
    const hash = createHash('sha256');
    for await (const chunk of stream) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  /**
   * Stores `body` under `key`: a presigned PUT on a plain socket (see the top of this file), falling back to the SDK
   * for any answer but a plain 200, so a failure is reported (unavailable) exactly as the SDK's.
   */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    try {
      const signed = await this.internalPresigner.putObject(key, { contentType, contentLength: body.length }, DIRECT_URL_SECONDS);
      if (await writePresigned(signed.url, body, { headers: signed.headers })) return;
    } catch {
      // The SDK writes it again below and reports whatever is wrong in its own terms.
    }
    this.directFallbacks++;
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
      );
    } catch (err) {
      throw unavailable(err);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (httpStatus(err) === 404) return;
      throw unavailable(err);
    }
  }

  /**
   * Opens a multipart upload of an original: it assembles at `key` with our content type and ORIGINAL_DISPOSITION
   * (only CompleteMultipartUpload, which only this service sends, ever writes the object).
   */
  async createMultipartUpload(key: string, contentType: string): Promise<string> {
    try {
      const out = await this.client.send(
        new CreateMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          ContentType: contentType,
          ContentDisposition: ORIGINAL_DISPOSITION,
        }),
      );
      if (!out.UploadId) throw new Error('CreateMultipartUpload returned no UploadId');
      return out.UploadId;
    } catch (err) {
      throw unavailable(err);
    }
  }

  /**
   * Assembles a multipart upload. A part the store does not have, a wrong ETag, a bad order or a too-small part
   * is `invalid_input` (the upload stays open, so the caller can fix the part and try again); an upload the store
   * no longer knows is `conflict`.
   */
  async completeMultipartUpload(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<void> {
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      );
    } catch (err) {
      const code = errorCode(err);
      if (code && PART_ERRORS.has(code)) {
        const why: Record<string, string> = {
          InvalidPart: 'the object store does not have one of the parts with the recorded ETag',
          InvalidPartOrder: 'the parts are not in ascending order',
          EntityTooSmall: 'a part other than the last one is smaller than 5 MiB',
          EntityTooLarge: 'a part is larger than the store allows',
        };
        throw new AppError('invalid_input', why[code] ?? 'the parts could not be assembled');
      }
      if (code === 'NoSuchUpload') throw new AppError('conflict', 'the multipart upload no longer exists in the object store');
      throw unavailable(err);
    }
  }

  /** Aborts a multipart upload and frees its parts; an upload that is already gone counts as aborted. */
  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (err) {
      if (errorCode(err) === 'NoSuchUpload' || httpStatus(err) === 404) return;
      throw unavailable(err);
    }
  }

  /**
   * A single PUT of exactly `size` bytes of `contentType`: both are signed, so a store that checks signatures
   * (S3, MinIO) refuses a body of another size or type. The client sends the returned headers verbatim.
   */
  presignPut(key: string, contentType: string, size: number, ttlSeconds: number, now?: Date): Promise<PresignedUrl> {
    return this.presigner.putObject(key, { contentType, contentLength: size }, ttlSeconds, now);
  }

  /** One part of a multipart upload, of exactly `size` bytes (signed). */
  presignUploadPart(key: string, uploadId: string, partNumber: number, size: number, ttlSeconds: number): Promise<PresignedUrl> {
    return this.presigner.uploadPart(key, { uploadId, partNumber, contentLength: size }, ttlSeconds);
  }

  /**
   * Many parts of one upload with one credentials lookup (a resume manifest has up to 1,000 per file); each URL
   * signs its part's exact size.
   */
  async presignUploadParts(
    key: string,
    uploadId: string,
    parts: readonly { partNumber: number; size: number }[],
    ttlSeconds: number,
  ): Promise<PresignedUrl[]> {
    const signer = await this.presigner.bind();
    return parts.map((p) => signer.uploadPart(key, { uploadId, partNumber: p.partNumber, contentLength: p.size }, ttlSeconds));
  }

  presignGet(key: string, ttlSeconds: number): Promise<PresignedUrl> {
    return this.presigner.getObject(key, ttlSeconds);
  }

  destroy(): void {
    this.client.destroy();
  }
}

/** Where single-shot PUTs land (docs/decisions/0020-upload-hardening.md): nothing ever reads or serves these keys. */
export const STAGING_PREFIX = 'staging/';

/**
 * Object keys: one prefix per workspace and photo, so a tenant's objects can be listed or purged together. Clients
 * only ever get URLs for `staging` keys (single-shot PUTs) and for parts of multipart uploads; `original`, `web` and
 * `thumb` are written by this service alone.
 */
export const objectKeys = {
  original: (workspaceId: string, photoId: string) => `ws/${workspaceId}/photos/${photoId}/original`,
  staging: (workspaceId: string, photoId: string) => `${STAGING_PREFIX}ws/${workspaceId}/photos/${photoId}/original`,
  web: (workspaceId: string, photoId: string) => `ws/${workspaceId}/photos/${photoId}/web.jpg`,
  thumb: (workspaceId: string, photoId: string) => `ws/${workspaceId}/photos/${photoId}/thumb.webp`,
};

/** The photo id of a staging key (see `objectKeys.staging`), or null for any other key. */
export function photoIdOfStagingKey(key: string): string | null {
  return /^staging\/ws\/[0-9a-f-]{36}\/photos\/([0-9a-f-]{36})\/original$/.exec(key)?.[1] ?? null;
}
