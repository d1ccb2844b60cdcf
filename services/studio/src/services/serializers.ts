/**
 * Store rows -> public JSON shapes (docs/decisions/0001): snake_case members, ISO 8601 UTC timestamps with
 * milliseconds, and null (never omitted) for an absent optional value.
 */
import type { BookingRow } from '../store/booking.store.js';
import type { ClientRow } from '../store/client.store.js';
import type { ContractRow } from '../store/contract.store.js';
import type { InvoiceRow } from '../store/invoice.store.js';
import type { LeadRow } from '../store/lead.store.js';
import type { OrderRow } from '../store/order.store.js';
import type { ProfileRow } from '../store/profile.store.js';
import type { ProposalRow } from '../store/proposal.store.js';
import type { ReviewRow } from '../store/review.store.js';
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

export function serializeOrder(order: OrderRow) {
  return {
    id: order.id,
    workspace_id: order.workspaceId,
    client_id: order.clientId,
    number: order.number,
    status: order.status,
    total_cents: order.totalCents,
    currency: order.currency,
    paid_at: iso(order.paidAt),
    created_at: order.createdAt.toISOString(),
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

// Entities without a public route (served over internal gRPC and the CLI, and carried by events). Their JSON
// includes updated_at, the version consumers compare.

export function serializeLead(l: LeadRow) {
  return {
    id: l.id,
    workspace_id: l.workspaceId,
    name: l.name,
    email: l.email,
    phone: l.phone,
    source: l.source,
    notes: l.notes,
    client_id: l.clientId,
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
  };
}

export function serializeBooking(b: BookingRow) {
  return {
    id: b.id,
    workspace_id: b.workspaceId,
    client_id: b.clientId,
    lead_id: b.leadId,
    title: b.title,
    status: b.status,
    scheduled_start: b.scheduledStart.toISOString(),
    scheduled_end: iso(b.scheduledEnd),
    location: b.location,
    notes: b.notes,
    decided_at: iso(b.decidedAt),
    decline_reason: b.declineReason,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}

export function serializeProposal(p: ProposalRow) {
  return {
    id: p.id,
    workspace_id: p.workspaceId,
    client_id: p.clientId,
    lead_id: p.leadId,
    title: p.title,
    status: p.status,
    amount_cents: p.amountCents,
    currency: p.currency,
    expires_at: iso(p.expiresAt),
    sent_at: iso(p.sentAt),
    viewed_at: iso(p.viewedAt),
    decided_at: iso(p.decidedAt),
    decline_reason: p.declineReason,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export function serializeContract(c: ContractRow) {
  return {
    id: c.id,
    workspace_id: c.workspaceId,
    client_id: c.clientId,
    proposal_id: c.proposalId,
    title: c.title,
    status: c.status,
    sent_at: c.sentAt.toISOString(),
    signed_at: iso(c.signedAt),
    signed_by: c.signedBy,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export function serializeReview(r: ReviewRow) {
  return {
    id: r.id,
    workspace_id: r.workspaceId,
    client_id: r.clientId,
    shoot_id: r.shootId,
    rating: r.rating,
    body: r.body,
    author_name: r.authorName,
    status: r.status,
    approved_at: iso(r.approvedAt),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export type ShootJson = ReturnType<typeof serializeShoot>;
export type ShootWithItemsJson = ReturnType<typeof serializeShootWithItems>;
export type ClientJson = ReturnType<typeof serializeClient>;
export type OrderJson = ReturnType<typeof serializeOrder>;
export type InvoiceJson = ReturnType<typeof serializeInvoice>;
export type TaskJson = ReturnType<typeof serializeTask>;
export type WorkspaceJson = ReturnType<typeof serializeWorkspace>;
export type LeadJson = ReturnType<typeof serializeLead>;
export type BookingJson = ReturnType<typeof serializeBooking>;
export type ProposalJson = ReturnType<typeof serializeProposal>;
export type ContractJson = ReturnType<typeof serializeContract>;
export type ReviewJson = ReturnType<typeof serializeReview>;
