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
import type { Database, Tx } from './db.js';
import type { DocType } from '../services/document-mapping.js';
import { isDictionaryWord, tsvectorLexemes } from '../services/text-analysis.js';

export interface DocumentWrite {
  workspaceId: string;
  type: DocType;
  id: string;
  title: string;
  /** [[name, weight, text], ...] */
  fields: [string, string, string][];
  /** tsvector literals built by the analyser. */
  primary: string;
  secondary: string;
  /** Dictionary words of each tsvector (disjoint). */
  wordsPrimary: string[];
  wordsSecondary: string[];
  version: Date;
}

export interface TombstoneWrite {
  workspaceId: string;
  type: DocType;
  id: string;
  deletedAt: Date;
}

export type WriteOutcome = 'applied' | 'stale' | 'duplicate';

/** Interactive transactions wait for a pooled connection and run for at most this long. */
const TX_OPTIONS = { maxWait: 10_000, timeout: 30_000 };

const sortKey = (d: Date) => BigInt(d.getTime());
const keyOf = (k: { workspaceId: string; type: string; id: string }) => `${k.workspaceId}:${k.type}:${k.id}`;

interface StoredState {
  key: string;
  deleted: boolean;
  version: Date;
  wordsPrimary: string[];
  wordsSecondary: string[];
}

/** Count changes of the dictionary: word -> [delta of ndoc_p, delta of ndoc_s]. */
class WordDeltas {
  readonly byWord = new Map<string, [number, number]>();
  add(words: string[], column: 0 | 1, delta: number): void {
    for (const w of words) {
      const d = this.byWord.get(w) ?? [0, 0];
      d[column] += delta;
      this.byWord.set(w, d);
    }
  }
  /** old -> new state of one document. */
  diff(
    before: { wordsPrimary: string[]; wordsSecondary: string[] } | null,
    after: { wordsPrimary: string[]; wordsSecondary: string[] } | null,
  ): void {
    if (before) {
      this.add(before.wordsPrimary, 0, -1);
      this.add(before.wordsSecondary, 1, -1);
    }
    if (after) {
      this.add(after.wordsPrimary, 0, 1);
      this.add(after.wordsSecondary, 1, 1);
    }
  }
}

/**
 * Serialises writers of the same documents: a transaction-scoped advisory lock per document key, taken in
 * sorted order (so two batches never wait on each other in a cycle) before anything else is read or written.
 */
async function lockDocuments(tx: Tx, keys: string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(${sorted}::text[]) WITH ORDINALITY AS u(k, n) ORDER BY n`;
}

async function readStates(tx: Tx, workspaceId: string, keys: { type: DocType; id: string }[]): Promise<Map<string, StoredState>> {
  const out = new Map<string, StoredState>();
  if (keys.length === 0) return out;
  const rows = await tx.$queryRaw<{ type: string; id: string; p: string; s: string; version: Date; deleted: boolean }[]>`
    SELECT d.doc_type::text AS type, d.doc_id::text AS id, d.tsv_p::text AS p, d.tsv_s::text AS s, d.version,
           d.deleted_at IS NOT NULL AS deleted
      FROM unnest(${keys.map((k) => k.type)}::doc_type[], ${keys.map((k) => k.id)}::uuid[]) AS u(t, i)
      JOIN search_documents d ON d.workspace_id = ${workspaceId}::uuid AND d.doc_type = u.t AND d.doc_id = u.i`;
  for (const r of rows) {
    const key = keyOf({ workspaceId, type: r.type, id: r.id });
    out.set(key, {
      key,
      deleted: r.deleted,
      version: r.version,
      wordsPrimary: tsvectorLexemes(r.p).filter(isDictionaryWord),
      wordsSecondary: tsvectorLexemes(r.s).filter(isDictionaryWord),
    });
  }
  return out;
}

async function applyWordDeltas(tx: Tx, workspaceId: string, deltas: WordDeltas): Promise<void> {
  // Sorted so concurrent writers lock the dictionary rows in the same order (no deadlock). A count never
  // goes below zero; rows at zero are removed by pruneWords.
  const entries = [...deltas.byWord].filter(([, [p, s]]) => p !== 0 || s !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO search_words AS w (workspace_id, word, ndoc_p, ndoc_s)
    SELECT ${workspaceId}::uuid, u.word, u.dp, u.ds
      FROM unnest(${entries.map(([w]) => w)}::text[], ${entries.map(([, d]) => d[0])}::int[], ${entries.map(([, d]) => d[1])}::int[])
           WITH ORDINALITY AS u(word, dp, ds, n)
     ORDER BY u.n
    ON CONFLICT (workspace_id, word) DO UPDATE SET
      ndoc_p = GREATEST(w.ndoc_p + EXCLUDED.ndoc_p, 0),
      ndoc_s = GREATEST(w.ndoc_s + EXCLUDED.ndoc_s, 0)`;
}

