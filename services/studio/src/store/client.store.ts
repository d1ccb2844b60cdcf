/** Clients of a workspace (the photographer's customers). */
import type { Database, Tx } from './db.js';
import type { Client } from './generated/client.js';
import { Prisma } from './generated/client.js';
import { clientRecord, type ClientJson } from '@studio/contracts/records';
import { keysetPageStatement, modelColumns, type PageQuery } from './keyset.js';
import { jsonRowColumns, type JsonRow } from './record-json.js';
import { WorkspaceRecordStore } from './record-store.js';

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

/** A client's keyset columns and its public JSON (the Client record), written by the database. */
const CLIENT_JSON_COLUMNS = jsonRowColumns(clientRecord, 'clients');

/** Clients: created, locked and updated, deleted, checked as a client of a workspace; listed by one raw statement. */
export class ClientStore extends WorkspaceRecordStore<ClientRow, NewClient, object, ClientChanges> {
  constructor(db: Database) {
    super(db, 'clients', (tx: Tx) => tx.client, {});
  }

  /** A page of clients, newest first: one prepared statement on the pool (see keysetPageStatement). */
  override listInWorkspaces(workspaceIds: string[], page: PageQuery): Promise<ClientRow[]> {
    return this.db.read<ClientRow>(
      page.after ? 'clients_page_after' : 'clients_page',
      keysetPageStatement(CLIENT_COLUMNS, 'clients', workspaceIds, page),
    );
  }

  /** The same page as listInWorkspaces, each client already in its public JSON (GET /clients; see record-json.ts). */
  listJsonInWorkspaces(workspaceIds: string[], page: PageQuery): Promise<JsonRow<ClientJson>[]> {
    return this.db.read<JsonRow<ClientJson>>(
      page.after ? 'clients_json_page_after' : 'clients_json_page',
      keysetPageStatement(CLIENT_JSON_COLUMNS, 'clients', workspaceIds, page),
    );
  }

  countInWorkspaces(workspaceIds: string[], tx: Tx = this.db.client): Promise<number> {
    return tx.client.count({ where: { workspaceId: { in: workspaceIds } } });
  }
}
