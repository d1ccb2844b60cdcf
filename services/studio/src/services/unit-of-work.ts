/**
 * One write of a domain operation: its changes and its events in one transaction (the outbox), then a nudge to
 * the relay after the commit. A throw inside rolls back everything, so a refused operation emits nothing.
 */
import { AppError } from '@studio/errors';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import type { Tx } from '../store/db.js';
import type { ServiceDeps } from './deps.js';

export interface Written<T> {
  value: T;
  events: NewOutboxEvent[];
}

export async function writeWithEvents<T>(deps: ServiceDeps, fn: (tx: Tx) => Promise<Written<T>>): Promise<T> {
  const { value, events } = await deps.db.transaction(async (tx) => {
    const written = await fn(tx);
    await deps.stores.outbox.appendAll(tx, written.events);
    return written;
  });
  if (events.length > 0) deps.events.nudge();
  return value;
}

/**
 * The updated_at of a change: now, but always strictly after the previous version, so a consumer that keeps only
 * newer versions never drops a change made within the same millisecond as the one before.
 */
export function nextVersion(previous: Date, now: Date): Date {
  return new Date(Math.max(now.getTime(), previous.getTime() + 1));
}

/** not_found unless the workspace exists (operations that create a record in it check this first). */
export async function requireWorkspaceExists(deps: ServiceDeps, workspaceId: string): Promise<void> {
  if (!(await deps.stores.workspaces.getById(workspaceId))) throw new AppError('not_found');
}

/** invalid_input unless the client (when given) is a client of the workspace. */
export async function requireClientOf(deps: ServiceDeps, clientId: string | null, workspaceId: string, tx?: Tx): Promise<void> {
  if (clientId && !(await deps.stores.clients.existsInWorkspace(clientId, workspaceId, tx))) {
    throw new AppError('invalid_input', 'client_id is not a client of this workspace');
  }
}

/** invalid_input unless the lead (when given) is a lead of the workspace. */
export async function requireLeadOf(deps: ServiceDeps, leadId: string | null, workspaceId: string, tx?: Tx): Promise<void> {
  if (leadId && !(await deps.stores.leads.existsInWorkspace(leadId, workspaceId, tx))) {
    throw new AppError('invalid_input', 'lead_id is not a lead of this workspace');
  }
}
