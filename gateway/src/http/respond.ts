/**
 * The gateway's own answers. Error bodies come from @studio/errors; a 5xx carries the request id and never an
 * upstream detail; not_found is always the exact shared bytes.
 */
import type { Request, Response } from 'express';
import { ERROR_TABLE, NOT_FOUND_BODY, errorBody, type ErrorKind } from '@studio/errors';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@studio/http/error-response';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function sendJson(res: Response, status: number, body: string | Buffer): void {
  res.statusCode = status;
  res.setHeader('content-type', JSON_TYPE);
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

/**
 * Answers with the error envelope of `kind` (status from ERROR_TABLE); the gateway's own refusals, not thrown values.
 * A 503 carries Retry-After (UNAVAILABLE_RETRY_AFTER_SECONDS unless the caller set its own).
 */
export function sendErrorKind(req: Request, res: Response, kind: ErrorKind, message?: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (kind === 'not_found') {
    sendJson(res, 404, NOT_FOUND_BODY);
    return;
  }
  const status = ERROR_TABLE[kind].http;
  const extra = status >= 500 ? { request_id: req.requestId } : undefined;
  // An upstream or Redis that is down: the caller retries after this (every 503 of the API says when).
  if (kind === 'unavailable' && !res.hasHeader('retry-after')) res.setHeader('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  sendJson(res, status, JSON.stringify(errorBody(kind, message, extra)));
}

export function sendNotFound(res: Response): void {
  sendJson(res, 404, NOT_FOUND_BODY);
}
