/**
 * The upload helper (`client.upload`): one call uploads a photo or a set of files to a shoot.
 * - Every file under `multipartThresholdBytes` (default 16 MiB), no resume: single-shot per file (POST /photos, PUT
 *   to the presigned URL with its signed headers, POST /photos/{id}/finalize), `concurrency` files at a time.
 * - Otherwise one multipart upload session for the whole set (POST /upload-sessions, files, parts/sign, PUT parts,
 *   parts/complete, files/{fileId}/complete, finalize), `concurrency` parts in flight across its files.
 * Each file's size and SHA-256 are declared, so the API checks the assembled bytes. `onSession` hands out the
 * session id as soon as it exists; after a crash or an abort, the same call with `resumeSessionId` (and the same
 * files) asks the API for the session's resume manifest and sends only the parts it lacks.
 * An abort (`signal`) stops sending and leaves the session as it is (resumable for as long as the API keeps it;
 * nothing is aborted on the server): see the README.
 * Sources: a file path (Node: read part by part through node:fs, loaded lazily; never the whole file for
 * multipart), a Blob or File, or bytes. SHA-256 with node:crypto (incremental) where it exists, else WebCrypto.
 * Nothing here imports a `node:` module at the top, so the client stays loadable in a browser.
 */
import type { ObjectStoreTransfer, StudioClient } from './client.js';
import { StudioApiError } from './errors.js';
import type { components } from './generated/schema.js';
import type { BodyOf, Operation } from './types.js';

/**
 * A photo's media type as the API's contract names it (the `content_type` enum of POST /photos and of upload-session
 * files: the raster formats it processes). A type the caller gives or the file name suggests is sent as it is: the API
 * refuses one outside the enum with `invalid_input` before any byte is uploaded, and a newer API may take more.
 */
type PhotoContentType = NonNullable<BodyOf<Operation<'/photos', 'post'>>>['content_type'];

export type Photo = components['schemas']['Photo'];
type SignedPart = components['schemas']['SignedUploadPart'];
type ResumeFile = components['schemas']['ResumeFile'];

export const MiB = 1024 * 1024;
/** Files at or above this size (any of the set) go through a multipart upload session. */
export const DEFAULT_MULTIPART_THRESHOLD_BYTES = 16 * MiB;
export const DEFAULT_UPLOAD_CONCURRENCY = 4;
/** The API's limits (decision 0003): files per registration call, part numbers per sign call. */
const FILES_PER_REGISTER = 100;
const MAX_SIGN_BATCH = 1000;
/** A cached part URL this close to its expiry is signed again. */
const URL_EXPIRY_MARGIN_MS = 60_000;

/** A file path (Node only), a Blob or File, or the bytes themselves. */
export type UploadSource = string | Blob | Uint8Array | ArrayBuffer;

export interface UploadFileInput {
  source: UploadSource;
  /** The photo's file name (default: the path's base name, or the File's name; required for other sources). */
  fileName?: string | undefined;
  /** The media type (default: from the name's extension, e.g. image/jpeg; else application/octet-stream). */
  contentType?: string | undefined;
}

export interface UploadProgress {
  /** Bytes of the whole set the API has (parts recorded before a resume included). */
  bytesDone: number;
  bytesTotal: number;
  /** The file whose bytes just arrived. */
  file: { index: number; fileName: string; bytesDone: number; bytesTotal: number };
}

export interface UploadOptions {
  shootId: string;
  /** One or more files: an UploadFileInput, or just a source (a path or a File names itself). */
  files: readonly (UploadFileInput | UploadSource)[];
  /** Any file at or above this size makes the whole set one multipart session (default 16 MiB). */
  multipartThresholdBytes?: number | undefined;
  /** Part size asked of the API at registration (5 MiB .. 5 GiB; default: the API's, 8 MiB). */
  partSizeBytes?: number | undefined;
  /** Parts (multipart) or files (single-shot) in flight at once (default 4). */
  concurrency?: number | undefined;
  /** Called after every part or single-shot file the object store accepted (and the API recorded). */
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** Called with the multipart session's id as soon as it exists (keep it to resume after a crash). */
  onSession?: ((sessionId: string) => void) | undefined;
  /** Resume this multipart session: the same files are matched to its files by name and size; only missing parts are sent. */
  resumeSessionId?: string | undefined;
  /** Stops the upload: in-flight requests are aborted and the call rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
}

export interface UploadedFile {
  fileName: string;
  size: number;
  sha256: string;
  /** The photo as the API answered when the bytes were complete (`processing`; poll GET /photos/{id} for `ready`). */
  photo: Photo;
  /** The upload-session file id (multipart), or null (single-shot). */
  fileId: string | null;
  /** PUTs of bytes this call made for the file (single-shot: 1). */
  partsSent: number;
  /** Parts the API had already recorded before this call (a resume). */
  partsReused: number;
}

