// Original file: proto/index/v1/index_source.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DescribeSourceRequest as _index_v1_DescribeSourceRequest, DescribeSourceRequest__Output as _index_v1_DescribeSourceRequest__Output } from '../../index/v1/DescribeSourceRequest.js';
import type { DescribeSourceResponse as _index_v1_DescribeSourceResponse, DescribeSourceResponse__Output as _index_v1_DescribeSourceResponse__Output } from '../../index/v1/DescribeSourceResponse.js';
import type { SourceDocument as _index_v1_SourceDocument, SourceDocument__Output as _index_v1_SourceDocument__Output } from '../../index/v1/SourceDocument.js';
import type { StreamDocumentsRequest as _index_v1_StreamDocumentsRequest, StreamDocumentsRequest__Output as _index_v1_StreamDocumentsRequest__Output } from '../../index/v1/StreamDocumentsRequest.js';

/**
 * IndexSource: implemented by every service that owns searchable records (studio: client, lead, shoot,
 * order; gallery: gallery, album). The search service's rebuild command (services/search/src/cli/rebuild.ts)
 * re-indexes one workspace by streaming its documents from every source. See docs/decisions/0006-search.md.
 */
export interface IndexSourceClient extends grpc.Client {
  /**
   * The document types this source owns. The rebuild removes documents it did not receive only for these
   * types, and only when the source's stream ended with OK.
   */
  DescribeSource(argument: _index_v1_DescribeSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_index_v1_DescribeSourceResponse__Output>): grpc.ClientUnaryCall;
  DescribeSource(argument: _index_v1_DescribeSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_index_v1_DescribeSourceResponse__Output>): grpc.ClientUnaryCall;
  DescribeSource(argument: _index_v1_DescribeSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_index_v1_DescribeSourceResponse__Output>): grpc.ClientUnaryCall;
  DescribeSource(argument: _index_v1_DescribeSourceRequest, callback: grpc.requestCallback<_index_v1_DescribeSourceResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The document types this source owns. The rebuild removes documents it did not receive only for these
   * types, and only when the source's stream ended with OK.
   */
  describeSource(argument: _index_v1_DescribeSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_index_v1_DescribeSourceResponse__Output>): grpc.ClientUnaryCall;
  describeSource(argument: _index_v1_DescribeSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_index_v1_DescribeSourceResponse__Output>): grpc.ClientUnaryCall;
  describeSource(argument: _index_v1_DescribeSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_index_v1_DescribeSourceResponse__Output>): grpc.ClientUnaryCall;
  describeSource(argument: _index_v1_DescribeSourceRequest, callback: grpc.requestCallback<_index_v1_DescribeSourceResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Every live record of `workspace_id` of the requested types that this source owns (every owned type when
   * `types` is empty), in any order, read after the call started (a state no older than the request).
   * A source may also send records it knows are deleted with `deleted = true`.
   * Errors: INVALID_ARGUMENT for a malformed workspace id; an unknown workspace streams nothing and ends OK.
   */
  StreamDocuments(argument: _index_v1_StreamDocumentsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_index_v1_SourceDocument__Output>;
  StreamDocuments(argument: _index_v1_StreamDocumentsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_index_v1_SourceDocument__Output>;
  /**
   * Every live record of `workspace_id` of the requested types that this source owns (every owned type when
   * `types` is empty), in any order, read after the call started (a state no older than the request).
   * A source may also send records it knows are deleted with `deleted = true`.
   * Errors: INVALID_ARGUMENT for a malformed workspace id; an unknown workspace streams nothing and ends OK.
   */
  streamDocuments(argument: _index_v1_StreamDocumentsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_index_v1_SourceDocument__Output>;
  streamDocuments(argument: _index_v1_StreamDocumentsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_index_v1_SourceDocument__Output>;
  
}

/**
 * IndexSource: implemented by every service that owns searchable records (studio: client, lead, shoot,
 * order; gallery: gallery, album). The search service's rebuild command (services/search/src/cli/rebuild.ts)
 * re-indexes one workspace by streaming its documents from every source. See docs/decisions/0006-search.md.
 */
export interface IndexSourceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The document types this source owns. The rebuild removes documents it did not receive only for these
   * types, and only when the source's stream ended with OK.
   */
  DescribeSource: grpc.handleUnaryCall<_index_v1_DescribeSourceRequest__Output, _index_v1_DescribeSourceResponse>;
  
  /**
   * Every live record of `workspace_id` of the requested types that this source owns (every owned type when
   * `types` is empty), in any order, read after the call started (a state no older than the request).
   * A source may also send records it knows are deleted with `deleted = true`.
   * Errors: INVALID_ARGUMENT for a malformed workspace id; an unknown workspace streams nothing and ends OK.
   */
  StreamDocuments: grpc.handleServerStreamingCall<_index_v1_StreamDocumentsRequest__Output, _index_v1_SourceDocument>;
  
}

export interface IndexSourceDefinition extends grpc.ServiceDefinition {
  DescribeSource: MethodDefinition<_index_v1_DescribeSourceRequest, _index_v1_DescribeSourceResponse, _index_v1_DescribeSourceRequest__Output, _index_v1_DescribeSourceResponse__Output>
  StreamDocuments: MethodDefinition<_index_v1_StreamDocumentsRequest, _index_v1_SourceDocument, _index_v1_StreamDocumentsRequest__Output, _index_v1_SourceDocument__Output>
}
