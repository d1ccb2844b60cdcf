/** proposal.sent, .viewed, .accepted, .declined, .expired: data is the proposal JSON + proposal_id. */
import { serializeProposal } from '@studio/contracts/records';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import type { ProposalRow } from '../store/proposal.store.js';
import { event, type EventType } from './domain-events.js';

/** The event of each status a proposal can move into (a draft is created without an event). */
const EVENT_OF_STATUS = {
  sent: 'proposal.sent',
  viewed: 'proposal.viewed',
  accepted: 'proposal.accepted',
  declined: 'proposal.declined',
  expired: 'proposal.expired',
} as const satisfies Record<string, EventType>;

export type ProposalEventStatus = keyof typeof EVENT_OF_STATUS;

/** The event of the proposal's arrival in its current status. */
export function proposalEvent(p: ProposalRow & { status: ProposalEventStatus }): NewOutboxEvent {
  return event(EVENT_OF_STATUS[p.status], p.workspaceId, { proposal_id: p.id, ...serializeProposal(p) });
}
