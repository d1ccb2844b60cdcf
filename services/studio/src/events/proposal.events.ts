/** proposal.sent, .viewed, .accepted, .declined, .expired: data is the proposal JSON + proposal_id. */
import { serializeProposal } from '../services/serializers.js';
import type { NewOutboxEvent } from '../store/outbox.store.js';
import type { ProposalRow } from '../store/proposal.store.js';
import { EVENT_TYPE, event, type EventType } from './domain-events.js';

/** The event of each status a proposal can move into (a draft is created without an event). */
const EVENT_OF_STATUS = {
  sent: EVENT_TYPE.proposalSent,
  viewed: EVENT_TYPE.proposalViewed,
  accepted: EVENT_TYPE.proposalAccepted,
  declined: EVENT_TYPE.proposalDeclined,
  expired: EVENT_TYPE.proposalExpired,
} as const satisfies Record<string, EventType>;

export type ProposalEventStatus = keyof typeof EVENT_OF_STATUS;

/** The event of the proposal's arrival in its current status. */
export function proposalEvent(p: ProposalRow & { status: ProposalEventStatus }): NewOutboxEvent {
  return event(EVENT_OF_STATUS[p.status], p.workspaceId, { proposal_id: p.id, ...serializeProposal(p) });
}
