/** GET /search (spec section 4): membership of the workspace is enough (any role). */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import { requireToken, requireWorkspace } from '@studio/identity/access';
import type { SearchService } from '../services/search.service.js';
import { searchQuerySchema, searchResponseSchema } from './search.schema.js';

export function searchRoutes(service: SearchService): AnyRouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/search',
      operationId: 'search',
      summary: 'Search clients, leads, shoots, galleries, albums and orders of one workspace',
      description:
        'Any member of the workspace named by workspace_id (required) may search it. q is matched, typo-tolerant and by prefix, across clients, leads, shoots, galleries, albums and orders; types (comma-separated) narrows the kinds and an unknown type is dropped. Returns items ordered by relevance with an opaque next_cursor (limit 1 to 50); malformed query text is sanitised, never a 500.',
      tags: ['search'],
      auth: 'token',
      query: searchQuerySchema,
      response: searchResponseSchema,
      handler: async ({ query, principal }) => {
        requireWorkspace(requireToken(principal), query.workspace_id);
        const page = await service.search({
          workspaceId: query.workspace_id,
          q: query.q,
          types: query.types,
          limit: query.limit,
          cursor: query.cursor,
        });
        return { ok: true, items: page.items, next_cursor: page.nextCursor };
      },
    }),
  ];
}
