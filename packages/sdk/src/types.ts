/**
 * Type-level views of the generated `paths`: which paths take which method, what a call to one sends (path and
 * query parameters, JSON body, Idempotency-Key) and what it answers on success. No runtime code.
 */
import type { components, paths } from './generated/schema.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that have an operation for `M` (absent methods are `?: never` in the generated type). */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];

/** The operation object of `M` on `P`. */
export type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type ParametersOf<O> = O extends { parameters: infer Ps } ? Ps : Record<never, never>;
type RequiredKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];

/** `{ path?, query? }` as the operation declares them (a member is required when one of its parameters is; `?: never` when it has none). */
export type ParamsOf<O> = Pick<ParametersOf<O>, Extract<keyof ParametersOf<O>, 'path' | 'query'>>;

/** The JSON request body of the operation, or `never` when it takes none. */
export type BodyOf<O> = O extends { requestBody?: infer RB }
  ? [NonNullable<RB>] extends [never]
    ? never
    : NonNullable<RB> extends { content: { 'application/json': infer B } }
      ? B
      : never
  : never;

/** Whether the operation documents the Idempotency-Key header. */
export type TakesIdempotencyKey<O> =
  ParametersOf<O> extends { header?: infer H }
    ? [NonNullable<H>] extends [never]
      ? false
      : 'Idempotency-Key' extends keyof NonNullable<H>
        ? true
        : false
    : false;

/** What every call may add, whatever the operation. */
export interface CommonRequestOptions {
  /** Extra request headers (they win over the client's own, except Authorization when the client has a token). */
  headers?: Record<string, string>;
  /** Aborts the request and any wait between retries. */
  signal?: AbortSignal;
  /** This call's timeout per attempt in ms, instead of the client's `timeoutMs` (0: none). */
  timeoutMs?: number;
  /** This call's retries, instead of the client's `maxRetries` (0: none). */
  maxRetries?: number;
}

type ParamsOption<O> = [RequiredKeys<ParamsOf<O>>] extends [never] ? { params?: ParamsOf<O> } : { params: ParamsOf<O> };
type BodyOption<O> = [BodyOf<O>] extends [never]
  ? { body?: never }
  : O extends { requestBody: unknown }
    ? { body: BodyOf<O> }
    : { body?: BodyOf<O> };
type IdempotencyOption<O> =
  TakesIdempotencyKey<O> extends true
    ? {
        /** Sent as Idempotency-Key (every attempt of this call sends the same one); a fresh UUID when left out. */
        idempotencyKey?: string;
      }
    : { idempotencyKey?: never };

/** The options of one call of `M` on `P`: `params` (path, query), `body`, `idempotencyKey`, `headers`, `signal`. */
export type RequestOptions<P extends keyof paths, M extends Method> = ParamsOption<Operation<P, M>> &
  BodyOption<Operation<P, M>> &
  IdempotencyOption<Operation<P, M>> &
  CommonRequestOptions;

/** `[options]` when every option may be left out, else `[options]` required. */
export type OptionsArgs<P extends keyof paths, M extends Method> =
  RequiredKeys<RequestOptions<P, M>> extends never ? [options?: RequestOptions<P, M>] : [options: RequestOptions<P, M>];

type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type SuccessStatus = 200 | 201 | 202 | 203 | 204;

/** The parsed body of a successful answer (2xx) of `M` on `P`. */
export type SuccessBody<P extends keyof paths, M extends Method> = {
  [S in keyof Operation<P, M>['responses']]: S extends SuccessStatus ? JsonContent<Operation<P, M>['responses'][S]> : never;
}[keyof Operation<P, M>['responses']];

/** The GET paths that are cursor-paged lists: a `cursor` query parameter and `{ items, next_cursor }` answers. */
export type PagedPath = {
  [P in PathsWith<'get'>]: SuccessBody<P, 'get'> extends { items: readonly unknown[]; next_cursor: string | null }
    ? 'cursor' extends keyof NonNullable<ParametersOf<Operation<P, 'get'>> extends { query?: infer Q } ? Q : never>
      ? P
      : never
    : never;
}[PathsWith<'get'>];

/** One item of the paged list at `P`. */
export type PageItem<P extends PagedPath> = SuccessBody<P, 'get'> extends { items: readonly (infer I)[] } ? I : never;

/** The `error` codes the API documents (its error answers' bodies). */
export type ApiErrorCode = {
  [K in keyof components['responses']]: JsonContent<components['responses'][K]> extends { error: infer E } ? E : never;
}[keyof components['responses']];
