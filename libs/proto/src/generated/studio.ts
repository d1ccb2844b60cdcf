import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AcceptBookingRequest as _studio_v1_AcceptBookingRequest, AcceptBookingRequest__Output as _studio_v1_AcceptBookingRequest__Output } from './studio/v1/AcceptBookingRequest.js';
import type { AcceptProposalRequest as _studio_v1_AcceptProposalRequest, AcceptProposalRequest__Output as _studio_v1_AcceptProposalRequest__Output } from './studio/v1/AcceptProposalRequest.js';
import type { ApiTokenInfo as _studio_v1_ApiTokenInfo, ApiTokenInfo__Output as _studio_v1_ApiTokenInfo__Output } from './studio/v1/ApiTokenInfo.js';
import type { ApproveReviewRequest as _studio_v1_ApproveReviewRequest, ApproveReviewRequest__Output as _studio_v1_ApproveReviewRequest__Output } from './studio/v1/ApproveReviewRequest.js';
import type { AuthenticateTokenRequest as _studio_v1_AuthenticateTokenRequest, AuthenticateTokenRequest__Output as _studio_v1_AuthenticateTokenRequest__Output } from './studio/v1/AuthenticateTokenRequest.js';
import type { AuthenticateTokenResponse as _studio_v1_AuthenticateTokenResponse, AuthenticateTokenResponse__Output as _studio_v1_AuthenticateTokenResponse__Output } from './studio/v1/AuthenticateTokenResponse.js';
import type { Booking as _studio_v1_Booking, Booking__Output as _studio_v1_Booking__Output } from './studio/v1/Booking.js';
import type { Client as _studio_v1_Client, Client__Output as _studio_v1_Client__Output } from './studio/v1/Client.js';
import type { ConsoleWorkspace as _studio_v1_ConsoleWorkspace, ConsoleWorkspace__Output as _studio_v1_ConsoleWorkspace__Output } from './studio/v1/ConsoleWorkspace.js';
import type { Contract as _studio_v1_Contract, Contract__Output as _studio_v1_Contract__Output } from './studio/v1/Contract.js';
import type { CreateLeadRequest as _studio_v1_CreateLeadRequest, CreateLeadRequest__Output as _studio_v1_CreateLeadRequest__Output } from './studio/v1/CreateLeadRequest.js';
import type { CreateOrderRequest as _studio_v1_CreateOrderRequest, CreateOrderRequest__Output as _studio_v1_CreateOrderRequest__Output } from './studio/v1/CreateOrderRequest.js';
import type { CreateProposalRequest as _studio_v1_CreateProposalRequest, CreateProposalRequest__Output as _studio_v1_CreateProposalRequest__Output } from './studio/v1/CreateProposalRequest.js';
import type { CreateReviewRequest as _studio_v1_CreateReviewRequest, CreateReviewRequest__Output as _studio_v1_CreateReviewRequest__Output } from './studio/v1/CreateReviewRequest.js';
import type { CreateTokenRequest as _studio_v1_CreateTokenRequest, CreateTokenRequest__Output as _studio_v1_CreateTokenRequest__Output } from './studio/v1/CreateTokenRequest.js';
import type { DeclineBookingRequest as _studio_v1_DeclineBookingRequest, DeclineBookingRequest__Output as _studio_v1_DeclineBookingRequest__Output } from './studio/v1/DeclineBookingRequest.js';
import type { DeclineProposalRequest as _studio_v1_DeclineProposalRequest, DeclineProposalRequest__Output as _studio_v1_DeclineProposalRequest__Output } from './studio/v1/DeclineProposalRequest.js';
import type { DeleteClientRequest as _studio_v1_DeleteClientRequest, DeleteClientRequest__Output as _studio_v1_DeleteClientRequest__Output } from './studio/v1/DeleteClientRequest.js';
import type { DeleteLeadRequest as _studio_v1_DeleteLeadRequest, DeleteLeadRequest__Output as _studio_v1_DeleteLeadRequest__Output } from './studio/v1/DeleteLeadRequest.js';
import type { DeleteShootRequest as _studio_v1_DeleteShootRequest, DeleteShootRequest__Output as _studio_v1_DeleteShootRequest__Output } from './studio/v1/DeleteShootRequest.js';
import type { Deleted as _studio_v1_Deleted, Deleted__Output as _studio_v1_Deleted__Output } from './studio/v1/Deleted.js';
import type { GetShootRequest as _studio_v1_GetShootRequest, GetShootRequest__Output as _studio_v1_GetShootRequest__Output } from './studio/v1/GetShootRequest.js';
import type { Invoice as _studio_v1_Invoice, Invoice__Output as _studio_v1_Invoice__Output } from './studio/v1/Invoice.js';
import type { IssueInvoiceRequest as _studio_v1_IssueInvoiceRequest, IssueInvoiceRequest__Output as _studio_v1_IssueInvoiceRequest__Output } from './studio/v1/IssueInvoiceRequest.js';
import type { IssuedToken as _studio_v1_IssuedToken, IssuedToken__Output as _studio_v1_IssuedToken__Output } from './studio/v1/IssuedToken.js';
import type { Lead as _studio_v1_Lead, Lead__Output as _studio_v1_Lead__Output } from './studio/v1/Lead.js';
import type { LinkDescription as _studio_v1_LinkDescription, LinkDescription__Output as _studio_v1_LinkDescription__Output } from './studio/v1/LinkDescription.js';
import type { LinkRef as _studio_v1_LinkRef, LinkRef__Output as _studio_v1_LinkRef__Output } from './studio/v1/LinkRef.js';
import type { ListTokensResponse as _studio_v1_ListTokensResponse, ListTokensResponse__Output as _studio_v1_ListTokensResponse__Output } from './studio/v1/ListTokensResponse.js';
import type { ListWorkspacesResponse as _studio_v1_ListWorkspacesResponse, ListWorkspacesResponse__Output as _studio_v1_ListWorkspacesResponse__Output } from './studio/v1/ListWorkspacesResponse.js';
import type { Membership as _studio_v1_Membership, Membership__Output as _studio_v1_Membership__Output } from './studio/v1/Membership.js';
import type { Order as _studio_v1_Order, Order__Output as _studio_v1_Order__Output } from './studio/v1/Order.js';
import type { PayInvoiceRequest as _studio_v1_PayInvoiceRequest, PayInvoiceRequest__Output as _studio_v1_PayInvoiceRequest__Output } from './studio/v1/PayInvoiceRequest.js';
import type { Proposal as _studio_v1_Proposal, Proposal__Output as _studio_v1_Proposal__Output } from './studio/v1/Proposal.js';
import type { RequestBookingRequest as _studio_v1_RequestBookingRequest, RequestBookingRequest__Output as _studio_v1_RequestBookingRequest__Output } from './studio/v1/RequestBookingRequest.js';
import type { RequestPasswordResetRequest as _studio_v1_RequestPasswordResetRequest, RequestPasswordResetRequest__Output as _studio_v1_RequestPasswordResetRequest__Output } from './studio/v1/RequestPasswordResetRequest.js';
import type { RequestPasswordResetResponse as _studio_v1_RequestPasswordResetResponse, RequestPasswordResetResponse__Output as _studio_v1_RequestPasswordResetResponse__Output } from './studio/v1/RequestPasswordResetResponse.js';
import type { Review as _studio_v1_Review, Review__Output as _studio_v1_Review__Output } from './studio/v1/Review.js';
import type { RollTokenRequest as _studio_v1_RollTokenRequest, RollTokenRequest__Output as _studio_v1_RollTokenRequest__Output } from './studio/v1/RollTokenRequest.js';
import type { SendContractRequest as _studio_v1_SendContractRequest, SendContractRequest__Output as _studio_v1_SendContractRequest__Output } from './studio/v1/SendContractRequest.js';
import type { SendProposalRequest as _studio_v1_SendProposalRequest, SendProposalRequest__Output as _studio_v1_SendProposalRequest__Output } from './studio/v1/SendProposalRequest.js';
import type { Session as _studio_v1_Session, Session__Output as _studio_v1_Session__Output } from './studio/v1/Session.js';
import type { SessionRef as _studio_v1_SessionRef, SessionRef__Output as _studio_v1_SessionRef__Output } from './studio/v1/SessionRef.js';
import type { SetPasswordRequest as _studio_v1_SetPasswordRequest, SetPasswordRequest__Output as _studio_v1_SetPasswordRequest__Output } from './studio/v1/SetPasswordRequest.js';
import type { Shoot as _studio_v1_Shoot, Shoot__Output as _studio_v1_Shoot__Output } from './studio/v1/Shoot.js';
import type { ShotListCounts as _studio_v1_ShotListCounts, ShotListCounts__Output as _studio_v1_ShotListCounts__Output } from './studio/v1/ShotListCounts.js';
import type { ShotListItem as _studio_v1_ShotListItem, ShotListItem__Output as _studio_v1_ShotListItem__Output } from './studio/v1/ShotListItem.js';
import type { SignContractRequest as _studio_v1_SignContractRequest, SignContractRequest__Output as _studio_v1_SignContractRequest__Output } from './studio/v1/SignContractRequest.js';
import type { SignInRequest as _studio_v1_SignInRequest, SignInRequest__Output as _studio_v1_SignInRequest__Output } from './studio/v1/SignInRequest.js';
import type { SignInResponse as _studio_v1_SignInResponse, SignInResponse__Output as _studio_v1_SignInResponse__Output } from './studio/v1/SignInResponse.js';
import type { SignOutResponse as _studio_v1_SignOutResponse, SignOutResponse__Output as _studio_v1_SignOutResponse__Output } from './studio/v1/SignOutResponse.js';
import type { StudioAccountsClient as _studio_v1_StudioAccountsClient, StudioAccountsDefinition as _studio_v1_StudioAccountsDefinition } from './studio/v1/StudioAccounts.js';
import type { StudioInternalClient as _studio_v1_StudioInternalClient, StudioInternalDefinition as _studio_v1_StudioInternalDefinition } from './studio/v1/StudioInternal.js';
import type { StudioOperationsClient as _studio_v1_StudioOperationsClient, StudioOperationsDefinition as _studio_v1_StudioOperationsDefinition } from './studio/v1/StudioOperations.js';
import type { TokenRef as _studio_v1_TokenRef, TokenRef__Output as _studio_v1_TokenRef__Output } from './studio/v1/TokenRef.js';
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
      ApiTokenInfo: MessageTypeDefinition<_studio_v1_ApiTokenInfo, _studio_v1_ApiTokenInfo__Output>
      ApproveReviewRequest: MessageTypeDefinition<_studio_v1_ApproveReviewRequest, _studio_v1_ApproveReviewRequest__Output>
      AuthenticateTokenRequest: MessageTypeDefinition<_studio_v1_AuthenticateTokenRequest, _studio_v1_AuthenticateTokenRequest__Output>
      AuthenticateTokenResponse: MessageTypeDefinition<_studio_v1_AuthenticateTokenResponse, _studio_v1_AuthenticateTokenResponse__Output>
      Booking: MessageTypeDefinition<_studio_v1_Booking, _studio_v1_Booking__Output>
      Client: MessageTypeDefinition<_studio_v1_Client, _studio_v1_Client__Output>
      ConsoleWorkspace: MessageTypeDefinition<_studio_v1_ConsoleWorkspace, _studio_v1_ConsoleWorkspace__Output>
      Contract: MessageTypeDefinition<_studio_v1_Contract, _studio_v1_Contract__Output>
      CreateLeadRequest: MessageTypeDefinition<_studio_v1_CreateLeadRequest, _studio_v1_CreateLeadRequest__Output>
      CreateOrderRequest: MessageTypeDefinition<_studio_v1_CreateOrderRequest, _studio_v1_CreateOrderRequest__Output>
      CreateProposalRequest: MessageTypeDefinition<_studio_v1_CreateProposalRequest, _studio_v1_CreateProposalRequest__Output>
      CreateReviewRequest: MessageTypeDefinition<_studio_v1_CreateReviewRequest, _studio_v1_CreateReviewRequest__Output>
      CreateTokenRequest: MessageTypeDefinition<_studio_v1_CreateTokenRequest, _studio_v1_CreateTokenRequest__Output>
      DeclineBookingRequest: MessageTypeDefinition<_studio_v1_DeclineBookingRequest, _studio_v1_DeclineBookingRequest__Output>
      DeclineProposalRequest: MessageTypeDefinition<_studio_v1_DeclineProposalRequest, _studio_v1_DeclineProposalRequest__Output>
      DeleteClientRequest: MessageTypeDefinition<_studio_v1_DeleteClientRequest, _studio_v1_DeleteClientRequest__Output>
      DeleteLeadRequest: MessageTypeDefinition<_studio_v1_DeleteLeadRequest, _studio_v1_DeleteLeadRequest__Output>
      DeleteShootRequest: MessageTypeDefinition<_studio_v1_DeleteShootRequest, _studio_v1_DeleteShootRequest__Output>
      Deleted: MessageTypeDefinition<_studio_v1_Deleted, _studio_v1_Deleted__Output>
      GetShootRequest: MessageTypeDefinition<_studio_v1_GetShootRequest, _studio_v1_GetShootRequest__Output>
      Invoice: MessageTypeDefinition<_studio_v1_Invoice, _studio_v1_Invoice__Output>
      IssueInvoiceRequest: MessageTypeDefinition<_studio_v1_IssueInvoiceRequest, _studio_v1_IssueInvoiceRequest__Output>
      IssuedToken: MessageTypeDefinition<_studio_v1_IssuedToken, _studio_v1_IssuedToken__Output>
      Lead: MessageTypeDefinition<_studio_v1_Lead, _studio_v1_Lead__Output>
      LinkDescription: MessageTypeDefinition<_studio_v1_LinkDescription, _studio_v1_LinkDescription__Output>
      LinkRef: MessageTypeDefinition<_studio_v1_LinkRef, _studio_v1_LinkRef__Output>
      ListTokensResponse: MessageTypeDefinition<_studio_v1_ListTokensResponse, _studio_v1_ListTokensResponse__Output>
      ListWorkspacesResponse: MessageTypeDefinition<_studio_v1_ListWorkspacesResponse, _studio_v1_ListWorkspacesResponse__Output>
      Membership: MessageTypeDefinition<_studio_v1_Membership, _studio_v1_Membership__Output>
      Order: MessageTypeDefinition<_studio_v1_Order, _studio_v1_Order__Output>
      PayInvoiceRequest: MessageTypeDefinition<_studio_v1_PayInvoiceRequest, _studio_v1_PayInvoiceRequest__Output>
      Proposal: MessageTypeDefinition<_studio_v1_Proposal, _studio_v1_Proposal__Output>
      RequestBookingRequest: MessageTypeDefinition<_studio_v1_RequestBookingRequest, _studio_v1_RequestBookingRequest__Output>
      RequestPasswordResetRequest: MessageTypeDefinition<_studio_v1_RequestPasswordResetRequest, _studio_v1_RequestPasswordResetRequest__Output>
      RequestPasswordResetResponse: MessageTypeDefinition<_studio_v1_RequestPasswordResetResponse, _studio_v1_RequestPasswordResetResponse__Output>
      Review: MessageTypeDefinition<_studio_v1_Review, _studio_v1_Review__Output>
      RollTokenRequest: MessageTypeDefinition<_studio_v1_RollTokenRequest, _studio_v1_RollTokenRequest__Output>
      SendContractRequest: MessageTypeDefinition<_studio_v1_SendContractRequest, _studio_v1_SendContractRequest__Output>
      SendProposalRequest: MessageTypeDefinition<_studio_v1_SendProposalRequest, _studio_v1_SendProposalRequest__Output>
      Session: MessageTypeDefinition<_studio_v1_Session, _studio_v1_Session__Output>
      SessionRef: MessageTypeDefinition<_studio_v1_SessionRef, _studio_v1_SessionRef__Output>
      SetPasswordRequest: MessageTypeDefinition<_studio_v1_SetPasswordRequest, _studio_v1_SetPasswordRequest__Output>
      Shoot: MessageTypeDefinition<_studio_v1_Shoot, _studio_v1_Shoot__Output>
      ShotListCounts: MessageTypeDefinition<_studio_v1_ShotListCounts, _studio_v1_ShotListCounts__Output>
      ShotListItem: MessageTypeDefinition<_studio_v1_ShotListItem, _studio_v1_ShotListItem__Output>
      SignContractRequest: MessageTypeDefinition<_studio_v1_SignContractRequest, _studio_v1_SignContractRequest__Output>
      SignInRequest: MessageTypeDefinition<_studio_v1_SignInRequest, _studio_v1_SignInRequest__Output>
      SignInResponse: MessageTypeDefinition<_studio_v1_SignInResponse, _studio_v1_SignInResponse__Output>
      SignOutResponse: MessageTypeDefinition<_studio_v1_SignOutResponse, _studio_v1_SignOutResponse__Output>
      /**
       * The account console's calls (services/console, docs/decisions/0016-account-console.md). Studio owns profiles,
       * passwords, sessions, one-time links and tokens; the console only renders pages and forwards what a person typed.
       * The console is not trusted with identities: every call about a signed-in person carries the session's secret
       * (the cookie's value) and studio resolves the profile from it. UNAUTHENTICATED: the session is unknown, revoked or
       * expired (the console sends the person to the sign-in page). INVALID_ARGUMENT: bad input, with a sentence a person
       * can read. NOT_FOUND: no such record among the signed-in profile's own (another profile's token is NOT_FOUND).
       */
      StudioAccounts: SubtypeConstructor<typeof grpc.Client, _studio_v1_StudioAccountsClient> & { service: _studio_v1_StudioAccountsDefinition }
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
      TokenRef: MessageTypeDefinition<_studio_v1_TokenRef, _studio_v1_TokenRef__Output>
      TransitionOrderRequest: MessageTypeDefinition<_studio_v1_TransitionOrderRequest, _studio_v1_TransitionOrderRequest__Output>
      UpdateClientRequest: MessageTypeDefinition<_studio_v1_UpdateClientRequest, _studio_v1_UpdateClientRequest__Output>
      UpdateLeadRequest: MessageTypeDefinition<_studio_v1_UpdateLeadRequest, _studio_v1_UpdateLeadRequest__Output>
      UpdateShootRequest: MessageTypeDefinition<_studio_v1_UpdateShootRequest, _studio_v1_UpdateShootRequest__Output>
      ViewProposalRequest: MessageTypeDefinition<_studio_v1_ViewProposalRequest, _studio_v1_ViewProposalRequest__Output>
    }
  }
}

