/**
 * /galleries: list and create (token callers), read one, page its photos, mark favorites (token callers and the
 * gallery's client session), publish (photographer roles).
 */
import { defineRoute, deprecation, setDeprecationHeaders, type AnyRouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import {
  createGalleryBody,
  favoriteBody,
  favoritePhotoId,
  favoriteQuery,
  galleryParams,
  galleryQuery,
  listGalleriesQuery,
  photosQuery,
} from './gallery.schema.js';
import {
  favoriteResponse,
  galleryDetailResponse,
  galleryResponse,
  listGalleriesResponse,
  listGalleryPhotosResponse,
  publishResponse,
} from './response.schema.js';

/**
 * The legacy decimal-offset cursor was deprecated with this release and goes away with the next one: an answer to a
 * request that used one carries Deprecation, Sunset and Link to the guide (the same helper as deprecated routes).
 */
export const LEGACY_CURSOR_DEPRECATION = deprecation({
  since: '2026-11-01',
  sunset: '2027-05-01',
  guide: 'Migrating-from-offset-cursors',
});

/** True when an Accept-Encoding header admits gzip (RFC 9110: `gzip` or `x-gzip`, else `*`, with q > 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  let gzipQ: number | null = null;
  let anyQ: number | null = null;
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    const weight = Number.isFinite(value) ? value : 0;
    if (coding === 'gzip' || coding === 'x-gzip') gzipQ = Math.max(gzipQ ?? 0, weight);
    else if (coding === '*') anyQ = weight;
  }
  return (gzipQ ?? anyQ ?? 0) > 0;
}

export function galleryRoutes({ galleries }: Services): AnyRouteDef[] {
  /** POST marks a photo as a favorite of the caller, DELETE removes the mark: the same route otherwise. */
  const favoriteRoute = (method: 'post' | 'delete', operationId: string, summary: string, description: string) =>
    defineRoute({
      method,
      path: '/galleries/:id/favorites',
      operationId,
      summary,
      description,
      tags: ['galleries'],
      auth: 'token_or_client',
      response: favoriteResponse,
      params: galleryParams,
      query: favoriteQuery,
      body: favoriteBody,
      bodyOptional: true,
      // Every POST that acts takes Idempotency-Key (decision 0001); the mark is idempotent by nature anyway.
      idempotent: method === 'post',
      handler: async ({ principal, params, query, body }) => ({
        ok: true,
        favorite: await galleries.setFavorite(principal, params.id, favoritePhotoId(body, query), method === 'post'),
      }),
    });
  const routes = [
    defineRoute({
      method: 'get',
      path: '/galleries',
      operationId: 'listGalleries',
      summary: 'List the galleries of a workspace (drafts included), newest first',
      description:
        'Any member of the workspace named by workspace_id (required) may call it; drafts are included. Returns one page of galleries, newest first, with next_cursor for the next page (limit 1 to 100). A workspace the caller does not reach is 404.',
      tags: ['galleries'],
      auth: 'token',
      response: listGalleriesResponse,
      query: listGalleriesQuery,
      handler: async ({ principal, query }) => ({ ok: true, ...(await galleries.list(principal, query.workspace_id, query)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/galleries',
      operationId: 'createGallery',
      summary: "Create a draft gallery from a shoot's ready keepers, in capture order",
      description:
        "Needs the photographer role or above in the shoot's workspace (403 below it; 404 when the caller does not reach the shoot). Creates a draft gallery holding the shoot's ready keepers in capture order, emits gallery.created and returns the gallery with 201. A shoot without ready keepers is refused with 400 invalid_input and nothing is created.",
      tags: ['galleries'],
      auth: 'token',
      response: galleryResponse,
      body: createGalleryBody,
      status: 201,
      errors: ['forbidden'],
      idempotent: true,
      handler: async ({ principal, body }) => ({
        ok: true,
        gallery: await galleries.create(principal, { shootId: body.shoot_id, title: body.title }),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/galleries/:id',
      operationId: 'getGallery',
      summary: 'Read one gallery with all its photos in order and signed URLs (1 hour)',
      description:
        "Any member of the gallery's workspace, or a client session opened for this gallery, may read it. Returns the gallery with its photos in order, each with a URL to the web derivative signed for 1 hour (original_url only for photographer roles); photos_limit asks for only the first photos (a page that shows them at once), and a very large gallery carries its first photos; either way photos_next_cursor continues with /photos. The answer is gzip-encoded when Accept-Encoding allows it; a gallery of another tenant, or not the client session's gallery, is 404.",
      tags: ['galleries'],
      auth: 'token_or_client',
      response: galleryDetailResponse,
      params: galleryParams,
      query: galleryQuery,
      handler: async ({ principal, params, query, req, res }) => {
        // Pre-rendered JSON bytes (see GalleryViews): written as they are, no object graph, no copy.
        const { chunks, encoding } = await galleries.readJson(principal, params.id, {
          acceptsGzip: acceptsGzip(req.headers['accept-encoding']),
          photosLimit: query.photos_limit,
        });
        res.status(200);
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('vary', 'Accept-Encoding');
        if (encoding) res.setHeader('content-encoding', encoding);
        res.setHeader(
          'content-length',
          chunks.reduce((n, c) => n + c.length, 0),
        );
        for (const chunk of chunks) res.write(chunk);
        res.end();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/galleries/:id/photos',
      operationId: 'listGalleryPhotos',
      summary: 'Page through the photos of a gallery (keyset cursor on order_index, photo_id)',
      description:
        "Same callers as GET /galleries/{id}. Returns a page of the gallery's photos in order (limit 1 to 200, default 200) with next_cursor, an opaque keyset cursor on (order_index, photo_id); original_url appears only for photographer roles. A legacy decimal-offset cursor is still accepted for one release; the next cursor is always an opaque one.",
      tags: ['galleries'],
      auth: 'token_or_client',
      response: listGalleryPhotosResponse,
      params: galleryParams,
      query: photosQuery,
      deprecatedInput: { what: 'A decimal-offset `cursor` (e.g. `?cursor=40`)', deprecation: LEGACY_CURSOR_DEPRECATION },
      handler: async ({ principal, params, query, res }) => {
        const page = await galleries.photos(principal, params.id, query);
        if (page.legacyCursor) {
          setDeprecationHeaders(res, LEGACY_CURSOR_DEPRECATION);
        }
        return { ok: true, items: page.items, next_cursor: page.next_cursor };
      },
    }),
    favoriteRoute(
      'post',
      'addFavorite',
      'Mark a photo of the gallery as a favorite of the caller (idempotent)',
      "A member of the gallery's workspace or the gallery's client session may call it. Marks the photo (photo_id in the body, or photo_id / photoId in the query) as a favorite of the caller and returns gallery_id, photo_id and favorite: true; marking it again changes nothing. A photo that is not in the gallery is 404.",
    ),
    favoriteRoute(
      'delete',
      'removeFavorite',
      'Remove the favorite mark of the caller from a photo (idempotent; the body may be left out)',
      "Same callers and photo_id rule as POST /galleries/{id}/favorites. Removes the caller's favorite mark from the photo and returns favorite: false; removing a mark that is not there changes nothing. A photo that is not in the gallery is 404.",
    ),
    defineRoute({
      method: 'post',
      path: '/galleries/:id/publish',
      operationId: 'publishGallery',
      summary: 'Publish a draft gallery (again: no change) and get its portal token',
      description:
        "Needs the photographer role or above in the gallery's workspace (403 below it, 404 outside the caller's tenant). Moves a draft gallery to published, mints its portal token and emits gallery.published; returns the gallery with the portal token. Publishing again changes nothing and emits nothing but returns the same portal token, so a lost answer can be recovered by calling again.",
      tags: ['galleries'],
      auth: 'token',
      response: publishResponse,
      params: galleryParams,
      errors: ['forbidden'],
      idempotent: true,
      handler: async ({ principal, params }) => ({ ok: true, gallery: await galleries.publish(principal, params.id) }),
    }),
  ];
  return routes;
}
