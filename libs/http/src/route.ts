/**
 * The one route builder. Each route names zod schemas for params, query, headers and body; the builder
 * validates them once at the edge (400 invalid_input), checks the caller kind, and calls a thin handler.
 * The definitions are kept in a registry so the same schemas can generate the OpenAPI 3.1 document.
 */
import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { AppError, type ErrorKind } from '@studio/errors';
import type { ClientPrincipal, Principal, TokenPrincipal } from '@studio/identity';
import {
  bodyFingerprint,
  fingerprintPath,
  IDEMPOTENCY_KEY_HEADER,
  type IdempotencyStore,
  INVALID_KEY_MESSAGE,
  keyScope,
  parseIdempotencyKey,
  performKeyed,
  REPLAYED_HEADER,
  requestFingerprint,
  type StoredAnswer,
} from '@studio/idempotency';
import { setDeprecationHeaders, type Deprecation } from './deprecation.js';
import { exceedsJsonDepth, TOO_DEEP_MESSAGE } from './json-depth.js';
import { JsonText } from './schemas.js';
import { findUnstorableText } from './storable-text.js';

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

/**
 * One route. P, Q, B and H are the zod schemas of its params, query, body and headers (undefined where it takes none)
 * and A its AuthMode: defineRoute states what each may be and infers them from the definition.
 */
