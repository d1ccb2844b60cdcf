/**
 * Bearer authentication for every proxied route except the public ones. On success the caller's signed
 * identity replaces any identity header and the bearer itself is not forwarded (services trust only the
 * identity). Missing/malformed/unknown/revoked -> 401; studio unreachable -> 503 (never let a request through).
 *
 * A client-session bearer (a JWT, never `stu_...`) is verified locally, without studio, and is accepted only on
 * the gallery routes open to a gallery's customer (services/client-session.service.ts): its own gallery there,
 * another gallery 404, any other route 401.
 *
 * Failed authentication is limited per client address (services/auth-failure.service.ts): each failed credential
 * counts; once the address has used its budget, a credential the gateway cannot vouch for is answered 429
 * rate_limited with Retry-After and RateLimit-* headers, and studio is not asked. A token in the positive auth
 * cache, a token studio accepted recently, and a valid client-session bearer still pass. A request without an
 * Authorization header is a plain 401 and not counted (it costs nothing).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { IDENTITY_HEADER } from '@studio/identity';
import type { AuthFailureDecision, AuthFailureLimiter } from '../services/auth-failure.service.js';
import { tokenHash, type AuthenticatedCaller, type AuthResult, type AuthService } from '../services/auth.service.js';
import { clientAddress, type TrustedProxies } from '../services/client-address.js';
import { clientRouteGallery, isClientBearer, type ClientSessionVerifier } from '../services/client-session.service.js';
import { parseBearer } from './headers.js';
import type { GatewayMetrics } from './metrics.js';
import { sendErrorKind, sendNotFound } from './respond.js';

/** The failed-authentication limit per client address; without it failures are not limited. */
export interface AuthFailureGuard {
  limiter: AuthFailureLimiter;
  /** Proxies whose X-Forwarded-For names the client (the same as the per-IP rate limit). */
  trustedProxies: TrustedProxies;
  metrics: GatewayMetrics;
}

export function authenticate(auth: AuthService, clients?: ClientSessionVerifier, guard?: AuthFailureGuard): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.gateway.route?.isPublic) {
      delete req.headers.authorization;
      next();
      return;
    }
    const token = parseBearer(req.headers.authorization);
    if (!token) {
      // No header at all is not an attempt; a header that is not a well-formed bearer is a failed credential.
      if (guard && req.headers.authorization !== undefined) failedLocally(req, res, guard);
      else unauthorized(req, res);
      return;
    }
    if (clients && isClientBearer(token)) {
      const client = clients.verify(token);
      if (!client) {
        if (guard) failedLocally(req, res, guard);
        else unauthorized(req, res);
        return;
      }
      // A valid bearer on a route it does not open is a client mistake, not a guess: 401, not counted.
      const galleryId = req.gateway.route ? clientRouteGallery(req.method, req.gateway.route.path) : null;
      if (galleryId === null) {
        unauthorized(req, res);
        return;
      }
      if (galleryId !== client.principal.galleryId) {
        sendNotFound(res);
        return;
      }
      req.gateway.client = client;
      req.principal = client.principal;
      req.headers[IDENTITY_HEADER] = client.identity(audienceOf(req));
      delete req.headers.authorization;
      next();
      return;
    }
    const accept = (caller: AuthenticatedCaller) => {
      req.gateway.caller = caller;
      req.principal = caller.principal;
      req.headers[IDENTITY_HEADER] = caller.identity(audienceOf(req));
      delete req.headers.authorization;
      next();
    };
    if (!guard) {
      lookUp(auth, token, req, res, accept, () => unauthorized(req, res));
      return;
    }
    // A token the positive cache vouches for passes without any Redis round trip (the hot path).
    const cached = auth.cachedCaller(token);
    if (cached) {
      accept(cached);
      return;
    }
    const address = requestAddress(req, guard);
    const hash = tokenHash(token);
    guard.limiter.beforeLookup(address, hash).then(
      (decision) => {
        if (decision.kind !== 'open') {
          refuse(req, res, decision, guard);
          return;
        }
        lookUp(
          auth,
          token,
          req,
          res,
          (caller) => {
            guard.limiter.accepted(hash);
            accept(caller);
          },
          () => {
            if (decision.known) guard.limiter.refused(hash);
            // Counted before answering, so the next request from the address already sees it.
            guard.limiter.failed(address).finally(() => unauthorized(req, res));
          },
        );
      },
      () => refuse(req, res, { kind: 'unavailable' }, guard),
    );
  };
}

/** Resolves `token` (cache or studio) and answers 503 when studio cannot say. */
function lookUp(
  auth: AuthService,
  token: string,
  req: Request,
  res: Response,
  accept: (caller: AuthenticatedCaller) => void,
  reject: () => void,
): void {
  const apply = (result: AuthResult) => {
    if (result.kind === 'unauthorized') {
      reject();
      return;
    }
    if (result.kind === 'unavailable') {
      sendErrorKind(req, res, 'unavailable');
      return;
    }
    accept(result.caller);
  };
  const result = auth.authenticate(token);
  if (result instanceof Promise) result.then(apply, () => sendErrorKind(req, res, 'unavailable'));
  else apply(result);
}

function requestAddress(req: Request, guard: AuthFailureGuard): string {
  return clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], guard.trustedProxies);
}

/**
 * A credential that failed without a lookup (malformed, a bad client-session bearer): counted, then 401, or 429
 * when the address is over its budget. Redis not answering changes nothing here: the request is refused anyway.
 */
function failedLocally(req: Request, res: Response, guard: AuthFailureGuard): void {
  guard.limiter.failed(requestAddress(req, guard)).then(
    (decision) => (decision.kind === 'closed' ? refuse(req, res, decision, guard) : unauthorized(req, res)),
    () => unauthorized(req, res),
  );
}

/** 429 rate_limited, as the rate limiter answers it (fail-closed: Retry-After 1, no RateLimit-* headers). */
function refuse(req: Request, res: Response, decision: AuthFailureDecision, guard: AuthFailureGuard): void {
  if (decision.kind === 'unavailable') {
    guard.metrics.rateLimitRefusals.unavailable.inc();
    res.setHeader('retry-after', '1');
    sendErrorKind(req, res, 'rate_limited', 'the rate limiter is unavailable; retry shortly');
    return;
  }
  if (decision.kind !== 'closed') return;
  guard.metrics.rateLimitRefusals.authFailures.inc();
  res.setHeader('ratelimit-limit', String(decision.limit));
  res.setHeader('ratelimit-remaining', '0');
  res.setHeader('ratelimit-reset', String(decision.resetSeconds));
  res.setHeader('retry-after', String(decision.resetSeconds));
  sendErrorKind(req, res, 'rate_limited', 'too many failed authentication attempts from this address');
}

/**
 * The service the request goes to: the audience its identity is made for, so an identity taken from one service's
 * traffic is refused by every other. A request with no route never reaches a service (the router answered 404).
 */
function audienceOf(req: Request): string {
  return req.gateway.route?.upstream ?? 'none';
}

function unauthorized(req: Request, res: Response): void {
  res.setHeader('www-authenticate', 'Bearer realm="studio"');
  sendErrorKind(req, res, 'unauthorized');
}
