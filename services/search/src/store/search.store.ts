/**
 * The read side of the index. Every statement is a tagged template: values travel as bind parameters, and
 * the only SQL fragments chosen at run time come from closed sets in this file (which tsvector column, which
 * optional condition), never from caller input.
 *
 * One tier page is: the workspace's live documents meeting the tier's tsquery (and not a better tier's),
 * after the keyset position, in (sort_key DESC, doc_id DESC, doc_type DESC) order, LIMIT n. PostgreSQL
 * plans each with the actual tsquery (unnamed statements are planned with their parameters), choosing
 * between the GIN match index (rare terms: few matches, sorted) and a walk down the keyset index with the
 * tsquery as a filter (common terms: stops after n hits).
 */
import { Prisma } from './generated/client.js';
import type { Database } from './db.js';
import type { DocType } from '../services/document-mapping.js';
import type { Cond, TierPlan } from '../services/query-parser.js';

export interface DocKey {
  type: DocType;
  id: string;
  sortKey: bigint;
}

/** A tier hit with what the page shows of it. */
export interface DocRow extends DocKey {
  title: string;
  fields: [string, string, string][];
}

export interface DictionaryWord {
  term: string;
  word: string;
  similarity: number;
  /** Live documents holding the word in tsv_p / tsv_s. */
  ndocP: number;
  ndocS: number;
}

export interface PrefixWords {
  term: string;
  words: { word: string; ndocP: number; ndocS: number }[];
  totalWords: number;
  totalP: number;
  totalS: number;
  /** Totals stopped at the scan cap: the real ones are larger. */
  capped: boolean;
}

export interface TierPageQuery {
  workspaceId: string;
  plan: TierPlan;
  types: DocType[] | null;
  /** Keyset position inside this tier: rows strictly after it. */
  after: DocKey | null;
  limit: number;
}

/**
 * Shortest term whose typo candidates are found with the tighter `<<%` (0.35). An adjacent transposition inside
 * a word of n letters keeps n - 3 of its n + 1 trigrams, similarity (n - 3) / (n + 5): 0.27 at 6 letters
 * ("wlison"/"wilson"), 0.33 at 7 ("inglbey"/"ingleby"), 0.38 at 8. Below 8 letters such one-edit typos only
 * pass the looser `%` (0.2); from 8 on every one-edit typo also passes 0.35.
 */
export const STRICT_MIN_CHARS = 8;

const COLUMN = { primary: Prisma.raw('tsv_p'), secondary: Prisma.raw('tsv_s') } as const;

/** Renders a tier condition; the tsquery literals are bind parameters, the structure comes from the plan. */
export function renderCond(c: Cond): Prisma.Sql {
  switch (c.kind) {
    case 'match':
      // ts_match_vq is the function behind @@: same result, but not an index condition (a plain filter).
      return c.index
        ? Prisma.sql`${COLUMN[c.column]} @@ ${c.query}::tsquery`
        : Prisma.sql`ts_match_vq(${COLUMN[c.column]}, ${c.query}::tsquery)`;
    case 'not':
      return Prisma.sql`NOT (${renderCond(c.item)})`;
    case 'and':
    case 'or':
      return Prisma.sql`(${Prisma.join(c.items.map(renderCond), c.kind === 'and' ? ' AND ' : ' OR ')})`;
  }
}

function typeCondition(types: DocType[] | null): Prisma.Sql {
  if (!types) return Prisma.empty;
  if (types.length === 1) return Prisma.sql`AND doc_type = ${types[0]}::doc_type`;
  return Prisma.sql`AND doc_type = ANY(${types}::doc_type[])`;
}

export class SearchStore {
  constructor(private readonly db: Database) {}

  private filters(q: TierPageQuery): Prisma.Sql {
    const after = q.after
      ? Prisma.sql`AND (sort_key, doc_id, doc_type) < (${q.after.sortKey}::bigint, ${q.after.id}::uuid, ${q.after.type}::doc_type)`
      : Prisma.empty;
    return Prisma.sql`workspace_id = ${q.workspaceId}::uuid AND deleted_at IS NULL ${typeCondition(q.types)} ${after}`;
  }

