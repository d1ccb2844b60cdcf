/** One-time links (invitations, password resets): stored as SHA-256 of their secret, consumed at most once. */
import type { Database, Tx } from './db.js';
import type { OneTimeLink } from './generated/client.js';

export type OneTimeLinkRow = OneTimeLink;
export type LinkKind = 'invite' | 'reset';

export class LinkStore {
  constructor(private readonly db: Database) {}

  /**
   * A new link of `kind` for the profile; the profile's earlier unused links of that kind stop working (marked used)
   * in the same transaction, so only the newest invitation or reset link is ever valid.
   */
  create(data: { profileId: string; kind: LinkKind; hash: string; createdAt: Date; expiresAt: Date }): Promise<OneTimeLinkRow> {
    return this.db.transaction(async (tx) => {
      await tx.oneTimeLink.updateMany({
        where: { profileId: data.profileId, kind: data.kind, usedAt: null },
        data: { usedAt: data.createdAt },
      });
      return tx.oneTimeLink.create({ data });
    });
  }

  /** The link if it is unused and not expired at `now` (nothing is consumed). */
  getUsable(hash: string, now: Date, tx: Tx = this.db.client): Promise<OneTimeLinkRow | null> {
    return tx.oneTimeLink.findFirst({ where: { hash, usedAt: null, expiresAt: { gt: now } } });
  }

  /** When the profile's newest link of `kind` was made (null: never). */
  async latestCreatedAt(profileId: string, kind: LinkKind, tx: Tx = this.db.client): Promise<Date | null> {
    const row = await tx.oneTimeLink.findFirst({ where: { profileId, kind }, orderBy: { createdAt: 'desc' }, select: { createdAt: true } });
    return row?.createdAt ?? null;
  }

  /**
   * Consumes the link in one statement (`UPDATE ... SET used_at = now WHERE hash = $1 AND used_at IS NULL AND
   * expires_at > now`): of two concurrent uses exactly one gets the row. Null when unknown, used or expired.
   */
  async consume(hash: string, now: Date, tx: Tx = this.db.client): Promise<OneTimeLinkRow | null> {
    const res = await tx.oneTimeLink.updateMany({ where: { hash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    return res.count === 1 ? tx.oneTimeLink.findUnique({ where: { hash } }) : null;
  }

  /** Deletes the links spent (used, or expired) before `before`: they can never work again. */
  async deleteSpent(before: Date, tx: Tx = this.db.client): Promise<number> {
    return (await tx.oneTimeLink.deleteMany({ where: { OR: [{ usedAt: { lt: before } }, { expiresAt: { lt: before } }] } })).count;
  }
}
