/**
 * Server-streaming handlers from async generators (what `unaryHandlers` of @studio/grpc does for unary calls):
 * each yielded message is written with backpressure (waits for 'drain'), the stream stops reading when the
 * client cancels or the deadline passes, and the call ends OK after the last message. A throw ends the call with
 * the error's gRPC status (AppError kind in the `x-error-kind` trailer, e.g. INVALID_ARGUMENT for a malformed
 * id); anything unknown is logged and ends INTERNAL with a generic message, even after messages were sent.
 */
import { once } from 'node:events';
import { toAppError } from '@studio/errors';
import { grpc } from '@studio/grpc';
import type { Logger } from '@studio/logger';

export type StreamImpl<Req, Res> = (request: Req, metadata: grpc.Metadata) => AsyncIterable<Res>;

function statusOf(err: unknown, logger: Logger, method: string): Partial<grpc.StatusObject> {
  const appErr = toAppError(err);
  const trailer = new grpc.Metadata();
  if (!appErr) {
    logger.error({ err, method }, 'unhandled gRPC stream error');
    trailer.set('x-error-kind', 'internal');
    return { code: grpc.status.INTERNAL, details: 'internal error', metadata: trailer };
  }
  trailer.set('x-error-kind', appErr.kind);
  return { code: appErr.grpcCode, details: appErr.kind === 'not_found' ? 'not found' : appErr.message, metadata: trailer };
}

/** Waits until the stream can take more, or the call is gone (cancelled, closed). */
async function writable(call: grpc.ServerWritableStream<unknown, unknown>): Promise<void> {
  const ac = new AbortController();
  try {
    await Promise.race([
      once(call, 'drain', { signal: ac.signal }),
      once(call, 'cancelled', { signal: ac.signal }),
      once(call, 'close', { signal: ac.signal }),
    ]);
  } finally {
    ac.abort();
  }
}

export function streamHandler<Req, Res>(
  logger: Logger,
  method: string,
  impl: StreamImpl<Req, Res>,
): grpc.handleServerStreamingCall<Req, Res> {
  // The call context (request id, trace) is set by startGrpcServer's interceptor before this runs.
  return (call) => {
    void (async () => {
      const gone = () => call.cancelled || call.destroyed;
      let cancelled = false;
      call.on('cancelled', () => {
        cancelled = true;
      });
      try {
        for await (const message of impl(call.request, call.metadata)) {
          if (cancelled || gone()) return; // leaving the loop closes the generator (its finally blocks run)
          if (!call.write(message)) await writable(call as grpc.ServerWritableStream<unknown, unknown>);
        }
        if (!cancelled && !gone()) call.end();
      } catch (err) {
        if (cancelled || gone()) return;
        call.emit('error', statusOf(err, logger, method));
      }
    })();
  };
}
