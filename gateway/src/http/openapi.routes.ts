/**
 * GET /api/v1/openapi.json: the public OpenAPI 3.1 document (services/openapi.service.ts). Needs no bearer, so it is
 * limited per client address (OPENAPI_RATE_LIMIT_PER_MINUTE; 429 with Retry-After past it, RateLimit-* headers on
 * every answer); mounted before the route table, so any other method on the path falls through to the unknown-route
 * 404.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { toAppError } from '@studio/errors';
import { OPENAPI_PATH, type OpenApiService } from '../services/openapi.service.js';
import { JSON_TYPE, sendErrorKind } from './respond.js';

export function openApiRoutes(service: OpenApiService, maxAgeSeconds: number, limit: RequestHandler): Router {
  const router = Router();
  router.get(OPENAPI_PATH, limit, async (req: Request, res: Response) => {
    let doc;
    try {
      doc = await service.document();
    } catch (err) {
      const kind = toAppError(err)?.kind === 'unavailable' ? 'unavailable' : 'internal';
      if (kind === 'unavailable') res.setHeader('retry-after', '5');
      sendErrorKind(req, res, kind);
      return;
    }
    res.setHeader('cache-control', `public, max-age=${maxAgeSeconds}`);
    res.setHeader('etag', doc.etag);
    if (req.headers['if-none-match'] === doc.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = 200;
    res.setHeader('content-type', JSON_TYPE);
    res.setHeader('content-length', doc.body.length);
    res.end(req.method === 'HEAD' ? undefined : doc.body);
  });
  return router;
}
