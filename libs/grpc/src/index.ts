/**
 * @studio/grpc: load .proto contracts from proto/, serve them with error mapping and grpc.health.v1,
 * and call them with deadlines, turning gRPC statuses back into AppErrors. Servers and clients made here carry
 * the call context (request id, W3C trace context) in metadata and are measured (see ./metrics.ts).
 * Typed use: `loadProto(STUDIO_PROTO)` (the contract's file from @studio/proto) gives typed service constructors,
 * so `createClient` returns the generated client (`StudioInternalClient`), `callUnary` checks the method, request
 * and answer against it, and `unaryHandlers<StudioInternalHandlers>` checks a server's implementations.
 */
import * as grpc from '@grpc/grpc-js';
import { AppError, kindFromGrpcCode, toAppError } from '@studio/errors';
import type client from 'prom-client';
import type { Logger } from '@studio/logger';
import type {
  KnownKeys,
  UnaryHandlersOf,
  UnaryImplementation,
  UnaryImplementations,
  UnaryMethodName,
  UnaryRequest,
  UnaryResponse,
} from './call-types.js';
import { authInterceptor, credentialsInterceptor, type GrpcServerAuth, type ServiceTokenSigner } from './auth.js';
import { addHealthService, type HealthReporter } from './health.js';
import { loadProto, loadService } from './loader.js';
import { clientInterceptor, serverInterceptor, type ServerObservability } from './metrics.js';
import { PROTO_ROOT } from './proto-root.js';

export { grpc };
export type { HealthReporter };
export type { UnaryHandlersOf, UnaryImplementation, UnaryImplementations, UnaryMethodName, UnaryRequest, UnaryResponse };

export { PROTO_ROOT, loadProto, loadService };
export { ServiceTokenSigner, checkCaller, type CallerAllowlist, type GrpcServerAuth, type ServiceCredentials } from './auth.js';

/** What `unaryHandlers` takes: the unary implementations of generated handler map H, or any when H is untyped. */
type UnaryImplementationsOf<H> = [KnownKeys<H>] extends [never]
  ? // biome-ignore lint/suspicious/noExplicitAny: matching any method type (variance: its request and response types are what is inferred)
    Record<string, UnaryImplementation<any, any>>
  : UnaryImplementations<H>;

/**
 * Adapts promise-returning handlers to grpc-js unary handlers. AppErrors become their gRPC status (kind in
 * the `x-error-kind` trailer); anything else is logged and answered INTERNAL with a generic message.
 * The call context is set by the server (startGrpcServer's interceptor) before the handler runs.
 * With a generated handler map, `unaryHandlers<StudioInternalHandlers>(logger, {...})`, every unary method must
 * be implemented with the contract's request and answer types.
 */
export function unaryHandlers<H extends grpc.UntypedServiceImplementation = grpc.UntypedServiceImplementation>(
  logger: Logger,
  impl: UnaryImplementationsOf<H>,
): UnaryHandlersOf<H> {
  const out: grpc.UntypedServiceImplementation = {};
  for (const [name, fn] of Object.entries(impl as Record<string, UnaryImplementation<unknown, unknown>>)) {
    out[name] = (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      fn(call.request, call.metadata).then(
        (res) => callback(null, res),
        (err: unknown) => {
          const appErr = toAppError(err);
          const trailer = new grpc.Metadata();
          if (!appErr) {
            logger.error({ err, method: name }, 'unhandled gRPC error');
            trailer.set('x-error-kind', 'internal');
            callback({ code: grpc.status.INTERNAL, details: 'internal error', metadata: trailer });
            return;
          }
          trailer.set('x-error-kind', appErr.kind);
          callback({ code: appErr.grpcCode, details: appErr.kind === 'not_found' ? 'not found' : appErr.message, metadata: trailer });
        },
      );
    };
  }
  return out as UnaryHandlersOf<H>;
}

export interface GrpcServerHandle {
  server: grpc.Server;
  port: number;
  health: HealthReporter;
  /** Graceful: stops taking calls, lets in-flight ones finish (forced after `graceMs`). */
  close(graceMs?: number): Promise<void>;
}

/**
 * Starts a server with grpc.health.v1. Every call's handler runs in the caller's call context (request id and
 * trace continued from the metadata); with `observe.registry` calls are measured (grpc_server_handling_seconds),
 * with `observe.logger` each call gets an access-log line. Every call but a health check must carry a service
 * token that `auth` verifies and admits (see ./auth.ts); without `auth` only health checks are answered.
 */
