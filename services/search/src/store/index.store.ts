/**
 * Writes to the index: documents, tombstones, the typo dictionary, processed event ids and rebuild runs.
 *
 * Ordering rules (docs/decisions/0006-search.md):
 * - A document row carries `version` (the entity's updated_at). An upsert only replaces a live row whose
 *   version is strictly older, so a stale update that arrives late changes nothing.
 * - A delete turns the row into a tombstone (deleted_at set, text and tsvectors emptied) and tombstones are
 *   final: no later created/updated event touches them. Both rules are single INSERT ... ON CONFLICT
 *   statements, so concurrent consumers serialise on the row itself and no interleaving can resurrect a
 *   document.
 */
import { Prisma } from './generated/client.js';
import type { Db } from './prisma.js';
import type { DocType } from '../services/document-mapping.js';

export interface DocumentWrite {
  workspaceId: string;
  type: DocType;
  id: string;
  title: string;
  /** [[name, weight, text], ...] */
  fields: [string, string, string][];
  /** tsvector literals built by the analyser. */
  primary: string;
  all: string;
  words: string[];
  version: Date;
}

export interface TombstoneWrite {
  workspaceId: string;
  type: DocType;
  id: string;
  deletedAt: Date;
}

export type WriteOutcome = 'applied' | 'stale' | 'duplicate';

type Tx = Prisma.TransactionClient;

const sortKey = (d: Date) => BigInt(d.getTime());

async function insertWords(tx: Tx | Db, workspaceId: string, words: string[]): Promise<void> {
  if (words.length === 0) return;
  // Sorted so concurrent writers take the unique-index locks in the same order (no deadlock).
  const sorted = [...new Set(words)].sort();
  await tx.$executeRaw`
    INSERT INTO search_words (workspace_id, word)
    SELECT ${workspaceId}::uuid, w FROM unnest(${sorted}::text[]) AS u(w)
    ON CONFLICT DO NOTHING`;
}

async function upsertOne(tx: Tx, d: DocumentWrite): Promise<boolean> {
  const rows = await tx.$queryRaw<{ one: number }[]>`
    INSERT INTO search_documents AS s
      (workspace_id, doc_type, doc_id, title, fields, tsv_p, tsv_a, version, sort_key, indexed_at)
    VALUES (${d.workspaceId}::uuid, ${d.type}::doc_type, ${d.id}::uuid, ${d.title}, ${JSON.stringify(d.fields)}::jsonb,
            ${d.primary}::tsvector, ${d.all}::tsvector, ${d.version}::timestamptz, ${sortKey(d.version)}::bigint, clock_timestamp())
    ON CONFLICT (workspace_id, doc_type, doc_id) DO UPDATE SET
      title = EXCLUDED.title, fields = EXCLUDED.fields, tsv_p = EXCLUDED.tsv_p, tsv_a = EXCLUDED.tsv_a,
      version = EXCLUDED.version, sort_key = EXCLUDED.sort_key, indexed_at = clock_timestamp()
    WHERE s.deleted_at IS NULL AND s.version < EXCLUDED.version
    RETURNING 1 AS one`;
  return rows.length === 1;
}

async function tombstoneOne(tx: Tx, t: TombstoneWrite): Promise<boolean> {
  const rows = await tx.$queryRaw<{ one: number }[]>`
    INSERT INTO search_documents AS s
      (workspace_id, doc_type, doc_id, title, fields, tsv_p, tsv_a, version, sort_key, deleted_at, indexed_at)
    VALUES (${t.workspaceId}::uuid, ${t.type}::doc_type, ${t.id}::uuid, '', '[]'::jsonb, ''::tsvector, ''::tsvector,
            ${t.deletedAt}::timestamptz, ${sortKey(t.deletedAt)}::bigint, ${t.deletedAt}::timestamptz, clock_timestamp())
    ON CONFLICT (workspace_id, doc_type, doc_id) DO UPDATE SET
      title = '', fields = '[]'::jsonb, tsv_p = ''::tsvector, tsv_a = ''::tsvector,
      version = GREATEST(s.version, EXCLUDED.version), deleted_at = EXCLUDED.deleted_at, indexed_at = clock_timestamp()
    WHERE s.deleted_at IS NULL
    RETURNING 1 AS one`;
  return rows.length === 1;
}

