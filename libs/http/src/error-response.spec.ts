/** Errors as answers: thrown values in handlers and requests Node's parser refuses, over a real server. */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import express from 'express';
import { createLogger } from '@studio/logger';
import { createHttpApp, finishHttpApp } from './http-app.js';
import { startHttpServer } from './graceful-server.js';
import { createMetrics } from './metrics.js';

describe('error answers', () => {
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

  it('answers a database outage (restart, unreachable) as 503 unavailable with Retry-After, never 500', async () => {
    const logger = createLogger({ service: 'spec', level: 'silent' });
    const app = createHttpApp({ logger, metrics: createMetrics('spec') });
    // What Prisma's pg adapter threw in the fault matrix while PostgreSQL restarted (docs/decisions/0021).
    const outages = [
      Object.assign(new Error('Raw query failed. Code: `57P01`. Message: `terminating connection due to administrator command`'), {
        code: 'P2010',
      }),
      Object.assign(new Error("Raw query failed. Code: `N/A`. Message: `Can't reach database server at 127.0.0.1:55432`"), {
        code: 'P2010',
      }),
      new Error('query failed', { cause: Object.assign(new Error('the database system is starting up'), { code: '57P03' }) }),
    ];
    outages.forEach((err, i) => {
      app.get(`/outage/${i}`, () => {
        throw err;
      });
    });
    finishHttpApp(app, logger);
    const server = await startHttpServer(app, 0);
    try {
      for (let i = 0; i < outages.length; i++) {
        const res = await fetch(`http://127.0.0.1:${server.port}/outage/${i}`);
        expect(res.status, `outage ${i}`).toBe(503);
        expect(res.headers.get('retry-after')).toBe('1');
        const body = (await res.json()) as Record<string, unknown>;
        expect(body).toEqual({ ok: false, error: 'unavailable', request_id: expect.any(String) });
      }
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
      // Raw answers say nosniff as every other answer does.
      expect(garbage.toLowerCase()).toContain('x-content-type-options: nosniff');
      const overflow = await raw(`GET / HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
      expect(overflow).toMatch(/^HTTP\/1\.1 400 /);
      expect(overflow.toLowerCase()).toContain('x-content-type-options: nosniff');
      const expectation = await raw('GET / HTTP/1.1\r\nhost: x\r\nexpect: other\r\n\r\n');
      expect(expectation).toMatch(/^HTTP\/1\.1 417 /);
      expect(expectation.toLowerCase()).toContain('x-content-type-options: nosniff');
    } finally {
      await server.close(100);
    }
  });
});
