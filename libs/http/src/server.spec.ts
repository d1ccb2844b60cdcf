import { describe, expect, it } from 'vitest';
import express from 'express';
import { createLogger } from '@studio/logger';
import { createHttpApp, finishHttpApp, startHttpServer } from './server.js';
import { createMetrics } from './metrics.js';

describe('createHttpApp error handling', () => {
  it('answers malformed JSON, bad percent-encoding and unknown routes with 4xx, never 500', async () => {
    const logger = createLogger({ service: 'spec', level: 'silent' });
    const app = createHttpApp({ logger, metrics: createMetrics('spec') });
    const router = express.Router();
    router.get('/things/:id', (req, res) => {
      res.json({ ok: true, id: req.params.id });
    });
    router.post('/things', (req, res) => {
      res.json({ ok: true, body: req.body });
    });
    app.use('/api/v1', router);
    app.get('/boom', () => {
      throw new Error('secret detail');
    });
    finishHttpApp(app, logger);
    const server = await startHttpServer(app, 0);
    const base = `http://127.0.0.1:${server.port}`;
    try {
      const bad = await fetch(`${base}/api/v1/things/%E0%A4%A`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ ok: false, error: 'invalid_input' });

      const json = await fetch(`${base}/api/v1/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
      expect(json.status).toBe(400);

      const missing = await fetch(`${base}/nowhere`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe('{"ok":false,"error":"not_found"}');

      const boom = await fetch(`${base}/boom`);
      expect(boom.status).toBe(500);
      const body = (await boom.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ ok: false, error: 'internal', request_id: expect.any(String) });
      expect(JSON.stringify(body)).not.toContain('secret detail');
    } finally {
      await server.close(100);
    }
  });
});
