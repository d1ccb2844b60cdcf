/**
 * The S3-compatible server the project starts for development, tests and benchmarks (never in production,
 * where S3_ENDPOINT points at S3, MinIO or R2). It is fauxqs (npm), chosen for its faithful multipart
 * semantics: real `-N` multipart ETags, AbortMultipartUpload, InvalidPart on a wrong ETag, EntityTooSmall.
 * See docs/decisions/0002-object-storage.md. This file adapts it in three ways, none visible to the
 * service, which only ever speaks S3 through @aws-sdk/client-s3:
 *
 * - it listens on 127.0.0.1 only (fauxqs' own startFauxqs binds 0.0.0.0);
 * - request bodies up to S3_SERVER_BODY_LIMIT (default 1 GiB) instead of fauxqs' 11 MiB, so single-shot
 *   photos and parts of any size the service allows locally go through;
 * - with a data dir (`npm start` uses .run/s3), objects are written through to disk and loaded again at
 *   start-up, so photos survive a restart of the stack. In-progress multipart uploads are not persisted.
 *
 * Run: tsx services/upload/src/dev/s3-server.ts   (env S3_SERVER_PORT, S3_SERVER_DATA_DIR, S3_BUCKET)
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from 'fauxqs';

export interface S3ServerOptions {
  port?: number;
  host?: string;
  /** Persist objects below this folder; omit for memory only. */
  dataDir?: string;
  /** Buckets to create at start (idempotent). */
  buckets?: string[];
  /** Largest request body accepted (a single PUT or one part). */
  bodyLimit?: number;
}

