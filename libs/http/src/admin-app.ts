/**
 * The admin listener every process runs beside its API: GET /healthz (alive), GET /readyz (each readiness check
 * answers within 2 s and the process is accepting work; 503 otherwise) and GET /metrics (Prometheus). It binds its
 * own port (`*_ADMIN_PORT`), which only the cluster reaches: kubelet probes, Prometheus, the local stack's
 * readiness wait. The API ports never serve these paths, so an Ingress or a caller inside the network that can
 * reach an API sees neither the 240 KB of metrics nor the dependencies' states (docs/decisions/0013-trust-inside.md).
 *
 * Probes and scrapes are neither access-logged nor traced nor counted in http_request_duration_seconds: an
 * orchestrator calls them every few seconds, and they would drown the requests the metrics are about.
 */
import express, { type Express, type Request, type Response } from 'express';
import type client from 'prom-client';
import { errorBody } from '@studio/errors';
import { withTimeout } from './with-timeout.js';

/** A readiness check: resolves when its dependency answers, rejects (or takes over 2 s) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

export interface AdminAppOptions {
  /** The process's one metrics registry. */
  registry: client.Registry;
  /** The /readyz checks by name (`database`, `amqp`, ...). */
  readiness?: Record<string, ReadinessCheck>;
  /** False before the process has started and from the moment it begins stopping: /readyz answers 503. */
  isAccepting(): boolean;
  /** How long one readiness check may take, ms (default 2,000). */
  checkTimeoutMs?: number;
}

export const ADMIN_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

export function createAdminApp(options: AdminAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  const checkTimeoutMs = options.checkTimeoutMs ?? 2000;

  app.get('/healthz', (_req: Request, res: Response) => {
    res.setHeader('cache-control', 'no-store');
    res.json({ ok: true });
  });
  app.get('/readyz', async (_req: Request, res: Response) => {
    res.setHeader('cache-control', 'no-store');
    if (!options.isAccepting()) {
      res.status(503).json({ ok: false, error: 'unavailable', message: 'not accepting work (starting or stopping)' });
      return;
    }
    const checks: Record<string, 'up' | 'down'> = {};
    await Promise.all(
      Object.entries(options.readiness ?? {}).map(async ([name, check]) => {
        try {
          await withTimeout(check(), checkTimeoutMs);
          checks[name] = 'up';
        } catch {
          checks[name] = 'down';
        }
      }),
    );
    const ready = Object.values(checks).every((state) => state === 'up');
    res.status(ready ? 200 : 503).json(ready ? { ok: true, checks } : { ok: false, error: 'unavailable', checks });
  });
  app.get('/metrics', async (_req: Request, res: Response) => {
    res.setHeader('cache-control', 'no-store');
    res.setHeader('content-type', options.registry.contentType);
    res.end(await options.registry.metrics());
  });
  app.use((_req: Request, res: Response) => {
    res.status(404).json(errorBody('not_found'));
  });
  return app;
}
