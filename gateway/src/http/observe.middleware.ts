/**
 * Latency histogram by route prefix and status for every answer, one JSON access-log line (optional; its own
 * stream, see createAccessLogger) carrying the request id and the gateway span's trace ids, and the gateway's span
 * to the span sink of @studio/trace when an exporter registered one (@studio/telemetry).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createAccessLogger, type Logger } from '@studio/logger';
import type { HttpMetrics } from '@studio/http/metrics';
import { httpServerSpan, logFields, spanSinkFor } from '@studio/trace';

export interface ObserveOptions {
  metrics: HttpMetrics;
  logger: Logger;
  accessLog: boolean;
}

export function observe(opts: ObserveOptions): RequestHandler {
  const access = createAccessLogger(opts.logger, opts.accessLog);
  // Whether the access line is written at all: with the log off, a request builds none of its fields.
  const logAccess = access.isLevelEnabled('info');
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.once('close', () => {
      const seconds = (performance.now() - started) / 1e3;
      // The route prefix, never the raw path: an unknown path (a scan, a probe sent to the wrong port) is `unmatched`.
      const route = req.gateway?.route?.prefix ?? req.gateway?.label ?? 'unmatched';
      // A caller that went away before the answer was complete: 499, as proxies count it.
      const status = res.writableFinished ? res.statusCode : 499;
      opts.metrics.httpDuration.observe({ method: req.method, route, status }, seconds);
      if (logAccess)
        access.info(
          {
            ...logFields(req.gateway?.call),
            method: req.method,
            path: req.path,
            route,
            upstream: req.gateway?.route?.upstream,
            status,
            duration_ms: Math.round(seconds * 1e6) / 1e3,
            token_id: req.gateway?.caller?.tokenId,
          },
          'request',
        );
      // Built only when an exporter is registered and the trace is sampled.
      const sink = spanSinkFor(req.gateway?.call);
      if (sink) {
        const upstream = req.gateway.route?.upstream;
        sink(
          httpServerSpan(
            req.gateway.call!,
            req.method,
            route === 'unmatched' ? null : route,
            status,
            seconds * 1e3,
            upstream ? { 'studio.upstream': upstream } : undefined,
          ),
        );
      }
    });
    next();
  };
}
