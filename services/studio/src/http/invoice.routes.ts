/** /invoices: invoices of one workspace or of every workspace the token reaches, newest first. */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import { workspaceFilter } from '@studio/identity/access';
import type { Services } from '../services/index.js';
import { listInvoicesQuery } from './invoice.schema.js';
import { listInvoicesResponse } from './response.schema.js';

export function invoiceRoutes({ invoices }: Services): AnyRouteDef[] {
  // Built before returning: the AnyRouteDef[] return type would otherwise widen each route's auth mode.
  const routes = [
    defineRoute({
      method: 'get',
      path: '/invoices',
      operationId: 'listInvoices',
      summary: 'List invoices, newest first',
      description:
        'Any member may call it; workspace_id is optional and, when left out, the list covers every workspace the token reaches. Returns one page of invoices, newest first, with next_cursor (limit 1 to 100). A workspace_id the caller does not reach is 404.',
      tags: ['invoices'],
      auth: 'token',
      response: listInvoicesResponse,
      query: listInvoicesQuery,
      handler: async ({ principal, query }) => ({
        ok: true,
        ...(await invoices.list(workspaceFilter(principal, query.workspace_id), query)),
      }),
    }),
  ];
  return routes;
}
