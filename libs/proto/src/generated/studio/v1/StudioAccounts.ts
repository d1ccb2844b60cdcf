// Original file: proto/studio/v1/studio.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ApiTokenInfo as _studio_v1_ApiTokenInfo, ApiTokenInfo__Output as _studio_v1_ApiTokenInfo__Output } from '../../studio/v1/ApiTokenInfo.js';
import type { CreateTokenRequest as _studio_v1_CreateTokenRequest, CreateTokenRequest__Output as _studio_v1_CreateTokenRequest__Output } from '../../studio/v1/CreateTokenRequest.js';
import type { IssuedToken as _studio_v1_IssuedToken, IssuedToken__Output as _studio_v1_IssuedToken__Output } from '../../studio/v1/IssuedToken.js';
import type { LinkDescription as _studio_v1_LinkDescription, LinkDescription__Output as _studio_v1_LinkDescription__Output } from '../../studio/v1/LinkDescription.js';
import type { LinkRef as _studio_v1_LinkRef, LinkRef__Output as _studio_v1_LinkRef__Output } from '../../studio/v1/LinkRef.js';
import type { ListTokensResponse as _studio_v1_ListTokensResponse, ListTokensResponse__Output as _studio_v1_ListTokensResponse__Output } from '../../studio/v1/ListTokensResponse.js';
import type { ListWorkspacesResponse as _studio_v1_ListWorkspacesResponse, ListWorkspacesResponse__Output as _studio_v1_ListWorkspacesResponse__Output } from '../../studio/v1/ListWorkspacesResponse.js';
import type { RequestPasswordResetRequest as _studio_v1_RequestPasswordResetRequest, RequestPasswordResetRequest__Output as _studio_v1_RequestPasswordResetRequest__Output } from '../../studio/v1/RequestPasswordResetRequest.js';
import type { RequestPasswordResetResponse as _studio_v1_RequestPasswordResetResponse, RequestPasswordResetResponse__Output as _studio_v1_RequestPasswordResetResponse__Output } from '../../studio/v1/RequestPasswordResetResponse.js';
import type { RollTokenRequest as _studio_v1_RollTokenRequest, RollTokenRequest__Output as _studio_v1_RollTokenRequest__Output } from '../../studio/v1/RollTokenRequest.js';
import type { Session as _studio_v1_Session, Session__Output as _studio_v1_Session__Output } from '../../studio/v1/Session.js';
import type { SessionRef as _studio_v1_SessionRef, SessionRef__Output as _studio_v1_SessionRef__Output } from '../../studio/v1/SessionRef.js';
import type { SetPasswordRequest as _studio_v1_SetPasswordRequest, SetPasswordRequest__Output as _studio_v1_SetPasswordRequest__Output } from '../../studio/v1/SetPasswordRequest.js';
import type { SignInRequest as _studio_v1_SignInRequest, SignInRequest__Output as _studio_v1_SignInRequest__Output } from '../../studio/v1/SignInRequest.js';
import type { SignInResponse as _studio_v1_SignInResponse, SignInResponse__Output as _studio_v1_SignInResponse__Output } from '../../studio/v1/SignInResponse.js';
import type { SignOutResponse as _studio_v1_SignOutResponse, SignOutResponse__Output as _studio_v1_SignOutResponse__Output } from '../../studio/v1/SignOutResponse.js';
import type { TokenRef as _studio_v1_TokenRef, TokenRef__Output as _studio_v1_TokenRef__Output } from '../../studio/v1/TokenRef.js';

/**
 * The account console's calls (services/console, docs/decisions/0016-account-console.md). Studio owns profiles,
 * passwords, sessions, one-time links and tokens; the console only renders pages and forwards what a person typed.
 * The console is not trusted with identities: every call about a signed-in person carries the session's secret
 * (the cookie's value) and studio resolves the profile from it. UNAUTHENTICATED: the session is unknown, revoked or
 * expired (the console sends the person to the sign-in page). INVALID_ARGUMENT: bad input, with a sentence a person
 * can read. NOT_FOUND: no such record among the signed-in profile's own (another profile's token is NOT_FOUND).
 */
