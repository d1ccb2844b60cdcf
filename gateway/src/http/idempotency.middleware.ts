/**
 * Idempotency-Key on the routes the route table marks idempotent. Runs after authentication (the key is scoped
 * per token, not per route) and after the body was read (the fingerprint is of the method, path and parsed body).
 * - invalid key -> 400; same key + other method, path or body -> 422 idempotency_conflict;
 * - same key + same body, completed -> the stored status and body with `Idempotent-Replayed: true` (only successes are
 *   stored: a 4xx or 5xx answer releases the key, so the corrected request runs; isStoredAnswer);
 * - same key still running -> wait for it (up to IDEMPOTENCY_WAIT_MS) and replay, else 409 conflict;
 * - the idempotency store unavailable -> 503 unavailable (fail closed: the operation is not run unprotected).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IdempotencyService, StoredAnswer } from '../services/idempotency.service.js';
import {
  bodyFingerprint,
  CONFLICT_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  IN_PROGRESS_MESSAGE,
  INVALID_KEY_MESSAGE,
  REPLAYED_HEADER,
  requestFingerprint,
} from '@studio/idempotency';
import type { GatewayMetrics } from './metrics.js';
import { parseIdempotencyKey } from './headers.js';
import { sendErrorKind } from './respond.js';

export { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER };

export function idempotency(service: IdempotencyService, metrics: GatewayMetrics): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const { route, caller, body } = req.gateway;
    if (!route?.idempotent || !caller) {
      next();
      return;
    }
    const parsedKey = parseIdempotencyKey(req.headers[IDEMPOTENCY_KEY_HEADER]);
    if (parsedKey.kind === 'absent') {
      next();
      return;
    }
    if (parsedKey.kind === 'invalid') {
      sendErrorKind(req, res, 'invalid_input', INVALID_KEY_MESSAGE);
      return;
    }
    let fingerprint: string;
    try {
      fingerprint = requestFingerprint(req.method, route.path, bodyFingerprint(body?.parsed, body?.present ?? false));
    } catch {
      sendErrorKind(req, res, 'invalid_input', 'request body is nested too deeply');
      return;
    }
    const scope = { tokenId: caller.tokenId, key: parsedKey.key };
    service.begin(scope, fingerprint).then(
      (outcome) => {
        metrics.idempotency.inc({ outcome: outcome.kind === 'replay' ? 'replayed' : outcome.kind });
        switch (outcome.kind) {
          case 'acquired':
            req.gateway.idempotency = outcome.lease;
            // The caller went away while we waited: give the key back rather than run unobserved.
            if (res.destroyed) {
              void outcome.lease.release();
              return;
            }
            next();
            return;
          case 'replay':
            replay(res, outcome.answer);
            return;
          case 'mismatch':
            sendErrorKind(req, res, 'idempotency_conflict', CONFLICT_MESSAGE);
            return;
          case 'busy':
            sendErrorKind(req, res, 'conflict', IN_PROGRESS_MESSAGE);
            return;
          case 'unavailable':
            sendErrorKind(req, res, 'unavailable');
            return;
        }
      },
      () => sendErrorKind(req, res, 'unavailable'),
    );
  };
}

function replay(res: Response, answer: StoredAnswer): void {
  if (res.headersSent) return;
  res.statusCode = answer.status;
  if (answer.contentType) res.setHeader('content-type', answer.contentType);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader('content-length', answer.body.length);
  res.setHeader(REPLAYED_HEADER, 'true');
  res.end(answer.body);
}
