/** lead.created, lead.updated (internal, for search): the lead JSON + lead_id; lead.deleted: lead_id + deleted_at. */
import { serializeLead } from '@studio/contracts/records';
import type { LeadRow } from '../store/lead.store.js';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import { event } from './domain-events.js';

const data = (l: LeadRow) => ({ lead_id: l.id, ...serializeLead(l) });

export const leadCreated = (l: LeadRow): NewOutboxEvent => event('lead.created', l.workspaceId, data(l));

export const leadUpdated = (l: LeadRow): NewOutboxEvent => event('lead.updated', l.workspaceId, data(l));

export const leadDeleted = (l: Pick<LeadRow, 'id' | 'workspaceId'>, at: Date): NewOutboxEvent =>
  event('lead.deleted', l.workspaceId, { lead_id: l.id, deleted_at: at.toISOString() });