  /**
   * Walk plan: the workspace's documents in tier order from the keyset position, at most `budget` of them,
   * filtered by the tier condition. The inner query has no tsquery, so PostgreSQL can only walk the keyset
   * index; the walk stops after `limit` hits or `budget` rows, whichever comes first.
   */
  walkSql(q: TierPageQuery, budget: number): Prisma.Sql {
    return Prisma.sql`
      SELECT w.doc_type::text AS type, w.doc_id::text AS id, w.sort_key, w.title, w.fields
        FROM (SELECT doc_type, doc_id, sort_key, tsv_p, tsv_s, title, fields
                FROM search_documents
               WHERE ${this.filters(q)}
               ORDER BY sort_key DESC, doc_id DESC, doc_type DESC
               LIMIT ${budget}) w
       WHERE ${renderCond(q.plan.where)}
       ORDER BY w.sort_key DESC, w.doc_id DESC, w.doc_type DESC
       LIMIT ${q.limit}`;
  }

  /**
   * Match plan: every member of the tier after the keyset position, from the GIN indexes (the materialised
   * CTE has no order to exploit, so a keyset walk is pointless to the planner), then the top `limit`, and
   * only for those the title and fields.
   */
  matchSql(q: TierPageQuery): Prisma.Sql {
    return Prisma.sql`
      WITH m AS MATERIALIZED (
        SELECT doc_type, doc_id, sort_key FROM search_documents
         WHERE ${this.filters(q)} AND ${renderCond(q.plan.where)}),
      top AS (SELECT * FROM m ORDER BY sort_key DESC, doc_id DESC, doc_type DESC LIMIT ${q.limit})
      SELECT top.doc_type::text AS type, top.doc_id::text AS id, top.sort_key, s.title, s.fields
        FROM top
        JOIN search_documents s ON s.workspace_id = ${q.workspaceId}::uuid AND s.doc_type = top.doc_type AND s.doc_id = top.doc_id
       ORDER BY top.sort_key DESC, top.doc_id DESC, top.doc_type DESC`;
  }

  private async rows(sql: Prisma.Sql): Promise<DocRow[]> {
    const rows = await this.db.client.$queryRaw<{ type: DocType; id: string; sort_key: bigint; title: string; fields: unknown }[]>(sql);
    return rows.map((r) => ({
      type: r.type,
      id: r.id,
      sortKey: BigInt(r.sort_key),
      title: r.title,
      fields: Array.isArray(r.fields) ? (r.fields as [string, string, string][]) : [],
    }));
  }

  tierWalk(q: TierPageQuery, budget: number): Promise<DocRow[]> {
    return this.rows(this.walkSql(q, budget));
  }

  tierMatch(q: TierPageQuery): Promise<DocRow[]> {
    return this.rows(this.matchSql(q));
  }