export async function startGrpcServer(
  register: (server: grpc.Server) => void,
  port: number,
  host = '127.0.0.1',
  observe: ServerObservability = {},
  auth?: GrpcServerAuth,
): Promise<GrpcServerHandle> {
  const server = new grpc.Server({
    'grpc.keepalive_permit_without_calls': 1,
    // Measured first, so refused calls are counted and logged with their status too.
    interceptors: [serverInterceptor(observe), authInterceptor(auth)],
  });
  register(server);
  const health = addHealthService(server);
  const actualPort = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  health.setAll('SERVING');
  return {
    server,
    port: actualPort,
    health,
    close: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        health.setAll('NOT_SERVING');
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        timer.unref();
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

/** A client made from an untyped constructor (loadService): any method name, any message. */
type UntypedClient = InstanceType<grpc.ServiceClientConstructor>;

/**
 * Calls a unary method with a deadline; gRPC failures become AppErrors. The call context travels in the
 * metadata through the client's interceptor (see createClient). On a generated client the method name, the
 * request and the answer are the contract's.
 */
export function callUnary<C extends grpc.Client, M extends UnaryMethodName<C>>(
  client: C,
  method: M,
  request: UnaryRequest<C, M>,
  timeoutMs?: number,
): Promise<UnaryResponse<C, M>>;
export function callUnary<Req, Res>(client: UntypedClient, method: string, request: Req, timeoutMs?: number): Promise<Res>;
export function callUnary<Res>(client: grpc.Client, method: string, request: unknown, timeoutMs = 2000): Promise<Res> {
  return new Promise<Res>((resolve, reject) => {
    const metadata = new grpc.Metadata();
    const fn = (client as unknown as Record<string, (...args: unknown[]) => unknown>)[method];
    if (typeof fn !== 'function') {
      reject(new Error(`no gRPC method ${method}`));
      return;
    }
    fn.call(client, request, metadata, { deadline: Date.now() + timeoutMs }, (err: grpc.ServiceError | null, res: Res) => {
      if (!err) {
        resolve(res);
        return;
      }
      const kindHeader = err.metadata?.get('x-error-kind')[0];
      const kind = typeof kindHeader === 'string' ? (kindHeader as AppError['kind']) : kindFromGrpcCode(err.code);
      reject(new AppError(kind, kind === 'internal' || kind === 'unavailable' ? `upstream ${kind}` : err.details));
    });
  });
}

export interface DependencyCallOptions {
  /** Names the dependency in the error when it cannot answer: "the <service> service is unavailable". */
  service: string;
  /** Its answers that reach the caller as a plain not_found (e.g. not_found, invalid_input of a lookup by id). */
  notFound?: readonly AppError['kind'][];
  /**
   * Its answers that reach this service as they are, message included (the console shows studio's invalid_input
   * sentence to the person who typed the value, and sends an unauthorized one back to the sign-in page).
   */
  passThrough?: readonly AppError['kind'][];
}

/**
 * callUnary on another service whose detail must not reach this service's caller: the answers in `notFound`
 * become a plain not_found, those in `passThrough` stay as they are, any other failure `unavailable` (the caller may
 * retry). Errors that are not gRPC
 * answers (a bug, a missing method) are thrown as they are.
 */
export function callDependency<C extends grpc.Client, M extends UnaryMethodName<C>>(
  client: C,
  method: M,
  request: UnaryRequest<C, M>,
  timeoutMs: number,
  options: DependencyCallOptions,
): Promise<UnaryResponse<C, M>>;
export function callDependency<Req, Res>(
  client: UntypedClient,
  method: string,
  request: Req,
  timeoutMs: number,
  options: DependencyCallOptions,
): Promise<Res>;
export async function callDependency<Res>(
  client: grpc.Client,
  method: string,
  request: unknown,
  timeoutMs: number,
  options: DependencyCallOptions,
): Promise<Res> {
  try {
    return await callUnary<unknown, Res>(client as UntypedClient, method, request, timeoutMs);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (options.notFound?.includes(err.kind)) throw new AppError('not_found');
    if (options.passThrough?.includes(err.kind)) throw err;
    throw new AppError('unavailable', `the ${options.service} service is unavailable`);
  }
}

export interface ClientOptions {
  /**
   * The calling process's service tokens and the service called (the tokens' audience). Required for every
   * service but health (which admits anyone).
   */
  credentials?: { signer: ServiceTokenSigner; audience: string };
  /** The process registry: calls are measured in grpc_client_handling_seconds. */
  registry?: client.Registry;
  /** Extra channel options (e.g. a larger grpc.max_receive_message_length). */
  channelOptions?: grpc.ChannelOptions;
}

/**
 * A client whose calls carry the current call context (x-request-id, traceparent) and are measured. With a
 * constructor from loadProto it is the generated client (e.g. StudioInternalClient).
 */
export function createClient<C extends grpc.Client>(
  Ctor: new (...args: ConstructorParameters<typeof grpc.Client>) => C,
  address: string,
  options: ClientOptions = {},
): C {
  return new Ctor(address, grpc.credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.enable_retries': 1,
    ...options.channelOptions,
    interceptors: [
      clientInterceptor(options.registry),
      ...(options.credentials ? [credentialsInterceptor(options.credentials.signer, options.credentials.audience)] : []),
    ],
  });
}
