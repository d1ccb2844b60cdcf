/** Leads: prospective clients of a workspace (enquiries), optionally linked to the client they became. */
import type { Database, Tx } from './db.js';
import type { Lead } from './generated/client.js';
import { afterKey, newestFirst, takeFor, type PageQuery } from './keyset.js';
import { detachClientRows, lockRow } from './locking.js';

export type LeadRow = Lead;

export interface NewLead {
  workspaceId: string;
  name: string;
  email: string | null;
  phone: string | null;
  source: string | null;
  notes: string | null;
  clientId: string | null;
}

export type LeadChanges = Partial<Omit<NewLead, 'workspaceId'>> & { updatedAt: Date };

export class LeadStore {
  constructor(private readonly db: Database) {}

  create(data: NewLead, tx: Tx = this.db.client): Promise<LeadRow> {
    return tx.lead.create({ data });
  }

  async existsInWorkspace(id: string, workspaceId: string, tx: Tx = this.db.client): Promise<boolean> {
    return (await tx.lead.count({ where: { id, workspaceId } })) === 1;
  }

  async getForUpdate(tx: Tx, id: string, workspaceId: string): Promise<LeadRow | null> {
    if (!(await lockRow(tx, 'leads', id, workspaceId))) return null;
    return tx.lead.findFirst({ where: { id, workspaceId } });
  }

  update(tx: Tx, id: string, changes: LeadChanges): Promise<LeadRow> {
    return tx.lead.update({ where: { id }, data: changes });
  }

  async delete(tx: Tx, id: string, workspaceId: string): Promise<void> {
    await tx.lead.deleteMany({ where: { id, workspaceId } });
  }

  /** Clears client_id on every row of the client (before it is deleted); returns the changed rows. */
  async detachClient(tx: Tx, clientId: string, workspaceId: string, now: Date): Promise<LeadRow[]> {
    const ids = await detachClientRows(tx, 'leads', clientId, workspaceId, now);
    return this.listByIds(ids, tx);
  }

  listByIds(ids: string[], tx: Tx = this.db.client): Promise<LeadRow[]> {
    return tx.lead.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } });
  }

  listInWorkspaces(workspaceIds: string[], page: PageQuery, tx: Tx = this.db.client): Promise<LeadRow[]> {
    return tx.lead.findMany({
      where: { workspaceId: { in: workspaceIds }, ...afterKey(page.after) },
      orderBy: newestFirst(),
      take: takeFor(page),
    });
  }
}
