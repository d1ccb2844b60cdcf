/** Console sessions: only SHA-256 of the cookie's secret is stored; expiry and revocation are checked by the service. */
import type { Database, Tx } from './db.js';
import type { ConsoleSession } from './generated/client.js';

export type ConsoleSessionRow = ConsoleSession;

export interface NewConsoleSession {
  profileId: string;
  hash: string;
  csrfToken: string;
  clientAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export class SessionStore {
  constructor(private readonly db: Database) {}

  create(data: NewConsoleSession, tx: Tx = this.db.client): Promise<ConsoleSessionRow> {
    return tx.consoleSession.create({ data });
  }

  getByHash(hash: string, tx: Tx = this.db.client): Promise<ConsoleSessionRow | null> {
    return tx.consoleSession.findUnique({ where: { hash } });
  }

  /**
   * Sets last_seen_at to `now` unless it was written after `staleBefore`: the condition is in the UPDATE, so however
   * many requests race, the row is written at most once per interval.
   */
  async touch(id: string, now: Date, staleBefore: Date, tx: Tx = this.db.client): Promise<boolean> {
    const res = await tx.consoleSession.updateMany({
      where: { id, revokedAt: null, lastSeenAt: { lt: staleBefore } },
      data: { lastSeenAt: now },
    });
    return res.count === 1;
  }

  /** Revokes one session (a revoked one keeps its first revocation time). Returns how many were revoked (0 or 1). */
  async revoke(id: string, now: Date, tx: Tx = this.db.client): Promise<number> {
    return (await tx.consoleSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } })).count;
  }

  /** Revokes every live session of `profileId` but `exceptId`; returns how many. */
  async revokeAllOf(profileId: string, now: Date, exceptId: string | null = null, tx: Tx = this.db.client): Promise<number> {
    const except = exceptId === null ? {} : { id: { not: exceptId } };
    return (await tx.consoleSession.updateMany({ where: { profileId, revokedAt: null, ...except }, data: { revokedAt: now } })).count;
  }

  /**
   * Deletes the sessions that ended (revoked or past their absolute expiry) before `before`: of `profileId` (by its
   * index, at each sign-in), or of every profile when it is null (the scheduler's sweep of a small table).
   */
  async deleteEnded(before: Date, profileId: string | null, tx: Tx = this.db.client): Promise<number> {
    const ended = { OR: [{ revokedAt: { lt: before } }, { expiresAt: { lt: before } }] };
    return (await tx.consoleSession.deleteMany({ where: profileId === null ? ended : { profileId, ...ended } })).count;
  }
}
