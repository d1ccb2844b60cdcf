// Original file: proto/studio/v1/studio.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AcceptBookingRequest as _studio_v1_AcceptBookingRequest, AcceptBookingRequest__Output as _studio_v1_AcceptBookingRequest__Output } from '../../studio/v1/AcceptBookingRequest.js';
import type { AcceptProposalRequest as _studio_v1_AcceptProposalRequest, AcceptProposalRequest__Output as _studio_v1_AcceptProposalRequest__Output } from '../../studio/v1/AcceptProposalRequest.js';
import type { ApproveReviewRequest as _studio_v1_ApproveReviewRequest, ApproveReviewRequest__Output as _studio_v1_ApproveReviewRequest__Output } from '../../studio/v1/ApproveReviewRequest.js';
import type { Booking as _studio_v1_Booking, Booking__Output as _studio_v1_Booking__Output } from '../../studio/v1/Booking.js';
import type { Client as _studio_v1_Client, Client__Output as _studio_v1_Client__Output } from '../../studio/v1/Client.js';
import type { Contract as _studio_v1_Contract, Contract__Output as _studio_v1_Contract__Output } from '../../studio/v1/Contract.js';
import type { CreateLeadRequest as _studio_v1_CreateLeadRequest, CreateLeadRequest__Output as _studio_v1_CreateLeadRequest__Output } from '../../studio/v1/CreateLeadRequest.js';
import type { CreateOrderRequest as _studio_v1_CreateOrderRequest, CreateOrderRequest__Output as _studio_v1_CreateOrderRequest__Output } from '../../studio/v1/CreateOrderRequest.js';
import type { CreateProposalRequest as _studio_v1_CreateProposalRequest, CreateProposalRequest__Output as _studio_v1_CreateProposalRequest__Output } from '../../studio/v1/CreateProposalRequest.js';
import type { CreateReviewRequest as _studio_v1_CreateReviewRequest, CreateReviewRequest__Output as _studio_v1_CreateReviewRequest__Output } from '../../studio/v1/CreateReviewRequest.js';
import type { DeclineBookingRequest as _studio_v1_DeclineBookingRequest, DeclineBookingRequest__Output as _studio_v1_DeclineBookingRequest__Output } from '../../studio/v1/DeclineBookingRequest.js';
import type { DeclineProposalRequest as _studio_v1_DeclineProposalRequest, DeclineProposalRequest__Output as _studio_v1_DeclineProposalRequest__Output } from '../../studio/v1/DeclineProposalRequest.js';
import type { DeleteClientRequest as _studio_v1_DeleteClientRequest, DeleteClientRequest__Output as _studio_v1_DeleteClientRequest__Output } from '../../studio/v1/DeleteClientRequest.js';
import type { DeleteLeadRequest as _studio_v1_DeleteLeadRequest, DeleteLeadRequest__Output as _studio_v1_DeleteLeadRequest__Output } from '../../studio/v1/DeleteLeadRequest.js';
import type { DeleteShootRequest as _studio_v1_DeleteShootRequest, DeleteShootRequest__Output as _studio_v1_DeleteShootRequest__Output } from '../../studio/v1/DeleteShootRequest.js';
import type { Deleted as _studio_v1_Deleted, Deleted__Output as _studio_v1_Deleted__Output } from '../../studio/v1/Deleted.js';
import type { Invoice as _studio_v1_Invoice, Invoice__Output as _studio_v1_Invoice__Output } from '../../studio/v1/Invoice.js';
import type { IssueInvoiceRequest as _studio_v1_IssueInvoiceRequest, IssueInvoiceRequest__Output as _studio_v1_IssueInvoiceRequest__Output } from '../../studio/v1/IssueInvoiceRequest.js';
import type { Lead as _studio_v1_Lead, Lead__Output as _studio_v1_Lead__Output } from '../../studio/v1/Lead.js';
import type { Order as _studio_v1_Order, Order__Output as _studio_v1_Order__Output } from '../../studio/v1/Order.js';
import type { PayInvoiceRequest as _studio_v1_PayInvoiceRequest, PayInvoiceRequest__Output as _studio_v1_PayInvoiceRequest__Output } from '../../studio/v1/PayInvoiceRequest.js';
import type { Proposal as _studio_v1_Proposal, Proposal__Output as _studio_v1_Proposal__Output } from '../../studio/v1/Proposal.js';
import type { RequestBookingRequest as _studio_v1_RequestBookingRequest, RequestBookingRequest__Output as _studio_v1_RequestBookingRequest__Output } from '../../studio/v1/RequestBookingRequest.js';
import type { Review as _studio_v1_Review, Review__Output as _studio_v1_Review__Output } from '../../studio/v1/Review.js';
import type { SendContractRequest as _studio_v1_SendContractRequest, SendContractRequest__Output as _studio_v1_SendContractRequest__Output } from '../../studio/v1/SendContractRequest.js';
import type { SendProposalRequest as _studio_v1_SendProposalRequest, SendProposalRequest__Output as _studio_v1_SendProposalRequest__Output } from '../../studio/v1/SendProposalRequest.js';
import type { Shoot as _studio_v1_Shoot, Shoot__Output as _studio_v1_Shoot__Output } from '../../studio/v1/Shoot.js';
import type { SignContractRequest as _studio_v1_SignContractRequest, SignContractRequest__Output as _studio_v1_SignContractRequest__Output } from '../../studio/v1/SignContractRequest.js';
import type { TransitionOrderRequest as _studio_v1_TransitionOrderRequest, TransitionOrderRequest__Output as _studio_v1_TransitionOrderRequest__Output } from '../../studio/v1/TransitionOrderRequest.js';
import type { UpdateClientRequest as _studio_v1_UpdateClientRequest, UpdateClientRequest__Output as _studio_v1_UpdateClientRequest__Output } from '../../studio/v1/UpdateClientRequest.js';
import type { UpdateLeadRequest as _studio_v1_UpdateLeadRequest, UpdateLeadRequest__Output as _studio_v1_UpdateLeadRequest__Output } from '../../studio/v1/UpdateLeadRequest.js';
import type { UpdateShootRequest as _studio_v1_UpdateShootRequest, UpdateShootRequest__Output as _studio_v1_UpdateShootRequest__Output } from '../../studio/v1/UpdateShootRequest.js';
import type { ViewProposalRequest as _studio_v1_ViewProposalRequest, ViewProposalRequest__Output as _studio_v1_ViewProposalRequest__Output } from '../../studio/v1/ViewProposalRequest.js';

