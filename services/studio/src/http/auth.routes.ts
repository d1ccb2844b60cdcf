/** /auth/whoami: introspect the calling token. */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import { whoamiResponse } from './response.schema.js';

export function authRoutes({ tokens }: Services): AnyRouteDef[] {
  // Built before returning: the AnyRouteDef[] return type would otherwise widen each route's auth mode.
  const routes = [
    defineRoute({
      method: 'get',
      path: '/auth/whoami',
      operationId: 'whoami',
      summary: 'The owning profile, the token and the workspaces it reaches',
      description:
        "Any valid API token may call it; it takes no input. Returns the token's owning profile, the token's own details and the workspaces it reaches with the caller's role in each (a workspace-scoped token reaches only that workspace). A missing, invalid or revoked token is 401.",
      tags: ['auth'],
      auth: 'token',
      response: whoamiResponse,
      handler: async ({ principal }) => ({ ok: true, ...(await tokens.whoami(principal)) }),
    }),
  ];
  return routes;
}
