/**
 * Leads (enquiries that may become clients): created, updated and deleted over the internal operations, each with
 * its internal event in the same transaction (lead.created, lead.updated, lead.deleted) for the search projection.
 * Inputs arrive parsed with the operation schemas of lead.schema.ts.
 */
import { leadCreated, leadDeleted, leadUpdated } from '../events/lead.events.js';
import { contactValues } from './fields.schema.js';
import type { CreateLeadInput, UpdateLeadInput } from './lead.schema.js';
import { deleteRecord, RecordService, updateRecord } from './record-service.js';
import { serializeLead, type LeadJson } from '@studio/contracts/records';
import { requireClientOf, requireWorkspaceExists, writeWithEvents } from './unit-of-work.js';

export class LeadService extends RecordService {
  async create({ workspaceId, ...input }: CreateLeadInput): Promise<LeadJson> {
    await requireWorkspaceExists(this.deps, workspaceId);
    const lead = await writeWithEvents(this.deps, async (tx) => {
      await requireClientOf(this.deps, input.clientId ?? null, workspaceId, tx);
      const created = await this.deps.stores.leads.create(
        { workspaceId, ...contactValues(input), source: input.source ?? null, clientId: input.clientId ?? null },
        tx,
      );
      return { value: created, events: [leadCreated(created)] };
    });
    return serializeLead(lead);
  }

  async update({ workspaceId, leadId, ...changes }: UpdateLeadInput): Promise<LeadJson> {
    const lead = await updateRecord(this.deps, this.deps.stores.leads, workspaceId, leadId, {
      check: async (_current, tx) => {
        if (changes.clientId) await requireClientOf(this.deps, changes.clientId, workspaceId, tx);
      },
      changes: (next) => ({ ...changes, ...next }),
      events: (updated) => [leadUpdated(updated)],
    });
    return serializeLead(lead);
  }

  async delete(workspaceId: string, leadId: string): Promise<{ lead_id: string; deleted_at: string }> {
    const deletedAt = await deleteRecord(this.deps, this.deps.stores.leads, workspaceId, leadId, async (lead, at) => [
      leadDeleted(lead, at),
    ]);
    return { lead_id: leadId, deleted_at: deletedAt.toISOString() };
  }
}
