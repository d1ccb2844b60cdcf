/**
 * Photos. Reads by id always name the caller's workspaces; state changes are conditional updates
 * (`WHERE state = <expected>`) so a retried or concurrent call never moves a photo twice.
 */
import type { Database, Tx } from './db.js';
import type { Photo, PhotoState, Prisma } from './generated/client.js';

export type { PhotoState };

export interface PhotoRow {
  id: string;
  workspaceId: string;
  shootId: string;
  uploadFileId: string | null;
  fileName: string;
  contentType: string;
  /** Bytes (the column size_bytes). */
  size: number;
  sha256: string | null;
  originalKey: string;
  webKey: string | null;
  thumbKey: string | null;
  width: number | null;
  height: number | null;
  captureTime: Date | null;
  state: PhotoState;
  failureReason: string | null;
  failureCode: string | null;
  uploadExpiresAt: Date | null;
  features: unknown;
  keeper: boolean;
  /** The last cull's verdict (a JSON object), null before any cull. */
  cull: Record<string, unknown> | null;
  createdBy: string;
  uploadedAt: Date | null;
  processedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toPhotoRow({ sizeBytes, cull, ...p }: Photo): PhotoRow {
  return { ...p, size: Number(sizeBytes), cull: cull !== null && typeof cull === 'object' && !Array.isArray(cull) ? cull : null };
}

export interface NewPhoto {
  id: string;
  workspaceId: string;
  shootId: string;
  uploadFileId?: string | null;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string | null;
  originalKey: string;
  state: PhotoState;
  createdBy: string;
  uploadedAt?: Date | null;
  /** A photo created failed (its bytes were refused at completion): why, for people. */
  failureReason?: string | null;
  processedAt?: Date | null;
  /** Single-shot: when the PUT URL handed out with the photo stops working. */
  uploadExpiresAt?: Date | null;
}

export interface DerivativesDone {
  webKey: string;
  thumbKey: string;
  width: number;
  height: number;
  captureTime: Date | null;
  features: Record<string, unknown> | null;
}

/** What the derivative job reads of a photo (see `getDerivativeSource`). */
export interface DerivativeSource {
  id: string;
  workspaceId: string;
  state: PhotoState;
  sizeBytes: number;
  originalKey: string;
}

export interface CullVerdict {
  photoId: string;
  keeper: boolean;
  cull: Record<string, unknown>;
}

export class PhotoStore {
  constructor(private readonly db: Database) {}

  async create(tx: Tx, p: NewPhoto): Promise<PhotoRow> {
    const row = await tx.photo.create({ data: { ...p, sizeBytes: BigInt(p.sizeBytes) } });
    return toPhotoRow(row);
  }

  async getInWorkspaces(id: string, workspaceIds: string[], tx: Tx = this.db.client): Promise<PhotoRow | null> {
    if (workspaceIds.length === 0) return null;
    const row = await tx.photo.findFirst({ where: { id, workspaceId: { in: workspaceIds } } });
    return row ? toPhotoRow(row) : null;
  }

  /** Internal read (worker): no tenant filter, the id comes from our own queue. */
  async getById(id: string): Promise<PhotoRow | null> {
    const row = await this.db.client.photo.findUnique({ where: { id } });
    return row ? toPhotoRow(row) : null;
  }

  /**
   * The derivative job's read (worker, no tenant filter): only the columns it uses, as one prepared statement on
   * the pool. Like `markReady`, it runs once per photo on the worker's hot path, where Prisma's query compiler cost
   * ~2.5 ms of CPU and ~0.7 MB of short-lived garbage per photo for the pair (against ~0.3 ms as raw SQL): garbage
   * the worker paid for again in major GCs (issue 15).
   */
  async getDerivativeSource(id: string): Promise<DerivativeSource | null> {
    const rows = await this.db.read<{ id: string; workspace_id: string; state: PhotoState; size_bytes: string; original_key: string }>(
      'photo_derivative_source',
      { text: 'SELECT id, workspace_id, state, size_bytes, original_key FROM photos WHERE id = $1::uuid', values: [id] },
    );
    const r = rows[0];
    return r
      ? { id: r.id, workspaceId: r.workspace_id, state: r.state, sizeBytes: Number(r.size_bytes), originalKey: r.original_key }
      : null;
  }

