/**
 * Single-shot uploads: POST /photos reserves a photo (pending) and hands out a presigned PUT of its STAGING key; the
 * client PUTs the bytes straight to the object store; POST /photos/{id}/finalize copies the staged object to the
 * photo's original key (server side, our content type and `attachment`), checks that copy (the declared size, the
 * declared SHA-256, the magic numbers of the declared format) and moves the photo to processing with its
 * photo.uploaded event in one transaction (the event also queues the derivative job). A failed size or hash check
 * is a 400 (the copy is deleted) and the photo stays pending, so the client can PUT again and finalize again; bytes
 * that are not the declared raster format fail the photo and are deleted (docs/decisions/0020-upload-hardening.md).
 * Finalizing a photo that is past pending answers its current state without a second event: it is how a client
 * polls for ready. A PUT after finalize lands on the staging key, which nothing reads and the janitor deletes: the
 * original is written once.
 *
 * The PUT URL signs the declared size and type (a store that checks signatures refuses anything else). A pending
 * photo whose last URL expired UPLOAD_EXPIRY_MARGIN_MS ago without a finalize is failed by the janitor
 * (`failure_code` upload_expired) and any bytes that landed are deleted: nothing waits in pending forever.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@studio/errors';
import { serializePhoto, serializeUploadTarget } from '@studio/contracts/records';
import type { Logger } from '@studio/logger';
import { requireWorkspace } from '@studio/identity/access';
import { workspaceIdsOf, type TokenPrincipal } from '@studio/identity';
import { photoUploaded } from '../events/domain-events.js';
import { SNIFF_BYTES, UPLOAD_CONTENT_TYPES, describeBytes, sniffFormat } from '../imaging/formats.js';
import type { Tx } from '../store/db.js';
import type { PhotoRow } from '../store/photo.store.js';
import type { ServiceDeps } from './deps.js';
import { systemClock } from './deps.js';
import { ORIGINAL_DISPOSITION, STAGING_PREFIX, objectKeys, photoIdOfStagingKey, type ObjectStorage } from './storage.service.js';

/**
 * How long after its upload URL expired a pending photo is left alone: a PUT that started just before the expiry
 * (S3 checks it when the request starts; 100 MiB over a slow link takes minutes) and its finalize must not race
 * the janitor's delete.
 */
export const UPLOAD_EXPIRY_MARGIN_MS = 60 * 60_000;

/** Pending photos the janitor fails in one pass at most (the next pass takes the rest). */
export const MAX_EXPIRED_UPLOADS_PER_PASS = 200;

/** Staging objects the janitor looks at in one pass at most. */
export const MAX_STAGING_PER_PASS = 1000;

/** How long a finalize waits for another finalize of the same photo (which holds its row) before answering 409. */
const FINALIZE_WAIT_MS = 90_000;
/** The finalizing transaction's limit: a server-side copy and a SHA-256 of up to the single-shot limit. */
const FINALIZE_TX_TIMEOUT_MS = 60_000;

const UPLOAD_EXPIRED_REASON = 'The upload URL expired before the photo was uploaded and finalized: start a new upload.';

export interface CreatePhotoInput {
  shootId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string | null;
}

/**
 * Checks the object at `key` against what the client declared. Throws invalid_input naming what is wrong;
 * nothing is changed, so the caller can fix the object and ask again.
 */
export async function verifyObject(storage: ObjectStorage, key: string, size: number, sha256: string | null): Promise<void> {
  const head = await storage.head(key);
  if (!head) throw new AppError('invalid_input', 'the object has not been uploaded yet: PUT the bytes to the upload URL, then finalize');
  if (head.size !== size) throw new AppError('invalid_input', `the uploaded object is ${head.size} bytes but ${size} were declared`);
  if (sha256) {
    const actual = await storage.sha256(key);
    if (actual !== sha256) throw new AppError('invalid_input', 'the SHA-256 of the uploaded object does not match the declared sha256');
  }
}

/**
 * Null when the object at `key` starts with the magic numbers of `contentType` (one of the upload formats), else a
 * sentence for people saying what it is instead. Reads only the first bytes (a ranged GET).
 */
export async function refusedFormat(storage: ObjectStorage, key: string, contentType: string): Promise<string | null> {
  const head = (await storage.readHead(key, SNIFF_BYTES)) ?? Buffer.alloc(0);
  const format = sniffFormat(head);
  if (format?.contentType === contentType) return null;
  const looks = format ? format.contentType : describeBytes(head);
  return `The file is not a ${contentType} image (its bytes are ${looks}); only ${UPLOAD_CONTENT_TYPES.join(', ')} images are accepted, and their bytes were deleted.`;
}

/** Thrown inside a finalize transaction to roll it back when another finalize holds the photo. */
const BUSY = Symbol('busy');

