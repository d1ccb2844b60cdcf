/**
 * Bulk-loads the synthetic corpus straight into a search database: secondary indexes are dropped, rows go
 * in with batched multi-row INSERTs over two connections, then the indexes are re-created from their own
 * definitions (read back from pg_indexes, so the DDL is exactly the migrated one) and the tables analysed.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { corpusGenerator, type GeneratedDocument } from './search-data.js';

export interface CorpusShape {
  documents: number;
  workspaces: number;
  /** Documents of the one large workspace (the first). */
  largeWorkspace: number;
  seed?: number;
}

export const DEFAULT_SHAPE: CorpusShape = { documents: 1_000_000, workspaces: 100, largeWorkspace: 200_000 };

export interface LoadedCorpus {
  workspaceIds: string[];
  largeWorkspaceId: string;
  tailWords: string[];
  /** A few documents of the large workspace, for targeted queries. */
  samples: GeneratedDocument[];
  seconds: { generateAndInsert: number; indexes: number; analyze: number };
}

const BATCH = 2000;

async function insertBatch(client: pg.ClientBase, docs: GeneratedDocument[]): Promise<void> {
  await client.query(
    `INSERT INTO search_documents (workspace_id, doc_type, doc_id, title, fields, tsv_p, tsv_s, version, sort_key)
     SELECT w, t, i, ti, f, p, a, v, (extract(epoch from v) * 1000)::bigint
       FROM unnest($1::uuid[], $2::doc_type[], $3::uuid[], $4::text[], $5::jsonb[], $6::tsvector[], $7::tsvector[], $8::timestamptz[])
         AS u(w, t, i, ti, f, p, a, v)`,
    [
      docs.map((d) => d.workspaceId),
      docs.map((d) => d.type),
      docs.map((d) => d.id),
      docs.map((d) => d.title),
      docs.map((d) => JSON.stringify(d.fields)),
      docs.map((d) => d.primary),
      docs.map((d) => d.secondary),
      docs.map((d) => d.updatedAt.toISOString()),
    ],
  );
}

/** `largeWorkspaceId`: load the large workspace under this id (e.g. one an API token of the bench reaches). */
export async function loadCorpus(
  databaseUrl: string,
  shape: CorpusShape = DEFAULT_SHAPE,
  log: (m: string) => void = console.log,
  largeWorkspaceId?: string,
): Promise<LoadedCorpus> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  try {
    const workspaceIds = Array.from({ length: shape.workspaces }, (_, i) =>
      i === 0 && largeWorkspaceId ? largeWorkspaceId : randomUUID(),
    );
    const large = workspaceIds[0]!;
    const perSmall = Math.floor((shape.documents - shape.largeWorkspace) / Math.max(1, shape.workspaces - 1));

    await pool.query('TRUNCATE search_documents, search_words');
    const indexes = (
      await pool.query<{ indexname: string; indexdef: string }>(
        `SELECT i.indexname, i.indexdef FROM pg_indexes i
          WHERE i.schemaname = 'public' AND i.tablename IN ('search_documents', 'search_words')
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      )
    ).rows;
    for (const ix of indexes) await pool.query(`DROP INDEX IF EXISTS "${ix.indexname.replace(/"/g, '')}"`);

    const gen = corpusGenerator(shape.seed ?? 42);
    const samples: GeneratedDocument[] = [];
    const t0 = Date.now();
    const inFlight = new Set<Promise<void>>();
    let loaded = 0;
    const words = new Map<string, Map<string, [number, number]>>();
    for (let w = 0; w < shape.workspaces; w++) {
      const wsId = workspaceIds[w]!;
      const count =
        w === 0
          ? shape.largeWorkspace
          : w === shape.workspaces - 1
            ? shape.documents - shape.largeWorkspace - perSmall * (shape.workspaces - 2)
            : perSmall;
      const wsWords = new Map<string, [number, number]>();
      words.set(wsId, wsWords);
      for (let done = 0; done < count; ) {
        const n = Math.min(BATCH, count - done);
        const batch: GeneratedDocument[] = [];
        for (let i = 0; i < n; i++) {
          const d = gen.document(wsId);
          for (const word of d.wordsPrimary) {
            const c = wsWords.get(word) ?? [0, 0];
            c[0]++;
            wsWords.set(word, c);
          }
          for (const word of d.wordsSecondary) {
            const c = wsWords.get(word) ?? [0, 0];
            c[1]++;
            wsWords.set(word, c);
          }
          batch.push(d);
          if (w === 0 && samples.length < 200 && (done + i) % 997 === 0) samples.push(d);
        }
        done += n;
        const p = pool.connect().then(async (c) => {
          try {
            await insertBatch(c, batch);
          } finally {
            c.release();
          }
        });
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
        if (inFlight.size >= 2) await Promise.race(inFlight);
        loaded += n;
        if (loaded % 100_000 < BATCH) log(`  loaded ${loaded} documents (${Math.round((Date.now() - t0) / 1000)} s)`);
      }
    }
    await Promise.all(inFlight);
    for (const [wsId, counts] of words) {
      const list = [...counts];
      for (let i = 0; i < list.length; i += 20_000) {
        const chunk = list.slice(i, i + 20_000);
        await pool.query(
          'INSERT INTO search_words (workspace_id, word, ndoc_p, ndoc_s) SELECT $1::uuid, w, p, s FROM unnest($2::text[], $3::int[], $4::int[]) AS u(w, p, s)',
          [wsId, chunk.map(([w]) => w), chunk.map(([, c]) => c[0]), chunk.map(([, c]) => c[1])],
        );
      }
    }
    const t1 = Date.now();
    log(`  rows in ${Math.round((t1 - t0) / 1000)} s; building ${indexes.length} indexes`);
    await Promise.all(
      indexes.map(async (ix) => {
        const c = await pool.connect();
        try {
          await c.query("SET maintenance_work_mem = '512MB'");
          await c.query(ix.indexdef);
        } finally {
          c.release();
        }
      }),
    );
    const t2 = Date.now();
    await pool.query('VACUUM (ANALYZE) search_documents');
    await pool.query('VACUUM (ANALYZE) search_words');
    const t3 = Date.now();
    log(`  indexes in ${Math.round((t2 - t1) / 1000)} s; vacuum analyze in ${Math.round((t3 - t2) / 1000)} s`);
    return {
      workspaceIds,
      largeWorkspaceId: large,
      tailWords: gen.tailWords,
      samples,
      seconds: { generateAndInsert: (t1 - t0) / 1000, indexes: (t2 - t1) / 1000, analyze: (t3 - t2) / 1000 },
    };
  } finally {
    await pool.end();
  }
}
