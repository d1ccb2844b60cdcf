/**
 * Load shedding (docs/decisions/0019-load-shedding.md): a cap on the requests one process holds at once. A request
 * that arrives while the process already holds `max` is answered at once, `503 unavailable` with `Retry-After: 1`,
 * and counted (http_shed_total); it is never queued. A held request counts until its answer has gone out (`finish`)
 * or its connection closed first (`close`: the caller went away, the socket broke), whichever comes first, once.
 * Every process with a public listener uses this one gate: the gateway (gateway/src/http/shed.middleware.ts,
 * GATEWAY_MAX_IN_FLIGHT) and every service's and the console's HTTP app (createHttpApp, HTTP_MAX_IN_FLIGHT).
 * The admin listener (/healthz, /readyz, /metrics) has no gate: a saturated process still answers its probes.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type client from 'prom-client';
import { errorBody } from '@studio/errors';
import { counter } from '@studio/metrics';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './error-response.js';

export const SHED_MESSAGE = 'the server is at capacity; retry after Retry-After seconds';

/** Requests in flight of one process, held below a cap. */
export interface InFlightGate {
  readonly max: number;
  /** Requests admitted whose answer has not finished and whose connection has not closed. */
  inFlight(): number;
  /**
   * Admits the request answered by `res` if fewer than `max` are in flight, and holds its place until `res` emits
   * `finish` or `close`; false (nothing held) at the cap.
   */
  admit(res: { once(event: 'finish' | 'close', listener: () => void): unknown }): boolean;
}

export function inFlightGate(max: number): InFlightGate {
  if (!Number.isInteger(max) || max < 1) throw new Error(`in-flight cap must be a positive integer, got ${max}`);
  let inFlight = 0;
  return {
    max,
    inFlight: () => inFlight,
    admit(res) {
      if (inFlight >= max) return false;
      inFlight++;
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        inFlight--;
      };
      // `finish`: the answer went out. `close`: it did, or the connection ended before it could; either frees the place.
      res.once('finish', release);
      res.once('close', release);
      return true;
    },
  };
}

/** Refusals of the gate of `registry`'s process (one counter per process, get-or-create by name). */
export function shedCounter(registry: client.Registry | undefined): client.Counter {
  return counter(registry, {
    name: 'http_shed_total',
    help: 'Requests refused at once (503, Retry-After) because the process held its cap of requests in flight',
  });
}

/**
 * Writes the refusal: 503 unavailable with the Retry-After of every 503 (a second: about how long the requests in
 * flight take to drain), the request id (every 5xx names it); no body is read.
 */
export function answerShed(req: Request, res: Response): void {
  const body = JSON.stringify(errorBody('unavailable', SHED_MESSAGE, { request_id: req.requestId }));
  res.statusCode = 503;
  res.setHeader('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

export interface ShedOptions {
  /** Requests this process holds at once; the next one is refused. */
  max: number;
  /** The process registry: http_shed_total goes on it. */
  registry: client.Registry | undefined;
}

/** The middleware: admits up to `max` requests in flight and answers the rest at once (answerShed), counted. */
export function shedRequests({ max, registry }: ShedOptions): RequestHandler & { gate: InFlightGate } {
  const gate = inFlightGate(max);
  const refused = shedCounter(registry);
  const handler = (req: Request, res: Response, next: NextFunction) => {
    if (gate.admit(res)) {
      next();
      return;
    }
    refused.inc();
    answerShed(req, res);
  };
  return Object.assign(handler, { gate });
}