async function writeDocuments(tx: Tx, docs: DocumentWrite[], rebuildId: string | null): Promise<void> {
  if (docs.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO search_documents AS s
      (workspace_id, doc_type, doc_id, title, fields, tsv_p, tsv_s, version, sort_key, deleted_at, rebuild_id, indexed_at)
    SELECT w, t, i, ti, f, p, sv, v, k, NULL, ${rebuildId}::uuid, clock_timestamp()
      FROM unnest(${docs.map((d) => d.workspaceId)}::uuid[], ${docs.map((d) => d.type)}::doc_type[],
                  ${docs.map((d) => d.id)}::uuid[], ${docs.map((d) => d.title)}::text[],
                  ${docs.map((d) => JSON.stringify(d.fields))}::jsonb[], ${docs.map((d) => d.primary)}::tsvector[],
                  ${docs.map((d) => d.secondary)}::tsvector[], ${docs.map((d) => d.version.toISOString())}::timestamptz[],
                  ${docs.map((d) => String(sortKey(d.version)))}::bigint[])
           AS u(w, t, i, ti, f, p, sv, v, k)
    ON CONFLICT (workspace_id, doc_type, doc_id) DO UPDATE SET
      title = EXCLUDED.title, fields = EXCLUDED.fields, tsv_p = EXCLUDED.tsv_p, tsv_s = EXCLUDED.tsv_s,
      version = EXCLUDED.version, sort_key = EXCLUDED.sort_key, indexed_at = clock_timestamp(),
      rebuild_id = COALESCE(EXCLUDED.rebuild_id, s.rebuild_id)
    WHERE s.deleted_at IS NULL AND s.version < EXCLUDED.version`;
}

async function writeTombstones(tx: Tx, tombs: TombstoneWrite[]): Promise<void> {
  if (tombs.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO search_documents AS s
      (workspace_id, doc_type, doc_id, title, fields, tsv_p, tsv_s, version, sort_key, deleted_at, indexed_at)
    SELECT w, t, i, '', '[]'::jsonb, ''::tsvector, ''::tsvector, v, k, v, clock_timestamp()
      FROM unnest(${tombs.map((d) => d.workspaceId)}::uuid[], ${tombs.map((d) => d.type)}::doc_type[],
                  ${tombs.map((d) => d.id)}::uuid[], ${tombs.map((d) => d.deletedAt.toISOString())}::timestamptz[],
                  ${tombs.map((d) => String(sortKey(d.deletedAt)))}::bigint[])
           AS u(w, t, i, v, k)
    ON CONFLICT (workspace_id, doc_type, doc_id) DO UPDATE SET
      title = '', fields = '[]'::jsonb, tsv_p = ''::tsvector, tsv_s = ''::tsvector,
      version = GREATEST(s.version, EXCLUDED.version), deleted_at = EXCLUDED.deleted_at, indexed_at = clock_timestamp()
    WHERE s.deleted_at IS NULL`;
}

/** Records `eventId` as processed; false when it already was (a redelivery or a duplicate publish). */
async function claimEvent(tx: Tx, eventId: string, type: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ one: number }[]>`
    INSERT INTO search_processed_events (event_id, type) VALUES (${eventId}::uuid, ${type})
    ON CONFLICT (event_id) DO NOTHING
    RETURNING 1 AS one`;
  return rows.length === 1;
}

