/** client.created (public), client.updated and client.deleted: data is the client JSON + client_id + updated_at. */
import { serializeClient } from '../services/serializers.js';
import type { ClientRow } from '../store/client.store.js';
import type { NewOutboxEvent } from '../store/outbox.store.js';
import { EVENT_TYPE, deletedEvent, event } from './domain-events.js';

const data = (c: ClientRow) => ({ client_id: c.id, ...serializeClient(c), updated_at: c.updatedAt.toISOString() });

export const clientCreated = (c: ClientRow): NewOutboxEvent => event(EVENT_TYPE.clientCreated, c.workspaceId, data(c));

export const clientUpdated = (c: ClientRow): NewOutboxEvent => event(EVENT_TYPE.clientUpdated, c.workspaceId, data(c));

export const clientDeleted = (c: Pick<ClientRow, 'id' | 'workspaceId'>, at: Date): NewOutboxEvent =>
  deletedEvent(EVENT_TYPE.clientDeleted, 'client', c.workspaceId, c.id, at);
