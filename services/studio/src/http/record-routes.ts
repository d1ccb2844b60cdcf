/**
 * The two forms of studio's record routes, each written once; what differs per record (path, words, schemas, which
 * service call) is the caller's.
 * - listRoute (GET /clients, /shoots, /invoices, /orders, /tasks): any member of the workspaces asked for may call
 *   it (workspaceFilter: the one named by workspace_id, 404 when the caller does not reach it, else every workspace
 *   the token reaches); it answers one page of the service's list with next_cursor.
 * - createRoute (POST /clients, /shoots): the photographer role or above in the body's workspace (403 below it, 404
 *   outside the caller's tenant), an Idempotency-Key header (handled by the gateway), 201 with the new record.
 */
import { defineRoute, listText } from '@studio/http';
import { requireWorkspace, workspaceFilter } from '@studio/identity/access';
import type { z } from 'zod';
import type { JsonPage, Page, PageRequest } from '../services/paging.js';

type ListQuery = z.ZodType<PageRequest & { workspace_id?: string }>;

/** What a record route says of itself in the OpenAPI document; `tag` is its one tag. */
interface RouteWords {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  response: z.ZodType;
}

/** An operation's words and tag as defineRoute takes them, token callers only. */
function tokenRoute({ tag, ...words }: RouteWords) {
  return { ...words, tags: [tag], auth: 'token' as const };
}

export interface ListRoute extends RouteWords {
  query: ListQuery;
  /** One page of the list: its items as objects, or as the JSON text the database wrote (sent as read). */
  list: (workspaceIds: string[], req: PageRequest) => Promise<Page<unknown> | JsonPage<unknown>>;
}

export function listRoute({ query, list, ...words }: ListRoute) {
  return defineRoute({
    method: 'get',
    ...tokenRoute(words),
    query,
    handler: async ({ principal, query }) => {
      const page = await list(workspaceFilter(principal, query.workspace_id), query);
      return 'itemsJson' in page ? listText(page.itemsJson, page.next_cursor) : { ok: true, ...page };
    },
  });
}

/** `create` answers the new record under its name, e.g. `{ client }`. */
export interface CreateRoute<I extends { workspaceId: string }> extends RouteWords {
  body: z.ZodType<I>;
  create: (input: I) => Promise<object>;
}

export function createRoute<I extends { workspaceId: string }>({ body, create, ...words }: CreateRoute<I>) {
  return defineRoute({
    method: 'post',
    ...tokenRoute(words),
    body,
    status: 201,
    idempotent: true,
    errors: ['forbidden'],
    handler: async ({ principal, body }) => {
      requireWorkspace(principal, body.workspaceId, 'photographer');
      return { ok: true, ...(await create(body)) };
    },
  });
}
