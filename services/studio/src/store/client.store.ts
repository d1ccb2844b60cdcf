/** Clients of a workspace (the photographer's customers). */
import type { Database, Tx } from './db.js';
import type { Client } from './generated/client.js';
import { Prisma } from './generated/client.js';
import { keysetPageStatement, modelColumns, type PageQuery } from './keyset.js';
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

/** Every column of a client row, named as the Client model names them. */
export const CLIENT_COLUMNS = modelColumns(Prisma.ClientScalarFieldEnum);

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

  /** A page of clients, newest first: one prepared statement on the pool (see keysetPageStatement). */
  listInWorkspaces(workspaceIds: string[], page: PageQuery): Promise<ClientRow[]> {
    return this.db.read<ClientRow>(
      page.after ? 'clients_page_after' : 'clients_page',
      keysetPageStatement(CLIENT_COLUMNS, 'clients', workspaceIds, page),
    );
  }

  countInWorkspaces(workspaceIds: string[], tx: Tx = this.db.client): Promise<number> {
    return tx.client.count({ where: { workspaceId: { in: workspaceIds } } });
  }
}
