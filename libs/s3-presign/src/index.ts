/**
 * @studio/s3-presign: a small AWS Signature Version 4 query-string presigner for S3 (GET, PUT, UploadPart), with
 * the signing key cached. The SDK presigner re-derives the key (four HMACs) and runs its middleware stack for
 * every URL (about 1 ms each); the key only changes once a day per credentials, region and service, so caching it
 * makes a URL a few microseconds.
 *
 * Credentials come from a provider (the AWS SDK's `AwsCredentialIdentityProvider` shape: its default chain, an
 * S3Client's `config.credentials`, or fixed keys), resolved once per signing call or batch, so a rotation is
 * followed at the next URL. The signing-key cache is keyed by access key id, secret, date, region and service:
 * URLs made after a rotation are never signed with the old secret. A session token goes into the URL as
 * X-Amz-Security-Token (signed).
 *
 * `getSigner` goes further for batches of GET URLs that share one signing time and lifetime (a gallery page):
 * the credentials are resolved once, the scope, the canonical query and the canonical headers are built once, and
 * each URL then costs one SHA-256 of its canonical request and one HMAC of the string to sign, nothing else.
 *
 * No runtime dependency. Output is verified against @aws-sdk/s3-request-presigner in index.spec.ts. Used by
 * upload (PUT and UploadPart targets) and gallery (photo GET URLs).
 *
 * PUT and UploadPart URLs sign the exact Content-Length (and a PUT its Content-Type): S3 refuses a request whose
 * signed headers differ, so a URL handed to a client uploads exactly the declared number of bytes, never more.
 * The client must send them verbatim (they are in `PresignedUrl.headers`).
 *
 * Spec: https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 */
import { createHmac, createSecretKey, hash, type KeyObject } from 'node:crypto';

/**
 * Credentials as the AWS SDK's providers hand them out (its `AwsCredentialIdentity`): static keys, or temporary ones
 * from STS (web identity / IRSA, container and pod identity, instance profiles) with a session token and an expiry.
 */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** When temporary credentials stop working; S3 refuses a URL signed with them from then on. */
  expiration?: Date;
}

/**
 * The AWS SDK's `AwsCredentialIdentityProvider` shape (e.g. `defaultProvider()` of @aws-sdk/credential-provider-node, or
 * an S3Client's `config.credentials`). The SDK's providers memoize and refresh before expiry, so calling one per
 * signing call or batch is cheap and always yields current credentials.
 */
export type CredentialsProvider = () => Promise<Credentials>;

export interface PresignerOptions {
  /** e.g. http://127.0.0.1:9000 or https://s3.eu-west-1.amazonaws.com */
  endpoint: string;
  region: string;
  bucket: string;
  /** A provider, resolved once per signing call or batch (rotation is followed), or fixed keys. */
  credentials: CredentialsProvider | Credentials;
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
  /** The end of the URL's lifetime, or the credentials' expiry when that comes first. */
  expiresAt: Date;
}

/** What a single PUT will carry: both are signed, so the store refuses any other type or size. */
export interface PutObjectBody {
  contentType: string;
  /** Exact size in bytes. */
  contentLength: number;
}

/** One part of a multipart upload; its exact size is signed (the last part is usually smaller than the others). */
export interface UploadPartTarget {
  uploadId: string;
  partNumber: number;
  /** Exact size of this part in bytes. */
  contentLength: number;
}

/** Signs object keys into GET URLs that all share one signing time, one lifetime and one set of credentials. */
export type GetSigner = (key: string) => string;

/**
 * A presigner bound to one set of resolved credentials: everything is synchronous. Make one per request or batch
 * (`S3Presigner.bind()`); do not keep it, or it keeps signing with credentials that may have been rotated.
 */
export interface BoundPresigner {
  /** The credentials every URL of this binding is signed with. */
  readonly credentials: Readonly<Credentials>;
  presign(req: PresignRequest): PresignedUrl;
  getObject(key: string, expiresInSeconds: number, now?: Date): PresignedUrl;
  putObject(key: string, body: PutObjectBody, expiresInSeconds: number, now?: Date): PresignedUrl;
  uploadPart(key: string, part: UploadPartTarget, expiresInSeconds: number, now?: Date): PresignedUrl;
  getSigner(expiresInSeconds: number, now?: Date): GetSigner;
  /** When URLs signed at `now` for `expiresInSeconds` stop working: the lifetime, or the credentials' expiry if sooner. */
  expiresAt(now: Date, expiresInSeconds: number): Date;
}

/** Whether two resolved credentials sign alike (same key id, secret and session token). */
export function sameCredentials(a: Credentials, b: Credentials): boolean {
  return a.accessKeyId === b.accessKeyId && a.secretAccessKey === b.secretAccessKey && (a.sessionToken ?? '') === (b.sessionToken ?? '');
}

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
  const iso = d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, ''); // 20261122T143000Z
  return { amzDate: iso, dateStamp: iso.slice(0, 8) };
}