export interface StudioAccountsClient extends grpc.Client {
  CreateToken(argument: _studio_v1_CreateTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  CreateToken(argument: _studio_v1_CreateTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  CreateToken(argument: _studio_v1_CreateTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  CreateToken(argument: _studio_v1_CreateTokenRequest, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  createToken(argument: _studio_v1_CreateTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  createToken(argument: _studio_v1_CreateTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  createToken(argument: _studio_v1_CreateTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  createToken(argument: _studio_v1_CreateTokenRequest, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  
  /**
   * What a one-time link is, before a person types a password for it (no secret is consumed).
   */
  DescribeLink(argument: _studio_v1_LinkRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_LinkDescription__Output>): grpc.ClientUnaryCall;
  DescribeLink(argument: _studio_v1_LinkRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_LinkDescription__Output>): grpc.ClientUnaryCall;
  DescribeLink(argument: _studio_v1_LinkRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_LinkDescription__Output>): grpc.ClientUnaryCall;
  DescribeLink(argument: _studio_v1_LinkRef, callback: grpc.requestCallback<_studio_v1_LinkDescription__Output>): grpc.ClientUnaryCall;
  /**
   * What a one-time link is, before a person types a password for it (no secret is consumed).
   */
  describeLink(argument: _studio_v1_LinkRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_LinkDescription__Output>): grpc.ClientUnaryCall;
  describeLink(argument: _studio_v1_LinkRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_LinkDescription__Output>): grpc.ClientUnaryCall;
  describeLink(argument: _studio_v1_LinkRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_LinkDescription__Output>): grpc.ClientUnaryCall;
  describeLink(argument: _studio_v1_LinkRef, callback: grpc.requestCallback<_studio_v1_LinkDescription__Output>): grpc.ClientUnaryCall;
  
  /**
   * The session behind a cookie, with its CSRF token; refreshes its idle expiry (a write at most once a minute).
   */
  GetSession(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Session__Output>): grpc.ClientUnaryCall;
  GetSession(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Session__Output>): grpc.ClientUnaryCall;
  GetSession(argument: _studio_v1_SessionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Session__Output>): grpc.ClientUnaryCall;
  GetSession(argument: _studio_v1_SessionRef, callback: grpc.requestCallback<_studio_v1_Session__Output>): grpc.ClientUnaryCall;
  /**
   * The session behind a cookie, with its CSRF token; refreshes its idle expiry (a write at most once a minute).
   */
  getSession(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Session__Output>): grpc.ClientUnaryCall;
  getSession(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Session__Output>): grpc.ClientUnaryCall;
  getSession(argument: _studio_v1_SessionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Session__Output>): grpc.ClientUnaryCall;
  getSession(argument: _studio_v1_SessionRef, callback: grpc.requestCallback<_studio_v1_Session__Output>): grpc.ClientUnaryCall;
  
  /**
   * The signed-in profile's API tokens, newest first (revoked ones included, marked).
   */
  ListTokens(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  ListTokens(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  ListTokens(argument: _studio_v1_SessionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  ListTokens(argument: _studio_v1_SessionRef, callback: grpc.requestCallback<_studio_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The signed-in profile's API tokens, newest first (revoked ones included, marked).
   */
  listTokens(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  listTokens(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  listTokens(argument: _studio_v1_SessionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  listTokens(argument: _studio_v1_SessionRef, callback: grpc.requestCallback<_studio_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The signed-in profile's workspaces and roles.
   */
  ListWorkspaces(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  ListWorkspaces(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  ListWorkspaces(argument: _studio_v1_SessionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  ListWorkspaces(argument: _studio_v1_SessionRef, callback: grpc.requestCallback<_studio_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The signed-in profile's workspaces and roles.
   */
  listWorkspaces(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  listWorkspaces(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  listWorkspaces(argument: _studio_v1_SessionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  listWorkspaces(argument: _studio_v1_SessionRef, callback: grpc.requestCallback<_studio_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Starts a password reset: e-mails a one-hour link when the address belongs to a profile. Always the same answer.
   */
  RequestPasswordReset(argument: _studio_v1_RequestPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  RequestPasswordReset(argument: _studio_v1_RequestPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  RequestPasswordReset(argument: _studio_v1_RequestPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  RequestPasswordReset(argument: _studio_v1_RequestPasswordResetRequest, callback: grpc.requestCallback<_studio_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Starts a password reset: e-mails a one-hour link when the address belongs to a profile. Always the same answer.
   */
  requestPasswordReset(argument: _studio_v1_RequestPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _studio_v1_RequestPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _studio_v1_RequestPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _studio_v1_RequestPasswordResetRequest, callback: grpc.requestCallback<_studio_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  
  RevokeToken(argument: _studio_v1_TokenRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_ApiTokenInfo__Output>): grpc.ClientUnaryCall;
  RevokeToken(argument: _studio_v1_TokenRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_ApiTokenInfo__Output>): grpc.ClientUnaryCall;
  RevokeToken(argument: _studio_v1_TokenRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_ApiTokenInfo__Output>): grpc.ClientUnaryCall;
  RevokeToken(argument: _studio_v1_TokenRef, callback: grpc.requestCallback<_studio_v1_ApiTokenInfo__Output>): grpc.ClientUnaryCall;
  revokeToken(argument: _studio_v1_TokenRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_ApiTokenInfo__Output>): grpc.ClientUnaryCall;
  revokeToken(argument: _studio_v1_TokenRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_ApiTokenInfo__Output>): grpc.ClientUnaryCall;
  revokeToken(argument: _studio_v1_TokenRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_ApiTokenInfo__Output>): grpc.ClientUnaryCall;
  revokeToken(argument: _studio_v1_TokenRef, callback: grpc.requestCallback<_studio_v1_ApiTokenInfo__Output>): grpc.ClientUnaryCall;
  
  /**
   * A new secret for the token; the previous one keeps working for `overlap_seconds` (0..86400).
   */
  RollToken(argument: _studio_v1_RollTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  RollToken(argument: _studio_v1_RollTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  RollToken(argument: _studio_v1_RollTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  RollToken(argument: _studio_v1_RollTokenRequest, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  /**
   * A new secret for the token; the previous one keeps working for `overlap_seconds` (0..86400).
   */
  rollToken(argument: _studio_v1_RollTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  rollToken(argument: _studio_v1_RollTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  rollToken(argument: _studio_v1_RollTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  rollToken(argument: _studio_v1_RollTokenRequest, callback: grpc.requestCallback<_studio_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  
  /**
   * Sets the password through an invitation or reset link (consumed on success) and signs in. A reset also ends
   * every other session of the profile.
   */
  SetPassword(argument: _studio_v1_SetPasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  SetPassword(argument: _studio_v1_SetPasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  SetPassword(argument: _studio_v1_SetPasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  SetPassword(argument: _studio_v1_SetPasswordRequest, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Sets the password through an invitation or reset link (consumed on success) and signs in. A reset also ends
   * every other session of the profile.
   */
  setPassword(argument: _studio_v1_SetPasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  setPassword(argument: _studio_v1_SetPasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  setPassword(argument: _studio_v1_SetPasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  setPassword(argument: _studio_v1_SetPasswordRequest, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * E-mail and password. Always answers; `outcome` says what happened. An unknown e-mail and a wrong password give
   * the same outcome in the same time (a dummy Argon2id verification runs for an unknown e-mail).
   */
  SignIn(argument: _studio_v1_SignInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  SignIn(argument: _studio_v1_SignInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  SignIn(argument: _studio_v1_SignInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  SignIn(argument: _studio_v1_SignInRequest, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  /**
   * E-mail and password. Always answers; `outcome` says what happened. An unknown e-mail and a wrong password give
   * the same outcome in the same time (a dummy Argon2id verification runs for an unknown e-mail).
   */
  signIn(argument: _studio_v1_SignInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  signIn(argument: _studio_v1_SignInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  signIn(argument: _studio_v1_SignInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  signIn(argument: _studio_v1_SignInRequest, callback: grpc.requestCallback<_studio_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Ends this session (idempotent: an unknown session is not an error).
   */
  SignOut(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  SignOut(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  SignOut(argument: _studio_v1_SessionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  SignOut(argument: _studio_v1_SessionRef, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Ends this session (idempotent: an unknown session is not an error).
   */
  signOut(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  signOut(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  signOut(argument: _studio_v1_SessionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  signOut(argument: _studio_v1_SessionRef, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Ends every session of the signed-in profile, this one included.
   */
  SignOutEverywhere(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  SignOutEverywhere(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  SignOutEverywhere(argument: _studio_v1_SessionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  SignOutEverywhere(argument: _studio_v1_SessionRef, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Ends every session of the signed-in profile, this one included.
   */
  signOutEverywhere(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  signOutEverywhere(argument: _studio_v1_SessionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  signOutEverywhere(argument: _studio_v1_SessionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  signOutEverywhere(argument: _studio_v1_SessionRef, callback: grpc.requestCallback<_studio_v1_SignOutResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * The account console's calls (services/console, docs/decisions/0016-account-console.md). Studio owns profiles,
 * passwords, sessions, one-time links and tokens; the console only renders pages and forwards what a person typed.
 * The console is not trusted with identities: every call about a signed-in person carries the session's secret
 * (the cookie's value) and studio resolves the profile from it. UNAUTHENTICATED: the session is unknown, revoked or
 * expired (the console sends the person to the sign-in page). INVALID_ARGUMENT: bad input, with a sentence a person
 * can read. NOT_FOUND: no such record among the signed-in profile's own (another profile's token is NOT_FOUND).
 */
export interface StudioAccountsHandlers extends grpc.UntypedServiceImplementation {
  CreateToken: grpc.handleUnaryCall<_studio_v1_CreateTokenRequest__Output, _studio_v1_IssuedToken>;
  
  /**
   * What a one-time link is, before a person types a password for it (no secret is consumed).
   */
  DescribeLink: grpc.handleUnaryCall<_studio_v1_LinkRef__Output, _studio_v1_LinkDescription>;
  
  /**
   * The session behind a cookie, with its CSRF token; refreshes its idle expiry (a write at most once a minute).
   */
  GetSession: grpc.handleUnaryCall<_studio_v1_SessionRef__Output, _studio_v1_Session>;
  
  /**
   * The signed-in profile's API tokens, newest first (revoked ones included, marked).
   */
  ListTokens: grpc.handleUnaryCall<_studio_v1_SessionRef__Output, _studio_v1_ListTokensResponse>;
  
  /**
   * The signed-in profile's workspaces and roles.
   */
  ListWorkspaces: grpc.handleUnaryCall<_studio_v1_SessionRef__Output, _studio_v1_ListWorkspacesResponse>;
  
  /**
   * Starts a password reset: e-mails a one-hour link when the address belongs to a profile. Always the same answer.
   */
  RequestPasswordReset: grpc.handleUnaryCall<_studio_v1_RequestPasswordResetRequest__Output, _studio_v1_RequestPasswordResetResponse>;
  
  RevokeToken: grpc.handleUnaryCall<_studio_v1_TokenRef__Output, _studio_v1_ApiTokenInfo>;
  
  /**
   * A new secret for the token; the previous one keeps working for `overlap_seconds` (0..86400).
   */
  RollToken: grpc.handleUnaryCall<_studio_v1_RollTokenRequest__Output, _studio_v1_IssuedToken>;
  
  /**
   * Sets the password through an invitation or reset link (consumed on success) and signs in. A reset also ends
   * every other session of the profile.
   */
  SetPassword: grpc.handleUnaryCall<_studio_v1_SetPasswordRequest__Output, _studio_v1_SignInResponse>;
  
  /**
   * E-mail and password. Always answers; `outcome` says what happened. An unknown e-mail and a wrong password give
   * the same outcome in the same time (a dummy Argon2id verification runs for an unknown e-mail).
   */
  SignIn: grpc.handleUnaryCall<_studio_v1_SignInRequest__Output, _studio_v1_SignInResponse>;
  
  /**
   * Ends this session (idempotent: an unknown session is not an error).
   */
  SignOut: grpc.handleUnaryCall<_studio_v1_SessionRef__Output, _studio_v1_SignOutResponse>;
  
  /**
   * Ends every session of the signed-in profile, this one included.
   */
  SignOutEverywhere: grpc.handleUnaryCall<_studio_v1_SessionRef__Output, _studio_v1_SignOutResponse>;
  
}

export interface StudioAccountsDefinition extends grpc.ServiceDefinition {
  CreateToken: MethodDefinition<_studio_v1_CreateTokenRequest, _studio_v1_IssuedToken, _studio_v1_CreateTokenRequest__Output, _studio_v1_IssuedToken__Output>
  DescribeLink: MethodDefinition<_studio_v1_LinkRef, _studio_v1_LinkDescription, _studio_v1_LinkRef__Output, _studio_v1_LinkDescription__Output>
  GetSession: MethodDefinition<_studio_v1_SessionRef, _studio_v1_Session, _studio_v1_SessionRef__Output, _studio_v1_Session__Output>
  ListTokens: MethodDefinition<_studio_v1_SessionRef, _studio_v1_ListTokensResponse, _studio_v1_SessionRef__Output, _studio_v1_ListTokensResponse__Output>
  ListWorkspaces: MethodDefinition<_studio_v1_SessionRef, _studio_v1_ListWorkspacesResponse, _studio_v1_SessionRef__Output, _studio_v1_ListWorkspacesResponse__Output>
  RequestPasswordReset: MethodDefinition<_studio_v1_RequestPasswordResetRequest, _studio_v1_RequestPasswordResetResponse, _studio_v1_RequestPasswordResetRequest__Output, _studio_v1_RequestPasswordResetResponse__Output>
  RevokeToken: MethodDefinition<_studio_v1_TokenRef, _studio_v1_ApiTokenInfo, _studio_v1_TokenRef__Output, _studio_v1_ApiTokenInfo__Output>
  RollToken: MethodDefinition<_studio_v1_RollTokenRequest, _studio_v1_IssuedToken, _studio_v1_RollTokenRequest__Output, _studio_v1_IssuedToken__Output>
  SetPassword: MethodDefinition<_studio_v1_SetPasswordRequest, _studio_v1_SignInResponse, _studio_v1_SetPasswordRequest__Output, _studio_v1_SignInResponse__Output>
  SignIn: MethodDefinition<_studio_v1_SignInRequest, _studio_v1_SignInResponse, _studio_v1_SignInRequest__Output, _studio_v1_SignInResponse__Output>
  SignOut: MethodDefinition<_studio_v1_SessionRef, _studio_v1_SignOutResponse, _studio_v1_SessionRef__Output, _studio_v1_SignOutResponse__Output>
  SignOutEverywhere: MethodDefinition<_studio_v1_SessionRef, _studio_v1_SignOutResponse, _studio_v1_SessionRef__Output, _studio_v1_SignOutResponse__Output>
}
