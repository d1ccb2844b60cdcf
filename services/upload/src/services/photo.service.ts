/**
 * Single-shot uploads: POST /photos reserves a photo (pending) and hands out a presigned PUT; the client PUTs
 * the bytes straight to the object store; POST /photos/{id}/finalize checks the object (present, the declared
 * size, the declared SHA-256) and moves the photo to processing with its photo.uploaded event in one
 * transaction (the event also queues the derivative job). A failed check is a 400 and the photo stays pending,
 * so the client can PUT again and finalize again. Finalizing a photo that is past pending answers its current
 * state without a second event: it is how a client polls for ready.
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
import type { PhotoRow } from '../store/photo.store.js';
import type { ServiceDeps } from './deps.js';
import { systemClock } from './deps.js';
import { objectKeys, type ObjectStorage } from './storage.service.js';

/**
 * How long after its upload URL expired a pending photo is left alone: a PUT that started just before the expiry
 * (S3 checks it when the request starts; 100 MiB over a slow link takes minutes) and its finalize must not race
 * the janitor's delete.
 */
export const UPLOAD_EXPIRY_MARGIN_MS = 60 * 60_000;

/** Pending photos the janitor fails in one pass at most (the next pass takes the rest). */
export const MAX_EXPIRED_UPLOADS_PER_PASS = 200;

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

export class PhotoService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly logger?: Logger,
  ) {
    this.now = deps.now ?? systemClock;
  }

  /** A PUT URL for exactly the declared size and type of the photo. */
  private presign(p: Pick<PhotoRow, 'originalKey' | 'contentType' | 'size'>) {
    // Signed at the service's clock, the one the janitor compares upload_expires_at with.
    return this.deps.storage.presignPut(p.originalKey, p.contentType, p.size, this.deps.config.presignPutTtlSeconds, this.now());
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
    const target = await this.presign({ originalKey, contentType: input.contentType, size: input.size });
    const photo = await this.deps.stores.photos.create(this.deps.db.client, {
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
    });
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

  async finalize(principal: TokenPrincipal, id: string) {
    const { stores, storage, db, events } = this.deps;
    const photo = await stores.photos.getInWorkspaces(id, workspaceIdsOf(principal));
    if (!photo) throw new AppError('not_found');
    requireWorkspace(principal, photo.workspaceId, 'photographer');
    if (photo.state !== 'pending') return { photo: serializePhoto(photo) };

    await verifyObject(storage, photo.originalKey, photo.size, photo.sha256);
    const moved = await db.transaction(async (tx) => {
      const row = await stores.photos.markProcessing(tx, photo.id, this.now());
      if (row) await stores.outbox.append(tx, photoUploaded(row, null));
      return row;
    });
    if (moved) {
      events.nudge();
      return { photo: serializePhoto(moved) };
    }
    // A concurrent finalize moved it first: answer the photo as it is now.
    const current = (await stores.photos.getInWorkspaces(photo.id, [photo.workspaceId]))!;
    return { photo: serializePhoto(current) };
  }
}