const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string): string => hash('sha256', data, 'hex');

/** A Content-Length header value: a whole number of bytes (S3 allows at most 5 TiB in any one request). */
function contentLengthOf(bytes: number): string {
  if (!(Number.isSafeInteger(bytes) && bytes >= 0)) throw new RangeError('contentLength must be a whole number of bytes, 0 or more');
  return String(bytes);
}

function checkExpires(expiresInSeconds: number): number {
  const expires = Math.floor(expiresInSeconds);
  if (!(expires >= 1 && expires <= MAX_EXPIRES_SECONDS)) throw new RangeError(`expiresInSeconds must be 1..${MAX_EXPIRES_SECONDS}`);
  return expires;
}

/**
 * A URL signed with temporary credentials stops working when they expire, whatever its X-Amz-Expires says (S3
 * checks both), so the time reported to the caller is the earlier of the two.
 */
function expiryOf(creds: Credentials, now: Date, expires: number): Date {
  const end = now.getTime() + expires * 1000;
  const credsEnd = creds.expiration?.getTime();
  return new Date(credsEnd !== undefined && credsEnd < end ? credsEnd : end);
}

function canonicalQueryOf(query: Record<string, string>): string {
  return Object.keys(query)
    .map((k) => [uriEncode(k), uriEncode(query[k]!)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** A derived signing key and what it was derived from: it is only ever used for exactly these inputs. */
interface CachedKey {
  accessKeyId: string;
  secretAccessKey: string;
  dateStamp: string;
  region: string;
  service: string;
  /**
   * A KeyObject, not a Buffer: on Node 24 (OpenSSL 3.5) `createHmac` with a Buffer key costs about 30 us (the key
   * is imported on every call) and with a KeyObject about 4 us; a gallery page signs thousands of URLs with it.
   */
  key: KeyObject;
}

/** Signing keys kept: the current credentials' and, across a rotation or midnight, the previous ones'. */
const KEY_CACHE_SIZE = 4;

export class S3Presigner {
  private readonly scheme: string;
  private readonly endpointHost: string; // host[:port] as the client will send it
  private readonly basePath: string;
  private readonly provider: CredentialsProvider;
  /** Most recently used first. */
  private readonly keys: CachedKey[] = [];
  private derivations = 0;

  constructor(private readonly opts: PresignerOptions) {
    const url = new URL(opts.endpoint);
    this.scheme = url.protocol;
    this.endpointHost = url.host; // URL drops default ports (80/443), exactly like the Host header
    this.basePath = url.pathname.replace(/\/+$/, '');
    const creds = opts.credentials;
    if (typeof creds === 'function') {
      this.provider = creds;
    } else {
      const fixed = Object.freeze({ ...creds });
      this.provider = async () => fixed;
    }
  }

  /** Resolves the credentials once (one provider call) and returns a synchronous presigner bound to them. */
  async bind(): Promise<BoundPresigner> {
    const creds = await this.provider();
    if (!creds?.accessKeyId || !creds.secretAccessKey)
      throw new Error('s3-presign: the credentials provider returned no access key id or secret');
    return this.boundTo(creds);
  }

  /** How many signing keys were derived so far (each costs four HMACs; tests and benchmarks). */
  get keyDerivations(): number {
    return this.derivations;
  }

  private boundTo(creds: Credentials): BoundPresigner {
    return {
      credentials: creds,
      presign: (req) => this.presignWith(creds, req),
      getObject: (key, expiresInSeconds, now) =>
        this.presignWith(creds, { method: 'GET', key, expiresInSeconds, query: { 'x-id': 'GetObject' }, now }),
      putObject: (key, body, expiresInSeconds, now) =>
        this.presignWith(creds, {
          method: 'PUT',
          key,
          expiresInSeconds,
          query: { 'x-id': 'PutObject' },
          headers: { 'content-length': contentLengthOf(body.contentLength), 'content-type': body.contentType },
          now,
        }),
      uploadPart: (key, part, expiresInSeconds, now) =>
        this.presignWith(creds, {
          method: 'PUT',
          key,
          expiresInSeconds,
          query: { partNumber: String(part.partNumber), uploadId: part.uploadId, 'x-id': 'UploadPart' },
          headers: { 'content-length': contentLengthOf(part.contentLength) },
          now,
        }),
      getSigner: (expiresInSeconds, now) => this.getSignerWith(creds, expiresInSeconds, now ?? new Date()),
      expiresAt: (now, expiresInSeconds) => expiryOf(creds, now, checkExpires(expiresInSeconds)),
    };
  }

  /**
   * The signing key of (access key id, secret, day, region, service), cached. A rotation changes the key id or the
   * secret (or both), so it never meets a cached key of the old credentials; the same credentials reuse theirs.
   */
  private signingKey(creds: Credentials, dateStamp: string): KeyObject {
    const { region } = this.opts;
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (
        k.dateStamp === dateStamp &&
        k.accessKeyId === creds.accessKeyId &&
        k.secretAccessKey === creds.secretAccessKey &&
        k.region === region &&
        k.service === SERVICE
      ) {
        if (i > 0) keys.unshift(...keys.splice(i, 1));
        return k.key;
      }
    }
    const kDate = hmac(`AWS4${creds.secretAccessKey}`, dateStamp);
    const kRegion = hmac(kDate, region);
    const kService = hmac(kRegion, SERVICE);
    const key = createSecretKey(hmac(kService, 'aws4_request'));
    this.derivations++;
    keys.unshift({ accessKeyId: creds.accessKeyId, secretAccessKey: creds.secretAccessKey, dateStamp, region, service: SERVICE, key });
    if (keys.length > KEY_CACHE_SIZE) keys.length = KEY_CACHE_SIZE;
    return key;
  }

  /** Host and path prefix of every object URL (the key's encoded path follows the prefix). */
  private get host(): string {
    return this.opts.forcePathStyle ? this.endpointHost : `${this.opts.bucket}.${this.endpointHost}`;
  }

  private get pathPrefix(): string {
    return this.opts.forcePathStyle ? `${this.basePath}/${uriEncode(this.opts.bucket)}/` : `${this.basePath}/`;
  }

  private baseQuery(creds: Credentials, scope: string, amzDate: string, expires: number, signedHeaders: string): Record<string, string> {
    const query: Record<string, string> = {
      'X-Amz-Algorithm': ALGORITHM,
      'X-Amz-Content-Sha256': UNSIGNED_PAYLOAD,
      'X-Amz-Credential': `${creds.accessKeyId}/${scope}`,
      'X-Amz-Date': amzDate,
      'X-Amz-Expires': String(expires),
      'X-Amz-SignedHeaders': signedHeaders,
    };
    // Part of the canonical query, so it is signed like every other parameter.
    if (creds.sessionToken) query['X-Amz-Security-Token'] = creds.sessionToken;
    return query;
  }

  private presignWith(creds: Credentials, req: PresignRequest): PresignedUrl {
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

    const canonicalQuery = canonicalQueryOf({ ...req.query, ...this.baseQuery(creds, scope, amzDate, expires, signedHeaders) });
    const canonicalRequest = [req.method, path, canonicalQuery, canonicalHeaders, signedHeaders, UNSIGNED_PAYLOAD].join('\n');
    const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    const signature = createHmac('sha256', this.signingKey(creds, dateStamp)).update(stringToSign, 'utf8').digest('hex');

    const { host: _host, ...clientHeaders } = headers;
    return {
      url: `${this.scheme}//${host}${path}?${canonicalQuery}&X-Amz-Signature=${signature}`,
      headers: clientHeaders,
      expiresAt: expiryOf(creds, now, expires),
    };
  }

  private getSignerWith(creds: Credentials, expiresInSeconds: number, now: Date): GetSigner {
    const expires = checkExpires(expiresInSeconds);
    const { amzDate, dateStamp } = amzDateOf(now);
    const scope = `${dateStamp}/${this.opts.region}/${SERVICE}/aws4_request`;
    const host = this.host;
    const canonicalQuery = canonicalQueryOf({ 'x-id': 'GetObject', ...this.baseQuery(creds, scope, amzDate, expires, 'host') });
    const key = this.signingKey(creds, dateStamp);
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

  /** One URL: resolves the credentials (one provider call), then signs. */
  async presign(req: PresignRequest): Promise<PresignedUrl> {
    return (await this.bind()).presign(req);
  }

  /** A GET of one object. */
  async getObject(key: string, expiresInSeconds: number, now?: Date): Promise<PresignedUrl> {
    return (await this.bind()).getObject(key, expiresInSeconds, now);
  }

  /**
   * A signer for many GET URLs with one signing time `now`, one lifetime and the credentials current when it is
   * made (one provider call per batch): everything but the key's path is computed once, so each URL is one SHA-256
   * and one HMAC. Its URLs are identical to `getObject(key, expires, now)` (tested). Make one per batch.
   */
  async getSigner(expiresInSeconds: number, now: Date = new Date()): Promise<GetSigner> {
    checkExpires(expiresInSeconds);
    return (await this.bind()).getSigner(expiresInSeconds, now);
  }

  /** A single PUT of one object; the client must send the signed Content-Length and Content-Type (`headers`). */
  async putObject(key: string, body: PutObjectBody, expiresInSeconds: number, now?: Date): Promise<PresignedUrl> {
    return (await this.bind()).putObject(key, body, expiresInSeconds, now);
  }

  /** One part of a multipart upload; the client must send the signed Content-Length (`headers`). */
  async uploadPart(key: string, part: UploadPartTarget, expiresInSeconds: number, now?: Date): Promise<PresignedUrl> {
    return (await this.bind()).uploadPart(key, part, expiresInSeconds, now);
  }
}
