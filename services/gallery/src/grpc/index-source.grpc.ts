/**
 * index.v1.IndexSource (proto/index/v1/index_source.proto) for the search service's rebuild: gallery owns the
 * document types `gallery` and `album`. StreamDocuments streams every gallery and album of one workspace, read
 * after the call started, with the same member names as the API and the domain events (title, slug, state, ...).
 */
import { serializeAlbum, serializeGallery } from '@studio/contracts/records';
import { AppError, toAppError } from '@studio/errors';
import { grpc, loadProto, unaryHandlers } from '@studio/grpc';
import type { Logger } from '@studio/logger';
import {
  INDEX_SOURCE_PROTO,
  type IndexSourceHandlers,
  type SourceDocument,
  type StreamDocumentsRequest__Output,
} from '@studio/proto/index-source';
import { isUuid } from '@studio/uuid';
import type { Stores } from '../store/index.js';

export const OWNED_TYPES = ['gallery', 'album'] as const;

/** Public JSON members as strings (null members are left out). */
function stringFields(json: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(json)) {
    if (v === null || v === undefined) continue;
    out[k] = typeof v === 'string' ? v : String(v);
  }
  return out;
}

type OwnedType = (typeof OWNED_TYPES)[number];

/** A gallery or album row as a source document: its public JSON (the API's and the events' member names) as fields. */
function sourceDocument(
  type: OwnedType,
  row: { id: string; workspaceId: string; title: string; updatedAt: Date },
  json: Record<string, unknown>,
): SourceDocument {
  return {
    type,
    id: row.id,
    workspace_id: row.workspaceId,
    title: row.title,
    fields: stringFields(json),
    updated_at: row.updatedAt.toISOString(),
    deleted: false,
  };
}

/** Every document of one owned type in a workspace, in the stores' batches. */
async function* documentBatches(
  stores: Pick<Stores, 'galleries' | 'albums'>,
  type: OwnedType,
  workspaceId: string,
): AsyncGenerator<SourceDocument[]> {
  if (type === 'gallery') {
    for await (const batch of stores.galleries.allInWorkspace(workspaceId)) {
      yield batch.map((g) => sourceDocument(type, g, serializeGallery(g)));
    }
  } else {
    for await (const batch of stores.albums.allInWorkspace(workspaceId)) {
      yield batch.map((a) => sourceDocument(type, a, serializeAlbum(a)));
    }
  }
}

export function indexSourceHandlers(stores: Pick<Stores, 'galleries' | 'albums'>, logger: Logger): IndexSourceHandlers {
  return {
    ...unaryHandlers<IndexSourceHandlers>(logger, {
      async DescribeSource() {
        return { types: [...OWNED_TYPES] };
      },
    }),
    // The call context (request id, trace) is set by startGrpcServer's interceptor before this runs.
    StreamDocuments: (call: grpc.ServerWritableStream<StreamDocumentsRequest__Output, SourceDocument>) => {
      void (async () => {
        const req = call.request;
        if (!isUuid(req.workspace_id)) throw new AppError('invalid_input', 'workspace_id must be a UUID');
        const workspaceId = req.workspace_id.toLowerCase();
        const asked = (req.types ?? []).map((t) => t.trim().toLowerCase());
        const wanted =
          asked.length === 0 ? new Set<string>(OWNED_TYPES) : new Set(asked.filter((t) => (OWNED_TYPES as readonly string[]).includes(t)));
        let cancelled = false;
        call.on('cancelled', () => (cancelled = true));
        const write = async (doc: SourceDocument) => {
          // Respect back-pressure: wait for the stream to drain before writing more.
          if (!call.write(doc)) await new Promise<void>((resolve) => call.once('drain', () => resolve()));
        };
        for (const type of OWNED_TYPES) {
          if (!wanted.has(type)) continue;
          for await (const batch of documentBatches(stores, type, workspaceId)) {
            if (cancelled) return;
            for (const doc of batch) await write(doc);
          }
        }
        call.end();
      })().catch((err: unknown) => {
        const appErr = toAppError(err);
        if (!appErr) logger.error({ err }, 'IndexSource.StreamDocuments failed');
        const metadata = new grpc.Metadata();
        metadata.set('x-error-kind', appErr?.kind ?? 'internal');
        // grpc-js turns an 'error' on a server stream into the call's final status.
        call.emit('error', {
          code: appErr ? appErr.grpcCode : grpc.status.INTERNAL,
          details: appErr ? appErr.message : 'internal error',
          metadata,
        });
      });
    },
  };
}

export function registerIndexSource(server: grpc.Server, stores: Pick<Stores, 'galleries' | 'albums'>, logger: Logger): void {
  server.addService(loadProto(INDEX_SOURCE_PROTO).index.v1.IndexSource.service, indexSourceHandlers(stores, logger));
}
