/** Clients of a workspace (the photographer's customers). */
import type { Database, Tx } from './db.js';
import type { Client } from './generated/client.js';
import { afterKey, newestFirst, takeFor, type PageQuery } from './keyset.js';
import { lockRow } from './locking.js';

export type ClientRow = Client;

export interface NewClient {
  workspaceId: string;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string | null;
}

export type ClientChanges = Partial<Pick<ClientRow, 'name' | 'email' | 'phone' | 'notes'>> & { updatedAt: Date };

export class ClientStore {
  constructor(private readonly db: Database) {}

  create(data: NewClient, tx: Tx = this.db.client): Promise<ClientRow> {
    return tx.client.create({ data });
  }

  async existsInWorkspace(id: string, workspaceId: string, tx: Tx = this.db.client): Promise<boolean> {
    return (await tx.client.count({ where: { id, workspaceId } })) === 1;
  }

  /** Locks the client for the transaction and reads it; null when it is not a client of the workspace. */
  async getForUpdate(tx: Tx, id: string, workspaceId: string): Promise<ClientRow | null> {
    if (!(await lockRow(tx, 'clients', id, workspaceId))) return null;
    return tx.client.findFirst({ where: { id, workspaceId } });
  }

  update(tx: Tx, id: string, changes: ClientChanges): Promise<ClientRow> {
    return tx.client.update({ where: { id }, data: changes });
  }

  async delete(tx: Tx, id: string, workspaceId: string): Promise<void> {
    await tx.client.deleteMany({ where: { id, workspaceId } });
  }

  listInWorkspaces(workspaceIds: string[], page: PageQuery, tx: Tx = this.db.client): Promise<ClientRow[]> {
    return tx.client.findMany({
      where: { workspaceId: { in: workspaceIds }, ...afterKey(page.after) },
      orderBy: newestFirst(),
      take: takeFor(page),
    });
  }

  countInWorkspaces(workspaceIds: string[], tx: Tx = this.db.client): Promise<number> {
    return tx.client.count({ where: { workspaceId: { in: workspaceIds } } });
  }
}
