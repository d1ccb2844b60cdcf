/**
 * studio.v1.StudioOperations (proto/studio/v1/studio.proto): thin adapters from proto requests to the domain
 * services (all rules, validation and events live there). Plain request strings use "" for "not given"; the
 * `optional` members of updates are undefined when absent and "" to clear.
 */
import { grpc, unaryHandlers } from '@studio/grpc';
import type { Logger } from '@studio/logger';
import type { Services } from '../services/index.js';
import { given, toMessage } from './messages.js';

type Req = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const deleted = (id: string, deletedAt: string) => ({ id, deleted_at: deletedAt });

export function operationsGrpcHandlers(s: Services, logger: Logger): grpc.UntypedServiceImplementation {
  return unaryHandlers(logger, {
    // clients
    UpdateClient: async (r: Req) =>
      toMessage(await s.clients.update({ workspaceId: r.workspace_id, clientId: r.client_id, name: r.name, email: r.email, phone: r.phone, notes: r.notes })),
    DeleteClient: async (r: Req) => {
      const d = await s.clients.delete(r.workspace_id, r.client_id);
      return deleted(d.client_id, d.deleted_at);
    },
    // leads
    CreateLead: async (r: Req) =>
      toMessage(
        await s.leads.create({
          workspaceId: r.workspace_id,
          name: r.name,
          email: given(r.email),
          phone: given(r.phone),
          source: given(r.source),
          notes: given(r.notes),
          clientId: given(r.client_id),
        }),
      ),
    UpdateLead: async (r: Req) =>
      toMessage(
        await s.leads.update({
          workspaceId: r.workspace_id,
          leadId: r.lead_id,
          name: r.name,
          email: r.email,
          phone: r.phone,
          source: r.source,
          notes: r.notes,
          clientId: r.client_id,
        }),
      ),
    DeleteLead: async (r: Req) => {
      const d = await s.leads.delete(r.workspace_id, r.lead_id);
      return deleted(d.lead_id, d.deleted_at);
    },
    // shoots
    UpdateShoot: async (r: Req) =>
      toMessage(
        await s.shoots.update({
          workspaceId: r.workspace_id,
          shootId: r.shoot_id,
          title: r.title,
          location: r.location,
          scheduledStart: r.scheduled_start,
          scheduledEnd: r.scheduled_end,
        }),
      ),
    DeleteShoot: async (r: Req) => {
      const d = await s.shoots.delete(r.workspace_id, r.shoot_id);
      return deleted(d.shoot_id, d.deleted_at);
    },
    // bookings
    RequestBooking: async (r: Req) =>
      toMessage(
        await s.bookings.request({
          workspaceId: r.workspace_id,
          clientId: given(r.client_id),
          leadId: given(r.lead_id),
          title: r.title,
          scheduledStart: r.scheduled_start,
          scheduledEnd: given(r.scheduled_end),
          location: given(r.location),
          notes: given(r.notes),
        }),
      ),
    AcceptBooking: async (r: Req) => toMessage(await s.bookings.accept(r.workspace_id, r.booking_id)),
    DeclineBooking: async (r: Req) => toMessage(await s.bookings.decline(r.workspace_id, r.booking_id, given(r.reason))),
    // proposals
    CreateProposal: async (r: Req) =>
      toMessage(
        await s.proposals.create({
          workspaceId: r.workspace_id,
          clientId: given(r.client_id),
          leadId: given(r.lead_id),
          title: r.title,
          amountCents: r.amount_cents,
          currency: r.currency,
          expiresAt: given(r.expires_at),
        }),
      ),
    SendProposal: async (r: Req) => toMessage(await s.proposals.send(r.workspace_id, r.proposal_id, given(r.expires_at))),
    ViewProposal: async (r: Req) => toMessage(await s.proposals.view(r.workspace_id, r.proposal_id)),
    AcceptProposal: async (r: Req) => toMessage(await s.proposals.accept(r.workspace_id, r.proposal_id)),
    DeclineProposal: async (r: Req) => toMessage(await s.proposals.decline(r.workspace_id, r.proposal_id, given(r.reason))),
    // contracts
    SendContract: async (r: Req) =>
      toMessage(await s.contracts.send({ workspaceId: r.workspace_id, clientId: given(r.client_id), proposalId: given(r.proposal_id), title: r.title })),
    SignContract: async (r: Req) => toMessage(await s.contracts.sign(r.workspace_id, r.contract_id, given(r.signed_by))),
    // invoices
    IssueInvoice: async (r: Req) =>
      toMessage(
        await s.invoices.issue({
          workspaceId: r.workspace_id,
          clientId: given(r.client_id),
          number: r.number,
          amountCents: r.amount_cents,
          currency: r.currency,
          dueAt: given(r.due_at),
          status: given(r.status),
        }),
      ),
    PayInvoice: async (r: Req) => toMessage(await s.invoices.pay(r.workspace_id, r.invoice_id)),
    // reviews
    CreateReview: async (r: Req) =>
      toMessage(
        await s.reviews.create({
          workspaceId: r.workspace_id,
          clientId: given(r.client_id),
          shootId: given(r.shoot_id),
          rating: r.rating,
          body: r.body,
          authorName: given(r.author_name),
        }),
      ),
    ApproveReview: async (r: Req) => toMessage(await s.reviews.approve(r.workspace_id, r.review_id)),
    // print orders
    CreateOrder: async (r: Req) =>
      toMessage(
        await s.orders.create({ workspaceId: r.workspace_id, clientId: given(r.client_id), number: r.number, totalCents: r.total_cents, currency: r.currency }),
      ),
    TransitionOrder: async (r: Req) =>
      toMessage(
        await s.orders.transition({
          workspaceId: r.workspace_id,
          orderId: r.order_id,
          to: r.to,
          trackingNumber: given(r.tracking_number),
          reason: given(r.reason),
        }),
      ),
  });
}
