/**
 * The body deadline (GATEWAY_BODY_TIMEOUT_MS, docs/decisions/0018-edge-limits.md): a request whose body has not fully
 * arrived within that time of its headers is answered 408 with the envelope of every late request
 * (TRANSPORT_ANSWERS.timeout of @studio/http: `invalid_input`, "the request did not arrive in time") and
 * `connection: close`, and its connection is closed. The gateway takes JSON bodies of at most 1 MiB (uploads go
 * straight to object storage), so a body still trickling in after seconds is a stuck or hostile client holding a
 * connection and a request slot. Node's own deadline for the whole request (REQUEST_TIMEOUT_MS of the listener) is the
 * backstop; this one is shorter, exact (a timer, not Node's periodic check) and answered through the app, so the 408 is
 * counted and logged like any answer. A request without a body (no Content-Length or a zero one, no
 * Transfer-Encoding) sets no timer.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sendTransportAnswer } from '@studio/http/server';

export function bodyDeadline(timeoutMs: number): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = req.headers['content-length'];
    if (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) {
      next();
      return;
    }
    const timer = setTimeout(() => {
      if (req.complete) return;
      // An answer already begun cannot become a 408: the connection is cut instead.
      if (res.headersSent) req.socket.destroy();
      else sendTransportAnswer(res, 'timeout');
    }, timeoutMs);
    res.once('close', () => clearTimeout(timer));
    next();
  };
}