/**
 * Applies documents and tombstones of one workspace under the ordering rules, keeping the dictionary counts
 * exact: lock the keys, read the stored states, keep only the writes that win (newer version, no tombstone),
 * write them and the count changes. Returns the number of documents and tombstones written.
 */
async function applyWrites(
  tx: Tx,
  workspaceId: string,
  docs: DocumentWrite[],
  tombs: TombstoneWrite[],
  rebuildId: string | null,
): Promise<number> {
  const keys = [...docs, ...tombs].map((k) => ({ type: k.type, id: k.id }));
  await lockDocuments(tx, [...docs, ...tombs].map(keyOf));
  const states = await readStates(tx, workspaceId, keys);
  const deltas = new WordDeltas();
  const winningDocs: DocumentWrite[] = [];
  for (const d of docs) {
    const old = states.get(keyOf(d));
    if (old && (old.deleted || old.version.getTime() >= d.version.getTime())) continue;
    deltas.diff(old ?? null, d);
    winningDocs.push(d);
  }
  const winningTombs: TombstoneWrite[] = [];
  for (const t of tombs) {
    const old = states.get(keyOf(t));
    if (old?.deleted) continue;
    deltas.diff(old ?? null, null);
    winningTombs.push(t);
  }
  await writeDocuments(tx, winningDocs, rebuildId);
  await writeTombstones(tx, winningTombs);
  await applyWordDeltas(tx, workspaceId, deltas);
  return winningDocs.length + winningTombs.length;
}

export interface RebuildRow {
  id: string;
  startedAt: Date;
}

export class IndexStore {
  constructor(private readonly db: Database) {}

  /** Applies a created/updated event in one transaction with its event id. */
  async upsertFromEvent(eventId: string, eventType: string, doc: DocumentWrite): Promise<WriteOutcome> {
    return this.db.transaction(async (tx) => {
      if (!(await claimEvent(tx, eventId, eventType))) return 'duplicate';
      return (await applyWrites(tx, doc.workspaceId, [doc], [], null)) ? 'applied' : 'stale';
    }, TX_OPTIONS);
  }

  /** Applies a deleted event in one transaction with its event id. */
  async tombstoneFromEvent(eventId: string, eventType: string, t: TombstoneWrite): Promise<WriteOutcome> {
    return this.db.transaction(async (tx) => {
      if (!(await claimEvent(tx, eventId, eventType))) return 'duplicate';
      return (await applyWrites(tx, t.workspaceId, [], [t], null)) ? 'applied' : 'stale';
    }, TX_OPTIONS);
  }

  async pruneProcessedEvents(olderThan: Date, batch = 5000): Promise<number> {
    return this.db.client.$executeRaw`
      DELETE FROM search_processed_events WHERE event_id IN (
        SELECT event_id FROM search_processed_events WHERE processed_at < ${olderThan}::timestamptz LIMIT ${batch})`;
  }

  /** Removes dictionary words no live document holds any more (all workspaces, in batches). */
  async pruneEmptyWords(batch = 5000): Promise<number> {
    return this.db.client.$executeRaw`
      DELETE FROM search_words w USING (
        SELECT workspace_id, word FROM search_words WHERE ndoc_p <= 0 AND ndoc_s <= 0 LIMIT ${batch}) z
       WHERE w.workspace_id = z.workspace_id AND w.word = z.word AND w.ndoc_p <= 0 AND w.ndoc_s <= 0`;
  }

  // ---- rebuild ---------------------------------------------------------------------------------------

  /** Opens a rebuild run; its start time (database clock) bounds which unseen documents may be removed. */
  async startRebuild(id: string, workspaceId: string, types: DocType[]): Promise<RebuildRow> {
    const rows = await this.db.client.$queryRaw<{ started_at: Date }[]>`
      INSERT INTO search_rebuilds (id, workspace_id, types, started_at, status)
      VALUES (${id}::uuid, ${workspaceId}::uuid, ${types}::doc_type[], clock_timestamp(), 'running')
      RETURNING started_at`;
    return { id, startedAt: rows[0]!.started_at };
  }

