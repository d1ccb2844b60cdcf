/** The cap on requests in flight: how the gate counts, and a service app past its cap (a real listener). */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@studio/logger';
import { createHttpApp, finishHttpApp } from './http-app.js';
import { startHttpServer } from './graceful-server.js';
import { createMetrics } from './metrics.js';
import { inFlightGate, SHED_MESSAGE } from './shed.js';

const response = () => new EventEmitter();

describe('inFlightGate', () => {
  it('admits up to the cap and refuses the next without holding a place', () => {
    const gate = inFlightGate(2);
    const [a, b, c] = [response(), response(), response()];
    expect([gate.admit(a), gate.admit(b), gate.admit(c)]).toEqual([true, true, false]);
    expect(gate.inFlight()).toBe(2);
    // The refused one holds nothing: its close frees no place of another.
    c.emit('finish');
    c.emit('close');
    expect(gate.inFlight()).toBe(2);
  });

  it('frees a place when the answer finishes, once, though close follows', () => {
    const gate = inFlightGate(1);
    const a = response();
    gate.admit(a);
    a.emit('finish');
    expect(gate.inFlight()).toBe(0);
    a.emit('close');
    expect(gate.inFlight()).toBe(0);
    expect(gate.admit(response())).toBe(true);
    expect(gate.inFlight()).toBe(1);
  });

  it('frees a place when the connection closes before an answer (the caller went away)', () => {
    const gate = inFlightGate(1);
    const a = response();
    gate.admit(a);
    expect(gate.admit(response())).toBe(false);
    a.emit('close');
    expect(gate.inFlight()).toBe(0);
    // A late finish of the abandoned answer does not count twice.
    a.emit('finish');
    expect(gate.inFlight()).toBe(0);
    expect(gate.admit(response())).toBe(true);
  });

  it('never goes below zero, whatever the responses emit', () => {
    const gate = inFlightGate(3);
    const held = [response(), response()];
    for (const r of held) gate.admit(r);
    for (const r of held) for (let i = 0; i < 3; i++) for (const event of ['finish', 'close']) r.emit(event);
    expect(gate.inFlight()).toBe(0);
    expect([gate.admit(response()), gate.admit(response()), gate.admit(response()), gate.admit(response())]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('refuses a cap that is not a positive integer', () => {
    expect(() => inFlightGate(0)).toThrow('positive integer');
    expect(() => inFlightGate(1.5)).toThrow('positive integer');
  });
});

/** GET `url` on its own connection: status, headers, body and when the headers arrived. */
function get(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; atMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const atMs = performance.now() - started;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, atMs }));
      })
      .on('error', reject);
  });
}

describe('createHttpApp with maxInFlight', () => {
  it('past the cap answers 503 unavailable with Retry-After at once, counts it, and the held requests complete', async () => {
    const logger = createLogger({ service: 'spec', level: 'silent' });
    const metrics = createMetrics('spec');
    const app = createHttpApp({ logger, metrics, accessLog: false, maxInFlight: 2 });
    // Held until the test lets them go: the gate's two places stay taken while the third arrives.
    const waiting: Array<() => void> = [];
    const entered: Array<() => void> = [];
    app.get('/slow', (_req, res) => {
      waiting.push(() => res.json({ ok: true }));
      entered.shift()?.();
    });
    finishHttpApp(app, logger);
    const server = await startHttpServer(app, 0);
    const base = `http://127.0.0.1:${server.port}`;
    try {
      const inside = (n: number) => Promise.all(Array.from({ length: n }, () => new Promise<void>((r) => entered.push(r))));
      const both = inside(2);
      const first = get(`${base}/slow`);
      const second = get(`${base}/slow`);
      await both;
      const third = await get(`${base}/slow`);
      expect(third.status).toBe(503);
      expect(third.headers['retry-after']).toBe('1');
      expect(JSON.parse(third.body)).toEqual({
        ok: false,
        error: 'unavailable',
        message: SHED_MESSAGE,
        request_id: third.headers['x-request-id'],
      });
      // Refused while the first two are still held: they have not been answered yet.
      expect(waiting).toHaveLength(2);
      for (const answer of waiting.splice(0)) answer();
      expect((await first).status).toBe(200);
      expect((await second).status).toBe(200);
      expect(await metrics.registry.getSingleMetricAsString('http_shed_total')).toContain('http_shed_total{service="spec"} 1');
      // Their places are free again: the next request is served.
      const again = inside(1);
      const fourth = get(`${base}/slow`);
      await again;
      waiting.shift()!();
      expect((await fourth).status).toBe(200);
    } finally {
      for (const answer of waiting) answer();
      await server.close(100);
    }
  });

  it('a caller that goes away frees its place', async () => {
    const logger = createLogger({ service: 'spec', level: 'silent' });
    const app = createHttpApp({ logger, metrics: createMetrics('spec'), accessLog: false, maxInFlight: 1 });
    let entered: () => void = () => undefined;
    app.get('/hang', () => entered()); // never answers
    app.get('/fast', (_req, res) => res.json({ ok: true }));
    finishHttpApp(app, logger);
    const server = await startHttpServer(app, 0);
    const base = `http://127.0.0.1:${server.port}`;
    try {
      const inside = new Promise<void>((r) => (entered = r));
      const hanging = http.get(`${base}/hang`, { agent: false });
      hanging.on('error', () => undefined);
      await inside;
      expect((await get(`${base}/fast`)).status).toBe(503);
      hanging.destroy();
      // The server sees the close a moment later.
      let status = 503;
      for (let i = 0; i < 100 && status === 503; i++) {
        await new Promise((r) => setTimeout(r, 10));
        status = (await get(`${base}/fast`)).status;
      }
      expect(status).toBe(200);
    } finally {
      await server.close(100);
    }
  });
});
