/**
 * The two forms of studio's record routes, each written once; what differs per record (path, words, schemas, which
 * service call) is the caller's.
 * - listRoute (GET /clients, /shoots, /invoices, /orders, /tasks): any member of the workspaces asked for may call
 *   it (workspaceFilter: the one named by workspace_id, 404 when the caller does not reach it, else every workspace
 *   the token reaches); it answers one page of the service's list with next_cursor.
 * - createRoute (POST /clients, /shoots): the photographer role or above in the body's workspace (403 below it, 404
 *   outside the caller's tenant), an Idempotency-Key header (handled by the gateway), 201 with the new record.
 */
import { defineRoute } from '@studio/http';
import { requireWorkspace, workspaceFilter } from '@studio/identity/access';
import type { z } from 'zod';
import type { Page, PageRequest } from '../services/paging.js';

type ListQuery = z.ZodType<PageRequest & { workspace_id?: string }>;

export interface ListRoute {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  response: z.ZodType;
  query: ListQuery;
  list: (workspaceIds: string[], req: PageRequest) => Promise<Page<unknown>>;
}

export function listRoute({ path, operationId, summary, description, tag, response, query, list }: ListRoute) {
  return defineRoute({
    method: 'get',
    path,
    operationId,
    summary,
    description,
    tags: [tag],
    auth: 'token',
    response,
    query,
    handler: async ({ principal, query }) => ({ ok: true, ...(await list(workspaceFilter(principal, query.workspace_id), query)) }),
  });
}

/** `create` answers the new record under its name, e.g. `{ client }`. */
export interface CreateRoute<I extends { workspaceId: string }> {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  response: z.ZodType;
  body: z.ZodType<I>;
  create: (input: I) => Promise<object>;
}

export function createRoute<I extends { workspaceId: string }>({ body, create, tag, ...words }: CreateRoute<I>) {
  return defineRoute({
    method: 'post',
    ...words,
    tags: [tag],
    auth: 'token',
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
