/** Client of the generic IndexSource contract (proto/index/v1/index_source.proto). */
import { callUnary, createClient, grpc, loadService } from '@studio/grpc';

export const INDEX_SOURCE_PROTO = 'index/v1/index_source.proto';
export const INDEX_SOURCE_SERVICE = 'index.v1.IndexSource';

/** A SourceDocument as proto-loader decodes it (keepCase, defaults). */
export interface SourceDocumentMessage {
  type: string;
  id: string;
  workspace_id: string;
  title: string;
  fields: Record<string, string>;
  updated_at: string;
  deleted: boolean;
}

export interface IndexSourceClient {
  address: string;
  describe(timeoutMs?: number): Promise<string[]>;
  stream(workspaceId: string, types: string[], timeoutMs: number): AsyncIterable<SourceDocumentMessage>;
  close(): void;
}

let ctor: grpc.ServiceClientConstructor | null = null;
export function indexSourceService(): grpc.ServiceClientConstructor {
  ctor ??= loadService(INDEX_SOURCE_PROTO, INDEX_SOURCE_SERVICE);
  return ctor;
}

export function connectIndexSource(address: string): IndexSourceClient {
  const client = createClient(indexSourceService(), address);
  return {
    address,
    async describe(timeoutMs = 5000) {
      const res = await callUnary<object, { types?: string[] }>(client, 'DescribeSource', {}, timeoutMs);
      return res.types ?? [];
    },
    stream(workspaceId, types, timeoutMs) {
      // x-request-id and traceparent are added by the client's interceptor.
      const metadata = new grpc.Metadata();
      const fn = (client as unknown as Record<string, Function>).StreamDocuments!;
      const call = fn.call(client, { workspace_id: workspaceId, types }, metadata, { deadline: Date.now() + timeoutMs }) as grpc.ClientReadableStream<SourceDocumentMessage>;
      return call as AsyncIterable<SourceDocumentMessage>;
    },
    close() {
      client.close();
    },
  };
}
