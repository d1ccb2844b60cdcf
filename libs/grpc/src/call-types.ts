/**
 * Types that tie a call to its contract: from a generated client interface (`StudioInternalClient` of
 * @studio/proto) the names of its unary methods and each one's request and answer, and from a generated handler
 * map (`StudioInternalHandlers`) the promise-returning implementations that `unaryHandlers` adapts. Types only.
 */
import type * as grpc from '@grpc/grpc-js';

/** A unary client method in its shortest generated overload, `(argument, callback)` (the last one TypeScript reads). */
type UnaryClientMethod<Req, Res> = (argument: Req, callback: grpc.requestCallback<Res>) => grpc.ClientUnaryCall;

/** The declared (not index-signature) keys of T. */
export type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** The unary methods of a generated client, e.g. `'AuthenticateToken' | 'authenticateToken' | 'GetShoot' | ...`. */
// biome-ignore lint/suspicious/noExplicitAny: matching any method type (variance: its request and response types are what is inferred)
export type UnaryMethodName<C> = { [K in KnownKeys<C>]: C[K] extends UnaryClientMethod<any, any> ? K : never }[KnownKeys<C>] & string;

/** What `method` of client C takes. */
// biome-ignore lint/suspicious/noExplicitAny: matching any method type (variance: its request and response types are what is inferred)
export type UnaryRequest<C, M extends keyof C> = C[M] extends UnaryClientMethod<infer Req, any> ? Req : never;

/** What `method` of client C answers, as decoded with the loader's options (defaults filled in). */
// biome-ignore lint/suspicious/noExplicitAny: matching any method type (variance: its request and response types are what is inferred)
export type UnaryResponse<C, M extends keyof C> = C[M] extends UnaryClientMethod<any, infer Res> ? Res : never;

/** A unary method implemented as a promise: the request as decoded, the answer to encode. */
export type UnaryImplementation<Req, Res> = (request: Req, metadata: grpc.Metadata) => Promise<Res>;

/** The unary methods of a generated handler map H (the server side), each as a UnaryImplementation. */
export type UnaryImplementations<H> = {
  // biome-ignore lint/suspicious/noExplicitAny: matching any method type (variance: its request and response types are what is inferred)
  [K in KnownKeys<H> as H[K] extends grpc.handleUnaryCall<any, any> ? K : never]: H[K] extends grpc.handleUnaryCall<infer Req, infer Res>
    ? UnaryImplementation<Req, Res>
    : never;
};

/** The unary part of a generated handler map H: what `unaryHandlers<H>` returns. */
export type UnaryHandlersOf<H> = Pick<H, keyof UnaryImplementations<H> & keyof H>;
