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
      tags: ['tasks'],
      auth: 'token',
      response: listTasksResponse,
      query: listTasksQuery,
      handler: async ({ principal, query }) => ({ ok: true, ...(await tasks.list(workspaceFilter(principal, query.workspace_id), query)) }),
    }),
  ];
  return routes;
}
