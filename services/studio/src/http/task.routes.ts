/** /tasks: tasks of one workspace or of every workspace the token reaches, newest first. */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import { workspaceFilter } from '@studio/identity/access';
import type { Services } from '../services/index.js';
import { listTasksQuery } from './task.schema.js';
import { listTasksResponse } from './response.schema.js';

export function taskRoutes({ tasks }: Services): AnyRouteDef[] {
  // Built before returning: the AnyRouteDef[] return type would otherwise widen each route's auth mode.
  const routes = [
    defineRoute({
      method: 'get',
      path: '/tasks',
      operationId: 'listTasks',
      summary: 'List tasks, newest first',
      description:
        'Any member may call it; workspace_id is optional and, when left out, the list covers every workspace the token reaches. Returns one page of tasks, newest first, with next_cursor (limit 1 to 100). A workspace_id the caller does not reach is 404.',
      tags: ['tasks'],
      auth: 'token',
      response: listTasksResponse,
      query: listTasksQuery,
      handler: async ({ principal, query }) => ({ ok: true, ...(await tasks.list(workspaceFilter(principal, query.workspace_id), query)) }),
    }),
  ];
  return routes;
}
