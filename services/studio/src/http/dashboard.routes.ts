/** /mobile/dashboard: the mobile home screen in one read. */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import { workspaceFilter } from '@studio/identity/access';
import type { Services } from '../services/index.js';
import { dashboardQuery } from './dashboard.schema.js';
import { dashboardResponse } from './response.schema.js';

export function dashboardRoutes({ dashboard }: Services): AnyRouteDef[] {
  // Built before returning: the AnyRouteDef[] return type would otherwise widen each route's auth mode.
  const routes = [
    defineRoute({
      method: 'get',
      path: '/mobile/dashboard',
      operationId: 'getMobileDashboard',
      summary: 'Upcoming shoots, open tasks, recent paid orders and counts',
      description:
        'Any member may call it; workspace_id is optional and, when left out, the dashboard covers every workspace the token reaches. Returns in one read what the mobile home screen shows: upcoming shoots, open tasks, recent paid orders and counts. A workspace_id the caller does not reach is 404.',
      tags: ['dashboard'],
      auth: 'token',
      response: dashboardResponse,
      query: dashboardQuery,
      handler: async ({ principal, query }) => ({
        ok: true,
        dashboard: await dashboard.get(workspaceFilter(principal, query.workspace_id)),
      }),
    }),
  ];
  return routes;
}
