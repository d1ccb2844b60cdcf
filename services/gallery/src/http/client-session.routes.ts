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
      description:
        'No API token: the gallery portal token in the body (portal_token, or its alias magic_code) is the credential. Returns a short-lived client bearer (session.bearer, session.expires_at, session.gallery_id) that works only on GET /galleries/{id}, GET /galleries/{id}/photos and the favorites routes of that one gallery. An invalid, expired, suspended or non-gallery portal token is 401; calls are rate-limited per client IP, and the first session of a gallery marks it delivered and emits gallery.delivered once.',
      tags: ['client-sessions'],
      auth: 'none',
      response: clientSessionResponse,
      body: openSessionBody,
      // One of the two members: both at once must be equal, which the derived example would not show.
      example: { request: { portal_token: 'gpt_3f9a1c2b7d4e_Qm9vay1vZi1zYW1wbGUtdG9rZW4tZm9yLWRvY3MtMDE' } },
      errors: ['unauthorized'],
      handler: async ({ body }) => ({ ok: true, session: await sessions.open(presentedToken(body)) }),
    }),
  ];
  return routes;
}
