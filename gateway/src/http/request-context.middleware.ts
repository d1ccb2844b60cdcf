/**
 * First middleware of every request: strip every incoming internal header (`x-studio-*`, including the signed
 * identity) and hop-by-hop headers before anything reads them, then fix the request id (the caller's when it is
 * 1..128 of [A-Za-z0-9._:-], else a new UUID), answer it on every response and forward it upstream.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { REQUEST_ID_HEADER } from '@studio/identity';
import { requestIdFrom, runWithRequestId } from '@studio/logger';

/** Hop-by-hop request headers (RFC 9110 7.6.1) that must not travel to the upstream connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade']);

export const INTERNAL_HEADER_PREFIX = 'x-studio-';

/** Removes internal and hop-by-hop headers in place (Node lower-cases header names). */
export function stripUntrustedHeaders(headers: Record<string, unknown>): void {
  for (const name in headers) {
    if (name.startsWith(INTERNAL_HEADER_PREFIX) || HOP_BY_HOP.has(name)) delete headers[name];
  }
}

export function requestContext(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    stripUntrustedHeaders(req.headers);
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId;
    req.requestId = requestId;
    req.gateway = {};
    res.setHeader(REQUEST_ID_HEADER, requestId);
    runWithRequestId(requestId, next);
  };
}
