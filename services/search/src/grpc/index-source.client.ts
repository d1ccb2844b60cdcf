/** Client of the generic IndexSource contract (proto/index/v1/index_source.proto), typed by @studio/proto. */
import type { KeyObject } from 'node:crypto';
import { callUnary, createClient, grpc, loadProto, ServiceTokenSigner } from '@studio/grpc';
import { INDEX_SOURCE_PROTO, type SourceDocument__Output } from '@studio/proto/index-source';

/** A SourceDocument as proto-loader decodes it (keepCase, defaults): the generated SourceDocument__Output. */
export type SourceDocumentMessage = SourceDocument__Output;

export interface IndexSourceClient {
  address: string;
  describe(timeoutMs?: number): Promise<string[]>;
  stream(workspaceId: string, types: string[], timeoutMs: number): AsyncIterable<SourceDocumentMessage>;
  close(): void;
}

/** The typed client constructor of index.v1.IndexSource (its `.service` is what a source serves). */
export function indexSourceService() {
  return loadProto(INDEX_SOURCE_PROTO).index.v1.IndexSource;
}

/**
 * A client of one IndexSource server. `source.service` names the server (studio, gallery): every call carries a
 * service token made for it, signed with search's SERVICE_SIGNING_KEY.
 */
export function connectIndexSource(source: { service: string; address: string }, signingKey: KeyObject): IndexSourceClient {
  const { address } = source;
  const signer = new ServiceTokenSigner({ name: 'search', signingKey });
  const client = createClient(indexSourceService(), address, { credentials: { signer, audience: source.service } });
  return {
    address,
    async describe(timeoutMs = 5000) {
      const res = await callUnary(client, 'DescribeSource', {}, timeoutMs);
      return res.types ?? [];
    },
    stream(workspaceId, types, timeoutMs) {
      // x-request-id and traceparent are added by the client's interceptor.
      return client.StreamDocuments({ workspace_id: workspaceId, types }, new grpc.Metadata(), { deadline: Date.now() + timeoutMs });
    },
    close() {
      client.close();
    },
  };
}
