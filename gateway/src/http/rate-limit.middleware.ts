/**
 * Rate limit per token (per client session for a client bearer, per client IP on the public routes: the socket
 * peer, or the X-Forwarded-For client behind a trusted proxy): one Redis round trip per request at most, shared by
 * the requests on one key in the same turn of the event loop, and none for a hot key spending its lease or a key
 * whose window is spent (rate-limit.service.ts, decision 0027).
 * Every answer after this point carries RateLimit-Limit / -Remaining / -Reset; over the limit is 429 with
 * Retry-After. FAIL-CLOSED: when the limiter cannot answer (Redis down, erroring or slow) the request is refused
 * with 429 and Retry-After: 1, without RateLimit-* headers, and counted.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { clientAddress, type TrustedProxies } from '../services/client-address.js';
import type { RateLimitDecision, RateLimitService } from '../services/rate-limit.service.js';
import type { GatewayMetrics } from './metrics.js';
import { sendErrorKind } from './respond.js';

export interface RateLimitOptions {
  limiter: RateLimitService;
  metrics: GatewayMetrics;
  /** Default requests per window for a token without its own limit. */
  defaultLimit: number;
  /** Requests per window per client IP on public routes. */
  publicLimit: number;
  /** Requests per window per client session (a gallery customer's bearer). */
  clientLimit: number;
  /** Proxies whose X-Forwarded-For names the client (none: the socket peer is the client). */
  trustedProxies: TrustedProxies;
}

export function rateLimit(opts: RateLimitOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const { caller, client } = req.gateway;
    let subject: string;
    let limit: number;
    if (caller) {
      subject = `t:${caller.tokenId}`;
      limit = caller.rateLimit > 0 ? caller.rateLimit : opts.defaultLimit;
    } else if (client) {
      subject = `c:${client.sessionId}`;
      limit = opts.clientLimit;
    } else {
      subject = `ip:${clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], opts.trustedProxies)}`;
      limit = opts.publicLimit;
    }
    opts.limiter.hit(subject, limit).then(
      (decision) => applyRateLimit(decision, req, res, next, opts.metrics),
      () => applyRateLimit({ kind: 'unavailable' }, req, res, next, opts.metrics),
    );
  };
}

/**
 * Limits a public route per client address (`bucket` names its own count, apart from the routes behind the bearer
 * check): the OpenAPI document.
 */
export function addressRateLimit(opts: {
  bucket: string;
  limiter: RateLimitService;
  metrics: GatewayMetrics;
  limit: number;
  trustedProxies: TrustedProxies;
}): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const address = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], opts.trustedProxies);
    opts.limiter.hit(`${opts.bucket}:ip:${address}`, opts.limit).then(
      (decision) => applyRateLimit(decision, req, res, next, opts.metrics),
      () => applyRateLimit({ kind: 'unavailable' }, req, res, next, opts.metrics),
    );
  };
}

function applyRateLimit(decision: RateLimitDecision, req: Request, res: Response, next: NextFunction, metrics: GatewayMetrics): void {
  if (decision.kind === 'unavailable') {
    metrics.rateLimitRefusals.unavailable.inc();
    res.setHeader('retry-after', '1');
    sendErrorKind(req, res, 'rate_limited', 'the rate limiter is unavailable; retry shortly');
    return;
  }
  res.setHeader('ratelimit-limit', String(decision.limit));
  res.setHeader('ratelimit-remaining', String(decision.remaining));
  res.setHeader('ratelimit-reset', String(decision.resetSeconds));
  if (decision.kind === 'limited') {
    metrics.rateLimitRefusals.limit.inc();
    res.setHeader('retry-after', String(decision.resetSeconds));
    sendErrorKind(req, res, 'rate_limited');
    return;
  }
  next();
}
