// Original file: proto/upload/v1/upload.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ListReadyKeepersRequest as _upload_v1_ListReadyKeepersRequest, ListReadyKeepersRequest__Output as _upload_v1_ListReadyKeepersRequest__Output } from '../../upload/v1/ListReadyKeepersRequest.js';
import type { ListReadyKeepersResponse as _upload_v1_ListReadyKeepersResponse, ListReadyKeepersResponse__Output as _upload_v1_ListReadyKeepersResponse__Output } from '../../upload/v1/ListReadyKeepersResponse.js';

export interface UploadInternalClient extends grpc.Client {
  /**
   * The ready keepers of a shoot in capture order: capture time ascending with unknown capture times last,
   * then upload order (created_at), then id. A ready photo is a keeper unless a cull rejected it.
   * An unknown shoot, or one outside workspace_id, simply has no photos (empty list).
   * INVALID_ARGUMENT when shoot_id or workspace_id is not a UUID.
   */
  ListReadyKeepers(argument: _upload_v1_ListReadyKeepersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_upload_v1_ListReadyKeepersResponse__Output>): grpc.ClientUnaryCall;
  ListReadyKeepers(argument: _upload_v1_ListReadyKeepersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_upload_v1_ListReadyKeepersResponse__Output>): grpc.ClientUnaryCall;
  ListReadyKeepers(argument: _upload_v1_ListReadyKeepersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_upload_v1_ListReadyKeepersResponse__Output>): grpc.ClientUnaryCall;
  ListReadyKeepers(argument: _upload_v1_ListReadyKeepersRequest, callback: grpc.requestCallback<_upload_v1_ListReadyKeepersResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The ready keepers of a shoot in capture order: capture time ascending with unknown capture times last,
   * then upload order (created_at), then id. A ready photo is a keeper unless a cull rejected it.
   * An unknown shoot, or one outside workspace_id, simply has no photos (empty list).
   * INVALID_ARGUMENT when shoot_id or workspace_id is not a UUID.
   */
  listReadyKeepers(argument: _upload_v1_ListReadyKeepersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_upload_v1_ListReadyKeepersResponse__Output>): grpc.ClientUnaryCall;
  listReadyKeepers(argument: _upload_v1_ListReadyKeepersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_upload_v1_ListReadyKeepersResponse__Output>): grpc.ClientUnaryCall;
  listReadyKeepers(argument: _upload_v1_ListReadyKeepersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_upload_v1_ListReadyKeepersResponse__Output>): grpc.ClientUnaryCall;
  listReadyKeepers(argument: _upload_v1_ListReadyKeepersRequest, callback: grpc.requestCallback<_upload_v1_ListReadyKeepersResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface UploadInternalHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The ready keepers of a shoot in capture order: capture time ascending with unknown capture times last,
   * then upload order (created_at), then id. A ready photo is a keeper unless a cull rejected it.
   * An unknown shoot, or one outside workspace_id, simply has no photos (empty list).
   * INVALID_ARGUMENT when shoot_id or workspace_id is not a UUID.
   */
  ListReadyKeepers: grpc.handleUnaryCall<_upload_v1_ListReadyKeepersRequest__Output, _upload_v1_ListReadyKeepersResponse>;
  
}

export interface UploadInternalDefinition extends grpc.ServiceDefinition {
  ListReadyKeepers: MethodDefinition<_upload_v1_ListReadyKeepersRequest, _upload_v1_ListReadyKeepersResponse, _upload_v1_ListReadyKeepersRequest__Output, _upload_v1_ListReadyKeepersResponse__Output>
}