  async getByUploadFile(fileId: string, tx: Tx = this.db.client): Promise<PhotoRow | null> {
    const row = await tx.photo.findUnique({ where: { uploadFileId: fileId } });
    return row ? toPhotoRow(row) : null;
  }

  /**
   * Locks a photo's row for the rest of the transaction unless another transaction holds it (FOR UPDATE SKIP
   * LOCKED): the row, or null when it is busy (or gone). Finalize uses it so that one request at a time promotes a
   * photo's bytes, and the others wait without holding a connection on the lock.
   */
  async lockIfFree(tx: Tx, id: string): Promise<PhotoRow | null> {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM photos WHERE id = ${id}::uuid FOR UPDATE SKIP LOCKED`;
    if (rows.length === 0) return null;
    const row = await tx.photo.findUnique({ where: { id } });
    return row ? toPhotoRow(row) : null;
  }

  /**
   * pending -> failed because its bytes were refused at finalize (not the declared format), answering the moved row;
   * null when it was not pending.
   */
  async markRefused(tx: Tx, id: string, reason: string, at: Date): Promise<PhotoRow | null> {
    const rows = await tx.photo.updateManyAndReturn({
      where: { id, state: 'pending' },
      data: { state: 'failed', failureReason: reason, uploadedAt: at, processedAt: at },
    });
    return rows.length === 1 ? toPhotoRow(rows[0]!) : null;
  }

  /**
   * Which of `ids` are pending photos (the janitor keeps their staging objects: a finalize may still read them).
   */
  async pendingAmong(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.client.photo.findMany({ where: { id: { in: ids }, state: 'pending' }, select: { id: true } });
    return new Set(rows.map((r) => r.id));
  }

  /** pending -> processing, answering the moved row; null when the photo was not pending (finalized already). */
  async markProcessing(tx: Tx, id: string, at: Date): Promise<PhotoRow | null> {
    // One UPDATE ... RETURNING: the caller gets the row it moved (or null when another call moved it first).
    const rows = await tx.photo.updateManyAndReturn({ where: { id, state: 'pending' }, data: { state: 'processing', uploadedAt: at } });
    return rows.length === 1 ? toPhotoRow(rows[0]!) : null;
  }

  /**
   * processing -> ready with the derivative keys and metadata; false when it was not processing. Null features
   * leave the column as it is. Raw SQL, a prepared statement on the pool (the worker's hot path, see
   * `getDerivativeSource`); it writes what Prisma's updateMany wrote, updated_at included (@updatedAt: the
   * current time, not `at`).
   */
  async markReady(id: string, d: DerivativesDone, at: Date): Promise<boolean> {
    const res = await this.db.pool.query({
      name: 'photo_mark_ready',
      text: `UPDATE photos SET state = 'ready', web_key = $2, thumb_key = $3, width = $4, height = $5, capture_time = $6,
               features = COALESCE($7::jsonb, features), failure_reason = NULL, failure_code = NULL, processed_at = $8, updated_at = $9
             WHERE id = $1::uuid AND state = 'processing'`,
      values: [
        id,
        d.webKey,
        d.thumbKey,
        d.width,
        d.height,
        d.captureTime,
        d.features === null ? null : JSON.stringify(d.features),
        at,
        new Date(),
      ],
    });
    return res.rowCount === 1;
  }

  /** processing -> failed with a reason people can read; false when it was not processing. */
  async markFailed(id: string, reason: string, at: Date): Promise<boolean> {
    const res = await this.db.client.photo.updateMany({
      where: { id, state: 'processing' },
      data: { state: 'failed', failureReason: reason, processedAt: at },
    });
    return res.count === 1;
  }

  /**
   * A fresh PUT URL was handed out for a pending photo: its upload window lasts until `expiresAt` (never
   * shortened). False when the photo is no longer pending (finalized, or failed by the janitor meanwhile). Raw SQL
   * so that updated_at stays: nothing a reader sees has changed.
   */
  async extendUploadWindow(id: string, expiresAt: Date): Promise<boolean> {
    const n = await this.db.client.$executeRaw`
      UPDATE photos SET upload_expires_at = GREATEST(COALESCE(upload_expires_at, ${expiresAt}), ${expiresAt})
      WHERE id = ${id}::uuid AND state = 'pending'`;
    return n === 1;
  }

  /**
   * Claims up to `limit` pending single-shot photos whose upload URL stopped working before `expiredBefore` (rows
   * written before upload_expires_at existed: created before `createdBefore`), skipping rows another replica or a
   * finalize holds, and runs `fn` on each inside the claiming transaction, so each is expired exactly once.
   */
  async withExpiredUploads(
    expiredBefore: Date,
    createdBefore: Date,
    limit: number,
    fn: (tx: Tx, photo: PhotoRow) => Promise<void>,
  ): Promise<number> {
    return this.db.transaction(
      async (tx) => {
        const claimed = await tx.$queryRaw<{ id: string }[]>`
          SELECT id::text AS id FROM photos
          WHERE state = 'pending' AND upload_file_id IS NULL
            AND (upload_expires_at < ${expiredBefore} OR (upload_expires_at IS NULL AND created_at < ${createdBefore}))
          ORDER BY created_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED`;
        for (const { id } of claimed) {
          const row = await tx.photo.findUnique({ where: { id } });
          if (row?.state === 'pending') await fn(tx, toPhotoRow(row));
        }
        return claimed.length;
      },
      { maxWait: 5_000, timeout: 60_000 },
    );
  }

  /** pending -> failed because its upload URL expired with no finalize; false when it was not pending. */
  async markUploadExpired(tx: Tx, id: string, reason: string): Promise<boolean> {
    const res = await tx.photo.updateMany({
      where: { id, state: 'pending' },
      data: { state: 'failed', failureCode: 'upload_expired', failureReason: reason },
    });
    return res.count === 1;
  }

  async setFeatures(id: string, features: Record<string, unknown>): Promise<void> {
    await this.db.client.photo.updateMany({ where: { id }, data: { features: features as Prisma.InputJsonObject } });
  }

  /**
   * Ready photos of a shoot in capture order: capture time (unknown last), then upload order and id, so the
   * order is total and stable.
   */
  async listReady(shootId: string, workspaceId: string, opts: { keepersOnly?: boolean } = {}): Promise<PhotoRow[]> {
    const rows = await this.db.client.photo.findMany({
      where: { shootId, workspaceId, state: 'ready', ...(opts.keepersOnly ? { keeper: true } : {}) },
      orderBy: [{ captureTime: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map(toPhotoRow);
  }

  async countReady(shootId: string, workspaceId: string): Promise<number> {
    return this.db.client.photo.count({ where: { shootId, workspaceId, state: 'ready' } });
  }

  /** Applies a cull's keeper flags and verdicts (in the job's finishing transaction), 500 rows a statement. */
  async applyCull(tx: Tx, workspaceId: string, verdicts: CullVerdict[]): Promise<void> {
    for (let i = 0; i < verdicts.length; i += 500) {
      const chunk = verdicts.slice(i, i + 500);
      const ids = chunk.map((v) => v.photoId);
      const keepers = chunk.map((v) => v.keeper);
      const culls = chunk.map((v) => JSON.stringify(v.cull));
      await tx.$executeRaw`
        UPDATE photos AS p SET keeper = v.keeper, cull = v.cull::jsonb, updated_at = now()
        FROM (SELECT unnest(${ids}::uuid[]) AS id, unnest(${keepers}::boolean[]) AS keeper, unnest(${culls}::text[]) AS cull) AS v
        WHERE p.id = v.id AND p.workspace_id = ${workspaceId}::uuid`;
    }
  }
}
