/**
 * Proposals: created as drafts (no event), sent with an expiry (proposal.sent), viewed by the client
 * (proposal.viewed), accepted or declined (proposal.accepted / proposal.declined), or expired by the scheduler once
 * expires_at passes (proposal.expired). Lifecycle: PROPOSAL_LIFECYCLE. A sent or viewed proposal whose expires_at
 * has passed can no longer be viewed, accepted or declined, even before the scheduler's round marks it expired.
 * Inputs arrive parsed with the operation schemas of proposal.schema.ts.
 */
import { AppError } from '@studio/errors';
import { proposalEvent, type ProposalEventStatus } from '../events/proposal.events.js';
import type { ProposalChanges } from '../store/proposal.store.js';
import { PROPOSAL_LIFECYCLE } from './lifecycles.js';
import type { CreateProposalInput } from './proposal.schema.js';
import { moveRecord, RecordService } from './record-service.js';
import { serializeProposal, type ProposalJson } from '@studio/contracts/records';
import { requireClientOf, requireLeadOf, requireWorkspaceExists, writeWithEvents } from './unit-of-work.js';

/** How long a sent proposal stays open when no expires_at is given. */
export const DEFAULT_PROPOSAL_VALIDITY_MS = 30 * 24 * 60 * 60 * 1000;

export class ProposalService extends RecordService {
  async create(input: CreateProposalInput): Promise<ProposalJson> {
    const { workspaceId } = input;
    const clientId = input.clientId ?? null;
    const leadId = input.leadId ?? null;
    const data = {
      workspaceId,
      clientId,
      leadId,
      title: input.title,
      amountCents: input.amountCents,
      currency: input.currency,
      expiresAt: input.expiresAt ?? null,
    };
    await requireWorkspaceExists(this.deps, workspaceId);
    const created = await this.deps.db.transaction(async (tx) => {
      await requireClientOf(this.deps, clientId, workspaceId, tx);
      await requireLeadOf(this.deps, leadId, workspaceId, tx);
      return this.deps.stores.proposals.create(data, tx);
    });
    return serializeProposal(created);
  }

  /** draft -> sent. expires_at: the given one, else the draft's, else now + 30 days; it must lie in the future. */
  async send(workspaceId: string, proposalId: string, expiresAtGiven?: Date | null): Promise<ProposalJson> {
    return this.move(workspaceId, proposalId, 'sent', (current, now) => {
      const expiresAt = expiresAtGiven ?? current.expiresAt ?? new Date(now.getTime() + DEFAULT_PROPOSAL_VALIDITY_MS);
      if (expiresAt <= now) throw new AppError('invalid_input', 'expires_at must be in the future');
      return { expiresAt, sentAt: now };
    });
  }

  /** sent -> viewed: the client opened it. */
  async view(workspaceId: string, proposalId: string): Promise<ProposalJson> {
    return this.move(workspaceId, proposalId, 'viewed', (_c, now) => ({ viewedAt: now }));
  }

  async accept(workspaceId: string, proposalId: string): Promise<ProposalJson> {
    return this.move(workspaceId, proposalId, 'accepted', (_c, now) => ({ decidedAt: now }));
  }

  async decline(workspaceId: string, proposalId: string, reason?: string | null): Promise<ProposalJson> {
    return this.move(workspaceId, proposalId, 'declined', (_c, now) => ({ decidedAt: now, declineReason: reason ?? null }));
  }

  /** One scheduler round: expires up to `limit` due proposals with their events; returns how many. */
  async expireDue(limit: number): Promise<number> {
    return writeWithEvents(this.deps, async (tx) => {
      const rows = await this.deps.stores.proposals.expireDue(tx, this.now(), limit);
      return { value: rows.length, events: rows.map((p) => proposalEvent({ ...p, status: 'expired' })) };
    });
  }

  private async move(
    workspaceId: string,
    proposalId: string,
    to: Exclude<ProposalEventStatus, 'expired'>,
    changes: (current: { expiresAt: Date | null }, now: Date) => Omit<ProposalChanges, 'status' | 'updatedAt'>,
  ): Promise<ProposalJson> {
    const record = { store: this.deps.stores.proposals, lifecycle: PROPOSAL_LIFECYCLE, entity: 'proposal' };
    const proposal = await moveRecord(this.deps, record, workspaceId, proposalId, {
      to,
      changes: (next, current, now) => {
        if (current.status !== 'draft' && current.expiresAt && current.expiresAt <= now) {
          throw new AppError('conflict', `proposal expired at ${current.expiresAt.toISOString()}: it cannot become ${to}`);
        }
        return { ...changes(current, now), ...next };
      },
      events: (updated) => [proposalEvent({ ...updated, status: to })],
    });
    return serializeProposal(proposal);
  }
}
