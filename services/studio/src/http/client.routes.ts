/** /clients: list and create within a workspace. */
import type { AnyRouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import { createRoute, listRoute } from './record-routes.js';
import { createClientInput } from '../services/client.schema.js';
import { listClientsQuery } from './client.schema.js';
import { clientResponse, listClientsResponse } from './response.schema.js';

export function clientRoutes({ clients }: Services): AnyRouteDef[] {
  // Built before returning: the AnyRouteDef[] return type would otherwise widen each route's auth mode.
  const routes = [
    listRoute({
      path: '/clients',
      operationId: 'listClients',
      summary: 'List the clients of a workspace, newest first',
      description:
        'Any member of the workspace named by workspace_id (required) may call it. Returns one page of its clients, newest first, with next_cursor (limit 1 to 100). A workspace the caller does not reach is 404.',
      tag: 'clients',
      response: listClientsResponse,
      query: listClientsQuery,
      list: (workspaceIds, query) => clients.list(workspaceIds, query),
    }),
    createRoute({
      path: '/clients',
      operationId: 'createClient',
      summary: 'Create a client (email lower-cased; email, phone and notes optional)',
      description:
        "Needs the photographer role or above in the workspace named in the body (403 below it, 404 outside the caller's tenant). Creates the client (email lower-cased; email, phone and notes optional), emits client.created and returns it with 201. Takes an Idempotency-Key header: the same key with the same body returns the first answer, with a different body 422.",
      tag: 'clients',
      response: clientResponse,
      body: createClientInput,
      create: async (input) => ({ client: await clients.create(input) }),
    }),
  ];
  return routes;
}
