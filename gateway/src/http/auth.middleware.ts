/**
 * Bearer authentication for every proxied route except the public ones. On success the caller's signed
 * identity replaces any identity header and the bearer itself is not forwarded (services trust only the
 * identity). Missing/malformed/unknown/revoked/expired -> 401; studio unreachable -> 503 (never let a request
 * through). A console cookie is not an API credential: the `cookie` header never reaches a service.
 *
 * An API token (`stu_...`) is checked locally first (@studio/api-token: its form and checksum): a malformed or
 * mistyped one is 401 at once, without studio and without counting. A well-formed one is looked up (cache, then
 * studio). A read-only token gets 403 forbidden on any method but GET and HEAD.
 *
 * A client-session bearer (a JWT, never `stu_...`) is verified locally, without studio, and is accepted only on
 * the gallery routes open to a gallery's customer (services/client-session.service.ts): its own gallery there,
 * another gallery 404, any other route 401.
 *
 * Failed authentication is limited per client address (services/auth-failure.service.ts): only a well-formed token
 * studio refuses counts; once the address has used its budget such a refusal is 429 rate_limited with Retry-After
 * and RateLimit-* headers instead of 401. A valid token is never refused by it: it is looked up whatever the
 * address has spent, and passes. Nothing else counts (no header, a malformed one, a bad client-session bearer).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { parseApiToken } from '@studio/api-token';
import { IDENTITY_HEADER } from '@studio/identity';
import type { AuthFailureDecision, AuthFailureLimiter } from '../services/auth-failure.service.js';
import type { AuthenticatedCaller, AuthResult, AuthService } from '../services/auth.service.js';
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

/** Methods a read-only token may use. */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

export function authenticate(auth: AuthService, clients?: ClientSessionVerifier, guard?: AuthFailureGuard): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    delete req.headers.cookie;
    if (req.gateway.route?.isPublic) {
      delete req.headers.authorization;
      next();
      return;
    }
    const token = parseBearer(req.headers.authorization);
    if (!token) {
      unauthorized(req, res);
      return;
    }
    if (clients && isClientBearer(token)) {
      const client = clients.verify(token);
      if (!client) {
        unauthorized(req, res);
        return;
      }
      // A valid bearer on a route it does not open is a client mistake, not a guess: 401.
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
    // Anything that is not a well-formed API token (a wrong checksum included) never costs a lookup.
    if (!parseApiToken(token)) {
      unauthorized(req, res);
      return;
    }
    const accept = (caller: AuthenticatedCaller) => {
      if (caller.readOnly && !READ_METHODS.has(req.method)) {
        sendErrorKind(req, res, 'forbidden', 'this token is read-only');
        return;
      }
      req.gateway.caller = caller;
      req.principal = caller.principal;
      req.headers[IDENTITY_HEADER] = caller.identity(audienceOf(req));
      delete req.headers.authorization;
      next();
    };
    lookUp(auth, token, req, res, accept, () => {
      if (!guard) {
        unauthorized(req, res);
        return;
      }
      // Counted before answering, so the next request from the address already sees it.
      guard.limiter.failed(requestAddress(req, guard)).then(
        (decision) => (decision.kind === 'closed' ? refuse(req, res, decision, guard) : unauthorized(req, res)),
        () => unauthorized(req, res),
      );
    });
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

/** 429 rate_limited for a refused token from an address over its failure budget. */
function refuse(req: Request, res: Response, decision: Extract<AuthFailureDecision, { kind: 'closed' }>, guard: AuthFailureGuard): void {
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