  async finishRebuild(
    id: string,
    status: 'succeeded' | 'failed',
    counts: { upserted: number; removed: number },
    error?: string,
  ): Promise<void> {
    await this.db.client.$executeRaw`
      UPDATE search_rebuilds SET finished_at = clock_timestamp(), status = ${status}, upserted = ${counts.upserted},
             removed = ${counts.removed}, error = ${error ?? null}
       WHERE id = ${id}::uuid`;
  }

  /**
   * Writes a batch of streamed documents of one workspace under the same rules as events (newer versions
   * only, tombstones final) and marks every one of them as seen by this rebuild, written or not.
   */
  async rebuildBatch(rebuildId: string, workspaceId: string, docs: DocumentWrite[], tombstones: TombstoneWrite[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const written = await applyWrites(tx, workspaceId, docs, tombstones, rebuildId);
      const seen = [...docs, ...tombstones];
      if (seen.length) {
        // Rows that were current already (or newer, from an event during the rebuild): seen, unchanged.
        await tx.$executeRaw`
          UPDATE search_documents s SET rebuild_id = ${rebuildId}::uuid
            FROM unnest(${seen.map((d) => d.type)}::doc_type[], ${seen.map((d) => d.id)}::uuid[]) AS u(t, i)
           WHERE s.workspace_id = ${workspaceId}::uuid AND s.doc_type = u.t AND s.doc_id = u.i
             AND s.rebuild_id IS DISTINCT FROM ${rebuildId}::uuid`;
      }
      return written;
    }, TX_OPTIONS);
  }

  /**
   * Turns into tombstones the live documents of `types` in the workspace that the rebuild did not see - but
   * only rows last written before the rebuild started: a row an event wrote during the rebuild is newer than
   * the source's snapshot and stays. Works in batches (with the same per-document locks and dictionary count
   * updates as every other write) so no lock is held for long.
   */
  async sweepUnseen(rebuildId: string, workspaceId: string, types: DocType[], startedAt: Date, batch = 1000): Promise<number> {
    let total = 0;
    for (;;) {
      const candidates = await this.db.client.$queryRaw<{ type: DocType; id: string }[]>`
        SELECT doc_type::text AS type, doc_id::text AS id FROM search_documents
         WHERE workspace_id = ${workspaceId}::uuid AND doc_type = ANY(${types}::doc_type[])
           AND deleted_at IS NULL AND rebuild_id IS DISTINCT FROM ${rebuildId}::uuid
           AND indexed_at < ${startedAt}::timestamptz
         LIMIT ${batch}`;
      if (candidates.length === 0) return total;
      total += await this.db.transaction(async (tx) => {
        await lockDocuments(
          tx,
          candidates.map((c) => keyOf({ workspaceId, ...c })),
        );
        // Re-check under the locks: an event may have written one of them meanwhile.
        const still = await tx.$queryRaw<{ type: DocType; id: string }[]>`
          SELECT doc_type::text AS type, doc_id::text AS id FROM search_documents
           WHERE workspace_id = ${workspaceId}::uuid
             AND (doc_type, doc_id) IN (SELECT * FROM unnest(${candidates.map((c) => c.type)}::doc_type[], ${candidates.map((c) => c.id)}::uuid[]))
             AND deleted_at IS NULL AND rebuild_id IS DISTINCT FROM ${rebuildId}::uuid
             AND indexed_at < ${startedAt}::timestamptz`;
        const now = new Date();
        return applyWrites(
          tx,
          workspaceId,
          [],
          still.map((c) => ({ workspaceId, type: c.type, id: c.id, deletedAt: now })),
          null,
        );
      }, TX_OPTIONS);
      if (candidates.length < batch) return total;
    }
  }

  /** Drops the workspace's dictionary words no live document holds any more. */
  async pruneWords(workspaceId: string): Promise<number> {
    return this.db.client.$executeRaw`
      DELETE FROM search_words WHERE workspace_id = ${workspaceId}::uuid AND ndoc_p <= 0 AND ndoc_s <= 0`;
  }
}
