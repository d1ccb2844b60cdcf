/**
 * @studio/s3-presign: a small AWS Signature Version 4 query-string presigner for S3 (GET, PUT, UploadPart), with
 * the signing key cached. The SDK presigner re-derives the key (four HMACs) and runs its middleware stack for
 * every URL (about 1 ms each); the key only changes once a day per region and service, so caching it makes a URL
 * a few microseconds.
 *
 * `getSigner` goes further for batches of GET URLs that share one signing time and lifetime (a gallery page):
 * the scope, the canonical query and the canonical headers are built once, and each URL then costs one SHA-256
 * of its canonical request and one HMAC of the string to sign, nothing else.
 *
 * Output is verified against @aws-sdk/s3-request-presigner in index.spec.ts. Used by upload (PUT and UploadPart
 * targets) and gallery (photo GET URLs).
 *
 * Spec: https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 */
import { createHmac, hash } from 'node:crypto';

export interface PresignerOptions {
  /** e.g. http://127.0.0.1:9000 or https://s3.eu-west-1.amazonaws.com */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** true: http://host/bucket/key; false: http://bucket.host/key (virtual-hosted style). */
  forcePathStyle: boolean;
}

export interface PresignRequest {
  method: 'GET' | 'PUT';
  key: string;
  expiresInSeconds: number;
  /** Extra query parameters that are part of the operation (partNumber, uploadId, x-id, ...). */
  query?: Record<string, string>;
  /** Headers the client must send verbatim; they are signed (host is always signed). */
  headers?: Record<string, string>;
  /** Signing time (tests); defaults to now. */
  now?: Date;
}

export interface PresignedUrl {
  url: string;
  /** Headers the caller must send with the request (the signed ones other than host). */
  headers: Record<string, string>;
  expiresAt: Date;
}

/** Signs object keys into GET URLs that all share one signing time and one lifetime. */
export type GetSigner = (key: string) => string;

const ALGORITHM = 'AWS4-HMAC-SHA256';
const SERVICE = 's3';
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
export const MAX_EXPIRES_SECONDS = 7 * 24 * 3600; // SigV4 presigned URLs live at most 7 days

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is percent-encoded. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const PLAIN_KEY_RE = /^[A-Za-z0-9\-_.~/]*$/;

/** An object key as a path: each segment encoded, slashes kept (S3 does not double-encode). */
function encodeKeyPath(key: string): string {
  // Our own keys (ws/<uuid>/photos/<uuid>/web.jpg) need no encoding at all: skip the split and the regexes.
  if (PLAIN_KEY_RE.test(key)) return key;
  return key.split('/').map(uriEncode).join('/');
}

function amzDateOf(d: Date): { amzDate: string; dateStamp: string } {
  const iso = d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, ''); // 20261122T143000Z
  return { amzDate: iso, dateStamp: iso.slice(0, 8) };
}

const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string): string => hash('sha256', data, 'hex');

function checkExpires(expiresInSeconds: number): number {
  const expires = Math.floor(expiresInSeconds);
  if (!(expires >= 1 && expires <= MAX_EXPIRES_SECONDS)) throw new RangeError(`expiresInSeconds must be 1..${MAX_EXPIRES_SECONDS}`);
  return expires;
}

