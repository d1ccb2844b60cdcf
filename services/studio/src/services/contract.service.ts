/**
 * Contracts: sent to a client for signature (created in status sent, no event of its own) and signed
 * (contract.signed). Lifecycle: CONTRACT_LIFECYCLE. Inputs arrive parsed with the operation schemas of
 * contract.schema.ts.
 */
import { AppError } from '@studio/errors';
import { contractSigned } from '../events/billing.events.js';
import type { SendContractInput } from './contract.schema.js';
import { CONTRACT_LIFECYCLE } from './lifecycles.js';
import { moveRecord, RecordService } from './record-service.js';
import { serializeContract, type ContractJson } from '@studio/contracts/records';
import { requireClientOf, requireWorkspaceExists } from './unit-of-work.js';

export class ContractService extends RecordService {
  async send(input: SendContractInput): Promise<ContractJson> {
    const { workspaceId, title } = input;
    const clientId = input.clientId ?? null;
    const proposalId = input.proposalId ?? null;
    await requireWorkspaceExists(this.deps, workspaceId);
    const created = await this.deps.db.transaction(async (tx) => {
      await requireClientOf(this.deps, clientId, workspaceId, tx);
      if (proposalId && !(await this.deps.stores.proposals.existsInWorkspace(proposalId, workspaceId, tx))) {
        throw new AppError('invalid_input', 'proposal_id is not a proposal of this workspace');
      }
      return this.deps.stores.contracts.create({ workspaceId, clientId, proposalId, title, sentAt: this.now() }, tx);
    });
    return serializeContract(created);
  }

  /** sent -> signed, by `signedBy` (the signer's name, optional). */
  async sign(workspaceId: string, contractId: string, signedBy: string | null = null): Promise<ContractJson> {
    const record = { store: this.deps.stores.contracts, lifecycle: CONTRACT_LIFECYCLE, entity: 'contract' };
    const contract = await moveRecord(this.deps, record, workspaceId, contractId, {
      to: 'signed',
      changes: (next, _current, now) => ({ ...next, signedAt: now, signedBy }),
      events: (updated) => [contractSigned(updated)],
    });
    return serializeContract(contract);
  }
}
