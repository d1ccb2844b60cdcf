/** Resolves the upstream of a request from the route table; a path no service serves is a 404 here. */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { pathOf, type RouteTable } from './route-table.js';
import { sendNotFound } from './respond.js';

export function routeResolver(table: RouteTable): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const route = table.resolve(req.method, pathOf(req.url));
    if (!route) {
      sendNotFound(res);
      return;
    }
    req.gateway.route = route;
    next();
  };
}