export interface UploadResult {
  mode: 'single' | 'multipart';
  /** The multipart session (finalized once every file is complete), or null for single-shot. */
  sessionId: string | null;
  /** One entry per input file, in the order given. */
  files: UploadedFile[];
}

/** An opened source: its size, its bytes by range and its SHA-256. */
interface OpenSource {
  fileName: string;
  contentType: string;
  size: number;
  /** Bytes [start, end): a copy read from disk, a Blob slice, or a view of the given bytes. */
  read(start: number, end: number): Promise<Uint8Array | Blob>;
  sha256(): Promise<string>;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
  heif: 'image/heif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  dng: 'image/x-adobe-dng',
  cr2: 'image/x-canon-cr2',
  cr3: 'image/x-canon-cr3',
  nef: 'image/x-nikon-nef',
  arw: 'image/x-sony-arw',
  raf: 'image/x-fuji-raf',
};

/** The media type of a file name by its extension; application/octet-stream when unknown. */
export function contentTypeOf(fileName: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (ext && CONTENT_TYPES[ext]) || 'application/octet-stream';
}

/** The size of part `partNumber` (1-based) of a file of `size` bytes in parts of `partSize`: all full but the last. */
export function partLength(partNumber: number, partSize: number, size: number): number {
  return Math.max(0, Math.min(partSize, size - (partNumber - 1) * partSize));
}

/** The byte range [start, end) of part `partNumber`. */
export function partRange(partNumber: number, partSize: number, size: number): [number, number] {
  const start = (partNumber - 1) * partSize;
  return [start, start + partLength(partNumber, partSize, size)];
}

/** Whether a set of files goes through a multipart session. */
export function chooseMode(sizes: readonly number[], thresholdBytes: number, resuming: boolean): 'single' | 'multipart' {
  return resuming || sizes.some((s) => s >= thresholdBytes) ? 'multipart' : 'single';
}

/** Counts bytes done per file and over the set, and reports them. */
export class ProgressTracker {
  private readonly done: number[];
  private total = 0;
  readonly bytesTotal: number;

  constructor(
    private readonly files: readonly { fileName: string; size: number }[],
    private readonly report: ((progress: UploadProgress) => void) | undefined,
  ) {
    this.done = files.map(() => 0);
    this.bytesTotal = files.reduce((sum, f) => sum + f.size, 0);
  }

  /** Counts bytes that were there before this call (a resume) without reporting them. */
  preset(index: number, bytes: number): void {
    this.done[index] = (this.done[index] ?? 0) + bytes;
    this.total += bytes;
  }

  add(index: number, bytes: number): void {
    this.preset(index, bytes);
    const file = this.files[index];
    if (!file || !this.report) return;
    this.report({
      bytesDone: this.total,
      bytesTotal: this.bytesTotal,
      file: { index, fileName: file.fileName, bytesDone: this.done[index] ?? 0, bytesTotal: file.size },
    });
  }

  get bytesDone(): number {
    return this.total;
  }
}

