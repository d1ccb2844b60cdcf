/**
 * Multipart upload sessions (docs/decisions/0003-uploads.md). A session belongs to one shoot; each registered
 * file gets its own S3 multipart upload; the client signs part URLs, PUTs the parts straight to the object
 * store and records each part's ETag; completing a file assembles it from the recorded parts and creates its
 * photo exactly as a single-shot finalize does (processing + photo.uploaded, one transaction).
 *
 * Nothing is lost on a bad call: a missing part, a wrong ETag or a part the store does not have is a 400 and the
 * file keeps every recorded part. An assembled object of the wrong size or hash is deleted and the file is
 * started over with a fresh multipart upload (also a 400), since its parts no longer exist.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@studio/errors';
import { requireWorkspace } from '@studio/identity/access';
import { workspaceIdsOf, type TokenPrincipal } from '@studio/identity';
import { serializePhoto, serializeUploadPart, serializeUploadTarget } from '@studio/contracts/records';
import type { Logger } from '@studio/logger';
import { photoUploaded } from '../events/domain-events.js';
import type { Tx } from '../store/db.js';
import type { FileRow, FileWithParts, NewFile, SessionRow } from '../store/session.store.js';
import type { ServiceDeps } from './deps.js';
import { systemClock } from './deps.js';
import { refusedFormat, verifyObject } from './photo.service.js';
import { serializeFile, serializeSession } from './serializers.js';
import { objectKeys } from './storage.service.js';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** S3's multipart rules, which every S3-compatible store shares. */
export const MULTIPART_LIMITS = {
  minPartSize: 5 * MiB,
  maxPartSize: 5 * GiB,
  maxParts: 10_000,
  /** Part size when the client does not ask for one (grown so the file fits in maxParts). */
  defaultPartSize: 8 * MiB,
  /** Files one registration call may add. */
  maxFilesPerCall: 100,
  /** Part URLs one sign call may ask for. */
  maxSignPerCall: 1000,
  /** Fresh URLs per file in a resume manifest (sign the rest with parts/sign). */
  maxResumeUrlsPerFile: 1000,
} as const;

export interface RegisterFileInput {
  fileName: string;
  contentType: string;
  size: number;
  sha256: string | null;
  partSize: number | null;
}

/** The exact size of part `partNumber` (1-based) of a file: `partSize`, except the last part, which holds the rest. */
export function partSizeOf(file: { sizeBytes: number; partSize: number; partCount: number }, partNumber: number): number {
  return partNumber < file.partCount ? file.partSize : file.sizeBytes - file.partSize * (file.partCount - 1);
}

/** The part size and count for a file: the requested size, or the default grown to fit 10,000 parts. */
export function planParts(size: number, requested: number | null): { partSize: number; partCount: number } {
  let partSize = requested ?? MULTIPART_LIMITS.defaultPartSize;
  if (requested === null) {
    const needed = Math.ceil(size / MULTIPART_LIMITS.maxParts);
    if (needed > partSize) partSize = Math.ceil(needed / MiB) * MiB;
  }
  return { partSize, partCount: Math.max(1, Math.ceil(size / partSize)) };
}

const ACTIVE = new Set(['in_flight', 'paused']);

