/** The express skeleton's per-request span reporting. */
import { describe, expect, it } from 'vitest';
import express from 'express';
import { createLogger } from '@studio/logger';
import { setSpanSink, type FinishedSpan } from '@studio/trace';
import { createHttpApp, finishHttpApp } from './http-app.js';
import { startHttpServer } from './graceful-server.js';
import { createMetrics } from './metrics.js';

describe('createHttpApp spans', () => {
  const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
  const CALLER = '00f067aa0ba902b7';

  it('reports one server span per request to a registered sink: caller as parent, route pattern, status; none for unsampled traces', async () => {
    const spans: FinishedSpan[] = [];
    const logger = createLogger({ service: 'spec', level: 'silent' });
    const app = createHttpApp({ logger, metrics: createMetrics('spec'), accessLog: false });
    const router = express.Router();
    router.get('/things/:id', (_req, res) => {
      res.status(201).json({ ok: true });
    });
    app.use('/api/v1', router);
    app.get('/boom', () => {
      throw new Error('x');
    });
    finishHttpApp(app, logger);
    const server = await startHttpServer(app, 0);
    const base = `http://127.0.0.1:${server.port}`;
    setSpanSink((s) => spans.push(s));
    try {
      await fetch(`${base}/api/v1/things/42`, { headers: { traceparent: `00-${TRACE}-${CALLER}-01` } });
      await fetch(`${base}/boom`, { headers: { traceparent: `00-${TRACE}-${CALLER}-01` } });
      await fetch(`${base}/nowhere`, { headers: { traceparent: `00-${TRACE}-${CALLER}-01` } });
      await fetch(`${base}/api/v1/things/43`, { headers: { traceparent: `00-${TRACE}-${CALLER}-00` } });
      await new Promise((r) => setTimeout(r, 50)); // 'close' of the last response
    } finally {
      setSpanSink(null);
      await server.close(100);
    }
    expect(spans.map((s) => s.name)).toEqual(['GET /api/v1/things/:id', 'GET /boom', 'GET']);
    const [ok, boom, unmatched] = spans as [FinishedSpan, FinishedSpan, FinishedSpan];
    expect(ok).toMatchObject({
      kind: 'server',
      ids: { traceId: TRACE, parentSpanId: CALLER },
      attributes: { 'http.request.method': 'GET', 'http.route': '/api/v1/things/:id', 'http.response.status_code': 201 },
      error: undefined,
    });
    expect(ok.ids.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(ok.durationMs).toBeGreaterThan(0);
    expect(boom).toMatchObject({ attributes: { 'http.response.status_code': 500 }, error: '500' });
    expect(unmatched.attributes).toEqual({ 'http.request.method': 'GET', 'http.route': undefined, 'http.response.status_code': 404 });
  });
});
