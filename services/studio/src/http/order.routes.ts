/** /orders: paid print-store orders of a workspace, newest first (a polling fallback for payment triggers). */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import { workspaceFilter } from '@studio/identity/access';
import type { Services } from '../services/index.js';
import { listOrdersQuery } from './order.schema.js';
import { listOrdersResponse } from './response.schema.js';

export function orderRoutes({ orders }: Services): AnyRouteDef[] {
  // Built before returning: the AnyRouteDef[] return type would otherwise widen each route's auth mode.
  const routes = [
    defineRoute({
      method: 'get',
      path: '/orders',
      operationId: 'listPaidOrders',
      summary: 'List the paid orders of a workspace, newest first',
      description:
        'Any member of the workspace named by workspace_id (required) may call it. Returns one page of its paid print-store orders, newest first, with next_cursor; it serves as a polling fallback for the payment.received trigger. A workspace the caller does not reach is 404.',
      tags: ['orders'],
      auth: 'token',
      response: listOrdersResponse,
      query: listOrdersQuery,
      handler: async ({ principal, query }) => ({
        ok: true,
        ...(await orders.listPaid(workspaceFilter(principal, query.workspace_id), query)),
      }),
    }),
  ];
  return routes;
}
