/**
 * index.v1.IndexSource (proto/index/v1/index_source.proto) for the search rebuild: DescribeSource names studio's
 * document types; StreamDocuments streams every live record of a workspace, read page by page
 * (IndexSourceService). The request is parsed with the operation's schema (services/index-source.schema.ts):
 * INVALID_ARGUMENT for a malformed workspace id; an unknown workspace ends OK with nothing.
 */
import { loadProto, unaryHandlers, type grpc } from '@studio/grpc';
import { parseInput } from '@studio/http';
import type { Logger } from '@studio/logger';
import {
  INDEX_SOURCE_PROTO,
  type IndexSourceHandlers,
  type SourceDocument,
  type StreamDocumentsRequest__Output,
} from '@studio/proto/index-source';
import { streamDocumentsInput } from '../services/index-source.schema.js';
import type { Services } from '../services/index.js';
import { streamHandler } from './stream.js';

export function indexSourceHandlers(services: Pick<Services, 'indexSource'>, logger: Logger): IndexSourceHandlers {
  return {
    ...unaryHandlers<IndexSourceHandlers>(logger, {
      async DescribeSource() {
        return { types: services.indexSource.describe() };
      },
    }),
    StreamDocuments: streamHandler<StreamDocumentsRequest__Output, SourceDocument>(logger, 'StreamDocuments', (req) =>
      services.indexSource.documents(parseInput(streamDocumentsInput, { workspace_id: req.workspace_id, types: req.types ?? [] })),
    ),
  };
}

export function registerIndexSourceGrpc(server: grpc.Server, services: Pick<Services, 'indexSource'>, logger: Logger): void {
  server.addService(loadProto(INDEX_SOURCE_PROTO).index.v1.IndexSource.service, indexSourceHandlers(services, logger));
}
