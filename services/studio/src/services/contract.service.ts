/**
 * Contracts: sent to a client for signature (created in status sent, no event of its own) and signed
 * (contract.signed). Lifecycle: CONTRACT_LIFECYCLE.
 */
import { AppError } from '@studio/errors';
import { contractSigned } from '../events/billing.events.js';
import { systemClock, type ServiceDeps } from './deps.js';
import { CONTRACT_LIFECYCLE, assertTransition } from './lifecycles.js';
import { optionalId, optionalText, requireId, requireText } from './input.js';
import { serializeContract, type ContractJson } from './serializers.js';
import { nextVersion, requireClientOf, requireWorkspaceExists, writeWithEvents } from './unit-of-work.js';

export interface SendContractInput {
  workspaceId: string;
  clientId?: string | null;
  proposalId?: string | null;
  title: string;
}

export class ContractService {
  private readonly now: () => Date;
  constructor(private readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
  }

  async send(input: SendContractInput): Promise<ContractJson> {
    const workspaceId = requireId('workspace_id', input.workspaceId);
    const clientId = optionalId('client_id', input.clientId);
    const proposalId = optionalId('proposal_id', input.proposalId);
    const title = requireText('title', input.title, 200);
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
  async sign(workspaceIdRaw: string, contractIdRaw: string, signedByRaw?: string | null): Promise<ContractJson> {
    const workspaceId = requireId('workspace_id', workspaceIdRaw);
    const contractId = requireId('contract_id', contractIdRaw);
    const signedBy = optionalText('signed_by', signedByRaw, 200);
    const contract = await writeWithEvents(this.deps, async (tx) => {
      const current = await this.deps.stores.contracts.getForUpdate(tx, contractId, workspaceId);
      if (!current) throw new AppError('not_found');
      assertTransition(CONTRACT_LIFECYCLE, 'contract', current.status, 'signed');
      const now = this.now();
      const updated = await this.deps.stores.contracts.update(tx, contractId, {
        status: 'signed',
        signedAt: now,
        signedBy,
        updatedAt: nextVersion(current.updatedAt, now),
      });
      return { value: updated, events: [contractSigned(updated)] };
    });
    return serializeContract(contract);
  }
}
