/**
 * Store rows -> public JSON shapes (docs/decisions/0001): snake_case members, ISO 8601 UTC timestamps with
 * milliseconds, and null (never omitted) for an absent optional value.
 */
import type { ClientRow } from '../store/client.store.js';
import type { InvoiceRow } from '../store/invoice.store.js';
import type { OrderRow } from '../store/order.store.js';
import type { ProfileRow } from '../store/profile.store.js';
import type { ShootRow, ShotListCounts, ShotListItemRow } from '../store/shoot.store.js';
import type { TaskRow } from '../store/task.store.js';
import type { ApiTokenRow } from '../store/token.store.js';
import type { RoleName, WorkspaceRow } from '../store/workspace.store.js';

export function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

export function serializeWorkspace(w: Pick<WorkspaceRow, 'id' | 'name' | 'createdAt'>, role: RoleName) {
  return { id: w.id, name: w.name, role, created_at: w.createdAt.toISOString() };
}

export function serializeProfile(p: Pick<ProfileRow, 'id' | 'email' | 'name'>) {
  return { id: p.id, email: p.email, name: p.name };
}

export function serializeTokenInfo(t: Pick<ApiTokenRow, 'id' | 'prefix' | 'name' | 'workspaceId' | 'rateLimit'>) {
  return { id: t.id, prefix: t.prefix, name: t.name, scope_workspace_id: t.workspaceId, rate_limit: t.rateLimit };
}

export function serializeShotListItem(i: ShotListItemRow) {
  return { id: i.id, label: i.label, position: i.position, done: i.done, done_at: iso(i.doneAt) };
}

export function serializeShoot(s: ShootRow, counts: ShotListCounts) {
  return {
    id: s.id,
    workspace_id: s.workspaceId,
    title: s.title,
    slug: s.slug,
    state: s.state,
    client_id: s.clientId,
    location: s.location,
    scheduled_start: iso(s.scheduledStart),
    scheduled_end: iso(s.scheduledEnd),
    completed_at: iso(s.completedAt),
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    shot_list: { total: counts.total, done: counts.done },
  };
}

/** A single shoot read: the list shape plus its ordered shot-list items. */
export function serializeShootWithItems(s: ShootRow, items: ShotListItemRow[]) {
  const counts = { total: items.length, done: items.filter((i) => i.done).length };
  return { ...serializeShoot(s, counts), shot_list_items: items.map(serializeShotListItem) };
}

export function serializeClient(c: ClientRow) {
  return {
    id: c.id,
    workspace_id: c.workspaceId,
    name: c.name,
    email: c.email,
    phone: c.phone,
    notes: c.notes,
    created_at: c.createdAt.toISOString(),
  };
}

export function serializeOrder(o: OrderRow) {
  return {
    id: o.id,
    workspace_id: o.workspaceId,
    client_id: o.clientId,
    number: o.number,
    status: o.status,
    total_cents: o.totalCents,
    currency: o.currency,
    paid_at: iso(o.paidAt),
    created_at: o.createdAt.toISOString(),
  };
}

export function serializeInvoice(i: InvoiceRow) {
  return {
    id: i.id,
    workspace_id: i.workspaceId,
    client_id: i.clientId,
    number: i.number,
    status: i.status,
    amount_cents: i.amountCents,
    currency: i.currency,
    due_at: iso(i.dueAt),
    paid_at: iso(i.paidAt),
    created_at: i.createdAt.toISOString(),
  };
}

export function serializeTask(t: TaskRow) {
  return {
    id: t.id,
    workspace_id: t.workspaceId,
    title: t.title,
    status: t.status,
    due_at: iso(t.dueAt),
    shoot_id: t.shootId,
    created_at: t.createdAt.toISOString(),
    completed_at: iso(t.completedAt),
  };
}

export type ShootJson = ReturnType<typeof serializeShoot>;
export type ShootWithItemsJson = ReturnType<typeof serializeShootWithItems>;
export type ClientJson = ReturnType<typeof serializeClient>;
export type OrderJson = ReturnType<typeof serializeOrder>;
export type InvoiceJson = ReturnType<typeof serializeInvoice>;
export type TaskJson = ReturnType<typeof serializeTask>;
export type WorkspaceJson = ReturnType<typeof serializeWorkspace>;
