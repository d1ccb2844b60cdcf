/**
 * GET /api/v1/docs: the HTML API reference (services/api-docs.service.ts), and its fingerprinted assets under
 * /api/v1/docs/assets/. No bearer, like the OpenAPI document it renders; limited per client address (its own
 * bucket; a browser fetches the immutable assets once). Mounted before the route table: any other method or path
 * below /api/v1/docs falls through to the unknown-route 404.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { sendStaticAsset } from '@studio/http/static-asset';
import { type ApiDocsService, DOCS_ASSETS_PATH, DOCS_PATH } from '../services/api-docs.service.js';
import { sendErrorKind } from './respond.js';

export function docsRoutes(docs: ApiDocsService, limit: RequestHandler): Router {
  const router = Router({ strict: true });

  router.get(DOCS_PATH, limit, (req: Request, res: Response) => {
    const nonce = docs.nonce();
    const body = Buffer.from(docs.page(nonce));
    res.statusCode = 200;
    res.setHeader('content-security-policy', docs.contentSecurityPolicy(nonce));
    // A nonce is good for one page: never store or reuse it.
    res.setHeader('cache-control', 'no-store');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  });

  router.get(`${DOCS_ASSETS_PATH}/:name`, limit, (req: Request, res: Response) => {
    const asset = docs.asset(String(req.params.name));
    if (!asset) {
      sendErrorKind(req, res, 'not_found');
      return;
    }
    sendStaticAsset(req, res, asset);
  });

  return router;
}