/** Records `eventId` as processed; false when it already was (a redelivery or a duplicate publish). */
async function claimEvent(tx: Tx, eventId: string, type: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ one: number }[]>`
    INSERT INTO search_processed_events (event_id, type) VALUES (${eventId}::uuid, ${type})
    ON CONFLICT (event_id) DO NOTHING
    RETURNING 1 AS one`;
  return rows.length === 1;
}

export interface RebuildRow {
  id: string;
  startedAt: Date;
}

export class IndexStore {
  constructor(private readonly db: Db) {}

  /** Applies a created/updated event in one transaction with its event id. */
  async upsertFromEvent(eventId: string, eventType: string, doc: DocumentWrite): Promise<WriteOutcome> {
    return this.db.$transaction(async (tx) => {
      if (!(await claimEvent(tx, eventId, eventType))) return 'duplicate';
      if (!(await upsertOne(tx, doc))) return 'stale';
      await insertWords(tx, doc.workspaceId, doc.words);
      return 'applied';
    });
  }

  /** Applies a deleted event in one transaction with its event id. */
  async tombstoneFromEvent(eventId: string, eventType: string, t: TombstoneWrite): Promise<WriteOutcome> {
    return this.db.$transaction(async (tx) => {
      if (!(await claimEvent(tx, eventId, eventType))) return 'duplicate';
      return (await tombstoneOne(tx, t)) ? 'applied' : 'stale';
    });
  }

  /** Records an event that needed no index change (unknown type, malformed data) so it is not retried. */
  async markProcessed(eventId: string, eventType: string): Promise<boolean> {
    return this.db.$transaction((tx) => claimEvent(tx, eventId, eventType));
  }

  async pruneProcessedEvents(olderThan: Date, batch = 5000): Promise<number> {
    return this.db.$executeRaw`
      DELETE FROM search_processed_events WHERE event_id IN (
        SELECT event_id FROM search_processed_events WHERE processed_at < ${olderThan}::timestamptz LIMIT ${batch})`;
  }

  // ---- rebuild ---------------------------------------------------------------------------------------

  /** Opens a rebuild run; its start time (database clock) bounds which unseen documents may be removed. */
  async startRebuild(id: string, workspaceId: string, types: DocType[]): Promise<RebuildRow> {
    const rows = await this.db.$queryRaw<{ started_at: Date }[]>`
      INSERT INTO search_rebuilds (id, workspace_id, types, started_at, status)
      VALUES (${id}::uuid, ${workspaceId}::uuid, ${types}::doc_type[], clock_timestamp(), 'running')
      RETURNING started_at`;
    return { id, startedAt: rows[0]!.started_at };
  }

  async finishRebuild(id: string, status: 'succeeded' | 'failed', counts: { upserted: number; removed: number }, error?: string): Promise<void> {
    await this.db.$executeRaw`
      UPDATE search_rebuilds SET finished_at = clock_timestamp(), status = ${status}, upserted = ${counts.upserted},
             removed = ${counts.removed}, error = ${error ?? null}
       WHERE id = ${id}::uuid`;
  }

