/** Contracts sent to clients for signature (sent -> signed). */
import type { Database, Tx } from './db.js';
import type { Contract, ContractStatus } from './generated/client.js';
import { lockRow } from './locking.js';

export type ContractRow = Contract;
export type ContractStatusName = ContractStatus;

export interface NewContract {
  workspaceId: string;
  clientId: string | null;
  proposalId: string | null;
  title: string;
  sentAt: Date;
}

export type ContractChanges = Partial<Pick<ContractRow, 'status' | 'signedAt' | 'signedBy'>> & { updatedAt: Date };

export class ContractStore {
  constructor(private readonly db: Database) {}

  create(data: NewContract, tx: Tx = this.db.client): Promise<ContractRow> {
    return tx.contract.create({ data: { ...data, status: 'sent' } });
  }

  async getForUpdate(tx: Tx, id: string, workspaceId: string): Promise<ContractRow | null> {
    if (!(await lockRow(tx, 'contracts', id, workspaceId))) return null;
    return tx.contract.findFirst({ where: { id, workspaceId } });
  }

  update(tx: Tx, id: string, changes: ContractChanges): Promise<ContractRow> {
    return tx.contract.update({ where: { id }, data: changes });
  }
}
