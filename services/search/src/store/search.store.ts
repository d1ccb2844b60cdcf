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
import type { Db } from './prisma.js';
import type { DocType } from '../services/document-mapping.js';
import type { TierPlan } from '../services/query-parser.js';

export interface DocKey {
  type: DocType;
  id: string;
  sortKey: bigint;
}

export interface DocContent {
  type: DocType;
  id: string;
  title: string;
  fields: [string, string, string][];
}

export interface TierPageQuery {
  workspaceId: string;
  plan: TierPlan;
  types: DocType[] | null;
  /** Keyset position inside this tier: rows strictly after it. */
  after: DocKey | null;
  limit: number;
}

const COLUMN = { primary: Prisma.raw('tsv_p'), all: Prisma.raw('tsv_a') } as const;

function typeCondition(types: DocType[] | null): Prisma.Sql {
  if (!types) return Prisma.empty;
  if (types.length === 1) return Prisma.sql`AND doc_type = ${types[0]}::doc_type`;
  return Prisma.sql`AND doc_type = ANY(${types}::doc_type[])`;
}

export class SearchStore {
  constructor(private readonly db: Db) {}

  tierPageSql(q: TierPageQuery): Prisma.Sql {
    const { plan } = q;
    const excludes = plan.exclude.length
      ? Prisma.join(
          plan.exclude.map((e) => Prisma.sql`AND NOT (${COLUMN[e.column]} @@ ${e.query}::tsquery)`),
          ' ',
        )
      : Prisma.empty;
    const after = q.after
      ? Prisma.sql`AND (sort_key, doc_id, doc_type) < (${q.after.sortKey}::bigint, ${q.after.id}::uuid, ${q.after.type}::doc_type)`
      : Prisma.empty;
    return Prisma.sql`
      SELECT doc_type::text AS type, doc_id::text AS id, sort_key
        FROM search_documents
       WHERE workspace_id = ${q.workspaceId}::uuid
         AND deleted_at IS NULL
         AND ${COLUMN[plan.column]} @@ ${plan.query}::tsquery
         ${excludes}
         ${typeCondition(q.types)}
         ${after}
       ORDER BY sort_key DESC, doc_id DESC, doc_type DESC
       LIMIT ${q.limit}`;
  }

  async tierPage(q: TierPageQuery): Promise<DocKey[]> {
    const rows = await this.db.$queryRaw<{ type: DocType; id: string; sort_key: bigint }[]>(this.tierPageSql(q));
    return rows.map((r) => ({ type: r.type, id: r.id, sortKey: BigInt(r.sort_key) }));
  }

  /** Titles and field texts of the given documents (live ones only), in no particular order. */
  async contents(workspaceId: string, keys: { type: DocType; id: string }[]): Promise<DocContent[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.$queryRaw<{ type: DocType; id: string; title: string; fields: unknown }[]>`
      SELECT s.doc_type::text AS type, s.doc_id::text AS id, s.title, s.fields
        FROM unnest(${keys.map((k) => k.type)}::doc_type[], ${keys.map((k) => k.id)}::uuid[]) AS u(t, i)
        JOIN search_documents s ON s.workspace_id = ${workspaceId}::uuid AND s.doc_type = u.t AND s.doc_id = u.i
       WHERE s.deleted_at IS NULL`;
    return rows.map((r) => ({ type: r.type, id: r.id, title: r.title, fields: Array.isArray(r.fields) ? (r.fields as [string, string, string][]) : [] }));
  }

  /**
   * Dictionary words of the workspace that look like each term (trigram similarity over the threshold set
   * on the connection), most similar first, at most `perTerm` per term.
   */
  async similarWords(workspaceId: string, terms: string[], perTerm: number): Promise<{ term: string; word: string; similarity: number }[]> {
    if (terms.length === 0) return [];
    return this.db.$queryRaw<{ term: string; word: string; similarity: number }[]>`
      SELECT t.term, c.word, c.sim::float8 AS similarity
        FROM unnest(${terms}::text[]) AS t(term)
        CROSS JOIN LATERAL (
          SELECT w.word, similarity(w.word, t.term) AS sim
            FROM search_words w
           WHERE w.workspace_id = ${workspaceId}::uuid AND w.word % t.term
           ORDER BY sim DESC, w.word
           LIMIT ${perTerm}) c`;
  }

  /** For EXPLAIN in benchmarks and tests. */
  async explain(sql: Prisma.Sql): Promise<string> {
    const rows = await this.db.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  async ping(): Promise<void> {
    await this.db.$queryRaw`SELECT 1`;
  }
}
