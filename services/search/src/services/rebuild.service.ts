/**
 * Re-indexes one workspace from the owning services (IndexSource over gRPC) without stopping the event
 * consumer.
 *
 * 1. Ask each source which types it owns (DescribeSource).
 * 2. Open a rebuild run: its id and its start time T0 on the database clock.
 * 3. Stream each source's documents; write them in batches under the same rules as events (a document is
 *    replaced only by a newer version, tombstones are final) and mark every streamed row with the run id,
 *    written or not.
 * 4. For the types of the sources whose stream ended OK, turn into tombstones the live documents of the
 *    workspace that were not streamed AND were last written before T0. A row written after T0 came from an
 *    event during the rebuild (newer than the source's snapshot, which is read after T0) and stays; a row
 *    written before T0 that the source no longer has was deleted at the source, and a tombstone keeps a late
 *    create/update event from bringing it back. A source that fails removes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@studio/logger';
import { isUuid } from '@studio/uuid';
import { isDocType, type DocType } from './document-mapping.js';
import { documentWrite } from './indexer.service.js';
import type { DocumentWrite, IndexStore, TombstoneWrite } from '../store/index.store.js';
import type { IndexSourceClient, SourceDocumentMessage } from '../grpc/index-source.client.js';

const BATCH = 500;

export interface SourceReport {
  address: string;
  types: DocType[];
  received: number;
  skipped: number;
  ok: boolean;
  error?: string;
}

export interface RebuildReport {
  rebuildId: string;
  workspaceId: string;
  startedAt: string;
  written: number;
  removed: number;
  prunedWords: number;
  sources: SourceReport[];
  ok: boolean;
}

export interface RebuildOptions {
  /** Only these types (default: every type the sources own). */
  types?: DocType[];
  streamTimeoutMs: number;
}

export class RebuildService {
  constructor(
    private readonly store: IndexStore,
    private readonly logger: Logger,
  ) {}

  private toWrite(workspaceId: string, msg: SourceDocumentMessage, allowed: Set<DocType>): DocumentWrite | TombstoneWrite | null {
    if (!isDocType(msg.type) || !allowed.has(msg.type)) return null;
    if (!isUuid(msg.id)) return null;
    if ((msg.workspace_id ?? '').toLowerCase() !== workspaceId) return null;
    const version = new Date(msg.updated_at);
    if (!msg.updated_at || Number.isNaN(version.getTime())) return null;
    const id = msg.id.toLowerCase();
    if (msg.deleted) return { workspaceId, type: msg.type, id, deletedAt: version };
    return documentWrite(workspaceId, msg.type, id, msg.fields ?? {}, version, msg.title);
  }

  async rebuild(workspaceId: string, sources: IndexSourceClient[], opts: RebuildOptions): Promise<RebuildReport> {
    const ws = workspaceId.toLowerCase();
    const wanted = opts.types ? new Set(opts.types) : null;
    const described: { source: IndexSourceClient; types: DocType[] }[] = [];
    for (const source of sources) {
      const owned = (await source.describe()).filter(isDocType).filter((t) => !wanted || wanted.has(t));
      described.push({ source, types: [...new Set(owned)] });
    }
    const allTypes = [...new Set(described.flatMap((d) => d.types))];
    const rebuildId = randomUUID();
    const run = await this.store.startRebuild(rebuildId, ws, allTypes);
    this.logger.info({ rebuildId, workspaceId: ws, types: allTypes, sources: sources.map((s) => s.address) }, 'rebuild started');

    let written = 0;
    let removed = 0;
    const reports: SourceReport[] = [];
    const sweepTypes = new Set<DocType>();
    try {
      for (const { source, types } of described) {
        const report: SourceReport = { address: source.address, types, received: 0, skipped: 0, ok: false };
        reports.push(report);
        if (types.length === 0) {
          report.ok = true;
          continue;
        }
        const allowed = new Set(types);
        let docs = new Map<string, DocumentWrite>();
        let tombstones = new Map<string, TombstoneWrite>();
        const flush = async () => {
          if (docs.size === 0 && tombstones.size === 0) return;
          const batchDocs = [...docs.values()];
          const batchTombs = [...tombstones.values()];
          docs = new Map();
          tombstones = new Map();
          written += await this.store.rebuildBatch(rebuildId, ws, batchDocs, batchTombs);
        };
        try {
          for await (const msg of source.stream(ws, types, opts.streamTimeoutMs)) {
            report.received++;
            const w = this.toWrite(ws, msg, allowed);
            if (!w) {
              report.skipped++;
              continue;
            }
            const key = `${w.type}:${w.id}`;
            if ('deletedAt' in w) {
              docs.delete(key);
              tombstones.set(key, w);
            } else if (!tombstones.has(key)) {
              const prev = docs.get(key);
              if (!prev || prev.version < w.version) docs.set(key, w);
            }
            if (docs.size + tombstones.size >= BATCH) await flush();
          }
          await flush();
          report.ok = true;
          for (const t of types) sweepTypes.add(t);
        } catch (err) {
          report.error = (err as Error).message;
          this.logger.warn({ rebuildId, source: source.address, err: report.error }, 'rebuild: source failed; its types are not swept');
          // What did arrive is valid and written under the usual rules; only the removal of unseen rows is skipped.
          await flush();
        }
      }
      if (sweepTypes.size > 0) removed = await this.store.sweepUnseen(rebuildId, ws, [...sweepTypes], run.startedAt);
      const prunedWords = await this.store.pruneWords(ws);
      const ok = reports.every((r) => r.ok);
      await this.store.finishRebuild(
        rebuildId,
        ok ? 'succeeded' : 'failed',
        { upserted: written, removed },
        ok
          ? undefined
          : reports
              .filter((r) => !r.ok)
              .map((r) => `${r.address}: ${r.error}`)
              .join('; '),
      );
      this.logger.info({ rebuildId, written, removed, prunedWords, ok }, 'rebuild finished');
      return { rebuildId, workspaceId: ws, startedAt: run.startedAt.toISOString(), written, removed, prunedWords, sources: reports, ok };
    } catch (err) {
      await this.store.finishRebuild(rebuildId, 'failed', { upserted: written, removed }, (err as Error).message).catch(() => undefined);
      throw err;
    }
  }
}
