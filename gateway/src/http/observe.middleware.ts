/** Latency histogram by route prefix and status for every answer, and one JSON access-log line (optional). */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '@studio/logger';
import type { HttpMetrics } from '@studio/http/metrics';

export interface ObserveOptions {
  metrics: HttpMetrics;
  logger: Logger;
  accessLog: boolean;
}

const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export function observe(opts: ObserveOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = req.gateway?.route?.prefix ?? (OPS_PATHS.has(req.path) ? req.path : 'unmatched');
      opts.metrics.httpDuration.observe({ method: req.method, route, status: res.statusCode }, seconds);
      if (opts.accessLog) {
        opts.logger.info(
          {
            request_id: req.requestId,
            method: req.method,
            path: req.path,
            route,
            upstream: req.gateway?.route?.upstream,
            status: res.statusCode,
            duration_ms: Math.round(seconds * 1e6) / 1e3,
            token_id: req.gateway?.caller?.tokenId,
          },
          'request',
        );
      }
    });
    next();
  };
}