/**
 * Runs `work` over `items`, at most `concurrency` at once. The first failure aborts `controller` (so the others stop
 * sending) and is thrown once every worker has stopped.
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  controller: AbortController,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !controller.signal.aborted) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
        controller.abort(error);
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure) throw failure.error;
  if (controller.signal.aborted) throw controller.signal.reason;
}

export async function uploadWith(client: StudioClient, transfer: ObjectStoreTransfer, options: UploadOptions): Promise<UploadResult> {
  if (!options.shootId) throw new TypeError('upload: shootId is required');
  if (!options.files?.length) throw new TypeError('upload: files must name at least one file');
  const concurrency = options.concurrency ?? DEFAULT_UPLOAD_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new TypeError('upload: concurrency must be a positive integer');
  if (options.signal?.aborted) throw options.signal.reason;

  // One controller for the whole call: the caller's abort and the first failure both stop every request in flight.
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const sources: OpenSource[] = [];
  try {
    for (const [index, input] of options.files.entries()) sources.push(await openSource(input, index));
    const mode = chooseMode(
      sources.map((s) => s.size),
      options.multipartThresholdBytes ?? DEFAULT_MULTIPART_THRESHOLD_BYTES,
      options.resumeSessionId !== undefined,
    );
    const progress = new ProgressTracker(sources, options.onProgress);
    const run = { client, transfer, options, controller, progress, concurrency };
    return mode === 'single' ? await singleShot(run, sources) : await multipart(run, sources);
  } catch (err) {
    // An abort by the caller surfaces as the caller's reason, not as whatever the cut request threw.
    if (options.signal?.aborted) throw options.signal.reason;
    throw err;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await Promise.all(sources.map((s) => s.close().catch(() => undefined)));
  }
}

interface Run {
  client: StudioClient;
  transfer: ObjectStoreTransfer;
  options: UploadOptions;
  controller: AbortController;
  progress: ProgressTracker;
  concurrency: number;
}

async function singleShot(run: Run, sources: OpenSource[]): Promise<UploadResult> {
  const { client, transfer, options, controller, progress } = run;
  const signal = controller.signal;
  const results: UploadedFile[] = new Array(sources.length);
  await runPool([...sources.keys()], run.concurrency, controller, async (index) => {
    const source = sources[index] as OpenSource;
    const sha256 = await source.sha256();
    const { photo, upload } = await client.post('/photos', {
      body: {
        shoot_id: options.shootId,
        file_name: source.fileName,
        content_type: source.contentType as PhotoContentType,
        size: source.size,
        sha256,
      },
      signal,
    });
    await transfer.put(upload.url, upload.headers, await source.read(0, source.size), signal);
    const finalized = await client.post('/photos/{id}/finalize', { params: { path: { id: photo.id } }, signal });
    progress.add(index, source.size);
    results[index] = {
      fileName: source.fileName,
      size: source.size,
      sha256,
      photo: finalized.photo,
      fileId: null,
      partsSent: 1,
      partsReused: 0,
    };
  });
  return { mode: 'single', sessionId: null, files: results };
}

/** One file of the session as the upload sees it. */
interface SessionFile {
  index: number;
  source: OpenSource;
  sha256: string;
  fileId: string;
  partSize: number;
  partCount: number;
  /** Parts still to send, in order. */
  missing: number[];
  remaining: number;
  partsSent: number;
  partsReused: number;
  urls: Map<number, SignedPart>;
  signing: Map<number, Promise<void>>;
  /** Set when the file is complete (now, or before a resume). */
  photo: Photo | null;
  photoId: string | null;
}

