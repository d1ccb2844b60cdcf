import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AcceptBookingRequest as _studio_v1_AcceptBookingRequest, AcceptBookingRequest__Output as _studio_v1_AcceptBookingRequest__Output } from './studio/v1/AcceptBookingRequest.js';
import type { AcceptProposalRequest as _studio_v1_AcceptProposalRequest, AcceptProposalRequest__Output as _studio_v1_AcceptProposalRequest__Output } from './studio/v1/AcceptProposalRequest.js';
import type { ApproveReviewRequest as _studio_v1_ApproveReviewRequest, ApproveReviewRequest__Output as _studio_v1_ApproveReviewRequest__Output } from './studio/v1/ApproveReviewRequest.js';
import type { AuthenticateTokenRequest as _studio_v1_AuthenticateTokenRequest, AuthenticateTokenRequest__Output as _studio_v1_AuthenticateTokenRequest__Output } from './studio/v1/AuthenticateTokenRequest.js';
import type { AuthenticateTokenResponse as _studio_v1_AuthenticateTokenResponse, AuthenticateTokenResponse__Output as _studio_v1_AuthenticateTokenResponse__Output } from './studio/v1/AuthenticateTokenResponse.js';
import type { Booking as _studio_v1_Booking, Booking__Output as _studio_v1_Booking__Output } from './studio/v1/Booking.js';
import type { Client as _studio_v1_Client, Client__Output as _studio_v1_Client__Output } from './studio/v1/Client.js';
import type { Contract as _studio_v1_Contract, Contract__Output as _studio_v1_Contract__Output } from './studio/v1/Contract.js';
import type { CreateLeadRequest as _studio_v1_CreateLeadRequest, CreateLeadRequest__Output as _studio_v1_CreateLeadRequest__Output } from './studio/v1/CreateLeadRequest.js';
import type { CreateOrderRequest as _studio_v1_CreateOrderRequest, CreateOrderRequest__Output as _studio_v1_CreateOrderRequest__Output } from './studio/v1/CreateOrderRequest.js';
import type { CreateProposalRequest as _studio_v1_CreateProposalRequest, CreateProposalRequest__Output as _studio_v1_CreateProposalRequest__Output } from './studio/v1/CreateProposalRequest.js';
import type { CreateReviewRequest as _studio_v1_CreateReviewRequest, CreateReviewRequest__Output as _studio_v1_CreateReviewRequest__Output } from './studio/v1/CreateReviewRequest.js';
import type { DeclineBookingRequest as _studio_v1_DeclineBookingRequest, DeclineBookingRequest__Output as _studio_v1_DeclineBookingRequest__Output } from './studio/v1/DeclineBookingRequest.js';
import type { DeclineProposalRequest as _studio_v1_DeclineProposalRequest, DeclineProposalRequest__Output as _studio_v1_DeclineProposalRequest__Output } from './studio/v1/DeclineProposalRequest.js';
import type { DeleteClientRequest as _studio_v1_DeleteClientRequest, DeleteClientRequest__Output as _studio_v1_DeleteClientRequest__Output } from './studio/v1/DeleteClientRequest.js';
import type { DeleteLeadRequest as _studio_v1_DeleteLeadRequest, DeleteLeadRequest__Output as _studio_v1_DeleteLeadRequest__Output } from './studio/v1/DeleteLeadRequest.js';
import type { DeleteShootRequest as _studio_v1_DeleteShootRequest, DeleteShootRequest__Output as _studio_v1_DeleteShootRequest__Output } from './studio/v1/DeleteShootRequest.js';
import type { Deleted as _studio_v1_Deleted, Deleted__Output as _studio_v1_Deleted__Output } from './studio/v1/Deleted.js';
import type { GetShootRequest as _studio_v1_GetShootRequest, GetShootRequest__Output as _studio_v1_GetShootRequest__Output } from './studio/v1/GetShootRequest.js';
import type { Invoice as _studio_v1_Invoice, Invoice__Output as _studio_v1_Invoice__Output } from './studio/v1/Invoice.js';
import type { IssueInvoiceRequest as _studio_v1_IssueInvoiceRequest, IssueInvoiceRequest__Output as _studio_v1_IssueInvoiceRequest__Output } from './studio/v1/IssueInvoiceRequest.js';
import type { Lead as _studio_v1_Lead, Lead__Output as _studio_v1_Lead__Output } from './studio/v1/Lead.js';
import type { Membership as _studio_v1_Membership, Membership__Output as _studio_v1_Membership__Output } from './studio/v1/Membership.js';
import type { Order as _studio_v1_Order, Order__Output as _studio_v1_Order__Output } from './studio/v1/Order.js';
import type { PayInvoiceRequest as _studio_v1_PayInvoiceRequest, PayInvoiceRequest__Output as _studio_v1_PayInvoiceRequest__Output } from './studio/v1/PayInvoiceRequest.js';
import type { Proposal as _studio_v1_Proposal, Proposal__Output as _studio_v1_Proposal__Output } from './studio/v1/Proposal.js';
import type { RequestBookingRequest as _studio_v1_RequestBookingRequest, RequestBookingRequest__Output as _studio_v1_RequestBookingRequest__Output } from './studio/v1/RequestBookingRequest.js';
import type { Review as _studio_v1_Review, Review__Output as _studio_v1_Review__Output } from './studio/v1/Review.js';
import type { SendContractRequest as _studio_v1_SendContractRequest, SendContractRequest__Output as _studio_v1_SendContractRequest__Output } from './studio/v1/SendContractRequest.js';
import type { SendProposalRequest as _studio_v1_SendProposalRequest, SendProposalRequest__Output as _studio_v1_SendProposalRequest__Output } from './studio/v1/SendProposalRequest.js';
import type { Shoot as _studio_v1_Shoot, Shoot__Output as _studio_v1_Shoot__Output } from './studio/v1/Shoot.js';
import type { ShotListCounts as _studio_v1_ShotListCounts, ShotListCounts__Output as _studio_v1_ShotListCounts__Output } from './studio/v1/ShotListCounts.js';
import type { ShotListItem as _studio_v1_ShotListItem, ShotListItem__Output as _studio_v1_ShotListItem__Output } from './studio/v1/ShotListItem.js';
import type { SignContractRequest as _studio_v1_SignContractRequest, SignContractRequest__Output as _studio_v1_SignContractRequest__Output } from './studio/v1/SignContractRequest.js';
import type { StudioInternalClient as _studio_v1_StudioInternalClient, StudioInternalDefinition as _studio_v1_StudioInternalDefinition } from './studio/v1/StudioInternal.js';
import type { StudioOperationsClient as _studio_v1_StudioOperationsClient, StudioOperationsDefinition as _studio_v1_StudioOperationsDefinition } from './studio/v1/StudioOperations.js';
import type { TransitionOrderRequest as _studio_v1_TransitionOrderRequest, TransitionOrderRequest__Output as _studio_v1_TransitionOrderRequest__Output } from './studio/v1/TransitionOrderRequest.js';
import type { UpdateClientRequest as _studio_v1_UpdateClientRequest, UpdateClientRequest__Output as _studio_v1_UpdateClientRequest__Output } from './studio/v1/UpdateClientRequest.js';
import type { UpdateLeadRequest as _studio_v1_UpdateLeadRequest, UpdateLeadRequest__Output as _studio_v1_UpdateLeadRequest__Output } from './studio/v1/UpdateLeadRequest.js';
import type { UpdateShootRequest as _studio_v1_UpdateShootRequest, UpdateShootRequest__Output as _studio_v1_UpdateShootRequest__Output } from './studio/v1/UpdateShootRequest.js';
import type { ViewProposalRequest as _studio_v1_ViewProposalRequest, ViewProposalRequest__Output as _studio_v1_ViewProposalRequest__Output } from './studio/v1/ViewProposalRequest.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  studio: {
    v1: {
      AcceptBookingRequest: MessageTypeDefinition<_studio_v1_AcceptBookingRequest, _studio_v1_AcceptBookingRequest__Output>
      AcceptProposalRequest: MessageTypeDefinition<_studio_v1_AcceptProposalRequest, _studio_v1_AcceptProposalRequest__Output>
      ApproveReviewRequest: MessageTypeDefinition<_studio_v1_ApproveReviewRequest, _studio_v1_ApproveReviewRequest__Output>
      AuthenticateTokenRequest: MessageTypeDefinition<_studio_v1_AuthenticateTokenRequest, _studio_v1_AuthenticateTokenRequest__Output>
      AuthenticateTokenResponse: MessageTypeDefinition<_studio_v1_AuthenticateTokenResponse, _studio_v1_AuthenticateTokenResponse__Output>
      Booking: MessageTypeDefinition<_studio_v1_Booking, _studio_v1_Booking__Output>
      Client: MessageTypeDefinition<_studio_v1_Client, _studio_v1_Client__Output>
      Contract: MessageTypeDefinition<_studio_v1_Contract, _studio_v1_Contract__Output>
      CreateLeadRequest: MessageTypeDefinition<_studio_v1_CreateLeadRequest, _studio_v1_CreateLeadRequest__Output>
      CreateOrderRequest: MessageTypeDefinition<_studio_v1_CreateOrderRequest, _studio_v1_CreateOrderRequest__Output>
      CreateProposalRequest: MessageTypeDefinition<_studio_v1_CreateProposalRequest, _studio_v1_CreateProposalRequest__Output>
      CreateReviewRequest: MessageTypeDefinition<_studio_v1_CreateReviewRequest, _studio_v1_CreateReviewRequest__Output>
      DeclineBookingRequest: MessageTypeDefinition<_studio_v1_DeclineBookingRequest, _studio_v1_DeclineBookingRequest__Output>
      DeclineProposalRequest: MessageTypeDefinition<_studio_v1_DeclineProposalRequest, _studio_v1_DeclineProposalRequest__Output>
      DeleteClientRequest: MessageTypeDefinition<_studio_v1_DeleteClientRequest, _studio_v1_DeleteClientRequest__Output>
      DeleteLeadRequest: MessageTypeDefinition<_studio_v1_DeleteLeadRequest, _studio_v1_DeleteLeadRequest__Output>
      DeleteShootRequest: MessageTypeDefinition<_studio_v1_DeleteShootRequest, _studio_v1_DeleteShootRequest__Output>
      Deleted: MessageTypeDefinition<_studio_v1_Deleted, _studio_v1_Deleted__Output>
      GetShootRequest: MessageTypeDefinition<_studio_v1_GetShootRequest, _studio_v1_GetShootRequest__Output>
      Invoice: MessageTypeDefinition<_studio_v1_Invoice, _studio_v1_Invoice__Output>
      IssueInvoiceRequest: MessageTypeDefinition<_studio_v1_IssueInvoiceRequest, _studio_v1_IssueInvoiceRequest__Output>
      Lead: MessageTypeDefinition<_studio_v1_Lead, _studio_v1_Lead__Output>
      Membership: MessageTypeDefinition<_studio_v1_Membership, _studio_v1_Membership__Output>
      Order: MessageTypeDefinition<_studio_v1_Order, _studio_v1_Order__Output>
      PayInvoiceRequest: MessageTypeDefinition<_studio_v1_PayInvoiceRequest, _studio_v1_PayInvoiceRequest__Output>
      Proposal: MessageTypeDefinition<_studio_v1_Proposal, _studio_v1_Proposal__Output>
      RequestBookingRequest: MessageTypeDefinition<_studio_v1_RequestBookingRequest, _studio_v1_RequestBookingRequest__Output>
      Review: MessageTypeDefinition<_studio_v1_Review, _studio_v1_Review__Output>
      SendContractRequest: MessageTypeDefinition<_studio_v1_SendContractRequest, _studio_v1_SendContractRequest__Output>
      SendProposalRequest: MessageTypeDefinition<_studio_v1_SendProposalRequest, _studio_v1_SendProposalRequest__Output>
      Shoot: MessageTypeDefinition<_studio_v1_Shoot, _studio_v1_Shoot__Output>
      ShotListCounts: MessageTypeDefinition<_studio_v1_ShotListCounts, _studio_v1_ShotListCounts__Output>
      ShotListItem: MessageTypeDefinition<_studio_v1_ShotListItem, _studio_v1_ShotListItem__Output>
      SignContractRequest: MessageTypeDefinition<_studio_v1_SignContractRequest, _studio_v1_SignContractRequest__Output>
      StudioInternal: SubtypeConstructor<typeof grpc.Client, _studio_v1_StudioInternalClient> & { service: _studio_v1_StudioInternalDefinition }
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
      StudioOperations: SubtypeConstructor<typeof grpc.Client, _studio_v1_StudioOperationsClient> & { service: _studio_v1_StudioOperationsDefinition }
      TransitionOrderRequest: MessageTypeDefinition<_studio_v1_TransitionOrderRequest, _studio_v1_TransitionOrderRequest__Output>
      UpdateClientRequest: MessageTypeDefinition<_studio_v1_UpdateClientRequest, _studio_v1_UpdateClientRequest__Output>
      UpdateLeadRequest: MessageTypeDefinition<_studio_v1_UpdateLeadRequest, _studio_v1_UpdateLeadRequest__Output>
      UpdateShootRequest: MessageTypeDefinition<_studio_v1_UpdateShootRequest, _studio_v1_UpdateShootRequest__Output>
      ViewProposalRequest: MessageTypeDefinition<_studio_v1_ViewProposalRequest, _studio_v1_ViewProposalRequest__Output>
    }
  }
}

