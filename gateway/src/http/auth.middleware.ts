/**
 * Bearer authentication for every proxied route except the public ones. On success the caller's signed
 * identity replaces any identity header and the bearer itself is not forwarded (services trust only the
 * identity). Missing/malformed/unknown/revoked -> 401; studio unreachable -> 503 (never let a request through).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { IDENTITY_HEADER } from '@studio/identity';
import type { AuthResult, AuthService } from '../services/auth.service.js';
import { parseBearer } from './headers.js';
import { sendError } from './respond.js';

export function authenticate(auth: AuthService): RequestHandler {
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
    const apply = (result: AuthResult) => {
      if (result.kind === 'unauthorized') {
        unauthorized(req, res);
        return;
      }
      if (result.kind === 'unavailable') {
        sendError(req, res, 'unavailable');
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
    if (result instanceof Promise) result.then(apply, () => sendError(req, res, 'unavailable'));
    else apply(result);
  };
}

function unauthorized(req: Request, res: Response): void {
  res.setHeader('www-authenticate', 'Bearer realm="studio"');
  sendError(req, res, 'unauthorized');
}
