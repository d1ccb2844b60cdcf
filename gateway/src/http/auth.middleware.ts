/**
 * Bearer authentication for every proxied route except the public ones. On success the caller's signed
 * identity replaces any identity header and the bearer itself is not forwarded (services trust only the
 * identity). Missing/malformed/unknown/revoked -> 401; studio unreachable -> 503 (never let a request through).
 *
 * A client-session bearer (a JWT, never `stu_...`) is verified locally, without studio, and is accepted only on
 * the gallery routes open to a gallery's customer (services/client-session.service.ts): its own gallery there,
 * another gallery 404, any other route 401.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { IDENTITY_HEADER } from '@studio/identity';
import type { AuthResult, AuthService } from '../services/auth.service.js';
import { clientRouteGallery, isClientBearer, type ClientSessionVerifier } from '../services/client-session.service.js';
import { parseBearer } from './headers.js';
import { sendErrorKind, sendNotFound } from './respond.js';

export function authenticate(auth: AuthService, clients?: ClientSessionVerifier): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
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
      const galleryId = client && req.gateway.route ? clientRouteGallery(req.method, req.gateway.route.path) : null;
      if (!client || galleryId === null) {
        unauthorized(req, res);
        return;
      }
      if (galleryId !== client.principal.galleryId) {
        sendNotFound(res);
        return;
      }
      req.gateway.client = client;
      req.principal = client.principal;
      req.headers[IDENTITY_HEADER] = client.identity();
      delete req.headers.authorization;
      next();
      return;
    }
    const apply = (result: AuthResult) => {
      if (result.kind === 'unauthorized') {
        unauthorized(req, res);
        return;
      }
      if (result.kind === 'unavailable') {
        sendErrorKind(req, res, 'unavailable');
        return;
      }
      const caller = result.caller;
      req.gateway.caller = caller;
      req.principal = caller.principal;
      req.headers[IDENTITY_HEADER] = caller.identity();
      delete req.headers.authorization;
      next();
    };
    const result = auth.authenticate(token);
    if (result instanceof Promise) result.then(apply, () => sendErrorKind(req, res, 'unavailable'));
    else apply(result);
  };
}

function unauthorized(req: Request, res: Response): void {
  res.setHeader('www-authenticate', 'Bearer realm="studio"');
  sendErrorKind(req, res, 'unauthorized');
}