async function multipart(run: Run, sources: OpenSource[]): Promise<UploadResult> {
  const { client, options, controller } = run;
  const signal = controller.signal;
  const hashes: string[] = [];
  for (const source of sources) {
    if (signal.aborted) throw signal.reason;
    hashes.push(await source.sha256());
  }

  let sessionId: string;
  const files: (SessionFile | undefined)[] = sources.map(() => undefined);
  if (options.resumeSessionId !== undefined) {
    sessionId = options.resumeSessionId;
    options.onSession?.(sessionId);
    const manifest = await resumeManifest(client, sessionId, signal);
    // The manifest lists parts; the session read has what each file was registered with (its SHA-256).
    const { session } = await client.get('/upload-sessions/{id}', { params: { path: { id: sessionId } }, signal });
    const taken = new Set<string>();
    for (const [index, source] of sources.entries()) {
      const match = manifest.files.find(
        (f) => !taken.has(f.id) && f.state !== 'aborted' && f.file_name === source.fileName && f.size === source.size,
      );
      if (!match) continue;
      const declared = session.files.find((f) => f.id === match.id)?.sha256 ?? null;
      if (declared !== null && declared !== hashes[index]) {
        throw new Error(`upload: ${source.fileName} is not the file registered in session ${sessionId} (its SHA-256 differs)`);
      }
      taken.add(match.id);
      files[index] = fromManifest(index, source, hashes[index] as string, match);
    }
    const orphans = manifest.files.filter((f) => f.state === 'uploading' && !taken.has(f.id));
    if (orphans.length > 0) {
      throw new Error(
        `upload: session ${sessionId} has files still uploading that no given file matches by name and size (${orphans
          .map((f) => f.file_name)
          .join(', ')}): pass them too, or abort them`,
      );
    }
  } else {
    const { session } = await client.post('/upload-sessions', { body: { shoot_id: options.shootId }, signal });
    sessionId = session.id;
    options.onSession?.(sessionId);
  }

  // Register what the session does not have yet (every file of a new session).
  const unregistered = [...sources.keys()].filter((i) => files[i] === undefined);
  for (let at = 0; at < unregistered.length; at += FILES_PER_REGISTER) {
    const batch = unregistered.slice(at, at + FILES_PER_REGISTER);
    const registered = await client.post('/upload-sessions/{id}/files', {
      params: { path: { id: sessionId } },
      body: {
        files: batch.map((i) => {
          const s = sources[i] as OpenSource;
          return {
            file_name: s.fileName,
            size: s.size,
            content_type: s.contentType as PhotoContentType,
            sha256: hashes[i] as string,
            part_size: options.partSizeBytes ?? null,
          };
        }),
      },
      signal,
    });
    for (const [k, index] of batch.entries()) {
      const f = registered.files[k];
      if (!f) throw new Error(`upload: the API registered ${registered.files.length} files of ${batch.length}`);
      const missing = Array.from({ length: f.part_count }, (_, n) => n + 1);
      files[index] = newSessionFile(index, sources[index] as OpenSource, hashes[index] as string, f.id, f.part_size, f.part_count, missing);
    }
  }
  const all = files as SessionFile[];
  for (const f of all)
    run.progress.preset(f.index, f.source.size - f.missing.reduce((sum, n) => sum + partLength(n, f.partSize, f.source.size), 0));

  // Parts of every file through one pool; the part that finishes a file completes it.
  const tasks = all.flatMap((f) => f.missing.map((partNumber) => ({ file: f, partNumber })));
  await runPool(tasks, run.concurrency, controller, async ({ file, partNumber }) => {
    await sendPart(run, sessionId, file, partNumber);
    if (--file.remaining === 0) await completeFile(run, sessionId, file);
  });
  // Files whose parts were all recorded before (a process that died between its last part and complete).
  for (const f of all) if (f.photo === null && f.photoId === null) await completeFile(run, sessionId, f);
  for (const f of all) {
    if (f.photo === null && f.photoId !== null)
      f.photo = (await client.get('/photos/{id}', { params: { path: { id: f.photoId } }, signal })).photo;
  }

  await client.post('/upload-sessions/{id}/finalize', { params: { path: { id: sessionId } }, signal });
  return {
    mode: 'multipart',
    sessionId,
    files: all.map((f) => ({
      fileName: f.source.fileName,
      size: f.source.size,
      sha256: f.sha256,
      photo: f.photo as Photo,
      fileId: f.fileId,
      partsSent: f.partsSent,
      partsReused: f.partsReused,
    })),
  };
}

/** POST /upload-sessions/{id}/resume; a paused session is unpaused first (the API refuses to resume it). */
async function resumeManifest(client: StudioClient, sessionId: string, signal: AbortSignal) {
  const call = () => client.post('/upload-sessions/{id}/resume', { params: { path: { id: sessionId } }, signal });
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof StudioApiError) || err.status !== 409) throw err;
    const { session } = await client.get('/upload-sessions/{id}', { params: { path: { id: sessionId } }, signal });
    if (session.state !== 'paused') throw err;
    await client.post('/upload-sessions/{id}/unpause', { params: { path: { id: sessionId } }, signal });
    return call();
  }
}