export class UploadSessionService {
  private readonly now: () => Date;
  private readonly ttlMs: number;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly logger: Logger,
  ) {
    this.now = deps.now ?? systemClock;
    this.ttlMs = deps.config.sessionTtlDays * 24 * 3600 * 1000;
  }

  // ---- helpers ---------------------------------------------------------------------------------------

  private isExpired(s: SessionRow): boolean {
    return ACTIVE.has(s.state) && s.lastActivityAt.getTime() + this.ttlMs <= this.now().getTime();
  }

  /** The session when the caller reaches its workspace (404 otherwise), with the role checked (403). */
  private async load(principal: TokenPrincipal, id: string, write: boolean): Promise<SessionRow> {
    const session = await this.deps.stores.sessions.getInWorkspaces(id, workspaceIdsOf(principal));
    if (!session) throw new AppError('not_found');
    requireWorkspace(principal, session.workspaceId, write ? 'photographer' : 'viewer');
    return session;
  }

  /** Inside a transaction: locks the session and checks it still accepts `what`. */
  private async lockActive(tx: Tx, id: string, what: string, opts: { allowPaused: boolean }): Promise<SessionRow> {
    const session = await this.deps.stores.sessions.lock(tx, id);
    if (!session) throw new AppError('not_found');
    this.assertActive(session, what, opts);
    return session;
  }

  private assertActive(session: SessionRow, what: string, opts: { allowPaused: boolean }): void {
    if (session.state === 'finalized') throw new AppError('conflict', `the session is finalized: cannot ${what}`);
    if (session.state === 'expired' || this.isExpired(session)) throw new AppError('conflict', `the session has expired: cannot ${what}`);
    if (session.state === 'paused' && !opts.allowPaused) throw new AppError('conflict', `the session is paused: unpause it to ${what}`);
  }

  private async fileOf(session: SessionRow, fileId: string): Promise<FileRow> {
    const file = await this.deps.stores.sessions.getFile(session.id, fileId);
    if (!file) throw new AppError('not_found');
    return file;
  }

  private assertUploading(file: FileRow, what: string): void {
    if (file.state === 'completed') throw new AppError('conflict', `the file is already complete: cannot ${what}`);
    if (file.state === 'aborted') throw new AppError('conflict', `the file was aborted: cannot ${what}`);
  }

  /**
   * Upload targets of some parts of a file (one credentials lookup for all of them). Each URL signs its part's
   * exact Content-Length (the last part: the remainder), so the store refuses a part of any other size.
   */
  private async sign(file: FileRow, partNumbers: number[]) {
    const urls = await this.deps.storage.presignUploadParts(
      file.storageKey,
      file.s3UploadId,
      partNumbers.map((n) => ({ partNumber: n, size: partSizeOf(file, n) })),
      this.deps.config.presignPartTtlSeconds,
    );
    return urls.map((u, i) => ({ part_number: partNumbers[i]!, ...serializeUploadTarget(u) }));
  }

  private async view(session: SessionRow) {
    const full = await this.deps.stores.sessions.withFiles(session);
    return serializeSession(full, this.ttlMs, full.files);
  }

  // ---- routes ----------------------------------------------------------------------------------------

  async create(principal: TokenPrincipal, shootId: string) {
    const shoot = await this.deps.shoots.getShoot(shootId, workspaceIdsOf(principal));
    requireWorkspace(principal, shoot.workspaceId, 'photographer');
    // In a transaction: a keyed request's claim row commits with the session (decision 0022).
    const fields = { id: randomUUID(), workspaceId: shoot.workspaceId, shootId: shoot.id, createdBy: principal.profileId, now: this.now() };
    const session = await this.deps.db.transaction((tx) => this.deps.stores.sessions.create(fields, tx));
    return { session: serializeSession(session, this.ttlMs, []) };
  }

  async get(principal: TokenPrincipal, id: string) {
    const session = await this.load(principal, id, false);
    return { session: await this.view(session) };
  }

  async registerFiles(principal: TokenPrincipal, id: string, inputs: RegisterFileInput[]) {
    const { config, stores, storage, db } = this.deps;
    const session = await this.load(principal, id, true);
    this.assertActive(session, 'register files', { allowPaused: false });

    const planned = inputs.map((f, i) => {
      const issue = (message: string, field = 'size') =>
        new AppError('invalid_input', `files[${i}]: ${message}`, { issues: [{ path: `body.files.${i}.${field}`, message }] });
      if (f.size > config.limits.maxMultipartFileBytes) throw issue(`must be at most ${config.limits.maxMultipartFileBytes} bytes`);
      const { partSize, partCount } = planParts(f.size, f.partSize);
      if (partCount > MULTIPART_LIMITS.maxParts) {
        throw issue(`part_size ${partSize} makes ${partCount} parts; at most ${MULTIPART_LIMITS.maxParts} are allowed`, 'part_size');
      }
      return { ...f, partSize, partCount };
    });
    const existing = await stores.sessions.countFiles(db.client, session.id);
    if (existing + planned.length > config.limits.maxFilesPerSession) {
      throw new AppError('invalid_input', `a session holds at most ${config.limits.maxFilesPerSession} files (it has ${existing})`);
    }

    // One S3 multipart upload per file, opened before the rows are written; closed again if the write fails.
    const opened: { key: string; uploadId: string }[] = [];
    try {
      const files: NewFile[] = [];
      for (const f of planned) {
        const photoId = randomUUID();
        const key = objectKeys.original(session.workspaceId, photoId);
        const uploadId = await storage.createMultipartUpload(key, f.contentType);
        opened.push({ key, uploadId });
        files.push({
          id: randomUUID(),
          fileName: f.fileName,
          contentType: f.contentType,
          sizeBytes: f.size,
          sha256: f.sha256,
          partSize: f.partSize,
          partCount: f.partCount,
          storageKey: key,
          s3UploadId: uploadId,
          photoId,
        });
      }
      const rows = await db.transaction(async (tx) => {
        const locked = await this.lockActive(tx, session.id, 'register files', { allowPaused: false });
        const count = await stores.sessions.countFiles(tx, locked.id);
        if (count + files.length > config.limits.maxFilesPerSession) {
          throw new AppError('invalid_input', `a session holds at most ${config.limits.maxFilesPerSession} files (it has ${count})`);
        }
        const added = await stores.sessions.addFiles(tx, locked, files);
        await stores.sessions.touch(tx, locked.id, this.now());
        return added;
      });
      return { files: rows.map((r) => serializeFile(r, 0)) };
    } catch (err) {
      await Promise.all(opened.map((upload) => storage.abortMultipartUpload(upload.key, upload.uploadId).catch(() => undefined)));
      throw err;
    }
  }

  async signParts(principal: TokenPrincipal, id: string, fileId: string, partNumbers: number[]) {
    const { stores } = this.deps;
    const session = await this.load(principal, id, true);
    const file = await this.fileOf(session, fileId);
    const bad = partNumbers.filter((n) => n > file.partCount);
    if (bad.length > 0) {
      throw new AppError('invalid_input', `part numbers must be from 1 to ${file.partCount} for this file`, {
        issues: [{ path: 'body.part_numbers', message: `unknown parts: ${bad.slice(0, 20).join(', ')}` }],
      });
    }
    // Read-only apart from the activity stamp: no lock (a concurrent pause or abort wins; the URLs then lead
    // nowhere, which the client learns at its next call).
    this.assertActive(session, 'sign parts', { allowPaused: false });
    this.assertUploading(file, 'sign parts');
    await stores.sessions.touchIfStale(session.id, this.now());
    const unique = [...new Set(partNumbers)].sort((a, b) => a - b);
    return { file_id: file.id, parts: await this.sign(file, unique) };
  }

  async recordPart(principal: TokenPrincipal, id: string, fileId: string, partNumber: number, etag: string) {
    const { stores, db } = this.deps;
    const session = await this.load(principal, id, true);
    const file = await this.fileOf(session, fileId);
    if (partNumber > file.partCount) {
      throw new AppError('invalid_input', `part_number must be from 1 to ${file.partCount} for this file`, {
        issues: [{ path: 'body.part_number', message: `unknown part ${partNumber}` }],
      });
    }
    // Recording a part that was uploaded before a pause is fine; only new uploads (signing) wait for unpause.
    // No session lock: a part recorded for a file that is being aborted at the same moment is harmless.
    this.assertActive(session, 'record parts', { allowPaused: true });
    this.assertUploading(file, 'record parts');
    const part = await db.transaction((tx) => stores.sessions.recordPart(tx, fileId, partNumber, etag));
    await stores.sessions.touchIfStale(session.id, this.now());
    return { file_id: file.id, part: serializeUploadPart(part) };
  }

  async completeFile(principal: TokenPrincipal, id: string, fileId: string) {
    const { stores, storage, db, events } = this.deps;
    const session = await this.load(principal, id, true);
    let file = await stores.sessions.getFileWithParts(session.id, fileId);
    if (!file) throw new AppError('not_found');
    if (file.state === 'completed') return this.completed(file);
    this.assertUploading(file, 'complete it');
    this.assertActive(session, 'complete files', { allowPaused: true });

    const recorded = new Map(file.parts.map((p) => [p.partNumber, p.etag]));
    const missing: number[] = [];
    for (let n = 1; n <= file.partCount; n++) if (!recorded.has(n)) missing.push(n);
    if (missing.length > 0) {
      throw new AppError('invalid_input', `${missing.length} of ${file.partCount} parts have no recorded ETag`, {
        issues: [{ path: 'parts', message: `missing parts: ${missing.slice(0, 50).join(', ')}${missing.length > 50 ? ', ...' : ''}` }],
        missing_parts: missing.slice(0, 1000),
      });
    }

    try {
      await storage.completeMultipartUpload(
        file.storageKey,
        file.s3UploadId,
        file.parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag })),
      );
    } catch (err) {
      // Another request may have assembled it a moment ago: then the object is there and we carry on.
      if (!(err instanceof AppError && err.kind === 'conflict' && (await storage.head(file.storageKey)))) throw err;
    }

    try {
      await verifyObject(storage, file.storageKey, file.sizeBytes, file.sha256);
    } catch (err) {
      if (!(err instanceof AppError && err.kind === 'invalid_input')) throw err;
      // The parts are gone (assembled into a wrong object): start the file over so the client can retry.
      await this.resetFile(file);
      throw new AppError('invalid_input', `${err.message}; the file was reset: upload all of its parts again`);
    }

    // Bytes that are not the declared raster format are deleted and the file completes into a failed photo
    // (docs/decisions/0020-upload-hardening.md): the parts are gone, and no upload of them could ever be processed.
    const refused = await refusedFormat(storage, file.storageKey, file.contentType);
    if (refused) await storage.delete(file.storageKey);

    const moved = await db.transaction(async (tx) => {
      await stores.sessions.lock(tx, session.id);
      const now = this.now();
      if (!(await stores.sessions.setFileState(tx, file!.id, ['uploading'], 'completed', { completedAt: now }))) return false;
      const photo = await stores.photos.create(tx, {
        id: file!.photoId,
        workspaceId: file!.workspaceId,
        shootId: session.shootId,
        uploadFileId: file!.id,
        fileName: file!.fileName,
        contentType: file!.contentType,
        sizeBytes: file!.sizeBytes,
        sha256: file!.sha256,
        originalKey: file!.storageKey,
        createdBy: principal.profileId,
        uploadedAt: now,
        ...(refused ? { state: 'failed' as const, failureReason: refused, processedAt: now } : { state: 'processing' as const }),
      });
      // A refused file's photo is failed from the start: no event (no photo failure emits one), no job.
      if (!refused) await stores.outbox.append(tx, photoUploaded(photo, session.id));
      await stores.sessions.touch(tx, session.id, now);
      return !refused;
    });
    if (moved) events.nudge();
    file = (await stores.sessions.getFileWithParts(session.id, fileId))!;
    if (file.state !== 'completed') throw new AppError('conflict', 'the file was aborted while it was being completed');
    return this.completed(file);
  }

  private async completed(file: FileWithParts) {
    const photo = await this.deps.stores.photos.getByUploadFile(file.id);
    return { file: serializeFile(file), photo: photo ? serializePhoto(photo) : null };
  }

  /** Deletes a wrongly assembled object and gives the file a fresh multipart upload with no parts. */
  private async resetFile(file: FileRow): Promise<void> {
    const { storage, stores, db } = this.deps;
    await storage.delete(file.storageKey);
    const uploadId = await storage.createMultipartUpload(file.storageKey, file.contentType);
    await db.transaction(async (tx) => {
      await stores.sessions.resetFile(tx, file.id, uploadId);
    });
  }

  async abortFile(principal: TokenPrincipal, id: string, fileId: string) {
    const { stores, storage, db } = this.deps;
    const session = await this.load(principal, id, true);
    const file = await this.fileOf(session, fileId);
    if (file.state === 'aborted') return { file: serializeFile(file) };
    this.assertUploading(file, 'abort it');
    await storage.abortMultipartUpload(file.storageKey, file.s3UploadId);
    await db.transaction(async (tx) => {
      await stores.sessions.lock(tx, session.id);
      await stores.sessions.setFileState(tx, file.id, ['uploading'], 'aborted', { abortReason: 'client_abort' });
      if (ACTIVE.has(session.state)) await stores.sessions.touch(tx, session.id, this.now());
    });
    const current = (await stores.sessions.getFileWithParts(session.id, fileId))!;
    if (current.state === 'completed') throw new AppError('conflict', 'the file was completed before it could be aborted');
    return { file: serializeFile(current) };
  }

  async pause(principal: TokenPrincipal, id: string) {
    return this.move(principal, id, 'paused');
  }

  async unpause(principal: TokenPrincipal, id: string) {
    return this.move(principal, id, 'in_flight');
  }

  private async move(principal: TokenPrincipal, id: string, to: 'paused' | 'in_flight') {
    const { stores, db } = this.deps;
    const session = await this.load(principal, id, true);
    const updated = await db.transaction(async (tx) => {
      const locked = await this.lockActive(tx, session.id, to === 'paused' ? 'pause it' : 'unpause it', { allowPaused: true });
      if (locked.state === to) return locked; // already there: idempotent
      return (await stores.sessions.transition(tx, locked.id, [locked.state], to, this.now()))!;
    });
    return { session: await this.view(updated) };
  }

  async resume(principal: TokenPrincipal, id: string) {
    const { stores, db } = this.deps;
    const session = await this.load(principal, id, true);
    await db.transaction(async (tx) => {
      await this.lockActive(tx, session.id, 'resume (sign parts)', { allowPaused: false });
      await stores.sessions.touch(tx, session.id, this.now());
    });
    const full = await stores.sessions.withFiles((await stores.sessions.getInWorkspaces(session.id, [session.workspaceId]))!);
    const files = await Promise.all(
      full.files.map(async (f) => {
        const done = new Set(f.parts.map((p) => p.partNumber));
        const missing: number[] = [];
        if (f.state === 'uploading') for (let n = 1; n <= f.partCount; n++) if (!done.has(n)) missing.push(n);
        return {
          id: f.id,
          file_name: f.fileName,
          state: f.state,
          size: f.sizeBytes,
          part_size: f.partSize,
          part_count: f.partCount,
          photo_id: f.state === 'completed' ? f.photoId : null,
          parts_done: f.parts.map(serializeUploadPart),
          parts_missing: missing,
          urls: f.state === 'uploading' ? await this.sign(f, missing.slice(0, MULTIPART_LIMITS.maxResumeUrlsPerFile)) : [],
        };
      }),
    );
    return { session: serializeSession(full, this.ttlMs), files };
  }

  /**
   * Closes the session. Files still uploading are aborted (their S3 parts freed) and listed in
   * `incomplete_files`, and they stay visible on the session with abort_reason session_finalized: nothing is
   * dropped silently. Finalizing again answers the same report.
   */
  async finalize(principal: TokenPrincipal, id: string) {
    const { stores, storage, db } = this.deps;
    const session = await this.load(principal, id, true);
    const updated = await db.transaction(
      async (tx) => {
        const locked = await stores.sessions.lock(tx, session.id);
        if (!locked) throw new AppError('not_found');
        if (locked.state === 'finalized') return locked;
        if (locked.state === 'expired' || this.isExpired(locked))
          throw new AppError('conflict', 'the session has expired: cannot finalize it');
        for (const f of await stores.sessions.uploadingFiles(tx, locked.id)) {
          await storage.abortMultipartUpload(f.storageKey, f.s3UploadId);
          await stores.sessions.setFileState(tx, f.id, ['uploading'], 'aborted', { abortReason: 'session_finalized' });
        }
        return (await stores.sessions.transition(tx, locked.id, ['in_flight', 'paused'], 'finalized', this.now()))!;
      },
      { timeout: 60_000 },
    );
    const full = await stores.sessions.withFiles(updated);
    const incomplete = full.files
      .filter((f) => f.state === 'aborted' && f.abortReason === 'session_finalized')
      .map((f) => ({ id: f.id, file_name: f.fileName, parts_done: f.parts.length, part_count: f.partCount }));
    return { session: serializeSession(full, this.ttlMs, full.files), incomplete_files: incomplete };
  }

  /**
   * The janitor's pass: sessions idle for SESSION_TTL_DAYS are expired and their S3 uploads aborted. Claims
   * rows with FOR UPDATE SKIP LOCKED, so replicas running it at the same time split the work.
   */
  async expireIdleSessions(maxPerPass = 200): Promise<number> {
    const { stores, storage } = this.deps;
    const cutoff = new Date(this.now().getTime() - this.ttlMs);
    let total = 0;
    // One session per transaction: its S3 aborts run while its row is held, and no transaction grows large.
    while (total < maxPerPass) {
      const n = await stores.sessions.withExpiredSessions(cutoff, 1, async (tx, session) => {
        for (const f of await stores.sessions.uploadingFiles(tx, session.id)) {
          await storage.abortMultipartUpload(f.storageKey, f.s3UploadId);
          await stores.sessions.setFileState(tx, f.id, ['uploading'], 'aborted', { abortReason: 'session_expired' });
        }
        await stores.sessions.transition(tx, session.id, ['in_flight', 'paused'], 'expired', this.now());
        this.logger.info({ session_id: session.id }, 'upload session expired');
      });
      if (n === 0) break;
      total += n;
    }
    return total;
  }
}
