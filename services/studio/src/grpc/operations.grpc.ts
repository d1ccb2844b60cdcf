/**
 * studio.v1.StudioOperations (proto/studio/v1/studio.proto): thin adapters from proto requests to the domain
 * services. Each request is read as its operation's input (messages.ts `requestInput`: "" is "not given"; a sent
 * `optional` member of an update that is "" clears it), parsed with the operation's schema (services/*.schema.ts,
 * the one the routes and the operator CLI use, so bad input is INVALID_ARGUMENT naming the member, as over HTTP),
 * and handed to its service; the answer goes back as a proto message (null as "").
 */
import type { z } from 'zod';
import { unaryHandlers, type grpc, type UnaryImplementations } from '@studio/grpc';
import { parseInput } from '@studio/http';
import type { Logger } from '@studio/logger';
import type { StudioOperationsHandlers } from '@studio/proto/studio';
import { bookingRef, declineBookingInput, requestBookingInput } from '../services/booking.schema.js';
import { clientRef, updateClientInput } from '../services/client.schema.js';
import { sendContractInput, signContractInput } from '../services/contract.schema.js';
import type { Services } from '../services/index.js';
import { invoiceRef, issueInvoiceInput } from '../services/invoice.schema.js';
import { createLeadInput, leadRef, updateLeadInput } from '../services/lead.schema.js';
import { createOrderInput, transitionOrderInput } from '../services/order.schema.js';
import { createProposalInput, declineProposalInput, proposalRef, sendProposalInput } from '../services/proposal.schema.js';
import { createReviewInput, reviewRef } from '../services/review.schema.js';
import { shootRef, updateShootInput } from '../services/shoot.schema.js';
import { requestInput, toMessage, type Message } from './messages.js';

/**
 * Nothing more when every member the schema's input names is a member of the request; else a property naming the
 * others, which the schema lacks, so passing it is a type error that says which members the proto does not have.
 */
type ReadFrom<Req, S extends z.ZodType> = [Exclude<keyof z.input<S>, keyof Req>] extends [never]
  ? unknown
  : { membersNotInRequest: Exclude<keyof z.input<S>, keyof Req> };

/** Runs one operation: `request` parsed with `schema`, the parsed input handed to `service`, its answer as a message. */
async function perform<Req extends object, S extends z.ZodType, R extends object>(
  request: Req,
  schema: S & ReadFrom<Req, S>,
  service: (input: z.output<S>) => Promise<R>,
): Promise<Message<R>> {
  return toMessage(await service(parseInput(schema, requestInput(request))));
}

/** A delete's answer as the Deleted message. */
const deleted = (id: string, answer: { deleted_at: string }) => ({ id, deleted_at: answer.deleted_at });

export function operationsGrpcHandlers(services: Services, logger: Logger): grpc.UntypedServiceImplementation {
  const { clients, leads, shoots, bookings, proposals, contracts, invoices, reviews, orders } = services;
  const operations: UnaryImplementations<StudioOperationsHandlers> = {
    // clients
    UpdateClient: (request) => perform(request, updateClientInput, (input) => clients.update(input)),
    DeleteClient: (request) =>
      perform(request, clientRef, async ({ workspaceId, clientId }) => deleted(clientId, await clients.delete(workspaceId, clientId))),
    // leads
    CreateLead: (request) => perform(request, createLeadInput, (input) => leads.create(input)),
    UpdateLead: (request) => perform(request, updateLeadInput, (input) => leads.update(input)),
    DeleteLead: (request) =>
      perform(request, leadRef, async ({ workspaceId, leadId }) => deleted(leadId, await leads.delete(workspaceId, leadId))),
    // shoots
    UpdateShoot: (request) => perform(request, updateShootInput, (input) => shoots.update(input)),
    DeleteShoot: (request) =>
      perform(request, shootRef, async ({ workspaceId, shootId }) => deleted(shootId, await shoots.delete(workspaceId, shootId))),
    // bookings
    RequestBooking: (request) => perform(request, requestBookingInput, (input) => bookings.request(input)),
    AcceptBooking: (request) => perform(request, bookingRef, (ref) => bookings.accept(ref.workspaceId, ref.bookingId)),
    DeclineBooking: (request) =>
      perform(request, declineBookingInput, (input) => bookings.decline(input.workspaceId, input.bookingId, input.reason)),
    // proposals
    CreateProposal: (request) => perform(request, createProposalInput, (input) => proposals.create(input)),
    SendProposal: (request) =>
      perform(request, sendProposalInput, (input) => proposals.send(input.workspaceId, input.proposalId, input.expiresAt)),
    ViewProposal: (request) => perform(request, proposalRef, (ref) => proposals.view(ref.workspaceId, ref.proposalId)),
    AcceptProposal: (request) => perform(request, proposalRef, (ref) => proposals.accept(ref.workspaceId, ref.proposalId)),
    DeclineProposal: (request) =>
      perform(request, declineProposalInput, (input) => proposals.decline(input.workspaceId, input.proposalId, input.reason)),
    // contracts
    SendContract: (request) => perform(request, sendContractInput, (input) => contracts.send(input)),
    SignContract: (request) =>
      perform(request, signContractInput, (input) => contracts.sign(input.workspaceId, input.contractId, input.signedBy)),
    // invoices
    IssueInvoice: (request) => perform(request, issueInvoiceInput, (input) => invoices.issue(input)),
    PayInvoice: (request) => perform(request, invoiceRef, (ref) => invoices.pay(ref.workspaceId, ref.invoiceId)),
    // reviews
    CreateReview: (request) => perform(request, createReviewInput, (input) => reviews.create(input)),
    ApproveReview: (request) => perform(request, reviewRef, (ref) => reviews.approve(ref.workspaceId, ref.reviewId)),
    // print orders
    CreateOrder: (request) => perform(request, createOrderInput, (input) => orders.create(input)),
    TransitionOrder: (request) => perform(request, transitionOrderInput, (input) => orders.transition(input)),
  };
  return unaryHandlers<StudioOperationsHandlers>(logger, operations);
}
