/**
 * How errors become answers: any value thrown in an express handler (AppError, zod, body-parser and express's own
 * http-errors) is mapped to a status and the `{ ok: false, error }` envelope of @studio/errors, and a request that
 * Node's HTTP parser refuses before any handler runs gets the same envelope on the raw socket. Unknown errors are
 * logged and become a generic 500 that names the request id, never the detail.
 */
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request, Response } from 'express';
import { AppError, asUnavailable, errorBody, toAppError, type ErrorKind } from '@studio/errors';
import type { Logger } from '@studio/logger';

/** Sends the error answer for any thrown value; unknown errors are logged and become a generic 500. */
/**
 * Retry-After of a 503 `unavailable` (a dependency down, e.g. the database restarting): a second, the order of a
 * database or broker reconnect. Every 503 says it, so a client's retry loop has one rule (docs/decisions/0021).
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

/**
 * Answers an error thrown by a route: an AppError as its kind, a body-parser/express error as the caller's fault, a
 * database (or broker) that is unreachable, restarting or slow anywhere in the cause chain as 503 `unavailable` with
 * Retry-After (asUnavailable: never a 500 for an outage), anything else as a 500 with the request id.
 */
export function answerThrownError(err: unknown, req: Request, res: Response, logger: Logger): void {
  const appErr = toAppError(err) ?? fromHttpLayerError(err) ?? asUnavailable(err);
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
  if (appErr.kind === 'unavailable') res.setHeader('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
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

/** One answer written below the express app: its status line, its error envelope, and Retry-After where due. */
interface TransportAnswerSpec {
  status: number;
  reason: string;
  kind: ErrorKind;
  message: string;
  retryAfterSeconds?: number;
}

/**
 * The answers written below the express app: on the raw socket (a request Node's parser refuses, a connection past
 * its address's cap) or before any handler runs (an Expect Node does not serve), and the 408 of a request that did not
 * arrive in time wherever it is noticed (Node's request deadline here, the gateway's body deadline in its app). One
 * table: the same status, envelope and headers whichever path writes them.
 */
export const TRANSPORT_ANSWERS = {
  /** Malformed HTTP (Node would answer a bare 400). */
  malformed: { status: 400, reason: 'Bad Request', kind: 'invalid_input', message: 'the request is not valid HTTP' },
  /** A request line and headers over Node's 16 KiB limit (Node would answer a bare 431). */
  header_overflow: {
    status: 400,
    reason: 'Bad Request',
    kind: 'invalid_input',
    message: 'the request line and headers are larger than 16 KiB',
  },
  /** The request (headers, or its body) did not fully arrive within the listener's deadline. */
  timeout: { status: 408, reason: 'Request Timeout', kind: 'invalid_input', message: 'the request did not arrive in time' },
  /** An Expect other than 100-continue (Node would answer a bare 417). */
  expectation: {
    status: 417,
    reason: 'Expectation Failed',
    kind: 'invalid_input',
    message: 'the only Expect served is 100-continue',
  },
  /** A connection past the cap of its client address (graceful-server.ts, maxConnectionsPerAddress). */
  too_many_connections: {
    status: 429,
    reason: 'Too Many Requests',
    kind: 'rate_limited',
    message: 'too many connections from this address',
    retryAfterSeconds: 1,
  },
} as const satisfies Record<string, TransportAnswerSpec>;

export type TransportAnswer = keyof typeof TRANSPORT_ANSWERS;

/** Every answer of every listener says this (graceful-server.ts sets it before the app runs; helmet would too). */
export const NOSNIFF: readonly [string, string] = ['x-content-type-options', 'nosniff'];

/** The headers and body of a transport answer: JSON envelope, nosniff, `connection: close`, Retry-After where due. */
export function transportAnswer(which: TransportAnswer): { status: number; reason: string; headers: [string, string][]; body: string } {
  const answer: TransportAnswerSpec = TRANSPORT_ANSWERS[which];
  const body = JSON.stringify(errorBody(answer.kind, answer.message));
  const headers: [string, string][] = [
    ['content-type', 'application/json; charset=utf-8'],
    ['content-length', String(Buffer.byteLength(body))],
    [NOSNIFF[0], NOSNIFF[1]],
    ['cache-control', 'no-store'],
    ['connection', 'close'],
  ];
  if (answer.retryAfterSeconds !== undefined) headers.push(['retry-after', String(answer.retryAfterSeconds)]);
  return { status: answer.status, reason: answer.reason, headers, body };
}

/** The bytes of a transport answer, for a raw socket. */
export function rawTransportAnswer(which: TransportAnswer): string {
  const { status, reason, headers, body } = transportAnswer(which);
  return `HTTP/1.1 ${status} ${reason}\r\n${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Sends a transport answer through a ServerResponse (headers already set on it, such as the request id, are kept);
 * `connection: close` makes Node close the connection once it is written.
 */
export function sendTransportAnswer(res: ServerResponse, which: TransportAnswer): void {
  const { status, headers, body } = transportAnswer(which);
  res.statusCode = status;
  for (const [name, value] of headers) res.setHeader(name, value);
  res.end(body);
}

/**
 * A request Node's parser refuses before any handler runs: a request line or headers over the 16 KiB limit, malformed
 * HTTP, a request that took too long to arrive (Node's headersTimeout / requestTimeout). The caller gets the envelope
 * of TRANSPORT_ANSWERS on the raw socket, and the connection is closed (its framing can no longer be trusted). When an
 * answer to the request has already begun (an app may answer before the body has arrived: a 401, say), nothing more
 * can be written on that connection without corrupting it: it is closed as it is.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable || answerBegun(socket)) {
    socket.destroy();
    return;
  }
  const which: TransportAnswer =
    err.code === 'HPE_HEADER_OVERFLOW' ? 'header_overflow' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'timeout' : 'malformed';
  socket.end(rawTransportAnswer(which));
}

/** Whether the response in progress on `socket` (Node's `_httpMessage`) has sent its headers. */
function answerBegun(socket: Duplex): boolean {
  const current = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  return current?.headersSent === true;
}