function newSessionFile(
  index: number,
  source: OpenSource,
  sha256: string,
  fileId: string,
  partSize: number,
  partCount: number,
  missing: number[],
): SessionFile {
  return {
    index,
    source,
    sha256,
    fileId,
    partSize,
    partCount,
    missing,
    remaining: missing.length,
    partsSent: 0,
    partsReused: partCount - missing.length,
    urls: new Map(),
    signing: new Map(),
    photo: null,
    photoId: null,
  };
}

function fromManifest(index: number, source: OpenSource, sha256: string, f: ResumeFile): SessionFile {
  const file = newSessionFile(index, source, sha256, f.id, f.part_size, f.part_count, f.state === 'completed' ? [] : [...f.parts_missing]);
  for (const url of f.urls) file.urls.set(url.part_number, url);
  if (f.state === 'completed') file.photoId = f.photo_id;
  return file;
}

/** A fresh signed URL for the part: from the cache, or signed with the next missing parts in one call. */
async function partUrl(run: Run, sessionId: string, file: SessionFile, partNumber: number): Promise<SignedPart> {
  for (;;) {
    const cached = file.urls.get(partNumber);
    if (cached && Date.parse(cached.expires_at) - Date.now() > URL_EXPIRY_MARGIN_MS) return cached;
    const pending = file.signing.get(partNumber);
    if (pending) {
      await pending;
      if (file.urls.get(partNumber) === cached) throw new Error(`upload: the API signed no URL for part ${partNumber}`);
      continue;
    }
    const size = Math.min(MAX_SIGN_BATCH, Math.max(16, run.concurrency * 4));
    const from = Math.max(0, file.missing.indexOf(partNumber));
    const batch = [partNumber, ...file.missing.slice(from + 1).filter((n) => !file.urls.has(n) && !file.signing.has(n))].slice(0, size);
    const signing = run.client
      .post('/upload-sessions/{id}/files/{fileId}/parts/sign', {
        params: { path: { id: sessionId, fileId: file.fileId } },
        body: { part_numbers: batch },
        signal: run.controller.signal,
      })
      .then(({ parts }) => {
        for (const p of parts) file.urls.set(p.part_number, p);
      })
      .finally(() => {
        for (const n of batch) file.signing.delete(n);
      });
    for (const n of batch) file.signing.set(n, signing);
    await signing;
  }
}

async function sendPart(run: Run, sessionId: string, file: SessionFile, partNumber: number): Promise<void> {
  const signal = run.controller.signal;
  const [start, end] = partRange(partNumber, file.partSize, file.source.size);
  const body = await file.source.read(start, end);
  const put = async () => {
    const target = await partUrl(run, sessionId, file, partNumber);
    file.partsSent++;
    return run.transfer.put(target.url, target.headers, body, signal);
  };
  let headers: Headers;
  try {
    headers = await put();
  } catch (err) {
    // A 403 from the object store: most likely the URL expired while the part waited (a slow link, a long queue).
    // Sign that part again, once.
    if (!(err instanceof StudioApiError) || err.status !== 403) throw err;
    file.urls.delete(partNumber);
    headers = await put();
  }
  file.urls.delete(partNumber);
  const etag = headers.get('etag');
  if (!etag) {
    throw new Error(
      'upload: the object store answered a part without an ETag header (a browser sees it only when the bucket CORS rule exposes ETag)',
    );
  }
  await run.client.post('/upload-sessions/{id}/files/{fileId}/parts/complete', {
    params: { path: { id: sessionId, fileId: file.fileId } },
    body: { part_number: partNumber, etag },
    signal,
  });
  run.progress.add(file.index, end - start);
}

async function completeFile(run: Run, sessionId: string, file: SessionFile): Promise<void> {
  const done = await run.client.post('/upload-sessions/{id}/files/{fileId}/complete', {
    params: { path: { id: sessionId, fileId: file.fileId } },
    signal: run.controller.signal,
  });
  file.photo = done.photo;
  file.photoId = done.photo?.id ?? done.file.photo_id;
}

