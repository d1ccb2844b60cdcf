import net from 'node:net';
import { describe, expect, it } from 'vitest';
import express from 'express';
import { createLogger } from '@studio/logger';
import { setSpanSink, type FinishedSpan } from '@studio/trace';
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

  it('answers a request line over the 16 KiB header limit, and garbage that is not HTTP, with the 400 envelope', async () => {
    const logger = createLogger({ service: 'spec', level: 'silent' });
    const app = createHttpApp({ logger, metrics: createMetrics('spec') });
    finishHttpApp(app, logger);
    const server = await startHttpServer(app, 0);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(server.port, '127.0.0.1', () => socket.write(request));
        let out = '';
        socket.on('data', (c: Buffer) => (out += c.toString()));
        socket.on('end', () => resolve(out));
        socket.on('error', reject);
      });
    try {
      const long = await fetch(`http://127.0.0.1:${server.port}/search?q=${'%28'.repeat(10_000)}`);
      expect(long.status).toBe(400);
      expect(await long.json()).toMatchObject({ ok: false, error: 'invalid_input' });
      const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
      expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
      expect(garbage).toContain('"error":"invalid_input"');
    } finally {
      await server.close(100);
    }
  });
});

describe('startHttpServer graceful close', () => {
  /** A server whose /slow answers after `ms` milliseconds (the request is in flight meanwhile). */
  async function server() {
    const app = express();
    app.get('/fast', (_req, res) => {
      res.json({ ok: true });
    });
    app.get('/slow', (req, res) => {
      setTimeout(() => res.json({ ok: true }), Number(req.query.ms ?? 200));
    });
    return startHttpServer(app, 0);
  }
  /** A raw connection: everything the server sends until it closes the connection. */
  function connect(port: number): Promise<{ socket: net.Socket; received: Promise<string> }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let out = '';
      const received = new Promise<string>((done) => {
        socket.on('data', (c: Buffer) => (out += c.toString()));
        socket.on('close', () => done(out));
      });
      socket.once('error', reject);
      socket.once('connect', () => resolve({ socket, received }));
    });
  }
  const get = (path: string) => `GET ${path} HTTP/1.1\r\nhost: x\r\n\r\n`;

  it('answers a request that arrives on a connection opened before the close (not a reset), with connection: close', async () => {
    const s = await server();
    const c = await connect(s.port);
    const closed = s.close(5000);
    await new Promise((r) => setTimeout(r, 50)); // the listener is closed; the request is sent only now
    c.socket.write(get('/fast'));
    const answer = await c.received;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    await closed;
  });

  it('lets a request in flight finish and closes its connection after the answer', async () => {
    const s = await server();
    const c = await connect(s.port);
    c.socket.write(get('/slow?ms=200'));
    await new Promise((r) => setTimeout(r, 50));
    const closed = s.close(5000);
    const answer = await c.received;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('{"ok":true}');
    expect(answer.toLowerCase()).toContain('connection: close');
    await closed;
  });

  it('closes an idle keep-alive connection at once, refuses new connections, and ends a silent one after its grace', async () => {
    const s = await server();
    const idle = await connect(s.port);
    idle.socket.write(get('/fast'));
    await new Promise<void>((r) => idle.socket.once('data', () => r()));
    const silent = await connect(s.port);
    const closed = s.close(5000);
    expect(await idle.received).toMatch(/^HTTP\/1\.1 200 /); // the connection ended after its one answer
    const refused = await connect(s.port).then(
      () => 'connected',
      (err: NodeJS.ErrnoException) => err.code,
    );
    expect(refused).toBe('ECONNREFUSED');
    expect(await silent.received).toBe(''); // closed without an answer once FRESH_CONNECTION_GRACE_MS passed
    await closed;
  });
});

describe('createHttpApp spans', () => {
  const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
  const CALLER = '00f067aa0ba902b7';

  it('reports one server span per request to a registered sink: caller as parent, route pattern, status; none for probes or unsampled traces', async () => {
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
      await fetch(`${base}/healthz`, { headers: { traceparent: `00-${TRACE}-${CALLER}-01` } });
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