  /** Live documents of a workspace (index-only scan of the keyset index). */
  async workspaceSize(workspaceId: string): Promise<number> {
    const rows = await this.db.client.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM search_documents WHERE workspace_id = ${workspaceId}::uuid AND deleted_at IS NULL`;
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Dictionary words of the workspace that look like each term, most similar first, at most `perTerm` per
   * term, with their document counts. Candidates come from the trigram index: for terms under
   * STRICT_MIN_CHARS letters `word % term` (similarity >= 0.2: "jonh"/"john" share only 2 of 8 trigrams), for
   * longer ones `term <<% word` (strict word similarity >= 0.35, a single word: the same measure with a tighter
   * threshold, which keeps a long word's candidate list short). Words with digits are not typo candidates.
   */
  async similarWords(workspaceId: string, terms: string[], perTerm: number): Promise<DictionaryWord[]> {
    if (terms.length === 0) return [];
    const short = terms.filter((t) => Array.from(t).length < STRICT_MIN_CHARS);
    const long = terms.filter((t) => Array.from(t).length >= STRICT_MIN_CHARS);
    const rows = await this.db.client.$queryRaw<{ term: string; word: string; similarity: number; ndoc_p: number; ndoc_s: number }[]>`
      SELECT t.term, c.word, c.sim::float8 AS similarity, c.ndoc_p, c.ndoc_s
        FROM unnest(${short}::text[]) AS t(term)
        CROSS JOIN LATERAL (
          SELECT w.word, similarity(w.word, t.term) AS sim, w.ndoc_p, w.ndoc_s
            FROM search_words w
           WHERE w.workspace_id = ${workspaceId}::uuid AND w.word % t.term
             AND (w.ndoc_p > 0 OR w.ndoc_s > 0) AND w.word !~ '[0-9]'
           ORDER BY sim DESC, w.word
           LIMIT ${perTerm}) c
      UNION ALL
      SELECT t.term, c.word, c.sim::float8 AS similarity, c.ndoc_p, c.ndoc_s
        FROM unnest(${long}::text[]) AS t(term)
        CROSS JOIN LATERAL (
          SELECT w.word, similarity(w.word, t.term) AS sim, w.ndoc_p, w.ndoc_s
            FROM search_words w
           WHERE w.workspace_id = ${workspaceId}::uuid AND t.term <<% w.word
             AND (w.ndoc_p > 0 OR w.ndoc_s > 0) AND w.word !~ '[0-9]'
           ORDER BY sim DESC, w.word
           LIMIT ${perTerm}) c`;
    return rows.map((r) => ({
      term: r.term,
      word: r.word,
      similarity: Number(r.similarity),
      ndocP: Number(r.ndoc_p),
      ndocS: Number(r.ndoc_s),
    }));
  }

  /**
   * For each term: the dictionary words that start with it (the term itself included when it is one), at most
   * `max`, with their document counts, and totals over all of them (counted up to `scanCap` words). The word
   * column is byte-ordered (COLLATE "C"), so a prefix is one range of the primary key.
   */
  async prefixWords(workspaceId: string, terms: string[], max: number, scanCap: number): Promise<PrefixWords[]> {
    if (terms.length === 0) return [];
    const rows = await this.db.client.$queryRaw<
      { term: string; word: string; ndoc_p: number; ndoc_s: number; total_words: bigint; total_p: bigint; total_s: bigint }[]
    >`
      SELECT t.term, e.word, e.ndoc_p, e.ndoc_s, e.total_words, e.total_p, e.total_s
        FROM unnest(${terms}::text[]) AS t(term)
        CROSS JOIN LATERAL (
          SELECT r.word, r.ndoc_p, r.ndoc_s,
                 count(*) OVER () AS total_words, sum(r.ndoc_p) OVER () AS total_p, sum(r.ndoc_s) OVER () AS total_s,
                 row_number() OVER (ORDER BY r.word) AS n
            FROM (SELECT w.word, w.ndoc_p, w.ndoc_s
                    FROM search_words w
                   WHERE w.workspace_id = ${workspaceId}::uuid
                     AND w.word >= t.term COLLATE "C" AND w.word < (t.term || chr(1114111)) COLLATE "C"
                     AND (w.ndoc_p > 0 OR w.ndoc_s > 0)
                   ORDER BY w.word
                   LIMIT ${scanCap}) r) e
       WHERE e.n <= ${max}
       ORDER BY t.term, e.word`;
    const out = new Map<string, PrefixWords>();
    for (const r of rows) {
      let p = out.get(r.term);
      if (!p) {
        p = {
          term: r.term,
          words: [],
          totalWords: Number(r.total_words),
          totalP: Number(r.total_p),
          totalS: Number(r.total_s),
          capped: Number(r.total_words) >= scanCap,
        };
        out.set(r.term, p);
      }
      p.words.push({ word: r.word, ndocP: Number(r.ndoc_p), ndocS: Number(r.ndoc_s) });
    }
    return terms.map((term) => out.get(term) ?? { term, words: [], totalWords: 0, totalP: 0, totalS: 0, capped: false });
  }

  /** For EXPLAIN in benchmarks and tests. */
  async explain(sql: Prisma.Sql): Promise<string> {
    const rows = await this.db.client.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  async ping(): Promise<void> {
    await this.db.client.$queryRaw`SELECT 1`;
  }
}
