/** Proposals: priced offers (draft -> sent -> viewed -> accepted | declined | expired). */
import type { Database, Tx } from './db.js';
import { Prisma, type Proposal, type ProposalStatus } from './generated/client.js';
import { claimDue, lockRow } from './locking.js';

export type ProposalRow = Proposal;
export type ProposalStatusName = ProposalStatus;

export interface NewProposal {
  workspaceId: string;
  clientId: string | null;
  leadId: string | null;
  title: string;
  amountCents: number;
  currency: string;
  expiresAt: Date | null;
}

export type ProposalChanges = Partial<Pick<ProposalRow, 'status' | 'expiresAt' | 'sentAt' | 'viewedAt' | 'decidedAt' | 'declineReason'>> & {
  updatedAt: Date;
};

export class ProposalStore {
  constructor(private readonly db: Database) {}

  create(data: NewProposal, tx: Tx = this.db.client): Promise<ProposalRow> {
    return tx.proposal.create({ data: { ...data, status: 'draft' } });
  }

  async existsInWorkspace(id: string, workspaceId: string, tx: Tx = this.db.client): Promise<boolean> {
    return (await tx.proposal.count({ where: { id, workspaceId } })) === 1;
  }

  async getForUpdate(tx: Tx, id: string, workspaceId: string): Promise<ProposalRow | null> {
    if (!(await lockRow(tx, 'proposals', id, workspaceId))) return null;
    return tx.proposal.findFirst({ where: { id, workspaceId } });
  }

  update(tx: Tx, id: string, changes: ProposalChanges): Promise<ProposalRow> {
    return tx.proposal.update({ where: { id }, data: changes });
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
