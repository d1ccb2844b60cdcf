/**
 * gRPC metrics on a process's registry: server and client latency histograms by service, method and status
 * code (their _count is the number of calls handled), and the interceptors that feed them. The interceptors also
 * carry the call context: the client one sends `x-request-id` and `traceparent` of the current call in the
 * metadata; the server one continues it (new span) around the handler, writes one access-log line per call and
 * reports the call's span to the span sink of @studio/trace when an exporter registered one (@studio/telemetry).
 */
import * as grpc from '@grpc/grpc-js';
import type client from 'prom-client';
import { histogram } from '@studio/metrics';
import { createAccessLogger, type Logger } from '@studio/logger';
import { HEALTH_SERVICE_NAME } from './health.js';
import { currentContext, logFields, propagationHeaders, runInContext, spanSinkFor, startCallFrom, type CallContext } from '@studio/trace';

type GrpcLabels = 'grpc_service' | 'grpc_method' | 'grpc_code';

export const GRPC_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The histogram `name` of `registry`, created on first use (several clients share one). */
function grpcHistogram(registry: client.Registry, name: string, help: string): client.Histogram<GrpcLabels> {
  return histogram(registry, { name, help, labelNames: ['grpc_service', 'grpc_method', 'grpc_code'] as const, buckets: GRPC_BUCKETS });
}

export function grpcServerHistogram(registry: client.Registry): client.Histogram<GrpcLabels> {
  return grpcHistogram(
    registry,
    'grpc_server_handling_seconds',
    'gRPC calls handled by this process: latency by service, method and status code',
  );
}

export function grpcClientHistogram(registry: client.Registry): client.Histogram<GrpcLabels> {
  return grpcHistogram(
    registry,
    'grpc_client_handling_seconds',
    'gRPC calls made by this process: latency by service, method and status code',
  );
}

/** `/pkg.Service/Method` -> its two labels. */
export function splitPath(path: string): { service: string; method: string } {
  const slash = path.lastIndexOf('/');
  return { service: path.slice(1, slash) || 'unknown', method: path.slice(slash + 1) || 'unknown' };
}

/** The status code's name (`OK`, `NOT_FOUND`, ...): the label value. */
export function codeName(code: number): string {
  return grpc.status[code] ?? String(code);
}

const HEALTH_SERVICE = HEALTH_SERVICE_NAME;

/** Status codes that make a server span an error (OpenTelemetry's gRPC conventions); the others are answers. */
const SERVER_ERROR_CODES = new Set<number>([
  grpc.status.UNKNOWN,
  grpc.status.DEADLINE_EXCEEDED,
  grpc.status.UNIMPLEMENTED,
  grpc.status.INTERNAL,
  grpc.status.UNAVAILABLE,
  grpc.status.DATA_LOSS,
]);

export interface ServerObservability {
  /** The process registry: grpc_server_handling_seconds is registered on it. */
  registry?: client.Registry;
  /** Enables the access log (one line per call; health checks are not logged). */
  logger?: Logger;
  accessLog?: boolean;
}

/**
 * Measures every call and runs its handler in the caller's call context: the listener events that reach the
 * handler (grpc-js calls unary and server-streaming handlers from them, synchronously) run inside it.
 */
export function serverInterceptor(observe: ServerObservability): grpc.ServerInterceptor {
  const duration = observe.registry ? grpcServerHistogram(observe.registry) : null;
  const access = observe.logger ? createAccessLogger(observe.logger, observe.accessLog ?? true) : null;
  return (descriptor, call) => {
    const started = process.hrtime.bigint();
    const { service, method } = splitPath(descriptor.path);
    let ctx: CallContext | undefined;
    let finished = false;
    const finish = (code: number) => {
      if (finished) return;
      finished = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const grpcCode = codeName(code);
      duration?.observe({ grpc_service: service, grpc_method: method, grpc_code: grpcCode }, seconds);
      if (service === HEALTH_SERVICE) return;
      access?.info(
        {
          ...logFields(ctx),
          grpc_service: service,
          grpc_method: method,
          grpc_code: grpcCode,
          duration_ms: Math.round(seconds * 1e6) / 1e3,
        },
        'grpc call',
      );
      const sink = spanSinkFor(ctx);
      if (sink) {
        sink({
          ids: ctx!,
          name: `${service}/${method}`,
          kind: 'server',
          durationMs: seconds * 1e3,
          attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method, 'rpc.grpc.status_code': code },
          error: SERVER_ERROR_CODES.has(code) ? grpcCode : undefined,
        });
      }
    };
    const within = (fn: () => void) => (ctx ? runInContext(ctx, fn) : fn());
    return new grpc.ServerInterceptingCall(call, {
      start(next) {
        next({
          onReceiveMetadata(metadata, nextMetadata) {
            ctx = startCallFrom(metadata.getMap());
            within(() => nextMetadata(metadata));
          },
          onReceiveMessage(message, nextMessage) {
            within(() => nextMessage(message));
          },
          onReceiveHalfClose(nextHalfClose) {
            within(() => nextHalfClose());
          },
          onCancel() {
            finish(grpc.status.CANCELLED);
          },
        });
      },
      sendStatus(status, next) {
        finish(status.code);
        next(status);
      },
    });
  };
}

/**
 * Sends the current call context (`x-request-id`, `traceparent` naming the current span) with every call, unless
 * the caller set them, and measures the call when `registry` is given.
 */
export function clientInterceptor(registry?: client.Registry): grpc.Interceptor {
  const duration = registry ? grpcClientHistogram(registry) : null;
  return (options, nextCall) => {
    const ctx = currentContext();
    const { service, method } = splitPath(options.method_definition.path);
    const started = process.hrtime.bigint();
    return new grpc.InterceptingCall(nextCall(options), {
      start(metadata, _listener, next) {
        for (const [key, value] of Object.entries(propagationHeaders(ctx))) {
          if (metadata.get(key).length === 0) metadata.set(key, value);
        }
        next(metadata, {
          onReceiveStatus(status, nextStatus) {
            const seconds = Number(process.hrtime.bigint() - started) / 1e9;
            duration?.observe({ grpc_service: service, grpc_method: method, grpc_code: codeName(status.code) }, seconds);
            nextStatus(status);
          },
        });
      },
    });
  };
}
