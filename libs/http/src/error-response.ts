/**
 * How errors become answers: any value thrown in an express handler (AppError, zod, body-parser and express's own
 * http-errors) is mapped to a status and the `{ ok: false, error }` envelope of @studio/errors, and a request that
 * Node's HTTP parser refuses before any handler runs gets the same envelope on the raw socket. Unknown errors are
 * logged and become a generic 500 that names the request id, never the detail.
 */
import type { Duplex } from 'node:stream';
import type { Request, Response } from 'express';
import { AppError, errorBody, toAppError } from '@studio/errors';
import type { Logger } from '@studio/logger';

/** Sends the error answer for any thrown value; unknown errors are logged and become a generic 500. */
export function answerThrownError(err: unknown, req: Request, res: Response, logger: Logger): void {
  const appErr = toAppError(err) ?? fromHttpLayerError(err);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (!appErr) {
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json(errorBody('internal', 'internal error', { request_id: req.requestId }));
    return;
  }
  if (appErr.kind === 'internal') logger.error({ err }, 'internal error');
  if (appErr.kind === 'unavailable') logger.warn({ err: (err as Error)?.message }, 'dependency unavailable');
  // The caller's fault may say more (invalid_input's issues, a portal's reason); not_found never does (errorBody).
  let extra =
    appErr.details && typeof appErr.details === 'object' && appErr.httpStatus < 500
      ? (appErr.details as Record<string, unknown>)
      : undefined;
  // A 5xx names the request id so an operator can find the log line; it never carries upstream detail.
  if (appErr.httpStatus >= 500) extra = { request_id: req.requestId };
  const message = appErr.httpStatus >= 500 ? undefined : appErr.message;
  res.status(appErr.httpStatus).json(errorBody(appErr.kind, message, extra));
}

/** Errors raised by body-parser or express itself (they carry `type` and/or `status`): the caller's fault, so 4xx. */
function fromHttpLayerError(err: unknown): AppError | null {
  if (!err || typeof err !== 'object') return null;
  const { type, status: statusField, statusCode } = err as { type?: string; status?: number; statusCode?: number };
  const status = statusField ?? statusCode;
  // body-parser errors: malformed JSON, oversized or wrongly encoded bodies are the caller's fault.
  if (type === 'entity.parse.failed') return new AppError('invalid_input', 'malformed JSON body');
  if (type === 'entity.too.large') return new AppError('invalid_input', 'request body is larger than 1 MiB');
  if (typeof type === 'string' && status && status >= 400 && status < 500)
    return new AppError('invalid_input', 'request body could not be read');
  if (status === 404) return new AppError('not_found');
  // http-errors raised by express itself, e.g. a path parameter that is not valid percent-encoding.
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new AppError('invalid_input', 'the request could not be understood');
  return null;
}

/**
 * A request Node's parser refuses before any handler runs: a request line or headers over the 16 KiB limit (Node
 * would answer a bare 431), malformed HTTP (a bare 400), a request that took too long to arrive (408). The caller
 * gets the API's error envelope instead, and the connection is closed (its framing can no longer be trusted).
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const timedOut = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const message =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'the request line and headers are larger than 16 KiB'
      : timedOut
        ? 'the request did not arrive in time'
        : 'the request is not valid HTTP';
  const body = JSON.stringify(errorBody('invalid_input', message));
  const status = timedOut ? '408 Request Timeout' : '400 Bad Request';
  const head = `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close`;
  socket.end(`${head}\r\n\r\n${body}`);
}
