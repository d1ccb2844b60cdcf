/**
 * `Cache-Control: no-store` on every API answer past the public OpenAPI document: successes, the gateway's own
 * refusals (404, 401, 429, 400, 409, 422, 503) and Idempotency-Key replays. Every such answer either answers a
 * bearer (an API token or a client-session bearer) or may carry one (POST /client-sessions), so no shared or
 * browser cache may keep it. Mounted after GET /api/v1/openapi.json, which keeps its own caching. The proxy drops an upstream's Cache-Control so this one reaches the caller (the gateway decides).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export const NO_STORE = 'no-store';

export function noStore(): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('cache-control', NO_STORE);
    next();
  };
}
