/**
 * API tokens: stored by their listing prefix and the SHA-256 of the whole secret, never in clear. After a roll the
 * previous secret's hash stays in `previous_hash` until `previous_valid_until`.
 */
import type { Database, Tx } from './db.js';
import { Prisma, type ApiToken } from './generated/client.js';
import { RecordStore, type RecordModel } from './record-store.js';

export type ApiTokenRow = ApiToken;

export interface NewApiToken {
  profileId: string;
  workspaceId: string | null;
  prefix: string;
  hash: string;
  name: string | null;
  rateLimit: number | null;
  readOnly: boolean;
  expiresAt: Date | null;
}

/** A new secret for a token: its listing prefix and hash, and until when the secret it replaces still works. */
export interface RolledSecret {
  prefix: string;
  hash: string;
  /** null: the replaced secret stops working at once. */
  previousValidUntil: Date | null;
}

/** The most tokens one listing shows (newest first); a profile that has more sees its newest ones. */
export const TOKEN_LIST_MAX = 500;

/** Tokens are created by RecordStore; read by secret hash, id or profile; touched, revoked and rolled below. */
export class TokenStore extends RecordStore<ApiTokenRow, NewApiToken, object, RecordModel<ApiTokenRow, NewApiToken>> {
  constructor(db: Database) {
    super(db, (tx: Tx) => tx.apiToken, {});
  }

  /**
   * The token whose current secret, or whose previous secret (after a roll), hashes to `hash`: one read over the
   * two unique indexes. Whether a previous secret is still inside its overlap is the caller's check.
   */
  getBySecretHash(hash: string, tx: Tx = this.db.client): Promise<ApiTokenRow | null> {
    return tx.apiToken.findFirst({ where: { OR: [{ hash }, { previousHash: hash }] } });
  }

  getById(id: string, tx: Tx = this.db.client): Promise<ApiTokenRow | null> {
    return tx.apiToken.findUnique({ where: { id } });
  }

  /** The token `id` when it belongs to `profileId`, else null (another profile's token is as missing as none). */
  getOwn(profileId: string, id: string, tx: Tx = this.db.client): Promise<ApiTokenRow | null> {
    return tx.apiToken.findFirst({ where: { id, profileId } });
  }

  /** The profile's tokens, revoked ones included, newest first (at most TOKEN_LIST_MAX). */
  listOfProfile(profileId: string, tx: Tx = this.db.client): Promise<ApiTokenRow[]> {
    return tx.apiToken.findMany({
      where: { profileId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: TOKEN_LIST_MAX,
    });
  }

  /** How many of the profile's tokens still work at `now` (neither revoked nor expired). */
  countActiveOfProfile(profileId: string, now: Date, tx: Tx = this.db.client): Promise<number> {
    return tx.apiToken.count({ where: { profileId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } });
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

  /**
   * Marks the token revoked (keeps the first revocation time), only when it belongs to `profileId` if one is given.
   * Returns false when there is no such token.
   */
  async revoke(id: string, now: Date, profileId?: string, tx: Tx = this.db.client): Promise<boolean> {
    const owner = profileId === undefined ? {} : { profileId };
    await tx.apiToken.updateMany({ where: { id, ...owner, revokedAt: null }, data: { revokedAt: now } });
    return (await tx.apiToken.count({ where: { id, ...owner } })) === 1;
  }

  /**
   * Gives the token `id` of `profileId` a new secret in one statement, when it is neither revoked nor expired at
   * `now`: the current hash becomes the previous one (kept until `previousValidUntil`; cleared when that is null,
   * and a still earlier secret stops working either way). Concurrent rolls are serialised by the row lock the UPDATE
   * takes, each replacing the secret the one before it set. False when no token was changed.
   */
  async roll(profileId: string, id: string, secret: RolledSecret, now: Date, tx: Tx = this.db.client): Promise<boolean> {
    const keepPrevious = secret.previousValidUntil !== null;
    const changed = await tx.$executeRaw(Prisma.sql`
      UPDATE "api_tokens"
      SET "previous_hash" = CASE WHEN ${keepPrevious} THEN "hash" ELSE NULL END,
          "previous_valid_until" = ${secret.previousValidUntil}::timestamptz,
          "hash" = ${secret.hash},
          "prefix" = ${secret.prefix}
      WHERE "id" = ${id}::uuid AND "profile_id" = ${profileId}::uuid AND "revoked_at" IS NULL
        AND ("expires_at" IS NULL OR "expires_at" > ${now}::timestamptz)`);
    return changed === 1;
  }
}
