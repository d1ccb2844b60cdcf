/**
 * Leads (enquiries that may become clients): created, updated and deleted over the internal operations, each with
 * its internal event in the same transaction (lead.created, lead.updated, lead.deleted) for the search projection.
 */
import { AppError } from '@studio/errors';
import { leadCreated, leadDeleted, leadUpdated } from '../events/lead.events.js';
import { systemClock, type ServiceDeps } from './deps.js';
import { changed, optionalEmail, optionalId, optionalText, requireId, requireText } from './input.js';
import { serializeLead, type LeadJson } from './serializers.js';
import { nextVersion, requireClientOf, requireWorkspaceExists, writeWithEvents } from './unit-of-work.js';

export interface LeadFields {
  name?: string;
  email?: string | null;
  phone?: string | null;
  source?: string | null;
  notes?: string | null;
  clientId?: string | null;
}

function checkFields(input: LeadFields) {
  return {
    name: changed(input.name, (v) => requireText('name', v, 200)),
    email: changed(input.email, (v) => optionalEmail('email', v)),
    phone: changed(input.phone, (v) => optionalText('phone', v, 40)),
    source: changed(input.source, (v) => optionalText('source', v, 200)),
    notes: changed(input.notes, (v) => optionalText('notes', v, 10_000)),
    clientId: changed(input.clientId, (v) => optionalId('client_id', v)),
  };
}

export class LeadService {
  private readonly now: () => Date;
  constructor(private readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
  }

  async create(input: LeadFields & { workspaceId: string; name: string }): Promise<LeadJson> {
    const workspaceId = requireId('workspace_id', input.workspaceId);
    const f = checkFields(input);
    const name = requireText('name', input.name, 200);
    await requireWorkspaceExists(this.deps, workspaceId);
    const lead = await writeWithEvents(this.deps, async (tx) => {
      await requireClientOf(this.deps, f.clientId ?? null, workspaceId, tx);
      const created = await this.deps.stores.leads.create(
        {
          workspaceId,
          name,
          email: f.email ?? null,
          phone: f.phone ?? null,
          source: f.source ?? null,
          notes: f.notes ?? null,
          clientId: f.clientId ?? null,
        },
        tx,
      );
      return { value: created, events: [leadCreated(created)] };
    });
    return serializeLead(lead);
  }

  async update(input: LeadFields & { workspaceId: string; leadId: string }): Promise<LeadJson> {
    const workspaceId = requireId('workspace_id', input.workspaceId);
    const leadId = requireId('lead_id', input.leadId);
    const f = checkFields(input);
    if (Object.values(f).every((v) => v === undefined)) throw new AppError('invalid_input', 'nothing to update');
    const lead = await writeWithEvents(this.deps, async (tx) => {
      const current = await this.deps.stores.leads.getForUpdate(tx, leadId, workspaceId);
      if (!current) throw new AppError('not_found');
      if (f.clientId) await requireClientOf(this.deps, f.clientId, workspaceId, tx);
      const updated = await this.deps.stores.leads.update(tx, leadId, { ...f, updatedAt: nextVersion(current.updatedAt, this.now()) });
      return { value: updated, events: [leadUpdated(updated)] };
    });
    return serializeLead(lead);
  }

  async delete(workspaceIdRaw: string, leadIdRaw: string): Promise<{ lead_id: string; deleted_at: string }> {
    const workspaceId = requireId('workspace_id', workspaceIdRaw);
    const leadId = requireId('lead_id', leadIdRaw);
    const deletedAt = this.now();
    await writeWithEvents(this.deps, async (tx) => {
      const current = await this.deps.stores.leads.getForUpdate(tx, leadId, workspaceId);
      if (!current) throw new AppError('not_found');
      await this.deps.stores.leads.delete(tx, leadId, workspaceId);
      return { value: null, events: [leadDeleted(current, deletedAt)] };
    });
    return { lead_id: leadId, deleted_at: deletedAt.toISOString() };
  }
}
