/**
 * /galleries: list and create (token callers), read one, page its photos, mark favorites (token callers and the
 * gallery's client session), publish (photographer roles).
 */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import {
  createGalleryBody,
  favoriteBody,
  favoritePhotoId,
  favoriteQuery,
  galleryParams,
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

/** The legacy decimal-offset cursor was deprecated with this release and goes away with the next one. */
export const LEGACY_CURSOR_DEPRECATION = {
  /** RFC 9745: when it was deprecated (a structured-field date). */
  deprecation: `@${Date.UTC(2026, 10, 1) / 1000}`,
  /** RFC 8594: when it stops being accepted. */
  sunset: new Date(Date.UTC(2027, 4, 1)).toUTCString(),
};

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
  const favoriteRoute = (method: 'post' | 'delete', operationId: string, summary: string) =>
    defineRoute({
      method,
      path: '/galleries/:id/favorites',
      operationId,
      summary,
      tags: ['galleries'],
      auth: 'token_or_client',
      response: favoriteResponse,
      params: galleryParams,
      query: favoriteQuery,
      body: favoriteBody,
      bodyOptional: true,
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
      tags: ['galleries'],
      auth: 'token',
      response: galleryResponse,
      body: createGalleryBody,
      status: 201,
      errors: ['forbidden'],
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
      tags: ['galleries'],
      auth: 'token_or_client',
      response: galleryDetailResponse,
      params: galleryParams,
      handler: async ({ principal, params, req, res }) => {
        // Pre-rendered JSON bytes (see GalleryViews): written as they are, no object graph, no copy.
        const { chunks, encoding } = await galleries.readJson(principal, params.id, {
          acceptsGzip: acceptsGzip(req.headers['accept-encoding']),
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
      tags: ['galleries'],
      auth: 'token_or_client',
      response: listGalleryPhotosResponse,
      params: galleryParams,
      query: photosQuery,
      handler: async ({ principal, params, query, res }) => {
        const page = await galleries.photos(principal, params.id, query);
        if (page.legacyCursor) {
          res.setHeader('Deprecation', LEGACY_CURSOR_DEPRECATION.deprecation);
          res.setHeader('Sunset', LEGACY_CURSOR_DEPRECATION.sunset);
        }
        return { ok: true, items: page.items, next_cursor: page.next_cursor };
      },
    }),
    favoriteRoute('post', 'addFavorite', 'Mark a photo of the gallery as a favorite of the caller (idempotent)'),
    favoriteRoute('delete', 'removeFavorite', 'Remove the favorite mark of the caller from a photo (idempotent; the body may be left out)'),
    defineRoute({
      method: 'post',
      path: '/galleries/:id/publish',
      operationId: 'publishGallery',
      summary: 'Publish a draft gallery (again: no change) and get its portal token',
      tags: ['galleries'],
      auth: 'token',
      response: publishResponse,
      params: galleryParams,
      errors: ['forbidden'],
      handler: async ({ principal, params }) => ({ ok: true, gallery: await galleries.publish(principal, params.id) }),
    }),
  ];
  return routes;
}
