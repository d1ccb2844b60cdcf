/**
 * The one route builder. Each route names zod schemas for params, query, headers and body; the builder
 * validates them once at the edge (400 invalid_input), checks the caller kind, and calls a thin handler.
 * The definitions are kept in a registry so the same schemas can generate the OpenAPI 3.1 document.
 */
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { AppError, type ErrorKind } from '@studio/errors';
import type { ClientPrincipal, Principal, TokenPrincipal } from '@studio/identity';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** Who may call: an API-token caller, a token caller or a gallery client session, or anyone. */
export type AuthMode = 'token' | 'token_or_client' | 'none';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type PrincipalFor<A extends AuthMode> = A extends 'token'
  ? TokenPrincipal
  : A extends 'token_or_client'
    ? TokenPrincipal | ClientPrincipal
    : Principal | undefined;

export interface RouteContext<P, Q, B, H, A extends AuthMode> {
  params: P;
  query: Q;
  body: B;
  headers: H;
  principal: PrincipalFor<A>;
  req: Request;
  res: Response;
}

export interface RouteDef<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  H extends z.ZodType | undefined = undefined,
  A extends AuthMode = AuthMode,
> {
  method: Method;
  /** Express path under the public base, e.g. `/shoots/:id`. */
  path: string;
  operationId: string;
  summary: string;
  tags?: string[];
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  /** When true the body may be left out entirely (it is then validated as undefined). */
  bodyOptional?: boolean;
  headers?: H;
  /** Success status: 200 reads and deletes, 201 creations, 202 accepted jobs. */
  status?: 200 | 201 | 202;
  /** Schema of the success body, for the OpenAPI document. */
  response?: z.ZodType;
  /** Error kinds this route may answer besides the common ones, for the OpenAPI document. */
  errors?: ErrorKind[];
  /** Takes an Idempotency-Key header (handled by the gateway; documented here). */
  idempotent?: boolean;
  /** OpenAPI: the route is deprecated (kept for compatibility; see docs/decisions/0008-openapi.md). */
  deprecated?: boolean;
  handler: (ctx: RouteContext<Infer<P>, Infer<Q>, Infer<B>, Infer<H>, A>) => Promise<unknown> | unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRouteDef = RouteDef<any, any, any, any, any>;

/** Identity helper so TypeScript infers the schema types of one route. */
export function defineRoute<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  H extends z.ZodType | undefined = undefined,
  A extends AuthMode = AuthMode,
>(def: RouteDef<P, Q, B, H, A>): RouteDef<P, Q, B, H, A> {
  return def;
}

function describeIssues(where: string, error: z.ZodError): { message: string; issues: { path: string; message: string }[] } {
  const issues = error.issues.map((i) => ({
    path: [where, ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  const first = issues[0];
  return { message: first ? `${first.path}: ${first.message}` : `${where} is invalid`, issues };
}

function parsePart(where: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) {
    const { message, issues } = describeIssues(where, result.error);
    throw new AppError('invalid_input', message, { issues });
  }
  return result.data;
}

/** Registers route definitions on an express router; keeps them for the OpenAPI document. */
export class RouteRegistry {
  readonly routes: AnyRouteDef[] = [];

  add(...defs: AnyRouteDef[]): this {
    this.routes.push(...defs);
    return this;
  }

  mount(router: Router): void {
    for (const def of this.routes) {
      router[def.method](def.path, async (req: Request, res: Response) => {
        const principal = req.principal;
        if (def.auth === 'token' && principal?.kind !== 'token') throw new AppError('unauthorized');
        if (def.auth === 'token_or_client' && !principal) throw new AppError('unauthorized');
        if (principal?.kind === 'client' && def.auth === 'token') throw new AppError('unauthorized');

        const params = parsePart('params', def.params, req.params);
        const query = parsePart('query', def.query, req.query ?? {});
        const headers = parsePart('headers', def.headers, req.headers);
        let body: unknown;
        if (def.body) {
          const absent = req.body === undefined || (req.body === null && !req.is('application/json'));
          if (absent && !def.bodyOptional) throw new AppError('invalid_input', 'a JSON body is required');
          body = absent && def.bodyOptional ? parsePart('body', def.body, undefined) : parsePart('body', def.body, req.body);
        }
        const result = await def.handler({ params, query, body, headers, principal, req, res } as never);
        if (res.headersSent) return;
        res.status(def.status ?? 200).json(result);
      });
    }
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
    requestId: string;
  }
}