/* ---------------------------------------------------------------------------------------------------------------- */
/* Sources                                                                                                           */

async function openSource(input: UploadFileInput | UploadSource, index: number): Promise<OpenSource> {
  const spec: UploadFileInput = isFileInput(input) ? input : { source: input };
  const { source } = spec;
  let opened: Omit<OpenSource, 'fileName' | 'contentType'>;
  let defaultName: string | undefined;
  if (typeof source === 'string') {
    opened = await openPath(source);
    defaultName = source.split(/[\\/]/).pop();
  } else if (typeof Blob !== 'undefined' && source instanceof Blob) {
    opened = openBlob(source);
    defaultName = typeof (source as { name?: unknown }).name === 'string' ? (source as File).name : undefined;
  } else if (source instanceof Uint8Array || source instanceof ArrayBuffer) {
    opened = openBytes(source instanceof Uint8Array ? source : new Uint8Array(source));
  } else {
    throw new TypeError(`upload: files[${index}] is not a path, a Blob or bytes`);
  }
  const fileName = spec.fileName ?? defaultName;
  if (!fileName) {
    await opened.close();
    throw new TypeError(`upload: files[${index}] needs a fileName (bytes and Blobs carry none)`);
  }
  return { ...opened, fileName, contentType: spec.contentType ?? contentTypeOf(fileName) };
}

function isFileInput(input: UploadFileInput | UploadSource): input is UploadFileInput {
  return typeof input === 'object' && input !== null && 'source' in input && !(input instanceof Uint8Array);
}

/** A file on disk (Node): each read is a positioned read of just that range. */
async function openPath(path: string): Promise<Omit<OpenSource, 'fileName' | 'contentType'>> {
  const fs = await import('node:fs/promises');
  const handle = await fs.open(path, 'r');
  const { size } = await handle.stat();
  const read = async (start: number, end: number): Promise<Uint8Array> => {
    const buffer = new Uint8Array(end - start);
    let at = 0;
    while (at < buffer.length) {
      const { bytesRead } = await handle.read(buffer, at, buffer.length - at, start + at);
      if (bytesRead === 0) throw new Error(`upload: ${path} ended at ${start + at} bytes; it had ${size} when opened`);
      at += bytesRead;
    }
    return buffer;
  };
  async function* chunks() {
    for (let at = 0; at < size; at += 4 * MiB) yield await read(at, Math.min(size, at + 4 * MiB));
  }
  return {
    size,
    read,
    sha256: () => sha256Of(chunks(), () => read(0, size)),
    close: () => handle.close(),
  };
}

function openBlob(blob: Blob): Omit<OpenSource, 'fileName' | 'contentType'> {
  return {
    size: blob.size,
    read: async (start, end) => blob.slice(start, end),
    sha256: () => sha256Of(blobChunks(blob), async () => new Uint8Array(await blob.arrayBuffer())),
    close: async () => undefined,
  };
}

async function* blobChunks(blob: Blob): AsyncGenerator<Uint8Array> {
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

function openBytes(bytes: Uint8Array): Omit<OpenSource, 'fileName' | 'contentType'> {
  return {
    size: bytes.byteLength,
    read: async (start, end) => bytes.subarray(start, end),
    sha256: () => sha256Of([bytes], async () => bytes),
    close: async () => undefined,
  };
}

/**
 * SHA-256 (hex) of a source: its `chunks` streamed through node:crypto, or where there is none (a browser) all its
 * bytes (`whole`) through Web Crypto, which hashes only whole buffers.
 */
async function sha256Of(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, whole: () => Promise<Uint8Array>): Promise<string> {
  const hash = await nodeHash();
  if (!hash) return webCryptoSha256(await whole());
  for await (const chunk of chunks) hash.update(chunk);
  return hash.digest();
}

/** An incremental SHA-256 from node:crypto, or null where there is none (a browser). */
async function nodeHash(): Promise<{ update(chunk: Uint8Array): void; digest(): string } | null> {
  try {
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256');
    return { update: (chunk) => hash.update(chunk), digest: () => hash.digest('hex') };
  } catch {
    return null;
  }
}

async function webCryptoSha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
