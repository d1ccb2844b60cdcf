import { describe, expect, it } from 'vitest';
import express from 'express';
import { AppError } from '@studio/errors';
import { createLogger } from '@studio/logger';
import { createHttpApp, finishHttpApp, startHttpServer } from './server.js';
import { createMetrics } from './metrics.js';

describe('http_request_duration_seconds', () => {
  it('labels requests with the full route pattern (also when the route fails), never the raw URL', async () => {
    const logger = createLogger({ service: 'spec', level: 'silent' });
    const metrics = createMetrics('spec');
    const app = createHttpApp({ logger, metrics });
    const router = express.Router();
    router.get('/things/:id', (req, res) => {
      if (req.params.id === 'missing') throw new AppError('not_found');
      res.json({ ok: true });
    });
    const nested = express.Router();
    nested.post('/items/:itemId', (_req, res) => {
      res.status(201).json({ ok: true });
    });
    router.use('/sub', nested);
    app.use('/api/v1', router);
    finishHttpApp(app, logger);
    const server = await startHttpServer(app, 0);
    const base = `http://127.0.0.1:${server.port}`;
    try {
      expect((await fetch(`${base}/api/v1/things/abc`)).status).toBe(200);
      expect((await fetch(`${base}/api/v1/things/missing`)).status).toBe(404);
      expect((await fetch(`${base}/api/v1/sub/items/9`, { method: 'POST' })).status).toBe(201);
      expect((await fetch(`${base}/api/v1/nowhere/abc`)).status).toBe(404);
      // An ops path on an API port is an unknown path like any other (the admin listener serves it).
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      const text = await metrics.registry.metrics();
      const routes = [...text.matchAll(/http_request_duration_seconds_count\{([^}]*)\}/g)].map((m) => m[1]);
      expect(routes).toEqual(
        expect.arrayContaining([
          'service="spec",method="GET",route="/api/v1/things/:id",status="200"',
          'service="spec",method="GET",route="/api/v1/things/:id",status="404"',
          'service="spec",method="POST",route="/api/v1/sub/items/:itemId",status="201"',
          'service="spec",method="GET",route="unmatched",status="404"',
        ]),
      );
      expect(text).not.toContain('abc');
      expect(text).not.toContain('route="/metrics"');
    } finally {
      await server.close(100);
    }
  });
});
