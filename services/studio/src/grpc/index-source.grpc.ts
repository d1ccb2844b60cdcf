/**
 * index.v1.IndexSource (proto/index/v1/index_source.proto) for the search rebuild: DescribeSource names studio's
 * document types; StreamDocuments streams every live record of a workspace, read page by page
 * (IndexSourceService). INVALID_ARGUMENT for a malformed workspace id; an unknown workspace ends OK with nothing.
 */
import { grpc, loadService, unaryHandlers } from '@studio/grpc';
import type { Logger } from '@studio/logger';
import type { Services } from '../services/index.js';
import type { SourceDocument } from '../services/index-source.service.js';
import { streamHandler } from './stream.js';

export const INDEX_SOURCE_PROTO = 'index/v1/index_source.proto';
export const INDEX_SOURCE_SERVICE = 'index.v1.IndexSource';

interface StreamDocumentsRequest {
  workspace_id: string;
  types: string[];
}

export function indexSourceHandlers(services: Pick<Services, 'indexSource'>, logger: Logger): grpc.UntypedServiceImplementation {
  return {
    ...unaryHandlers(logger, {
      async DescribeSource(): Promise<{ types: string[] }> {
        return { types: services.indexSource.describe() };
      },
    }),
    StreamDocuments: streamHandler<StreamDocumentsRequest, SourceDocument>(logger, 'StreamDocuments', (req) =>
      services.indexSource.documents(req.workspace_id, req.types ?? []),
    ),
  };
}

export function registerIndexSourceGrpc(server: grpc.Server, services: Pick<Services, 'indexSource'>, logger: Logger): void {
  server.addService(loadService(INDEX_SOURCE_PROTO, INDEX_SOURCE_SERVICE).service, indexSourceHandlers(services, logger));
}
