/** Proposals: priced offers (draft -> sent -> viewed -> accepted | declined | expired). */
import type { Database, Tx } from './db.js';
import { Prisma, type Proposal, type ProposalStatus } from './generated/client.js';
import { claimDue } from './locking.js';
import { WorkspaceRecordStore } from './record-store.js';

export type ProposalRow = Proposal;
export type ProposalStatusName = ProposalStatus;

/** What a new proposal is created with, typed as its row. */
export type NewProposal = Pick<ProposalRow, 'workspaceId' | 'clientId' | 'leadId' | 'title' | 'amountCents' | 'currency' | 'expiresAt'>;

export type ProposalChanges = Partial<Pick<ProposalRow, 'status' | 'expiresAt' | 'sentAt' | 'viewedAt' | 'decidedAt' | 'declineReason'>> & {
  updatedAt: Date;
};

/** A new proposal is a draft; getForUpdate/update serve sending, viewing and deciding. */
export class ProposalStore extends WorkspaceRecordStore<ProposalRow, NewProposal, { status: 'draft' }, ProposalChanges> {
  constructor(db: Database) {
    super(db, 'proposals', (tx: Tx) => tx.proposal, { status: 'draft' });
  }

  /**
   * Claims up to `limit` sent or viewed proposals whose expires_at is at or before `now` and marks them expired
   * (decided_at = expires_at) in one statement; returns them as updated. Several replicas never claim the same row.
   */
  async expireDue(tx: Tx, now: Date, limit: number): Promise<ProposalRow[]> {
    const ids = await claimDue(
      tx,
      'proposals',
      Prisma.sql`status IN ('sent', 'viewed') AND expires_at <= ${now}::timestamptz`,
      Prisma.sql`expires_at, id`,
      Prisma.sql`status = 'expired', decided_at = expires_at, updated_at = GREATEST(${now}::timestamptz, updated_at + interval '1 millisecond')`,
      limit,
    );
    return ids.length === 0 ? [] : tx.proposal.findMany({ where: { id: { in: ids } }, orderBy: [{ expiresAt: 'asc' }, { id: 'asc' }] });
  }
}
