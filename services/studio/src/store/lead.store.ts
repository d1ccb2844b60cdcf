/** Leads: prospective clients of a workspace (enquiries), optionally linked to the client they became. */
import type { Database, Tx } from './db.js';
import type { Lead } from './generated/client.js';
import { WorkspaceRecordStore } from './record-store.js';

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

/**
 * Leads: created, listed newest first, locked and updated, deleted (getForUpdate, update, delete), detached from a
 * deleted client (detachClient), and checked as a lead of a workspace (existsInWorkspace).
 */
export class LeadStore extends WorkspaceRecordStore<LeadRow, NewLead, object, LeadChanges, 'leads'> {
  constructor(db: Database) {
    super(db, 'leads', (tx: Tx) => tx.lead, {});
  }
}
