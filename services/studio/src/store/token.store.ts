/** API tokens: stored by prefix and the SHA-256 of the whole token, never in clear. */
import type { Database, Tx } from './db.js';
import type { ApiToken } from './generated/client.js';
import { RecordStore, type RecordModel } from './record-store.js';

export type ApiTokenRow = ApiToken;

export interface NewApiToken {
  profileId: string;
  workspaceId: string | null;
  prefix: string;
  hash: string;
  name: string | null;
  rateLimit: number | null;
}

/** Tokens are created by RecordStore; read by hash or id, touched and revoked below. */
export class TokenStore extends RecordStore<ApiTokenRow, NewApiToken, object, RecordModel<ApiTokenRow, NewApiToken>> {
  constructor(db: Database) {
    super(db, (tx: Tx) => tx.apiToken, {});
  }

  getByHash(hash: string, tx: Tx = this.db.client): Promise<ApiTokenRow | null> {
    return tx.apiToken.findUnique({ where: { hash } });
  }

  getById(id: string, tx: Tx = this.db.client): Promise<ApiTokenRow | null> {
    return tx.apiToken.findUnique({ where: { id } });
  }

  /**
   * Sets last_used_at to `now` unless it was written after `staleBefore`. The condition is in the UPDATE, so
   * however many requests or replicas race, the column is written at most once per interval.
   */
  async touchLastUsed(id: string, now: Date, staleBefore: Date, tx: Tx = this.db.client): Promise<boolean> {
    const res = await tx.apiToken.updateMany({
      where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] },
      data: { lastUsedAt: now },
    });
    return res.count === 1;
  }

  /** Marks the token revoked (keeps the first revocation time). Returns false when there is no such token. */
  async revoke(id: string, now: Date, tx: Tx = this.db.client): Promise<boolean> {
    await tx.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
    return (await tx.apiToken.count({ where: { id } })) === 1;
  }
}