  /**
   * Writes a batch of streamed documents under the same rules as events (newer versions only, tombstones
   * final) and marks every one of them as seen by this rebuild, written or not.
   */
  async rebuildBatch(rebuildId: string, docs: DocumentWrite[], tombstones: TombstoneWrite[]): Promise<number> {
    return this.db.$transaction(async (tx) => {
      let written = 0;
      if (docs.length) {
        written = await tx.$executeRaw`
          INSERT INTO search_documents AS s
            (workspace_id, doc_type, doc_id, title, fields, tsv_p, tsv_a, version, sort_key, rebuild_id, indexed_at)
          SELECT w, t, i, ti, f, p, a, v, k, ${rebuildId}::uuid, clock_timestamp()
            FROM unnest(${docs.map((d) => d.workspaceId)}::uuid[], ${docs.map((d) => d.type)}::doc_type[],
                        ${docs.map((d) => d.id)}::uuid[], ${docs.map((d) => d.title)}::text[],
                        ${docs.map((d) => JSON.stringify(d.fields))}::jsonb[], ${docs.map((d) => d.primary)}::tsvector[],
                        ${docs.map((d) => d.all)}::tsvector[], ${docs.map((d) => d.version.toISOString())}::timestamptz[],
                        ${docs.map((d) => String(d.version.getTime()))}::bigint[])
                 AS u(w, t, i, ti, f, p, a, v, k)
          ON CONFLICT (workspace_id, doc_type, doc_id) DO UPDATE SET
            title = EXCLUDED.title, fields = EXCLUDED.fields, tsv_p = EXCLUDED.tsv_p, tsv_a = EXCLUDED.tsv_a,
            version = EXCLUDED.version, sort_key = EXCLUDED.sort_key, rebuild_id = EXCLUDED.rebuild_id,
            indexed_at = clock_timestamp()
          WHERE s.deleted_at IS NULL AND s.version < EXCLUDED.version`;
        // Rows that were current already (or newer, from an event during the rebuild): seen, unchanged.
        await tx.$executeRaw`
          UPDATE search_documents s SET rebuild_id = ${rebuildId}::uuid
            FROM unnest(${docs.map((d) => d.workspaceId)}::uuid[], ${docs.map((d) => d.type)}::doc_type[], ${docs.map((d) => d.id)}::uuid[]) AS u(w, t, i)
           WHERE s.workspace_id = u.w AND s.doc_type = u.t AND s.doc_id = u.i AND s.rebuild_id IS DISTINCT FROM ${rebuildId}::uuid`;
        const words = new Map<string, string[]>();
        for (const d of docs) words.set(d.workspaceId, [...(words.get(d.workspaceId) ?? []), ...d.words]);
        for (const [ws, list] of words) await insertWords(tx, ws, list);
      }
      for (const t of tombstones) if (await tombstoneOne(tx, t)) written++;
      return written;
    });
  }

  /**
   * Turns the live documents of `types` in the workspace that the rebuild did not see into tombstones -
   * but only rows last written before the rebuild started: a row an event wrote during the rebuild is newer
   * than the source's snapshot and stays. Works in batches so no lock is held for long.
   */
  async sweepUnseen(rebuildId: string, workspaceId: string, types: DocType[], startedAt: Date, batch = 2000): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.$executeRaw`
        UPDATE search_documents s
           SET title = '', fields = '[]'::jsonb, tsv_p = ''::tsvector, tsv_a = ''::tsvector,
               deleted_at = clock_timestamp(), version = GREATEST(s.version, clock_timestamp()), indexed_at = clock_timestamp()
         WHERE (s.workspace_id, s.doc_type, s.doc_id) IN (
                 SELECT workspace_id, doc_type, doc_id FROM search_documents
                  WHERE workspace_id = ${workspaceId}::uuid AND doc_type = ANY(${types}::doc_type[])
                    AND deleted_at IS NULL AND rebuild_id IS DISTINCT FROM ${rebuildId}::uuid
                    AND indexed_at < ${startedAt}::timestamptz
                  LIMIT ${batch})
           AND s.deleted_at IS NULL AND s.rebuild_id IS DISTINCT FROM ${rebuildId}::uuid AND s.indexed_at < ${startedAt}::timestamptz`;
      total += n;
      if (n < batch) return total;
    }
  }

  /** Drops dictionary words no live document of the workspace contains any more. */
  async pruneWords(workspaceId: string): Promise<number> {
    return this.db.$executeRaw`
      DELETE FROM search_words w
       WHERE w.workspace_id = ${workspaceId}::uuid
         AND NOT EXISTS (SELECT 1 FROM search_documents d
                          WHERE d.workspace_id = w.workspace_id AND d.tsv_a @@ quote_literal(w.word)::tsquery)`;
  }
}