export interface RouteDef<P, Q, B, H, A extends AuthMode> {
  method: Method;
  /** Express path under the public base, e.g. `/shoots/:id`. */
  path: string;
  operationId: string;
  summary: string;
  /**
   * What the operation does for a caller, in a sentence or three: who may call it, what it changes, what it answers
   * and its notable refusals (the OpenAPI `description`; `summary` is the short title).
   */
  description?: string;
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
  /**
   * Takes an Idempotency-Key header: the gateway keeps a fast-path record in Redis, and the service's own table (the
   * store given to `mount`, @studio/idempotency) keeps the key, fingerprint and answer durably for token callers.
   */
  idempotent?: boolean;
  /**
   * OpenAPI examples where the ones derived from the schemas (openapi-example.ts) would not show the route well: a
   * request body and/or a success body, each valid against its schema (the contract linters check).
   */
  example?: { request?: unknown; response?: unknown };
  /**
   * The route is deprecated (kept for compatibility until `sunset`): every answer it gives, errors included, carries
   * Deprecation, Sunset and Link (deprecation.ts), and the OpenAPI operation is marked deprecated with those headers.
   */
  deprecated?: Deprecation;
  /**
   * A form of input the route still accepts but has deprecated (e.g. the legacy offset cursor): the handler sets the
   * headers on the answers to such requests (setDeprecationHeaders); the OpenAPI operation documents them.
   */
  deprecatedInput?: { what: string; deprecation: Deprecation };
  handler: (ctx: RouteContext<Infer<P>, Infer<Q>, Infer<B>, Infer<H>, A>) => Promise<unknown> | unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: a route of any schemas (the registry holds routes of every shape)
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

/**
 * `value` parsed with `schema`, or an invalid_input AppError whose message names the first bad member
 * (`body.name: Too small: ...`, or `name: ...` without `where`) and whose details list every issue. The route builder
 * parses each request part with it; other adapters (gRPC handlers, operator CLIs) call it too, so that bad input is
 * refused in the same words whichever way it arrives. Before the schema, every string in `value` must be storable
 * text (no lone UTF-16 surrogate, no NUL; see storable-text.ts), whatever the schema says of it, and the input must
 * not nest deeper than MAX_JSON_DEPTH (json-depth.ts).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where?: string): z.output<S> {
  if (exceedsJsonDepth(value)) return refuse(where, [{ path: [], message: TOO_DEEP_MESSAGE }]);
  const unstorable = findUnstorableText(value);
  if (unstorable) return refuse(where, [{ path: unstorable.path, message: unstorable.message }]);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  return refuse(where, result.error.issues);
}

/** The invalid_input AppError for `found` (zod issues or alike), prefixed with `where`. */
function refuse(where: string | undefined, found: readonly { path: readonly PropertyKey[]; message: string }[]): never {
  const issues = found.map((i) => ({
    path: [...(where ? [where] : []), ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  const first = issues[0];
  const message = !first ? `${where ?? 'input'} is invalid` : first.path ? `${first.path}: ${first.message}` : first.message;
  throw new AppError('invalid_input', message, { issues });
}

function parsePart(where: string, schema: z.ZodType | undefined, value: unknown): unknown {
  return schema ? parseInput(schema, value, where) : undefined;
}

/** What mounting needs for idempotent routes: the service's table of keys and where storing failures are logged. */
export interface MountOptions {
  idempotency?: { store: IdempotencyStore; logger: { warn(fields: object, msg: string): void } };
}

/** The content type express's res.json sends, which a kept answer records. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Registers route definitions on an express router; keeps them for the OpenAPI document. */
export class RouteRegistry {
  readonly routes: AnyRouteDef[] = [];

  add(...defs: AnyRouteDef[]): this {
    this.routes.push(...defs);
    return this;
  }

  /** Mounts every route; an idempotent route without `opts.idempotency` is refused here, not served unprotected. */
  mount(router: Router, opts: MountOptions = {}): void {
    const keyed = this.routes.find((def) => def.idempotent);
    if (keyed && !opts.idempotency) throw new Error(`${keyed.operationId} is idempotent: mount needs an idempotency store`);
    for (const def of this.routes) {
      router[def.method](def.path, async (req: Request, res: Response) => {
        // First, so that every answer of a deprecated route says so, a refusal as much as a success.
        if (def.deprecated) setDeprecationHeaders(res, def.deprecated);
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
        const ctx = { params, query, body, headers, principal, req, res } as never;
        const keyed = def.idempotent && opts.idempotency && principal?.kind === 'token' ? keyOf(req, principal.tokenId) : null;
        if (!keyed || !opts.idempotency) {
          const result = await def.handler(ctx);
          if (res.headersSent) return;
          res.status(def.status ?? 200);
          if (result instanceof JsonText) res.setHeader('content-type', JSON_CONTENT_TYPE).send(result.text);
          else res.json(result);
          return;
        }
        const outcome = await performKeyed(
          { ...opts.idempotency, ...keyed, isRefusal: isClientError },
          async (): Promise<StoredAnswer | null> => {
            const result = await def.handler(ctx);
            if (res.headersSent) return null;
            const text = result instanceof JsonText ? result.text : (JSON.stringify(result) ?? '');
            return { status: def.status ?? 200, contentType: JSON_CONTENT_TYPE, body: Buffer.from(text) };
          },
        );
        if (outcome.kind === 'refuse') throw new AppError(outcome.refusal.error, outcome.refusal.message);
        const { answer } = outcome;
        if (!answer || res.headersSent) return;
        if (outcome.replayed) res.setHeader(REPLAYED_HEADER, 'true');
        res.status(answer.status);
        if (answer.contentType) res.setHeader('content-type', answer.contentType);
        res.send(answer.body);
      });
    }
  }
}

/** An AppError answered with a 4xx: the request was refused, and a corrected retry with its key may run. */
function isClientError(err: unknown): boolean {
  return err instanceof AppError && err.httpStatus >= 400 && err.httpStatus < 500;
}

/**
 * The scope and fingerprint of a keyed request (Idempotency-Key present), null without a key; a malformed key is a
 * 400 (the gateway refuses it first; checked again here). The fingerprint names the method, the path (no query, no
 * trailing slash) and the parsed body, with the gateway's functions; a body the parser left out is "absent".
 */
function keyOf(req: Request, tokenId: string): { scope: ReturnType<typeof keyScope>; fingerprint: string } | null {
  const parsed = parseIdempotencyKey(req.headers[IDEMPOTENCY_KEY_HEADER]);
  if (parsed.kind === 'absent') return null;
  if (parsed.kind === 'invalid') throw new AppError('invalid_input', INVALID_KEY_MESSAGE);
  const present = req.body !== undefined && req.headers['content-length'] !== '0';
  const fingerprint = requestFingerprint(req.method, fingerprintPath(req.originalUrl), bodyFingerprint(req.body, present));
  return { scope: keyScope(tokenId, parsed.key), fingerprint };
}

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
    requestId: string;
  }
}
