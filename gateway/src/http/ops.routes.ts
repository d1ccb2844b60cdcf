/** /healthz (alive), /readyz (Redis and studio gRPC answer; 503 while shutting down), /metrics (Prometheus). */
import { Router, type Request, type Response } from 'express';
import { withTimeout } from '@studio/http/server';
import type { HttpMetrics } from '@studio/http/metrics';

export interface OpsOptions {
  metrics: HttpMetrics;
  readiness: Record<string, () => Promise<unknown>>;
  isAccepting: () => boolean;
  checkTimeoutMs?: number;
}

export function opsRoutes(opts: OpsOptions): Router {
  const router = Router();
  router.get('/healthz', (_req: Request, res: Response) => {
    res.json({ ok: true });
  });
  router.get('/readyz', async (_req: Request, res: Response) => {
    if (!opts.isAccepting()) {
      res.status(503).json({ ok: false, error: 'unavailable', message: 'shutting down' });
      return;
    }
    const checks: Record<string, 'up' | 'down'> = {};
    await Promise.all(
      Object.entries(opts.readiness).map(async ([name, check]) => {
        try {
          await withTimeout(check(), opts.checkTimeoutMs ?? 2000);
          checks[name] = 'up';
        } catch {
          checks[name] = 'down';
        }
      }),
    );
    const ready = Object.values(checks).every((s) => s === 'up');
    res.status(ready ? 200 : 503).json(ready ? { ok: true, checks } : { ok: false, error: 'unavailable', checks });
  });
  router.get('/metrics', async (_req: Request, res: Response) => {
    res.setHeader('content-type', opts.metrics.registry.contentType);
    res.end(await opts.metrics.registry.metrics());
  });
  return router;
}
