/** Clients of a workspace (the photographer's customers). */
import type { Database, Tx } from './db.js';
import type { Client } from './generated/client.js';
import { afterKey, newestFirst, takeFor, type PageQuery } from './keyset.js';

export type ClientRow = Client;

export interface NewClient {
  workspaceId: string;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string | null;
}

export class ClientStore {
  constructor(private readonly db: Database) {}

  create(data: NewClient, tx: Tx = this.db.client): Promise<ClientRow> {
    return tx.client.create({ data });
  }

  async existsInWorkspace(id: string, workspaceId: string, tx: Tx = this.db.client): Promise<boolean> {
    return (await tx.client.count({ where: { id, workspaceId } })) === 1;
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
