/** /workspaces: the workspaces the token reaches (its scope applied), newest first. */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import { listWorkspacesQuery } from './workspace.schema.js';
import { listWorkspacesResponse } from './response.schema.js';

export function workspaceRoutes({ workspaces }: Services): AnyRouteDef[] {
  // Built before returning: the AnyRouteDef[] return type would otherwise widen each route's auth mode.
  const routes = [
    defineRoute({
      method: 'get',
      path: '/workspaces',
      operationId: 'listWorkspaces',
      summary: "List the workspaces the token's owner belongs to, newest first",
      description:
        "Any valid API token may call it. Returns one page of the workspaces the token's owner belongs to, newest first, with next_cursor; a token scoped to one workspace sees only that workspace.",
      tags: ['workspaces'],
      auth: 'token',
      response: listWorkspacesResponse,
      query: listWorkspacesQuery,
      handler: async ({ principal, query }) => ({ ok: true, ...(await workspaces.list(principal.memberships, query)) }),
    }),
  ];
  return routes;
}
