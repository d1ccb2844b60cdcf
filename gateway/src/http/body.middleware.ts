/**
 * Request bodies of writes (POST, PUT, PATCH, DELETE): read the raw bytes here (at most 1 MiB), require a JSON
 * content type for a non-empty body, and require it to parse and to nest at most MAX_JSON_DEPTH levels (@studio/http). The exact bytes are forwarded later with a
 * correct Content-Length; nothing is re-serialised. Other methods stream through untouched.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { exceedsJsonDepth, TOO_DEEP_MESSAGE } from '@studio/http';
import type { Logger } from '@studio/logger';
import { checkJsonContentType, isIdentityEncoding } from './headers.js';
import { sendErrorKind } from './respond.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOO_LARGE = 'request body is larger than 1 MiB';
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export type BodyCheck = { ok: true; parsed: unknown; present: boolean } | { ok: false; message: string };

/** Validates a complete raw body against its Content-Type. Pure; exported for unit tests. */
export function checkBody(raw: Buffer, contentType: string | undefined): BodyCheck {
  if (raw.length === 0) return { ok: true, parsed: undefined, present: false };
  const type = checkJsonContentType(contentType);
  if (type === 'not_json') return { ok: false, message: 'a request body must be JSON (Content-Type: application/json)' };
  if (type === 'bad_charset') return { ok: false, message: 'a JSON body must be UTF-8' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(raw));
  } catch {
    return { ok: false, message: 'malformed JSON body' };
  }
  // Deep nesting overflows every recursive walk after this point (the canonical JSON of Idempotency-Key first).
  if (exceedsJsonDepth(parsed)) return { ok: false, message: `a JSON body ${TOO_DEEP_MESSAGE}` };
  return { ok: true, parsed, present: true };
}

export function readBody(logger: Logger, limit = BODY_LIMIT_BYTES): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!BODY_METHODS.has(req.method)) {
      next();
      return;
    }
    if (!isIdentityEncoding(req.headers['content-encoding'])) {
      sendErrorKind(req, res, 'invalid_input', 'Content-Encoding is not supported on request bodies');
      return;
    }
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > limit) {
      sendErrorKind(req, res, 'invalid_input', TOO_LARGE);
      return;
    }

    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        finished = true;
        cleanup();
        chunks.length = 0;
        req.resume(); // discard the rest; Node keeps the connection usable
        sendErrorKind(req, res, 'invalid_input', TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (finished) return;
      finished = true;
      cleanup();
      const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      const check = checkBody(raw, req.headers['content-type']);
      if (!check.ok) {
        sendErrorKind(req, res, 'invalid_input', check.message);
        return;
      }
      req.gateway.body = { raw, present: check.present, parsed: check.parsed };
      next();
    };
    const onError = (err: Error) => {
      if (finished) return;
      finished = true;
      cleanup();
      logger.debug({ err: err.message }, 'request body could not be read');
      if (!res.headersSent) sendErrorKind(req, res, 'invalid_input', 'request body could not be read');
      req.destroy();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  };
}
