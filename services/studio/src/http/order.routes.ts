/** /orders: paid print-store orders of a workspace, newest first (a polling fallback for payment triggers). */
import type { AnyRouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import { listRoute } from './record-routes.js';
import { listOrdersQuery } from './order.schema.js';
import { listOrdersResponse } from './response.schema.js';

export function orderRoutes({ orders }: Services): AnyRouteDef[] {
  return [
    listRoute({
      path: '/orders',
      operationId: 'listPaidOrders',
      summary: 'List the paid orders of a workspace, newest first',
      description:
        'Any member of the workspace named by workspace_id (required) may call it. Returns one page of its paid print-store orders, newest first, with next_cursor; it serves as a polling fallback for the payment.received trigger. A workspace the caller does not reach is 404.',
      tag: 'orders',
      response: listOrdersResponse,
      query: listOrdersQuery,
      list: (workspaceIds, query) => orders.listPaid(workspaceIds, query),
    }),
  ];
}
