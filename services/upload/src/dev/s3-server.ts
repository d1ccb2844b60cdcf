/**
 * The S3-compatible server the project starts for development, tests and benchmarks (never in production,
 * where S3_ENDPOINT points at S3, MinIO or R2). It is fauxqs (npm), chosen for its faithful multipart
 * semantics: real `-N` multipart ETags, AbortMultipartUpload, InvalidPart on a wrong ETag, EntityTooSmall.
 * See docs/decisions/0002-object-storage.md. This file adapts it in three ways, none visible to the
 * service, which only ever speaks S3 through @aws-sdk/client-s3:
 *
 * - it listens on 127.0.0.1 only (fauxqs' own startFauxqs binds 0.0.0.0, so this file builds the app itself);
 * - request bodies up to S3_SERVER_BODY_LIMIT (default 1 GiB) instead of fauxqs' 11 MiB, so single-shot
 *   photos and parts of any size the service allows locally go through;
 * - with a data dir (`npm start` uses .run/s3), fauxqs' own file persistence (`s3StorageDir` in its
 *   startFauxqs) writes objects through to plain files and loads them again at start-up, so photos survive a
 *   restart of the stack.
 *
 * Run: tsx services/upload/src/dev/s3-server.ts   (env S3_SERVER_PORT, S3_SERVER_DATA_DIR, S3_BUCKET)
 */
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
  /** The address the listening socket is bound to. */
  boundAddress: string;
  stop(): Promise<void>;
}

/** fauxqs' S3 store and its file-based persistence (classes it does not export; loaded from its dist folder). */
interface S3StoreLike {
  createBucket(name: string): void;
  persistence?: unknown;
}
interface FileS3PersistenceLike {
  loadS3(store: S3StoreLike): void;
  close(): void;
}
interface FauxqsInternals {
  S3Store: new () => S3StoreLike;
  FileS3Persistence: new (dir: string) => FileS3PersistenceLike;
}

async function loadInternals(): Promise<FauxqsInternals> {
  const entry = import.meta.resolve('fauxqs'); // .../fauxqs/dist/app.js
  const { S3Store } = (await import(new URL('./s3/s3Store.js', entry).href)) as Pick<FauxqsInternals, 'S3Store'>;
  const { FileS3Persistence } = (await import(new URL('./s3/fileS3Persistence.js', entry).href)) as Pick<
    FauxqsInternals,
    'FileS3Persistence'
  >;
  return { S3Store, FileS3Persistence };
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
  const { S3Store, FileS3Persistence } = await loadInternals();
  const s3Store = new S3Store();
  // With a data dir, fauxqs' own file persistence (as its startFauxqs wires it): load first, then write through.
  const persistence = opts.dataDir ? new FileS3Persistence(opts.dataDir) : undefined;
  if (persistence) {
    persistence.loadS3(s3Store);
    s3Store.persistence = persistence;
  }
  // buildApp wants all three stores only when given; SQS/SNS default to fresh ones when absent.
  const app = buildApp({ logger: false, stores: { s3Store } as never });
  if (persistence) app.addHook('preClose', () => persistence.close());
  raiseBodyLimit(app, opts.bodyLimit ?? 1024 * 1024 * 1024);
  for (const bucket of opts.buckets ?? []) s3Store.createBucket(bucket);
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  return {
    endpoint: `http://${host}:${port}`,
    port,
    boundAddress: typeof address === 'object' && address ? address.address : host,
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