function canonicalQueryOf(query: Record<string, string>): string {
  return Object.keys(query)
    .map((k) => [uriEncode(k), uriEncode(query[k]!)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export class S3Presigner {
  private readonly scheme: string;
  private readonly endpointHost: string; // host[:port] as the client will send it
  private readonly basePath: string;
  private cachedKey: { dateStamp: string; key: Buffer } | null = null;

  constructor(private readonly opts: PresignerOptions) {
    const url = new URL(opts.endpoint);
    this.scheme = url.protocol;
    this.endpointHost = url.host; // URL drops default ports (80/443), exactly like the Host header
    this.basePath = url.pathname.replace(/\/+$/, '');
  }

  /** The signing key for a day: cached, re-derived when the UTC date changes. */
  private signingKey(dateStamp: string): Buffer {
    const cached = this.cachedKey;
    if (cached && cached.dateStamp === dateStamp) return cached.key;
    const kDate = hmac(`AWS4${this.opts.secretAccessKey}`, dateStamp);
    const kRegion = hmac(kDate, this.opts.region);
    const kService = hmac(kRegion, SERVICE);
    const key = hmac(kService, 'aws4_request');
    this.cachedKey = { dateStamp, key };
    return key;
  }

  /** Host and path prefix of every object URL (the key's encoded path follows the prefix). */
  private get host(): string {
    return this.opts.forcePathStyle ? this.endpointHost : `${this.opts.bucket}.${this.endpointHost}`;
  }

  private get pathPrefix(): string {
    return this.opts.forcePathStyle ? `${this.basePath}/${uriEncode(this.opts.bucket)}/` : `${this.basePath}/`;
  }

  private baseQuery(scope: string, amzDate: string, expires: number, signedHeaders: string): Record<string, string> {
    const query: Record<string, string> = {
      'X-Amz-Algorithm': ALGORITHM,
      'X-Amz-Content-Sha256': UNSIGNED_PAYLOAD,
      'X-Amz-Credential': `${this.opts.accessKeyId}/${scope}`,
      'X-Amz-Date': amzDate,
      'X-Amz-Expires': String(expires),
      'X-Amz-SignedHeaders': signedHeaders,
    };
    if (this.opts.sessionToken) query['X-Amz-Security-Token'] = this.opts.sessionToken;
    return query;
  }

  presign(req: PresignRequest): PresignedUrl {
    const expires = checkExpires(req.expiresInSeconds);
    const now = req.now ?? new Date();
    const { amzDate, dateStamp } = amzDateOf(now);
    const scope = `${dateStamp}/${this.opts.region}/${SERVICE}/aws4_request`;
    const host = this.host;
    const path = this.pathPrefix + encodeKeyPath(req.key);

    const headers: Record<string, string> = { host };
    for (const [name, value] of Object.entries(req.headers ?? {})) headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
    const headerNames = Object.keys(headers).sort();
    const signedHeaders = headerNames.join(';');
    const canonicalHeaders = headerNames.map((n) => `${n}:${headers[n]}\n`).join('');

    const canonicalQuery = canonicalQueryOf({ ...req.query, ...this.baseQuery(scope, amzDate, expires, signedHeaders) });
    const canonicalRequest = [req.method, path, canonicalQuery, canonicalHeaders, signedHeaders, UNSIGNED_PAYLOAD].join('\n');
    const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    const signature = createHmac('sha256', this.signingKey(dateStamp)).update(stringToSign, 'utf8').digest('hex');

    const { host: _host, ...clientHeaders } = headers;
    return {
      url: `${this.scheme}//${host}${path}?${canonicalQuery}&X-Amz-Signature=${signature}`,
      headers: clientHeaders,
      expiresAt: new Date(now.getTime() + expires * 1000),
    };
  }

  /** A GET of one object. */
  getObject(key: string, expiresInSeconds: number, now?: Date): PresignedUrl {
    return this.presign({ method: 'GET', key, expiresInSeconds, query: { 'x-id': 'GetObject' }, now });
  }

  /**
   * A signer for many GET URLs with one signing time `now` and one lifetime: everything but the key's path is
   * computed once, so each URL is one SHA-256 and one HMAC. Its URLs are identical to `getObject(key, expires,
   * now)` (tested). Make one per batch: the signing time is fixed when it is made.
   */
  getSigner(expiresInSeconds: number, now: Date = new Date()): GetSigner {
    const expires = checkExpires(expiresInSeconds);
    const { amzDate, dateStamp } = amzDateOf(now);
    const scope = `${dateStamp}/${this.opts.region}/${SERVICE}/aws4_request`;
    const host = this.host;
    const canonicalQuery = canonicalQueryOf({ 'x-id': 'GetObject', ...this.baseQuery(scope, amzDate, expires, 'host') });
    const key = this.signingKey(dateStamp);
    const requestHead = `GET\n${this.pathPrefix}`;
    const requestTail = `\n${canonicalQuery}\nhost:${host}\n\nhost\n${UNSIGNED_PAYLOAD}`;
    const stringToSignHead = `${ALGORITHM}\n${amzDate}\n${scope}\n`;
    const urlHead = `${this.scheme}//${host}${this.pathPrefix}`;
    const urlQuery = `?${canonicalQuery}&X-Amz-Signature=`;
    return (objectKey: string) => {
      const path = encodeKeyPath(objectKey);
      const signature = createHmac('sha256', key)
        .update(stringToSignHead + sha256Hex(requestHead + path + requestTail))
        .digest('hex');
      return urlHead + path + urlQuery + signature;
    };
  }

  /** A single PUT of one object; the client must send the signed Content-Type. */
  putObject(key: string, contentType: string, expiresInSeconds: number, now?: Date): PresignedUrl {
    return this.presign({ method: 'PUT', key, expiresInSeconds, query: { 'x-id': 'PutObject' }, headers: { 'content-type': contentType }, now });
  }

  /** One part of a multipart upload. */
  uploadPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number, now?: Date): PresignedUrl {
    return this.presign({
      method: 'PUT',
      key,
      expiresInSeconds,
      query: { partNumber: String(partNumber), uploadId, 'x-id': 'UploadPart' },
      now,
    });
  }
}
