/**
 * Multipart upload sessions, their files and the parts the client recorded. Reads by id name the caller's
 * workspaces; transitions are conditional updates so retries and concurrent calls are safe.
 */
import type { Database, Tx } from './db.js';
import type { UploadFile, UploadFileState, UploadSession, UploadSessionState } from './generated/client.js';

export type { UploadFileState, UploadSessionState };

export type SessionRow = UploadSession;

export interface FileRow extends Omit<UploadFile, 'sizeBytes' | 'partSize'> {
  sizeBytes: number;
  partSize: number;
}

/** A recorded part; `recordedAt` is when its ETag was last recorded (a re-recorded part replaces the old one). */
export interface PartRow {
  partNumber: number;
  etag: string;
  recordedAt: Date;
}

const toPartRow = (p: { partNumber: number; etag: string; updatedAt: Date }): PartRow => ({
  partNumber: p.partNumber,
  etag: p.etag,
  recordedAt: p.updatedAt,
});

export interface FileWithParts extends FileRow {
  parts: PartRow[];
}

export interface SessionWithFiles extends SessionRow {
  files: FileWithParts[];
}

export function toFileRow(f: UploadFile): FileRow {
  return { ...f, sizeBytes: Number(f.sizeBytes), partSize: Number(f.partSize) };
}

export interface NewFile {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string | null;
  partSize: number;
  partCount: number;
  storageKey: string;
  s3UploadId: string;
  photoId: string;
}

const ACTIVE: UploadSessionState[] = ['in_flight', 'paused'];

export class SessionStore {
  constructor(private readonly db: Database) {}

  async create(
    s: { id: string; workspaceId: string; shootId: string; createdBy: string; now: Date },
    tx: Tx = this.db.client,
  ): Promise<SessionRow> {
    return tx.uploadSession.create({
      data: { id: s.id, workspaceId: s.workspaceId, shootId: s.shootId, createdBy: s.createdBy, lastActivityAt: s.now },
    });
  }

  async getInWorkspaces(id: string, workspaceIds: string[], tx: Tx = this.db.client): Promise<SessionRow | null> {
    if (workspaceIds.length === 0) return null;
    return tx.uploadSession.findFirst({ where: { id, workspaceId: { in: workspaceIds } } });
  }

