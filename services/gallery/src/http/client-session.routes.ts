/** /client-sessions: a gallery's customer exchanges the portal token for a short-lived bearer (no API token). */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import { openSessionBody, presentedToken } from './client-session.schema.js';
import { clientSessionResponse } from './response.schema.js';

export function clientSessionRoutes({ sessions }: Services): AnyRouteDef[] {
  const routes = [
    defineRoute({
      method: 'post',
      path: '/client-sessions',
      operationId: 'openClientSession',
      summary: 'Exchange a gallery portal token (or magic code) for a client bearer limited to that gallery',
      tags: ['client-sessions'],
      auth: 'none',
      response: clientSessionResponse,
      body: openSessionBody,
      errors: ['unauthorized'],
      handler: async ({ body }) => ({ ok: true, session: await sessions.open(presentedToken(body)) }),
    }),
  ];
  return routes;
}
