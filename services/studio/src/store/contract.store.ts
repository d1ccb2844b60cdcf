/** Contracts sent to clients for signature (sent -> signed). */
import type { Database, Tx } from './db.js';
import type { Contract, ContractStatus } from './generated/client.js';
import { WorkspaceRecordStore } from './record-store.js';

export type ContractRow = Contract;
export type ContractStatusName = ContractStatus;

/** What a new contract is created with, typed as its row. */
export type NewContract = Pick<ContractRow, 'workspaceId' | 'clientId' | 'proposalId' | 'title' | 'sentAt'>;

export type ContractChanges = Partial<Pick<ContractRow, 'status' | 'signedAt' | 'signedBy'>> & { updatedAt: Date };

/** A new contract is sent; getForUpdate/update serve signing. */
export class ContractStore extends WorkspaceRecordStore<ContractRow, NewContract, { status: 'sent' }, ContractChanges> {
  constructor(db: Database) {
    super(db, 'contracts', (tx: Tx) => tx.contract, { status: 'sent' });
  }
}