/**
 * Operations of the studio context that have no public route: clients and leads (update, delete), shoots (update,
 * delete), bookings, proposals, contracts, invoices, reviews and the print-order lifecycle. Internal callers and the
 * operator CLI (services/studio/src/cli/admin.ts) reach the same domain services. Every request is tenant-scoped by
 * `workspace_id`: a record of another workspace is NOT_FOUND. Each operation writes its domain events in the same
 * transaction as the change (docs/events.md: the operation -> event table and every event's data).
 * Errors: INVALID_ARGUMENT for malformed input (bad UUID, timestamp, amount, unknown status, a client/lead/shoot
 * that is not of the workspace); NOT_FOUND for a missing record or workspace; FAILED_PRECONDITION for a transition
 * the record's lifecycle does not allow (nothing is changed, nothing is emitted) or a duplicate number.
 * Timestamps are ISO 8601 strings with a zone; in answers an absent optional value is "".
 * Updates use proto3 `optional`: an absent member stays unchanged, "" clears it.
 */
export interface StudioOperationsClient extends grpc.Client {
  AcceptBooking(argument: _studio_v1_AcceptBookingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  AcceptBooking(argument: _studio_v1_AcceptBookingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  AcceptBooking(argument: _studio_v1_AcceptBookingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  AcceptBooking(argument: _studio_v1_AcceptBookingRequest, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  acceptBooking(argument: _studio_v1_AcceptBookingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  acceptBooking(argument: _studio_v1_AcceptBookingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  acceptBooking(argument: _studio_v1_AcceptBookingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  acceptBooking(argument: _studio_v1_AcceptBookingRequest, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  
  AcceptProposal(argument: _studio_v1_AcceptProposalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  AcceptProposal(argument: _studio_v1_AcceptProposalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  AcceptProposal(argument: _studio_v1_AcceptProposalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  AcceptProposal(argument: _studio_v1_AcceptProposalRequest, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  acceptProposal(argument: _studio_v1_AcceptProposalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  acceptProposal(argument: _studio_v1_AcceptProposalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  acceptProposal(argument: _studio_v1_AcceptProposalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  acceptProposal(argument: _studio_v1_AcceptProposalRequest, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  
  ApproveReview(argument: _studio_v1_ApproveReviewRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  ApproveReview(argument: _studio_v1_ApproveReviewRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  ApproveReview(argument: _studio_v1_ApproveReviewRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  ApproveReview(argument: _studio_v1_ApproveReviewRequest, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  approveReview(argument: _studio_v1_ApproveReviewRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  approveReview(argument: _studio_v1_ApproveReviewRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  approveReview(argument: _studio_v1_ApproveReviewRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  approveReview(argument: _studio_v1_ApproveReviewRequest, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  
  CreateLead(argument: _studio_v1_CreateLeadRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  CreateLead(argument: _studio_v1_CreateLeadRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  CreateLead(argument: _studio_v1_CreateLeadRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  CreateLead(argument: _studio_v1_CreateLeadRequest, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  createLead(argument: _studio_v1_CreateLeadRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  createLead(argument: _studio_v1_CreateLeadRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  createLead(argument: _studio_v1_CreateLeadRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  createLead(argument: _studio_v1_CreateLeadRequest, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  
  /**
   * pending (order.created) -> paid (payment.received) -> sent_to_print -> shipped -> delivered; cancelled,
   * refunded, needs_intervention: see services/studio/src/services/lifecycles.ts. Every change also emits order.updated.
   */
  CreateOrder(argument: _studio_v1_CreateOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  CreateOrder(argument: _studio_v1_CreateOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  CreateOrder(argument: _studio_v1_CreateOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  CreateOrder(argument: _studio_v1_CreateOrderRequest, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  /**
   * pending (order.created) -> paid (payment.received) -> sent_to_print -> shipped -> delivered; cancelled,
   * refunded, needs_intervention: see services/studio/src/services/lifecycles.ts. Every change also emits order.updated.
   */
  createOrder(argument: _studio_v1_CreateOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  createOrder(argument: _studio_v1_CreateOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  createOrder(argument: _studio_v1_CreateOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  createOrder(argument: _studio_v1_CreateOrderRequest, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  
  /**
   * draft (no event) -> sent (proposal.sent) -> viewed (proposal.viewed) -> accepted | declined; sent or viewed
   * proposals expire when expires_at passes (proposal.expired, the scheduler).
   */
  CreateProposal(argument: _studio_v1_CreateProposalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  CreateProposal(argument: _studio_v1_CreateProposalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  CreateProposal(argument: _studio_v1_CreateProposalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  CreateProposal(argument: _studio_v1_CreateProposalRequest, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  /**
   * draft (no event) -> sent (proposal.sent) -> viewed (proposal.viewed) -> accepted | declined; sent or viewed
   * proposals expire when expires_at passes (proposal.expired, the scheduler).
   */
  createProposal(argument: _studio_v1_CreateProposalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  createProposal(argument: _studio_v1_CreateProposalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  createProposal(argument: _studio_v1_CreateProposalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  createProposal(argument: _studio_v1_CreateProposalRequest, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  
  /**
   * pending (no event) -> approved (review.approved)
   */
  CreateReview(argument: _studio_v1_CreateReviewRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  CreateReview(argument: _studio_v1_CreateReviewRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  CreateReview(argument: _studio_v1_CreateReviewRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  CreateReview(argument: _studio_v1_CreateReviewRequest, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  /**
   * pending (no event) -> approved (review.approved)
   */
  createReview(argument: _studio_v1_CreateReviewRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  createReview(argument: _studio_v1_CreateReviewRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  createReview(argument: _studio_v1_CreateReviewRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  createReview(argument: _studio_v1_CreateReviewRequest, callback: grpc.requestCallback<_studio_v1_Review__Output>): grpc.ClientUnaryCall;
  
  DeclineBooking(argument: _studio_v1_DeclineBookingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  DeclineBooking(argument: _studio_v1_DeclineBookingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  DeclineBooking(argument: _studio_v1_DeclineBookingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  DeclineBooking(argument: _studio_v1_DeclineBookingRequest, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  declineBooking(argument: _studio_v1_DeclineBookingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  declineBooking(argument: _studio_v1_DeclineBookingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  declineBooking(argument: _studio_v1_DeclineBookingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  declineBooking(argument: _studio_v1_DeclineBookingRequest, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  
  DeclineProposal(argument: _studio_v1_DeclineProposalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  DeclineProposal(argument: _studio_v1_DeclineProposalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  DeclineProposal(argument: _studio_v1_DeclineProposalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  DeclineProposal(argument: _studio_v1_DeclineProposalRequest, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  declineProposal(argument: _studio_v1_DeclineProposalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  declineProposal(argument: _studio_v1_DeclineProposalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  declineProposal(argument: _studio_v1_DeclineProposalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  declineProposal(argument: _studio_v1_DeclineProposalRequest, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  
  DeleteClient(argument: _studio_v1_DeleteClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteClient(argument: _studio_v1_DeleteClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteClient(argument: _studio_v1_DeleteClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteClient(argument: _studio_v1_DeleteClientRequest, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteClient(argument: _studio_v1_DeleteClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteClient(argument: _studio_v1_DeleteClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteClient(argument: _studio_v1_DeleteClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteClient(argument: _studio_v1_DeleteClientRequest, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  
  DeleteLead(argument: _studio_v1_DeleteLeadRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteLead(argument: _studio_v1_DeleteLeadRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteLead(argument: _studio_v1_DeleteLeadRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteLead(argument: _studio_v1_DeleteLeadRequest, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteLead(argument: _studio_v1_DeleteLeadRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteLead(argument: _studio_v1_DeleteLeadRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteLead(argument: _studio_v1_DeleteLeadRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteLead(argument: _studio_v1_DeleteLeadRequest, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  
  DeleteShoot(argument: _studio_v1_DeleteShootRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteShoot(argument: _studio_v1_DeleteShootRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteShoot(argument: _studio_v1_DeleteShootRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteShoot(argument: _studio_v1_DeleteShootRequest, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteShoot(argument: _studio_v1_DeleteShootRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteShoot(argument: _studio_v1_DeleteShootRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteShoot(argument: _studio_v1_DeleteShootRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteShoot(argument: _studio_v1_DeleteShootRequest, callback: grpc.requestCallback<_studio_v1_Deleted__Output>): grpc.ClientUnaryCall;
  
  /**
   * draft | sent (no event) -> paid (invoice.paid and payment.received)
   */
  IssueInvoice(argument: _studio_v1_IssueInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  IssueInvoice(argument: _studio_v1_IssueInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  IssueInvoice(argument: _studio_v1_IssueInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  IssueInvoice(argument: _studio_v1_IssueInvoiceRequest, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  /**
   * draft | sent (no event) -> paid (invoice.paid and payment.received)
   */
  issueInvoice(argument: _studio_v1_IssueInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  issueInvoice(argument: _studio_v1_IssueInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  issueInvoice(argument: _studio_v1_IssueInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  issueInvoice(argument: _studio_v1_IssueInvoiceRequest, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  
  PayInvoice(argument: _studio_v1_PayInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  PayInvoice(argument: _studio_v1_PayInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  PayInvoice(argument: _studio_v1_PayInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  PayInvoice(argument: _studio_v1_PayInvoiceRequest, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  payInvoice(argument: _studio_v1_PayInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  payInvoice(argument: _studio_v1_PayInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  payInvoice(argument: _studio_v1_PayInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  payInvoice(argument: _studio_v1_PayInvoiceRequest, callback: grpc.requestCallback<_studio_v1_Invoice__Output>): grpc.ClientUnaryCall;
  
  /**
   * requested (booking.requested) -> accepted (booking.accepted) | declined (booking.declined)
   */
  RequestBooking(argument: _studio_v1_RequestBookingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  RequestBooking(argument: _studio_v1_RequestBookingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  RequestBooking(argument: _studio_v1_RequestBookingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  RequestBooking(argument: _studio_v1_RequestBookingRequest, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  /**
   * requested (booking.requested) -> accepted (booking.accepted) | declined (booking.declined)
   */
  requestBooking(argument: _studio_v1_RequestBookingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  requestBooking(argument: _studio_v1_RequestBookingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  requestBooking(argument: _studio_v1_RequestBookingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  requestBooking(argument: _studio_v1_RequestBookingRequest, callback: grpc.requestCallback<_studio_v1_Booking__Output>): grpc.ClientUnaryCall;
  
  /**
   * sent (no event) -> signed (contract.signed)
   */
  SendContract(argument: _studio_v1_SendContractRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  SendContract(argument: _studio_v1_SendContractRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  SendContract(argument: _studio_v1_SendContractRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  SendContract(argument: _studio_v1_SendContractRequest, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  /**
   * sent (no event) -> signed (contract.signed)
   */
  sendContract(argument: _studio_v1_SendContractRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  sendContract(argument: _studio_v1_SendContractRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  sendContract(argument: _studio_v1_SendContractRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  sendContract(argument: _studio_v1_SendContractRequest, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  
  SendProposal(argument: _studio_v1_SendProposalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  SendProposal(argument: _studio_v1_SendProposalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  SendProposal(argument: _studio_v1_SendProposalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  SendProposal(argument: _studio_v1_SendProposalRequest, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  sendProposal(argument: _studio_v1_SendProposalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  sendProposal(argument: _studio_v1_SendProposalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  sendProposal(argument: _studio_v1_SendProposalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  sendProposal(argument: _studio_v1_SendProposalRequest, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  
  SignContract(argument: _studio_v1_SignContractRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  SignContract(argument: _studio_v1_SignContractRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  SignContract(argument: _studio_v1_SignContractRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  SignContract(argument: _studio_v1_SignContractRequest, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  signContract(argument: _studio_v1_SignContractRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  signContract(argument: _studio_v1_SignContractRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  signContract(argument: _studio_v1_SignContractRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  signContract(argument: _studio_v1_SignContractRequest, callback: grpc.requestCallback<_studio_v1_Contract__Output>): grpc.ClientUnaryCall;
  
  TransitionOrder(argument: _studio_v1_TransitionOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  TransitionOrder(argument: _studio_v1_TransitionOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  TransitionOrder(argument: _studio_v1_TransitionOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  TransitionOrder(argument: _studio_v1_TransitionOrderRequest, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  transitionOrder(argument: _studio_v1_TransitionOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  transitionOrder(argument: _studio_v1_TransitionOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  transitionOrder(argument: _studio_v1_TransitionOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  transitionOrder(argument: _studio_v1_TransitionOrderRequest, callback: grpc.requestCallback<_studio_v1_Order__Output>): grpc.ClientUnaryCall;
  
  UpdateClient(argument: _studio_v1_UpdateClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Client__Output>): grpc.ClientUnaryCall;
  UpdateClient(argument: _studio_v1_UpdateClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Client__Output>): grpc.ClientUnaryCall;
  UpdateClient(argument: _studio_v1_UpdateClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Client__Output>): grpc.ClientUnaryCall;
  UpdateClient(argument: _studio_v1_UpdateClientRequest, callback: grpc.requestCallback<_studio_v1_Client__Output>): grpc.ClientUnaryCall;
  updateClient(argument: _studio_v1_UpdateClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Client__Output>): grpc.ClientUnaryCall;
  updateClient(argument: _studio_v1_UpdateClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Client__Output>): grpc.ClientUnaryCall;
  updateClient(argument: _studio_v1_UpdateClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Client__Output>): grpc.ClientUnaryCall;
  updateClient(argument: _studio_v1_UpdateClientRequest, callback: grpc.requestCallback<_studio_v1_Client__Output>): grpc.ClientUnaryCall;
  
  UpdateLead(argument: _studio_v1_UpdateLeadRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  UpdateLead(argument: _studio_v1_UpdateLeadRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  UpdateLead(argument: _studio_v1_UpdateLeadRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  UpdateLead(argument: _studio_v1_UpdateLeadRequest, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  updateLead(argument: _studio_v1_UpdateLeadRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  updateLead(argument: _studio_v1_UpdateLeadRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  updateLead(argument: _studio_v1_UpdateLeadRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  updateLead(argument: _studio_v1_UpdateLeadRequest, callback: grpc.requestCallback<_studio_v1_Lead__Output>): grpc.ClientUnaryCall;
  
  UpdateShoot(argument: _studio_v1_UpdateShootRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  UpdateShoot(argument: _studio_v1_UpdateShootRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  UpdateShoot(argument: _studio_v1_UpdateShootRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  UpdateShoot(argument: _studio_v1_UpdateShootRequest, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  updateShoot(argument: _studio_v1_UpdateShootRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  updateShoot(argument: _studio_v1_UpdateShootRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  updateShoot(argument: _studio_v1_UpdateShootRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  updateShoot(argument: _studio_v1_UpdateShootRequest, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  
  ViewProposal(argument: _studio_v1_ViewProposalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  ViewProposal(argument: _studio_v1_ViewProposalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  ViewProposal(argument: _studio_v1_ViewProposalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  ViewProposal(argument: _studio_v1_ViewProposalRequest, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  viewProposal(argument: _studio_v1_ViewProposalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  viewProposal(argument: _studio_v1_ViewProposalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  viewProposal(argument: _studio_v1_ViewProposalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  viewProposal(argument: _studio_v1_ViewProposalRequest, callback: grpc.requestCallback<_studio_v1_Proposal__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Operations of the studio context that have no public route: clients and leads (update, delete), shoots (update,
 * delete), bookings, proposals, contracts, invoices, reviews and the print-order lifecycle. Internal callers and the
 * operator CLI (services/studio/src/cli/admin.ts) reach the same domain services. Every request is tenant-scoped by
 * `workspace_id`: a record of another workspace is NOT_FOUND. Each operation writes its domain events in the same
 * transaction as the change (docs/events.md: the operation -> event table and every event's data).
 * Errors: INVALID_ARGUMENT for malformed input (bad UUID, timestamp, amount, unknown status, a client/lead/shoot
 * that is not of the workspace); NOT_FOUND for a missing record or workspace; FAILED_PRECONDITION for a transition
 * the record's lifecycle does not allow (nothing is changed, nothing is emitted) or a duplicate number.
 * Timestamps are ISO 8601 strings with a zone; in answers an absent optional value is "".
 * Updates use proto3 `optional`: an absent member stays unchanged, "" clears it.
 */
export interface StudioOperationsHandlers extends grpc.UntypedServiceImplementation {
  AcceptBooking: grpc.handleUnaryCall<_studio_v1_AcceptBookingRequest__Output, _studio_v1_Booking>;
  
  AcceptProposal: grpc.handleUnaryCall<_studio_v1_AcceptProposalRequest__Output, _studio_v1_Proposal>;
  
  ApproveReview: grpc.handleUnaryCall<_studio_v1_ApproveReviewRequest__Output, _studio_v1_Review>;
  
  CreateLead: grpc.handleUnaryCall<_studio_v1_CreateLeadRequest__Output, _studio_v1_Lead>;
  
  /**
   * pending (order.created) -> paid (payment.received) -> sent_to_print -> shipped -> delivered; cancelled,
   * refunded, needs_intervention: see services/studio/src/services/lifecycles.ts. Every change also emits order.updated.
   */
  CreateOrder: grpc.handleUnaryCall<_studio_v1_CreateOrderRequest__Output, _studio_v1_Order>;
  
  /**
   * draft (no event) -> sent (proposal.sent) -> viewed (proposal.viewed) -> accepted | declined; sent or viewed
   * proposals expire when expires_at passes (proposal.expired, the scheduler).
   */
  CreateProposal: grpc.handleUnaryCall<_studio_v1_CreateProposalRequest__Output, _studio_v1_Proposal>;
  
  /**
   * pending (no event) -> approved (review.approved)
   */
  CreateReview: grpc.handleUnaryCall<_studio_v1_CreateReviewRequest__Output, _studio_v1_Review>;
  
  DeclineBooking: grpc.handleUnaryCall<_studio_v1_DeclineBookingRequest__Output, _studio_v1_Booking>;
  
  DeclineProposal: grpc.handleUnaryCall<_studio_v1_DeclineProposalRequest__Output, _studio_v1_Proposal>;
  
  DeleteClient: grpc.handleUnaryCall<_studio_v1_DeleteClientRequest__Output, _studio_v1_Deleted>;
  
  DeleteLead: grpc.handleUnaryCall<_studio_v1_DeleteLeadRequest__Output, _studio_v1_Deleted>;
  
  DeleteShoot: grpc.handleUnaryCall<_studio_v1_DeleteShootRequest__Output, _studio_v1_Deleted>;
  
  /**
   * draft | sent (no event) -> paid (invoice.paid and payment.received)
   */
  IssueInvoice: grpc.handleUnaryCall<_studio_v1_IssueInvoiceRequest__Output, _studio_v1_Invoice>;
  
  PayInvoice: grpc.handleUnaryCall<_studio_v1_PayInvoiceRequest__Output, _studio_v1_Invoice>;
  
  /**
   * requested (booking.requested) -> accepted (booking.accepted) | declined (booking.declined)
   */
  RequestBooking: grpc.handleUnaryCall<_studio_v1_RequestBookingRequest__Output, _studio_v1_Booking>;
  
  /**
   * sent (no event) -> signed (contract.signed)
   */
  SendContract: grpc.handleUnaryCall<_studio_v1_SendContractRequest__Output, _studio_v1_Contract>;
  
  SendProposal: grpc.handleUnaryCall<_studio_v1_SendProposalRequest__Output, _studio_v1_Proposal>;
  
  SignContract: grpc.handleUnaryCall<_studio_v1_SignContractRequest__Output, _studio_v1_Contract>;
  
  TransitionOrder: grpc.handleUnaryCall<_studio_v1_TransitionOrderRequest__Output, _studio_v1_Order>;
  
  UpdateClient: grpc.handleUnaryCall<_studio_v1_UpdateClientRequest__Output, _studio_v1_Client>;
  
  UpdateLead: grpc.handleUnaryCall<_studio_v1_UpdateLeadRequest__Output, _studio_v1_Lead>;
  
  UpdateShoot: grpc.handleUnaryCall<_studio_v1_UpdateShootRequest__Output, _studio_v1_Shoot>;
  
  ViewProposal: grpc.handleUnaryCall<_studio_v1_ViewProposalRequest__Output, _studio_v1_Proposal>;
  
}

export interface StudioOperationsDefinition extends grpc.ServiceDefinition {
  AcceptBooking: MethodDefinition<_studio_v1_AcceptBookingRequest, _studio_v1_Booking, _studio_v1_AcceptBookingRequest__Output, _studio_v1_Booking__Output>
  AcceptProposal: MethodDefinition<_studio_v1_AcceptProposalRequest, _studio_v1_Proposal, _studio_v1_AcceptProposalRequest__Output, _studio_v1_Proposal__Output>
  ApproveReview: MethodDefinition<_studio_v1_ApproveReviewRequest, _studio_v1_Review, _studio_v1_ApproveReviewRequest__Output, _studio_v1_Review__Output>
  CreateLead: MethodDefinition<_studio_v1_CreateLeadRequest, _studio_v1_Lead, _studio_v1_CreateLeadRequest__Output, _studio_v1_Lead__Output>
  CreateOrder: MethodDefinition<_studio_v1_CreateOrderRequest, _studio_v1_Order, _studio_v1_CreateOrderRequest__Output, _studio_v1_Order__Output>
  CreateProposal: MethodDefinition<_studio_v1_CreateProposalRequest, _studio_v1_Proposal, _studio_v1_CreateProposalRequest__Output, _studio_v1_Proposal__Output>
  CreateReview: MethodDefinition<_studio_v1_CreateReviewRequest, _studio_v1_Review, _studio_v1_CreateReviewRequest__Output, _studio_v1_Review__Output>
  DeclineBooking: MethodDefinition<_studio_v1_DeclineBookingRequest, _studio_v1_Booking, _studio_v1_DeclineBookingRequest__Output, _studio_v1_Booking__Output>
  DeclineProposal: MethodDefinition<_studio_v1_DeclineProposalRequest, _studio_v1_Proposal, _studio_v1_DeclineProposalRequest__Output, _studio_v1_Proposal__Output>
  DeleteClient: MethodDefinition<_studio_v1_DeleteClientRequest, _studio_v1_Deleted, _studio_v1_DeleteClientRequest__Output, _studio_v1_Deleted__Output>
  DeleteLead: MethodDefinition<_studio_v1_DeleteLeadRequest, _studio_v1_Deleted, _studio_v1_DeleteLeadRequest__Output, _studio_v1_Deleted__Output>
  DeleteShoot: MethodDefinition<_studio_v1_DeleteShootRequest, _studio_v1_Deleted, _studio_v1_DeleteShootRequest__Output, _studio_v1_Deleted__Output>
  IssueInvoice: MethodDefinition<_studio_v1_IssueInvoiceRequest, _studio_v1_Invoice, _studio_v1_IssueInvoiceRequest__Output, _studio_v1_Invoice__Output>
  PayInvoice: MethodDefinition<_studio_v1_PayInvoiceRequest, _studio_v1_Invoice, _studio_v1_PayInvoiceRequest__Output, _studio_v1_Invoice__Output>
  RequestBooking: MethodDefinition<_studio_v1_RequestBookingRequest, _studio_v1_Booking, _studio_v1_RequestBookingRequest__Output, _studio_v1_Booking__Output>
  SendContract: MethodDefinition<_studio_v1_SendContractRequest, _studio_v1_Contract, _studio_v1_SendContractRequest__Output, _studio_v1_Contract__Output>
  SendProposal: MethodDefinition<_studio_v1_SendProposalRequest, _studio_v1_Proposal, _studio_v1_SendProposalRequest__Output, _studio_v1_Proposal__Output>
  SignContract: MethodDefinition<_studio_v1_SignContractRequest, _studio_v1_Contract, _studio_v1_SignContractRequest__Output, _studio_v1_Contract__Output>
  TransitionOrder: MethodDefinition<_studio_v1_TransitionOrderRequest, _studio_v1_Order, _studio_v1_TransitionOrderRequest__Output, _studio_v1_Order__Output>
  UpdateClient: MethodDefinition<_studio_v1_UpdateClientRequest, _studio_v1_Client, _studio_v1_UpdateClientRequest__Output, _studio_v1_Client__Output>
  UpdateLead: MethodDefinition<_studio_v1_UpdateLeadRequest, _studio_v1_Lead, _studio_v1_UpdateLeadRequest__Output, _studio_v1_Lead__Output>
  UpdateShoot: MethodDefinition<_studio_v1_UpdateShootRequest, _studio_v1_Shoot, _studio_v1_UpdateShootRequest__Output, _studio_v1_Shoot__Output>
  ViewProposal: MethodDefinition<_studio_v1_ViewProposalRequest, _studio_v1_Proposal, _studio_v1_ViewProposalRequest__Output, _studio_v1_Proposal__Output>
}
