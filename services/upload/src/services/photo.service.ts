/**
 * Single-shot uploads: POST /photos reserves a photo (pending) and hands out a presigned PUT; the client PUTs
 * the bytes straight to the object store; POST /photos/{id}/finalize checks the object (present, the declared
 * size, the declared SHA-256) and moves the photo to processing with its photo.uploaded event in one
 * transaction (the event also queues the derivative job). A failed check is a 400 and the photo stays pending,
 * so the client can PUT again and finalize again. Finalizing a photo that is past pending answers its current
 * state without a second event: it is how a client polls for ready.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@studio/errors';
import { requireWorkspace } from '@studio/identity/access';
import { workspaceIdsOf, type TokenPrincipal } from '@studio/identity';
import { photoUploaded } from '../events/domain-events.js';
import type { PhotoRow } from '../store/photo.store.js';
import type { ServiceDeps } from './deps.js';
import { systemClock } from './deps.js';
import { serializePhoto, serializeUploadTarget } from './serializers.js';
import { objectKeys, type ObjectStorage } from './storage.service.js';

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

  constructor(private readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
  }

  private async uploadTarget(p: PhotoRow) {
    return serializeUploadTarget(
      await this.deps.storage.presignPut(p.originalKey, p.contentType, p.sizeBytes, this.deps.config.presignPutTtlSeconds),
    );
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
    const photo = await this.deps.stores.photos.create(this.deps.db.client, {
      id,
      workspaceId: shoot.workspaceId,
      shootId: shoot.id,
      fileName: input.fileName,
      contentType: input.contentType,
      sizeBytes: input.size,
      sha256: input.sha256,
      originalKey: objectKeys.original(shoot.workspaceId, id),
      state: 'pending',
      createdBy: principal.profileId,
    });
    return { photo: serializePhoto(photo), upload: await this.uploadTarget(photo) };
  }

  /** One photo; a pending one also carries a fresh upload URL (to retry a PUT after a failed finalize). */
  async get(principal: TokenPrincipal, id: string) {
    const photo = await this.deps.stores.photos.getInWorkspaces(id, workspaceIdsOf(principal));
    if (!photo) throw new AppError('not_found');
    const role = principal.memberships[photo.workspaceId];
    const canUpload = role === 'owner' || role === 'admin' || role === 'photographer';
    return { photo: serializePhoto(photo), upload: photo.state === 'pending' && canUpload ? await this.uploadTarget(photo) : null };
  }

  async finalize(principal: TokenPrincipal, id: string) {
    const { stores, storage, db, events } = this.deps;
    const photo = await stores.photos.getInWorkspaces(id, workspaceIdsOf(principal));
    if (!photo) throw new AppError('not_found');
    requireWorkspace(principal, photo.workspaceId, 'photographer');
    if (photo.state !== 'pending') return { photo: serializePhoto(photo) };

    await verifyObject(storage, photo.originalKey, photo.sizeBytes, photo.sha256);
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
