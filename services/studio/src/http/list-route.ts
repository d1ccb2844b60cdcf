/**
 * The one form of studio's list routes (GET /clients, /shoots, /invoices, /orders, /tasks): any member of the
 * workspaces asked for may call it (workspaceFilter: the one named by workspace_id, 404 when the caller does not
 * reach it, else every workspace the token reaches), and it answers one page of the service's list with next_cursor.
 * What differs per record (path, words, schemas, which list) is the caller's.
 */
import { defineRoute } from '@studio/http';
import { workspaceFilter } from '@studio/identity/access';
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
