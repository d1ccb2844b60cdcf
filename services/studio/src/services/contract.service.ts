/**
 * Contracts: sent to a client for signature (created in status sent, no event of its own) and signed
 * (contract.signed). Lifecycle: CONTRACT_LIFECYCLE. Inputs arrive parsed with the operation schemas of
 * contract.schema.ts.
 */
import { AppError } from '@studio/errors';
import { contractSigned } from '../events/billing.events.js';
import type { SendContractInput } from './contract.schema.js';
import { systemClock, type ServiceDeps } from './deps.js';
import { CONTRACT_LIFECYCLE, assertTransition } from './lifecycles.js';
import { serializeContract, type ContractJson } from '@studio/contracts/records';
import { nextVersion, requireClientOf, requireWorkspaceExists, writeWithEvents } from './unit-of-work.js';

export class ContractService {
  private readonly now: () => Date;
  constructor(private readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
  }

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
