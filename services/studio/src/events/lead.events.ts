/** lead.created, lead.updated, lead.deleted (internal, for search): data is the lead JSON + lead_id. */
import { serializeLead } from '../services/serializers.js';
import type { LeadRow } from '../store/lead.store.js';
import type { NewOutboxEvent } from '../store/outbox.store.js';
import { EVENT_TYPE, deletedEvent, event } from './domain-events.js';

const data = (l: LeadRow) => ({ lead_id: l.id, ...serializeLead(l) });

export const leadCreated = (l: LeadRow): NewOutboxEvent => event(EVENT_TYPE.leadCreated, l.workspaceId, data(l));

export const leadUpdated = (l: LeadRow): NewOutboxEvent => event(EVENT_TYPE.leadUpdated, l.workspaceId, data(l));

export const leadDeleted = (l: Pick<LeadRow, 'id' | 'workspaceId'>, at: Date): NewOutboxEvent =>
  deletedEvent(EVENT_TYPE.leadDeleted, 'lead', l.workspaceId, l.id, at);
