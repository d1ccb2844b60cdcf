/**
 * First middleware of every request: strip every incoming internal header (`x-studio-*`, including the signed
 * identity) and hop-by-hop headers before anything reads them, then fix the call context:
 * - the request id: the caller's when it is 1..128 of [A-Za-z0-9._:-], else a new UUID; answered on every
 *   response and forwarded upstream;
 * - the W3C trace context: a valid incoming `traceparent` is continued (same trace id, a new span id for the
 *   gateway's hop), anything else starts a new trace (and the caller's `tracestate`, which belongs to no trace
 *   we continue, is dropped). Upstream gets `traceparent` naming the gateway's span as its parent.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { REQUEST_ID_HEADER } from '@studio/identity';
import { runInContext, startCallFrom, traceparentOf, TRACEPARENT_HEADER, TRACESTATE_HEADER } from '@studio/trace';

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
    const ctx = startCallFrom(req.headers);
    req.headers[REQUEST_ID_HEADER] = ctx.requestId;
    req.headers[TRACEPARENT_HEADER] = traceparentOf(ctx);
    if (ctx.parentSpanId === null) delete req.headers[TRACESTATE_HEADER];
    req.requestId = ctx.requestId;
    req.gateway = { call: ctx };
    res.setHeader(REQUEST_ID_HEADER, ctx.requestId);
    runInContext(ctx, next);
  };
}
