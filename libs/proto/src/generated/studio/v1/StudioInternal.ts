// Original file: proto/studio/v1/studio.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AuthenticateTokenRequest as _studio_v1_AuthenticateTokenRequest, AuthenticateTokenRequest__Output as _studio_v1_AuthenticateTokenRequest__Output } from '../../studio/v1/AuthenticateTokenRequest.js';
import type { AuthenticateTokenResponse as _studio_v1_AuthenticateTokenResponse, AuthenticateTokenResponse__Output as _studio_v1_AuthenticateTokenResponse__Output } from '../../studio/v1/AuthenticateTokenResponse.js';
import type { GetShootRequest as _studio_v1_GetShootRequest, GetShootRequest__Output as _studio_v1_GetShootRequest__Output } from '../../studio/v1/GetShootRequest.js';
import type { Shoot as _studio_v1_Shoot, Shoot__Output as _studio_v1_Shoot__Output } from '../../studio/v1/Shoot.js';

export interface StudioInternalClient extends grpc.Client {
  /**
   * Resolves a bearer API token to its principal. UNAUTHENTICATED for a malformed, unknown or revoked token.
   */
  AuthenticateToken(argument: _studio_v1_AuthenticateTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_AuthenticateTokenResponse__Output>): grpc.ClientUnaryCall;
  AuthenticateToken(argument: _studio_v1_AuthenticateTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_AuthenticateTokenResponse__Output>): grpc.ClientUnaryCall;
  AuthenticateToken(argument: _studio_v1_AuthenticateTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_AuthenticateTokenResponse__Output>): grpc.ClientUnaryCall;
  AuthenticateToken(argument: _studio_v1_AuthenticateTokenRequest, callback: grpc.requestCallback<_studio_v1_AuthenticateTokenResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Resolves a bearer API token to its principal. UNAUTHENTICATED for a malformed, unknown or revoked token.
   */
  authenticateToken(argument: _studio_v1_AuthenticateTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_AuthenticateTokenResponse__Output>): grpc.ClientUnaryCall;
  authenticateToken(argument: _studio_v1_AuthenticateTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_AuthenticateTokenResponse__Output>): grpc.ClientUnaryCall;
  authenticateToken(argument: _studio_v1_AuthenticateTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_AuthenticateTokenResponse__Output>): grpc.ClientUnaryCall;
  authenticateToken(argument: _studio_v1_AuthenticateTokenRequest, callback: grpc.requestCallback<_studio_v1_AuthenticateTokenResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Looks up a shoot for another context. NOT_FOUND when it is missing or outside workspace_ids.
   */
  GetShoot(argument: _studio_v1_GetShootRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  GetShoot(argument: _studio_v1_GetShootRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  GetShoot(argument: _studio_v1_GetShootRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  GetShoot(argument: _studio_v1_GetShootRequest, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  /**
   * Looks up a shoot for another context. NOT_FOUND when it is missing or outside workspace_ids.
   */
  getShoot(argument: _studio_v1_GetShootRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  getShoot(argument: _studio_v1_GetShootRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  getShoot(argument: _studio_v1_GetShootRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  getShoot(argument: _studio_v1_GetShootRequest, callback: grpc.requestCallback<_studio_v1_Shoot__Output>): grpc.ClientUnaryCall;
  
}

export interface StudioInternalHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Resolves a bearer API token to its principal. UNAUTHENTICATED for a malformed, unknown or revoked token.
   */
  AuthenticateToken: grpc.handleUnaryCall<_studio_v1_AuthenticateTokenRequest__Output, _studio_v1_AuthenticateTokenResponse>;
  
  /**
   * Looks up a shoot for another context. NOT_FOUND when it is missing or outside workspace_ids.
   */
  GetShoot: grpc.handleUnaryCall<_studio_v1_GetShootRequest__Output, _studio_v1_Shoot>;
  
}

export interface StudioInternalDefinition extends grpc.ServiceDefinition {
  AuthenticateToken: MethodDefinition<_studio_v1_AuthenticateTokenRequest, _studio_v1_AuthenticateTokenResponse, _studio_v1_AuthenticateTokenRequest__Output, _studio_v1_AuthenticateTokenResponse__Output>
  GetShoot: MethodDefinition<_studio_v1_GetShootRequest, _studio_v1_Shoot, _studio_v1_GetShootRequest__Output, _studio_v1_Shoot__Output>
}
