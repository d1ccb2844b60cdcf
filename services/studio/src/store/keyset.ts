/**
 * Keyset pagination on (created_at, id), newest first, shared by every list query:
 * `created_at < t OR (created_at = t AND id < id)`, ordered by created_at DESC, id DESC, fetching limit + 1.
 */
import type { TimeKey } from '@studio/cursor';
import { Prisma } from './generated/client.js';

export interface PageQuery {
  limit: number;
  /** The last row of the previous page; absent for the first page. */
  after?: TimeKey;
}

export function afterKey(after: TimeKey | undefined) {
  if (!after) return {};
  return { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] };
}

export function newestFirst(): [{ createdAt: 'desc' }, { id: 'desc' }] {
  return [{ createdAt: 'desc' }, { id: 'desc' }];
}

/** One more row than the page holds, so the caller knows whether a next page exists. */
export function takeFor(page: PageQuery): number {
  return page.limit + 1;
}

/** `scheduledStart` -> `scheduled_start`. */
const snakeCase = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The select list of a raw statement that reads every scalar field of a model (`Prisma.<Model>ScalarFieldEnum`) as
 * the model names it: `column AS "field"`, the column being the field's snake_case, the one @map rule of
 * prisma/schema.prisma (keyset.spec.ts checks it against the schema), so a field added to the model is read without
 * touching the statement. Built once per store, the statement text stays the same on every call (prepared once).
 * `enums` are read `::text`: the pg adapter of `$queryRaw` has no type for a database enum.
 */
export function modelColumns<F extends string>(fields: Record<F, F>, enums: readonly F[] = []): Prisma.Sql {
  const cast = new Set<string>(enums);
  const list = Object.keys(fields).map((field) => `${snakeCase(field)}${cast.has(field) ? '::text' : ''} AS "${field}"`);
  return Prisma.raw(list.join(', '));
}

/** Refuses a table name that is not plain (tables are constants of the stores, spliced into statement text). */
export function assertTableName(table: string): void {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
}

/**
 * One keyset page of a workspace-owned table as one raw statement: `select` (the columns, aliased to the model's
 * field names) from `table` in `workspaceIds`, newest first, limit + 1 rows. The hottest lists read through it
 * because the ORM's query compiler costs more CPU than the query itself (issue 15: about a third of studio's CPU
 * on GET /clients went to compiling the same findMany again for every request). `(created_at, id) < (t, id)` is the
 * keyset condition of afterKey() written as a row comparison, which the (workspace_id, created_at DESC, id DESC)
 * index serves directly. `table` is a constant of the store, never caller input.
 */
export function keysetPageStatement(select: Prisma.Sql, table: string, workspaceIds: string[], page: PageQuery): Prisma.Sql {
  assertTableName(table);
  const after = page.after
    ? Prisma.sql`AND (created_at, id) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`
    : Prisma.empty;
  return Prisma.sql`SELECT ${select} FROM ${Prisma.raw(`"${table}"`)}
    WHERE workspace_id = ANY(${workspaceIds}::uuid[]) ${after}
    ORDER BY created_at DESC, id DESC LIMIT ${takeFor(page)}`;
}
