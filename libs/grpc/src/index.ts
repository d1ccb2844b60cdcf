/**
 * @studio/grpc: load .proto contracts from proto/, serve them with error mapping and grpc.health.v1,
 * and call them with deadlines, turning gRPC statuses back into AppErrors. Servers and clients made here carry
 * the call context (request id, W3C trace context) in metadata and are measured (see ./metrics.ts).
 */
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { AppError, kindFromGrpcCode, toAppError } from '@studio/errors';
import type client from 'prom-client';
import type { Logger } from '@studio/logger';
import { addHealthService, type HealthReporter } from './health.js';
import { clientInterceptor, serverInterceptor, type ServerObservability } from './metrics.js';
import { PROTO_ROOT } from './proto-root.js';

export { grpc };
export type { HealthReporter };

export { PROTO_ROOT };

const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

/** Loads `relativeFile` (e.g. `studio/v1/studio.proto`) and returns the service definition at `servicePath`. */
export function loadService(relativeFile: string, servicePath: string): grpc.ServiceClientConstructor {
  const definition = protoLoader.loadSync(path.join(PROTO_ROOT, relativeFile), LOADER_OPTIONS);
  const pkg = grpc.loadPackageDefinition(definition);
  let node: unknown = pkg;
  for (const part of servicePath.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'function') throw new Error(`gRPC service ${servicePath} not found in ${relativeFile}`);
  return node as grpc.ServiceClientConstructor;
}

type UnaryImpl<Req, Res> = (request: Req, metadata: grpc.Metadata) => Promise<Res>;

/**
 * Adapts promise-returning handlers to grpc-js unary handlers. AppErrors become their gRPC status (kind in
 * the `x-error-kind` trailer); anything else is logged and answered INTERNAL with a generic message.
 * The call context is set by the server (startGrpcServer's interceptor) before the handler runs.
 */
export function unaryHandlers(
  logger: Logger,
  impl: Record<string, UnaryImpl<any, any>>, // eslint-disable-line @typescript-eslint/no-explicit-any
): grpc.UntypedServiceImplementation {
  const out: grpc.UntypedServiceImplementation = {};
  for (const [name, fn] of Object.entries(impl)) {
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
  return out;
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
 * with `observe.logger` each call gets an access-log line.
 */
export async function startGrpcServer(
  register: (server: grpc.Server) => void,
  port: number,
  host = '127.0.0.1',
  observe: ServerObservability = {},
): Promise<GrpcServerHandle> {
  const server = new grpc.Server({ 'grpc.keepalive_permit_without_calls': 1, interceptors: [serverInterceptor(observe)] });
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

/**
 * Calls a unary method with a deadline; gRPC failures become AppErrors. The call context travels in the
 * metadata through the client's interceptor (see createClient).
 */
export function callUnary<Req, Res>(client: grpc.Client, method: string, request: Req, timeoutMs = 2000): Promise<Res> {
  return new Promise<Res>((resolve, reject) => {
    const metadata = new grpc.Metadata();
    const fn = (client as unknown as Record<string, Function>)[method];
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
}

/**
 * callUnary on another service whose detail must not reach this service's caller: the answers in `notFound`
 * become a plain not_found, any other failure `unavailable` (the caller may retry). Errors that are not gRPC
 * answers (a bug, a missing method) are thrown as they are.
 */
export async function callDependency<Req, Res>(client: grpc.Client, method: string, request: Req, timeoutMs: number, o: DependencyCallOptions): Promise<Res> {
  try {
    return await callUnary<Req, Res>(client, method, request, timeoutMs);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (o.notFound?.includes(err.kind)) throw new AppError('not_found');
    throw new AppError('unavailable', `the ${o.service} service is unavailable`);
  }
}

export interface ClientOptions {
  /** The process registry: calls are measured in grpc_client_handling_seconds. */
  registry?: client.Registry;
  /** Extra channel options (e.g. a larger grpc.max_receive_message_length). */
  channelOptions?: grpc.ChannelOptions;
}

/** A client whose calls carry the current call context (x-request-id, traceparent) and are measured. */
export function createClient(Ctor: grpc.ServiceClientConstructor, address: string, opts: ClientOptions = {}): grpc.Client {
  return new Ctor(address, grpc.credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.enable_retries': 1,
    ...opts.channelOptions,
    interceptors: [clientInterceptor(opts.registry)],
  });
}