export class PhotoService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly logger?: Logger,
  ) {
    this.now = deps.now ?? systemClock;
  }

  /**
   * A PUT URL for exactly the declared size and type, of the photo's staging key (never of its original), or of its
   * original key while UPLOAD_URL_TARGET=original (an upgrade from 1.0.x: what that release's finalize reads).
   */
  private presign(p: Pick<PhotoRow, 'id' | 'workspaceId' | 'contentType' | 'size'>) {
    const key =
      this.deps.config.uploadUrlTarget === 'original' ? objectKeys.original(p.workspaceId, p.id) : objectKeys.staging(p.workspaceId, p.id);
    // Signed at the service's clock, the one the janitor compares upload_expires_at with.
    return this.deps.storage.presignPut(key, p.contentType, p.size, this.deps.config.presignPutTtlSeconds, this.now());
  }

  async create(principal: TokenPrincipal, input: CreatePhotoInput) {
    const max = this.deps.config.limits.maxSingleUploadBytes;
    if (input.size > max) {
      throw new AppError('invalid_input', `size is larger than the single-shot limit of ${max} bytes: use an upload session`, {
        issues: [{ path: 'body.size', message: `must be at most ${max}` }],
      });
    }
    const shoot = await this.deps.shoots.getShoot(input.shootId, workspaceIdsOf(principal));
    requireWorkspace(principal, shoot.workspaceId, 'photographer');
    const id = randomUUID();
    const originalKey = objectKeys.original(shoot.workspaceId, id);
    // Signed before the row is written, so the row records when its URL stops working.
    const target = await this.presign({ id, workspaceId: shoot.workspaceId, contentType: input.contentType, size: input.size });
    // In a transaction, one statement as it is: a keyed request's claim row commits with the photo (decision 0022).
    const photo = await this.deps.db.transaction((tx) =>
      this.deps.stores.photos.create(tx, {
        id,
        workspaceId: shoot.workspaceId,
        shootId: shoot.id,
        fileName: input.fileName,
        contentType: input.contentType,
        sizeBytes: input.size,
        sha256: input.sha256,
        originalKey,
        state: 'pending',
        createdBy: principal.profileId,
        uploadExpiresAt: target.expiresAt,
      }),
    );
    return { photo: serializePhoto(photo), upload: serializeUploadTarget(target) };
  }

  /**
   * One photo; a pending one also carries a fresh upload URL (to retry a PUT after a failed finalize), and its
   * upload window is extended to that URL's expiry so the janitor does not fail it while the URL works.
   */
  async get(principal: TokenPrincipal, id: string) {
    const { stores } = this.deps;
    const photo = await stores.photos.getInWorkspaces(id, workspaceIdsOf(principal));
    if (!photo) throw new AppError('not_found');
    const role = principal.memberships[photo.workspaceId];
    const canUpload = role === 'owner' || role === 'admin' || role === 'photographer';
    let current = photo;
    let upload: ReturnType<typeof serializeUploadTarget> | null = null;
    if (photo.state === 'pending' && canUpload) {
      const target = await this.presign(photo);
      if (await stores.photos.extendUploadWindow(photo.id, target.expiresAt)) upload = serializeUploadTarget(target);
      // Finalized or expired meanwhile: answer it as it is now, with no URL.
      else current = (await stores.photos.getInWorkspaces(photo.id, [photo.workspaceId])) ?? photo;
    }
    return { photo: serializePhoto(current), upload };
  }

  /**
   * The janitor's pass over single-shot uploads: pending photos whose last upload URL expired more than
   * UPLOAD_EXPIRY_MARGIN_MS ago are failed with failure_code upload_expired, and whatever bytes landed are deleted
   * from the object store. At most `maxPerPass` per pass; rows are claimed with FOR UPDATE SKIP LOCKED, one photo
   * per transaction (its S3 delete runs while its row is held), so replicas split the work and a concurrent
   * finalize either wins (the photo is no longer pending) or waits and then answers the failed photo. No event:
   * no other photo failure emits one either.
   */
  async expireAbandonedUploads(maxPerPass = MAX_EXPIRED_UPLOADS_PER_PASS): Promise<number> {
    const { stores, storage } = this.deps;
    const now = this.now().getTime();
    const expiredBefore = new Date(now - UPLOAD_EXPIRY_MARGIN_MS);
    // Rows from before upload_expires_at existed: their URL was signed at creation.
    const createdBefore = new Date(now - UPLOAD_EXPIRY_MARGIN_MS - this.deps.config.presignPutTtlSeconds * 1000);
    let total = 0;
    while (total < maxPerPass) {
      let expired = 0;
      const claimed = await stores.photos.withExpiredUploads(expiredBefore, createdBefore, 1, async (tx, photo) => {
        // The staged bytes, and an original a URL of the previous release (which PUT originals in place) wrote.
        await storage.delete(objectKeys.staging(photo.workspaceId, photo.id));
        await storage.delete(photo.originalKey);
        if (await stores.photos.markUploadExpired(tx, photo.id, UPLOAD_EXPIRED_REASON)) {
          expired++;
          this.logger?.info({ photo_id: photo.id, workspace_id: photo.workspaceId }, 'pending photo failed: upload URL expired');
        }
      });
      if (claimed === 0) break;
      total += expired;
      if (expired === 0) break; // claimed a row that was no longer pending: nothing more to do this pass
    }
    return total;
  }

  /**
   * The janitor's sweep of staging keys: deletes staged objects whose photo is no longer pending (a PUT after
   * finalize, or a finalize that crashed before its cleanup) or does not exist. Pending photos keep theirs (the
   * upload-expiry pass deletes them with the photo). At most `max` keys a pass.
   */
  async sweepStaging(max = MAX_STAGING_PER_PASS): Promise<number> {
    const { storage, stores } = this.deps;
    const keys = await storage.list(STAGING_PREFIX, max);
    const ids = keys.map(photoIdOfStagingKey);
    const pending = await stores.photos.pendingAmong(ids.filter((id): id is string => id !== null));
    let deleted = 0;
    for (const [i, key] of keys.entries()) {
      const id = ids[i];
      if (id && pending.has(id)) continue;
      await storage.delete(key);
      deleted++;
    }
    return deleted;
  }

  async finalize(principal: TokenPrincipal, id: string) {
    const { stores, db, events } = this.deps;
    const photo = await stores.photos.getInWorkspaces(id, workspaceIdsOf(principal));
    if (!photo) throw new AppError('not_found');
    requireWorkspace(principal, photo.workspaceId, 'photographer');
    if (photo.state !== 'pending') return { photo: serializePhoto(photo) };

    // One finalize at a time promotes a photo (it holds the row); the others wait for it without holding a
    // connection on the lock, then answer the photo as that one left it.
    const until = Date.now() + FINALIZE_WAIT_MS;
    for (;;) {
      const outcome = await db
        .transaction(
          async (tx) => {
            const locked = await stores.photos.lockIfFree(tx, photo.id);
            if (!locked) throw BUSY;
            if (locked.state !== 'pending') return { row: locked, moved: false };
            return this.promote(tx, locked);
          },
          { timeout: FINALIZE_TX_TIMEOUT_MS },
        )
        .catch((err: unknown) => {
          if (err === BUSY) return null;
          throw err;
        });
      if (outcome) {
        if (outcome.moved) {
          events.nudge();
          // Nothing reads the staged bytes any more (best effort: the janitor deletes what is left).
          await this.deps.storage.delete(objectKeys.staging(photo.workspaceId, photo.id)).catch(() => undefined);
        }
        return { photo: serializePhoto(outcome.row) };
      }
      if (Date.now() > until) throw new AppError('conflict', 'the photo is being finalized by another request: try again');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Inside the finalize transaction, with the photo's row held: copies the staged object to the original key (our
   * content type and disposition), checks the copy and moves the photo on. What is checked is the object that stays:
   * no client URL can write the original key, so nothing can change it after the check. A size or hash mismatch
   * throws invalid_input (the copy is deleted, the photo stays pending); bytes that are not the declared format fail
   * the photo and are deleted, staged copy included.
   */
  private async promote(tx: Tx, photo: PhotoRow): Promise<{ row: PhotoRow; moved: boolean }> {
    const { stores, storage } = this.deps;
    const staging = objectKeys.staging(photo.workspaceId, photo.id);
    const final = photo.originalKey;
    const meta = { contentType: photo.contentType, contentDisposition: ORIGINAL_DISPOSITION };
    let source = staging;
    let staged = await storage.head(staging);
    if (!staged) {
      // A URL of the previous release, or one signed while UPLOAD_URL_TARGET=original, PUT the original in place:
      // promote it there (copied onto itself for our metadata).
      staged = await storage.head(final);
      source = final;
    }
    if (!staged)
      throw new AppError('invalid_input', 'the object has not been uploaded yet: PUT the bytes to the upload URL, then finalize');
    if (staged.size !== photo.size) {
      throw new AppError('invalid_input', `the uploaded object is ${staged.size} bytes but ${photo.size} were declared`);
    }
    if (!(await storage.copy(source, final, meta))) {
      throw new AppError('invalid_input', 'the object has not been uploaded yet: PUT the bytes to the upload URL, then finalize');
    }
    try {
      await verifyObject(storage, final, photo.size, photo.sha256);
    } catch (err) {
      if (source !== final) await storage.delete(final);
      throw err;
    }
    const refused = await refusedFormat(storage, final, photo.contentType);
    const now = this.now();
    if (refused) {
      await storage.delete(final);
      await storage.delete(staging);
      const row = await stores.photos.markRefused(tx, photo.id, refused, now);
      this.logger?.info({ photo_id: photo.id, workspace_id: photo.workspaceId }, 'upload refused: not the declared image format');
      return { row: row ?? photo, moved: false };
    }
    const row = await stores.photos.markProcessing(tx, photo.id, now);
    if (!row) return { row: photo, moved: false };
    await stores.outbox.append(tx, photoUploaded(row, null));
    return { row, moved: true };
  }
}
