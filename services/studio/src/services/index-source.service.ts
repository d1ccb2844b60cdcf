/**
 * The search rebuild's source (proto/index/v1/index_source.proto, docs/decisions/0006): every live client, lead,
 * shoot and order of a workspace as a document, read page by page with the (created_at, id) keyset of the list
 * indexes, so a large workspace is never one huge query. Fields are the entity's public JSON members (the same
 * JSON its events carry) as strings; null members and nested objects are left out.
 */
import type { TimeKey } from '@studio/cursor';
import type { PageQuery } from '../store/keyset.js';
import type { ServiceDeps } from './deps.js';
import type { StreamDocumentsInput } from './index-source.schema.js';
import { serializeClient, serializeLead, serializeOrder, serializeShoot } from '@studio/contracts/records';

export const INDEX_DOC_TYPES = ['client', 'lead', 'shoot', 'order'] as const;
export type IndexDocType = (typeof INDEX_DOC_TYPES)[number];

export interface SourceDocument {
  type: IndexDocType;
  id: string;
  workspace_id: string;
  title: string;
  fields: Record<string, string>;
  updated_at: string;
  deleted: boolean;
}

/** Rows read per statement. */
export const INDEX_PAGE_SIZE = 500;

interface Row extends TimeKey {
  id: string;
  workspaceId: string;
  updatedAt: Date;
}

interface TypeReader<R extends Row> {
  page(workspaceId: string, page: PageQuery): Promise<R[]>;
  title(row: R): string;
  json(row: R): Record<string, unknown>;
}

/** The JSON members of a record as strings: scalars only, nulls left out. */
export function fieldsOf(json: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(json)) {
    if (name === 'id' || name === 'workspace_id') continue;
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
      fields[name] = String(value);
  }
  return fields;
}

export class IndexSourceService {
  private readonly readers: { [T in IndexDocType]: TypeReader<Row> };

  constructor(
    deps: ServiceDeps,
    private readonly pageSize = INDEX_PAGE_SIZE,
  ) {
    const { stores } = deps;
    this.readers = {
      client: reader({
        page: (ws, p) => stores.clients.listInWorkspaces([ws], p),
        title: (c) => c.name,
        json: (c) => serializeClient(c),
      }),
      lead: reader({
        page: (ws, p) => stores.leads.listInWorkspaces([ws], p),
        title: (l) => l.name,
        json: (l) => serializeLead(l),
      }),
      shoot: reader({
        page: (ws, p) => stores.shoots.listInWorkspaces([ws], p),
        title: (s) => s.title,
        // shot_list is an object and not a field: the counts do not matter here.
        json: (s) => serializeShoot(s, { total: 0, done: 0 }),
      }),
      order: reader({
        page: (ws, p) => stores.orders.listInWorkspaces([ws], p),
        title: (order) => `Order ${order.number}`,
        json: (order) => serializeOrder(order),
      }),
    };
  }

  describe(): IndexDocType[] {
    return [...INDEX_DOC_TYPES];
  }

  /**
   * Every live record of the requested types (all owned types when `types` is empty; types studio does not own
   * are ignored). An unknown workspace yields nothing.
   */
  async *documents({ workspaceId, types }: StreamDocumentsInput): AsyncGenerator<SourceDocument> {
    const wanted = types.length === 0 ? INDEX_DOC_TYPES : INDEX_DOC_TYPES.filter((t) => types.includes(t));
    for (const type of wanted) {
      const r = this.readers[type];
      let after: TimeKey | undefined;
      for (;;) {
        const rows = await r.page(workspaceId, { limit: this.pageSize, after });
        const shown = rows.slice(0, this.pageSize);
        for (const row of shown) {
          yield {
            type,
            id: row.id,
            workspace_id: row.workspaceId,
            title: r.title(row),
            fields: fieldsOf(r.json(row)),
            updated_at: row.updatedAt.toISOString(),
            deleted: false,
          };
        }
        if (rows.length <= this.pageSize) break;
        const last = shown[shown.length - 1]!;
        after = { createdAt: last.createdAt, id: last.id };
      }
    }
  }
}

function reader<R extends Row>(r: TypeReader<R>): TypeReader<Row> {
  return r as unknown as TypeReader<Row>;
}