export interface RunningS3Server {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/** The parts of fauxqs' S3Store this file relies on (the class is not part of its public exports). */
interface StoredObject {
  key: string;
  body: Buffer;
  contentType: string;
  contentLength: number;
  etag: string;
  lastModified: Date;
  metadata: Record<string, string>;
}
interface S3StoreLike {
  createBucket(name: string): void;
  deleteBucket(name: string): void;
  putObject(bucket: string, key: string, body: Buffer, contentType?: string, metadata?: Record<string, string>): StoredObject;
  deleteObject(bucket: string, key: string): void;
  completeMultipartUpload(uploadId: string, parts: { partNumber: number; etag: string }[]): StoredObject;
}
type S3StoreClass = new () => S3StoreLike;

async function loadS3StoreClass(): Promise<S3StoreClass> {
  const entry = import.meta.resolve('fauxqs'); // .../fauxqs/dist/app.js
  const mod = (await import(new URL('./s3/s3Store.js', entry).href)) as { S3Store: S3StoreClass };
  return mod.S3Store;
}

interface Sidecar {
  key: string;
  contentType: string;
  etag: string;
  lastModified: string;
  metadata: Record<string, string>;
}

/** A store that writes every object through to `dir/<bucket>/<sha256(key)>{.bin,.json}` and reloads them. */
function persistentStore(Base: S3StoreClass, dir: string): S3StoreLike {
  const fileOf = (bucket: string, key: string) => path.join(dir, bucket, createHash('sha256').update(key).digest('hex'));
  const writeAtomic = (file: string, data: Buffer | string) => {
    writeFileSync(`${file}.tmp`, data);
    renameSync(`${file}.tmp`, file);
  };
  const persist = (bucket: string, obj: StoredObject) => {
    const file = fileOf(bucket, obj.key);
    writeAtomic(`${file}.bin`, obj.body);
    const sidecar: Sidecar = { key: obj.key, contentType: obj.contentType, etag: obj.etag, lastModified: obj.lastModified.toISOString(), metadata: obj.metadata };
    writeAtomic(`${file}.json`, JSON.stringify(sidecar));
  };
  const uploads = new Map<string, string>(); // uploadId -> bucket (for completeMultipartUpload)

  class PersistentS3Store extends (Base as unknown as new () => S3StoreLike & { createMultipartUpload(bucket: string, key: string, contentType?: string, metadata?: Record<string, string>): string; abortMultipartUpload(uploadId: string): void }) {
    override createBucket(name: string) {
      super.createBucket(name);
      mkdirSync(path.join(dir, name), { recursive: true });
    }
    override deleteBucket(name: string) {
      super.deleteBucket(name);
      rmSync(path.join(dir, name), { recursive: true, force: true });
    }
    override putObject(bucket: string, key: string, body: Buffer, contentType?: string, metadata?: Record<string, string>) {
      const obj = super.putObject(bucket, key, body, contentType, metadata);
      persist(bucket, obj);
      return obj;
    }
    override deleteObject(bucket: string, key: string) {
      super.deleteObject(bucket, key);
      const file = fileOf(bucket, key);
      rmSync(`${file}.bin`, { force: true });
      rmSync(`${file}.json`, { force: true });
    }
    override createMultipartUpload(bucket: string, key: string, contentType?: string, metadata?: Record<string, string>) {
      const id = super.createMultipartUpload(bucket, key, contentType, metadata);
      uploads.set(id, bucket);
      return id;
    }
    override abortMultipartUpload(uploadId: string) {
      super.abortMultipartUpload(uploadId);
      uploads.delete(uploadId);
    }
    override completeMultipartUpload(uploadId: string, parts: { partNumber: number; etag: string }[]) {
      const obj = super.completeMultipartUpload(uploadId, parts);
      const bucket = uploads.get(uploadId);
      uploads.delete(uploadId);
      if (bucket) persist(bucket, obj);
      return obj;
    }
  }
  const store = new PersistentS3Store();

  // Reload what earlier runs stored, keeping each object's ETag and time.
  mkdirSync(dir, { recursive: true });
  const internals = store as unknown as { buckets: Map<string, Map<string, StoredObject>> };
  for (const bucket of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
    Base.prototype.createBucket.call(store, bucket);
    const objects = internals.buckets.get(bucket)!;
    for (const name of readdirSync(path.join(dir, bucket)).filter((n) => n.endsWith('.json'))) {
      const base = path.join(dir, bucket, name.slice(0, -'.json'.length));
      if (!existsSync(`${base}.bin`)) continue;
      const meta = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as Sidecar;
      const body = readFileSync(`${base}.bin`);
      objects.set(meta.key, {
        key: meta.key,
        body,
        contentType: meta.contentType,
        contentLength: body.length,
        etag: meta.etag,
        lastModified: new Date(meta.lastModified),
        metadata: meta.metadata,
      });
    }
  }
  return store;
}

/** Raises the body limit of fauxqs' catch-all (S3) body parser; fauxqs fixes it at 11 MiB. */
function raiseBodyLimit(app: object, limit: number): void {
  const sym = Object.getOwnPropertySymbols(app).find((s) => s.description === 'fastify.contentTypeParser');
  const parsers = sym ? (app as Record<symbol, { customParsers?: Map<string, { bodyLimit?: number }> }>)[sym] : undefined;
  const catchAll = parsers?.customParsers?.get('');
  if (!catchAll) throw new Error('s3-server: could not find the S3 body parser of fauxqs to raise its body limit');
  catchAll.bodyLimit = limit;
}

export async function startS3Server(opts: S3ServerOptions = {}): Promise<RunningS3Server> {
  const host = opts.host ?? '127.0.0.1';
  const Base = await loadS3StoreClass();
  const s3Store = opts.dataDir ? persistentStore(Base, opts.dataDir) : new Base();
  // buildApp wants all three stores only when given; SQS/SNS default to fresh ones when absent.
  const app = buildApp({ logger: false, stores: { s3Store } as never });
  raiseBodyLimit(app, opts.bodyLimit ?? 1024 * 1024 * 1024);
  for (const bucket of opts.buckets ?? []) s3Store.createBucket(bucket);
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  return {
    endpoint: `http://${host}:${port}`,
    port,
    stop: async () => {
      await app.close();
    },
  };
}

// Run as a process (npm start, black-box tests, benchmarks).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.S3_SERVER_PORT ?? 9000);
  const dataDir = process.env.S3_SERVER_DATA_DIR || undefined;
  const bucket = process.env.S3_BUCKET ?? 'studio-photos';
  const bodyLimit = Number(process.env.S3_SERVER_BODY_LIMIT ?? 1024 * 1024 * 1024);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('config: S3_SERVER_PORT: must be a port number\n');
    process.exit(78);
  }
  const server = await startS3Server({ port, dataDir, buckets: [bucket], bodyLimit });
  process.stdout.write(
    `${JSON.stringify({ level: 'info', service: 's3-server', msg: 'S3-compatible server listening', endpoint: server.endpoint, data_dir: dataDir ?? null, bucket })}\n`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
