/** /tasks: tasks of one workspace or of every workspace the token reaches, newest first. */
import type { AnyRouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import { listRoute } from './record-routes.js';
import { listTasksQuery } from './task.schema.js';
import { listTasksResponse } from './response.schema.js';

export function taskRoutes({ tasks }: Services): AnyRouteDef[] {
  return [
    listRoute({
      path: '/tasks',
      operationId: 'listTasks',
      summary: 'List tasks, newest first',
      description:
        'Any member may call it; workspace_id is optional and, when left out, the list covers every workspace the token reaches. Returns one page of tasks, newest first, with next_cursor (limit 1 to 100). A workspace_id the caller does not reach is 404.',
      tag: 'tasks',
      response: listTasksResponse,
      query: listTasksQuery,
      list: (workspaceIds, query) => tasks.list(workspaceIds, query),
    }),
  ];
}
