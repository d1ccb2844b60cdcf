import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { DescribeSourceRequest as _index_v1_DescribeSourceRequest, DescribeSourceRequest__Output as _index_v1_DescribeSourceRequest__Output } from './index/v1/DescribeSourceRequest.js';
import type { DescribeSourceResponse as _index_v1_DescribeSourceResponse, DescribeSourceResponse__Output as _index_v1_DescribeSourceResponse__Output } from './index/v1/DescribeSourceResponse.js';
import type { IndexSourceClient as _index_v1_IndexSourceClient, IndexSourceDefinition as _index_v1_IndexSourceDefinition } from './index/v1/IndexSource.js';
import type { SourceDocument as _index_v1_SourceDocument, SourceDocument__Output as _index_v1_SourceDocument__Output } from './index/v1/SourceDocument.js';
import type { StreamDocumentsRequest as _index_v1_StreamDocumentsRequest, StreamDocumentsRequest__Output as _index_v1_StreamDocumentsRequest__Output } from './index/v1/StreamDocumentsRequest.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  index: {
    v1: {
      DescribeSourceRequest: MessageTypeDefinition<_index_v1_DescribeSourceRequest, _index_v1_DescribeSourceRequest__Output>
      DescribeSourceResponse: MessageTypeDefinition<_index_v1_DescribeSourceResponse, _index_v1_DescribeSourceResponse__Output>
      /**
       * IndexSource: implemented by every service that owns searchable records (studio: client, lead, shoot,
       * order; gallery: gallery, album). The search service's rebuild command (services/search/src/cli/rebuild.ts)
       * re-indexes one workspace by streaming its documents from every source. See docs/decisions/0006-search.md.
       */
      IndexSource: SubtypeConstructor<typeof grpc.Client, _index_v1_IndexSourceClient> & { service: _index_v1_IndexSourceDefinition }
      SourceDocument: MessageTypeDefinition<_index_v1_SourceDocument, _index_v1_SourceDocument__Output>
      StreamDocumentsRequest: MessageTypeDefinition<_index_v1_StreamDocumentsRequest, _index_v1_StreamDocumentsRequest__Output>
    }
  }
}

