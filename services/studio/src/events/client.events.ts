/** client.created (public), client.updated: the client JSON + client_id + updated_at; client.deleted: client_id + deleted_at. */
import { serializeClient } from '@studio/contracts/records';
import type { ClientRow } from '../store/client.store.js';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import { event } from './domain-events.js';

const data = (c: ClientRow) => ({ client_id: c.id, ...serializeClient(c), updated_at: c.updatedAt.toISOString() });

export const clientCreated = (c: ClientRow): NewOutboxEvent => event('client.created', c.workspaceId, data(c));

export const clientUpdated = (c: ClientRow): NewOutboxEvent => event('client.updated', c.workspaceId, data(c));

export const clientDeleted = (c: Pick<ClientRow, 'id' | 'workspaceId'>, at: Date): NewOutboxEvent =>
  event('client.deleted', c.workspaceId, { client_id: c.id, deleted_at: at.toISOString() });