  /** Locks the session row for the rest of the transaction (serialises changes to one session). */
  async lock(tx: Tx, id: string): Promise<SessionRow | null> {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM upload_sessions WHERE id = ${id}::uuid FOR UPDATE`;
    if (rows.length === 0) return null;
    return tx.uploadSession.findUnique({ where: { id } });
  }

  async withFiles(session: SessionRow, tx: Tx = this.db.client): Promise<SessionWithFiles> {
    const files = await tx.uploadFile.findMany({
      where: { sessionId: session.id },
      orderBy: { position: 'asc' },
      include: { parts: { orderBy: { partNumber: 'asc' }, select: { partNumber: true, etag: true, updatedAt: true } } },
    });
    return { ...session, files: files.map((f) => ({ ...toFileRow(f), parts: f.parts.map(toPartRow) })) };
  }

  /**
   * Records activity at most once a minute per session (hot paths such as signing and recording parts call it
   * for every part; the 7-day expiry does not need more precision, and it keeps the session row uncontended).
   */
  async touchIfStale(id: string, now: Date): Promise<void> {
    await this.db.client.uploadSession.updateMany({
      where: { id, state: { in: ACTIVE }, lastActivityAt: { lt: new Date(now.getTime() - 60_000) } },
      data: { lastActivityAt: now },
    });
  }

  async touch(tx: Tx, id: string, now: Date): Promise<void> {
    await tx.uploadSession.update({ where: { id }, data: { lastActivityAt: now } });
  }

  /** Moves the session from one of `from` to `to`; returns the updated row or null when it was not in `from`. */
  async transition(tx: Tx, id: string, from: UploadSessionState[], to: UploadSessionState, now: Date): Promise<SessionRow | null> {
    const stamp =
      to === 'paused'
        ? { pausedAt: now }
        : to === 'finalized'
          ? { finalizedAt: now }
          : to === 'expired'
            ? { expiredAt: now }
            : { pausedAt: null };
    const res = await tx.uploadSession.updateMany({
      where: { id, state: { in: from } },
      data: { state: to, lastActivityAt: now, ...stamp },
    });
    if (res.count !== 1) return null;
    return tx.uploadSession.findUnique({ where: { id } });
  }

  async countFiles(tx: Tx, sessionId: string): Promise<number> {
    return tx.uploadFile.count({ where: { sessionId } });
  }

  async addFiles(tx: Tx, session: SessionRow, files: NewFile[]): Promise<FileRow[]> {
    const last = await tx.uploadFile.aggregate({ where: { sessionId: session.id }, _max: { position: true } });
    let position = last._max.position ?? 0;
    const out: FileRow[] = [];
    for (const f of files) {
      position += 1;
      const row = await tx.uploadFile.create({
        data: {
          ...f,
          sessionId: session.id,
          workspaceId: session.workspaceId,
          position,
          sizeBytes: BigInt(f.sizeBytes),
          partSize: BigInt(f.partSize),
        },
      });
      out.push(toFileRow(row));
    }
    return out;
  }

  async getFile(sessionId: string, fileId: string, tx: Tx = this.db.client): Promise<FileRow | null> {
    const row = await tx.uploadFile.findFirst({ where: { id: fileId, sessionId } });
    return row ? toFileRow(row) : null;
  }

  async getFileWithParts(sessionId: string, fileId: string, tx: Tx = this.db.client): Promise<FileWithParts | null> {
    const row = await tx.uploadFile.findFirst({
      where: { id: fileId, sessionId },
      include: { parts: { orderBy: { partNumber: 'asc' }, select: { partNumber: true, etag: true, updatedAt: true } } },
    });
    return row ? { ...toFileRow(row), parts: row.parts.map(toPartRow) } : null;
  }

  /** Records (or replaces) the ETag of one part. */
  async recordPart(tx: Tx, fileId: string, partNumber: number, etag: string): Promise<PartRow> {
    const row = await tx.uploadPart.upsert({
      where: { fileId_partNumber: { fileId, partNumber } },
      create: { fileId, partNumber, etag },
      update: { etag },
    });
    return toPartRow(row);
  }

  async setFileState(
    tx: Tx,
    fileId: string,
    from: UploadFileState[],
    to: UploadFileState,
    extra: { abortReason?: string; completedAt?: Date } = {},
  ): Promise<boolean> {
    const res = await tx.uploadFile.updateMany({ where: { id: fileId, state: { in: from } }, data: { state: to, ...extra } });
    return res.count === 1;
  }

  /** Starts a file over with a fresh multipart upload: its recorded parts are forgotten. */
  async resetFile(tx: Tx, fileId: string, s3UploadId: string): Promise<void> {
    await tx.uploadPart.deleteMany({ where: { fileId } });
    await tx.uploadFile.update({ where: { id: fileId }, data: { s3UploadId } });
  }

  async uploadingFiles(tx: Tx, sessionId: string): Promise<FileRow[]> {
    const rows = await tx.uploadFile.findMany({ where: { sessionId, state: 'uploading' }, orderBy: { position: 'asc' } });
    return rows.map(toFileRow);
  }

  /**
   * Claims up to `limit` active sessions idle since before `cutoff`, skipping rows another replica holds, and
   * runs `fn` on each inside the claiming transaction (so a session is expired by exactly one janitor).
   */
  async withExpiredSessions(cutoff: Date, limit: number, fn: (tx: Tx, session: SessionRow) => Promise<void>): Promise<number> {
    return this.db.transaction(
      async (tx) => {
        const claimed = await tx.$queryRaw<{ id: string }[]>`
          SELECT id::text AS id FROM upload_sessions
          WHERE state IN ('in_flight', 'paused') AND last_activity_at < ${cutoff}
          ORDER BY last_activity_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED`;
        for (const { id } of claimed) {
          const session = await tx.uploadSession.findUnique({ where: { id } });
          if (session && ACTIVE.includes(session.state)) await fn(tx, session);
        }
        return claimed.length;
      },
      { maxWait: 5_000, timeout: 60_000 },
    );
  }
}
