/**
 * The client portal (/portal/, issue 27): the page a photographer's customer opens with the link
 * `<PUBLIC_URL>/portal/#<portal_token>`. The token stays in the fragment, so the server sees one address for every
 * gallery and serves the same shell; the script exchanges the token and calls /api/v1 (same origin, no CORS).
 *
 *   GET|HEAD /portal               -> 308 /portal/
 *   GET|HEAD /portal/              -> the shell (no-cache, strong ETag, 304 on If-None-Match)
 *   GET|HEAD /portal/assets/<name> -> portal.<16 hex>.css|js, precompressed (br, gzip, identity), immutable
 *   any other /portal address      -> the 404 page; any other method -> 405 (Allow: GET, HEAD)
 *
 * Every /portal answer carries the console's security headers with the portal's policy (security.middleware.ts): no
 * inline script or style, images from the console and the object store's public origins only, no forms, no framing.
 * Mounted before the console's own routes, and it answers every /portal request itself.
 */
import { createHash } from 'node:crypto';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { sendStaticAsset } from '@studio/http/static-asset';
import { buildPortalAssets, PORTAL_ASSETS_PATH, type PortalAssets } from '../portal/assets.js';
import { portalNotFound, portalShell } from '../portal/shell.js';
import { contentSecurityPolicy, securityHeaders } from './security.middleware.js';

export interface PortalOptions {
  /** Origins of the signed photo URLs (PORTAL_IMAGE_ORIGINS). */
  imageOrigins: readonly string[];
  /** The built files (tests pass their own). */
  assets?: PortalAssets;
}

/** The portal's Content-Security-Policy for these image origins. */
export const portalPolicy = (imageOrigins: readonly string[]): string => contentSecurityPolicy({ imageOrigins, formAction: "'none'" });

/** True when an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for it; `*` matches). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export function portalRoutes({ imageOrigins, assets = buildPortalAssets() }: PortalOptions): Router {
  const shell = Buffer.from(portalShell(assets.urls, imageOrigins).text);
  const etag = `"${createHash('sha256').update(shell).digest('base64url').slice(0, 27)}"`;
  const notFound = Buffer.from(portalNotFound(assets.urls).text);

  const router = Router({ strict: true });
  router.use('/portal', securityHeaders(portalPolicy(imageOrigins)));

  router.get('/portal', (_req: Request, res: Response) => {
    res.setHeader('location', '/portal/');
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.status(308).end('Redirecting to /portal/\n');
  });

  router.get('/portal/', (req: Request, res: Response) => {
    // Revalidated on every visit (a release changes the asset names it points at), answered 304 when unchanged.
    res.setHeader('cache-control', 'no-cache');
    res.setHeader('etag', etag);
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-length', shell.length);
    res.end(req.method === 'HEAD' ? undefined : shell);
  });

  router.get(`${PORTAL_ASSETS_PATH}/:name`, (req: Request, res: Response, next: NextFunction) => {
    const asset = assets.byName.get(String(req.params.name));
    if (!asset) {
      next();
      return;
    }
    sendStaticAsset(req, res, asset);
  });

  // Whatever else reaches /portal: 405 for a method the portal does not take, else the 404 page.
  router.use('/portal', (req: Request, res: Response) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.status(405).end('Method not allowed\n');
      return;
    }
    res.status(404).setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-length', notFound.length);
    res.end(req.method === 'HEAD' ? undefined : notFound);
  });
  return router;
}
