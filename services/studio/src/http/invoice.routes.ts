/** /invoices: invoices of one workspace or of every workspace the token reaches, newest first. */
import type { AnyRouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import { listRoute } from './record-routes.js';
import { listInvoicesQuery } from './invoice.schema.js';
import { listInvoicesResponse } from './response.schema.js';

export function invoiceRoutes({ invoices }: Services): AnyRouteDef[] {
  return [
    listRoute({
      path: '/invoices',
      operationId: 'listInvoices',
      summary: 'List invoices, newest first',
      description:
        'Any member may call it; workspace_id is optional and, when left out, the list covers every workspace the token reaches. Returns one page of invoices, newest first, with next_cursor (limit 1 to 100). A workspace_id the caller does not reach is 404.',
      tag: 'invoices',
      response: listInvoicesResponse,
      query: listInvoicesQuery,
      list: (workspaceIds, query) => invoices.list(workspaceIds, query),
    }),
  ];
}
