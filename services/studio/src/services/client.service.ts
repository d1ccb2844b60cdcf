/**
 * Clients: created within a workspace (email lower-cased), listed newest first, updated and deleted over the
 * internal operations. Events in the same transaction: client.created, client.updated, client.deleted. Deleting a
 * client detaches its shoots, leads and orders (client_id becomes null), each emitting its `<entity>.updated`.
 * Inputs arrive parsed with the operation schemas of client.schema.ts.
 */
import { clientCreated, clientDeleted, clientUpdated } from '../events/client.events.js';
import { leadUpdated } from '../events/lead.events.js';
import { orderUpdated } from '../events/order.events.js';
import { shootUpdated } from '../events/shoot.events.js';
import type { Tx } from '../store/db.js';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import type { CreateClientInput, UpdateClientInput } from './client.schema.js';
import { contactValues } from './fields.schema.js';
import type { PageQuery } from '../store/keyset.js';
import { CURSOR_KIND, type JsonPage, type PageRequest } from './paging.js';
import { deleteRecord, RecordService, updateRecord } from './record-service.js';
import { serializeClient, type ClientJson } from '@studio/contracts/records';
import { writeWithEvents } from './unit-of-work.js';

export class ClientService extends RecordService {
  async create(input: CreateClientInput): Promise<ClientJson> {
    const { stores } = this.deps;
    const client = await writeWithEvents(this.deps, async (tx) => {
      const created = await stores.clients.create({ workspaceId: input.workspaceId, ...contactValues(input) }, tx);
      return { value: created, events: [clientCreated(created)] };
    });
    return serializeClient(client);
  }

  async update({ workspaceId, clientId, ...changes }: UpdateClientInput): Promise<ClientJson> {
    const client = await updateRecord(this.deps, this.deps.stores.clients, workspaceId, clientId, {
      changes: (next) => ({ ...changes, ...next }),
      events: (updated) => [clientUpdated(updated)],
    });
    return serializeClient(client);
  }

  async delete(workspaceId: string, clientId: string): Promise<{ client_id: string; deleted_at: string }> {
    const deletedAt = await deleteRecord(this.deps, this.deps.stores.clients, workspaceId, clientId, async (client, at, tx) => [
      ...(await this.detach(tx, clientId, workspaceId, at)),
      clientDeleted(client, at),
    ]);
    return { client_id: clientId, deleted_at: deletedAt.toISOString() };
  }

  /** Clears client_id on the client's shoots, leads and orders; their updated events. */
  private async detach(tx: Tx, clientId: string, workspaceId: string, now: Date): Promise<NewOutboxEvent[]> {
    const { stores } = this.deps;
    const shoots = await stores.shoots.detachClient(tx, clientId, workspaceId, now);
    const leads = await stores.leads.detachClient(tx, clientId, workspaceId, now);
    const orders = await stores.orders.detachClient(tx, clientId, workspaceId, now);
    const counts = await stores.shoots.shotListCounts(
      shoots.map((s) => s.id),
      [workspaceId],
      tx,
    );
    return [
      ...shoots.map((s) => shootUpdated(s, counts.get(s.id) ?? { total: 0, done: 0 })),
      ...leads.map((l) => leadUpdated(l)),
      ...orders.map((order) => orderUpdated(order, order.status)),
    ];
  }

  /** A page of clients, newest first, each in its JSON as the database wrote it (the hottest list: issue 30). */
  async list(workspaceIds: string[], req: PageRequest): Promise<JsonPage<ClientJson>> {
    const { clients } = this.deps.stores;
    return this.jsonPage(CURSOR_KIND.clients, req, (page: PageQuery) => clients.listJsonInWorkspaces(workspaceIds, page));
  }
}
