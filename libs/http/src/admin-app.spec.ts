/** The admin listener: probes, scrape, and nothing else. */
import { describe, expect, it } from 'vitest';
import client from 'prom-client';
import { createAdminApp } from './admin-app.js';
import { startHttpServer } from './graceful-server.js';

async function serve(options: Parameters<typeof createAdminApp>[0]) {
  const server = await startHttpServer(createAdminApp(options), 0);
  return { base: `http://127.0.0.1:${server.port}`, close: () => server.close(100) };
}

describe('createAdminApp', () => {
  it('answers /healthz, /readyz with every check, /metrics from the registry; no-store on each', async () => {
    const registry = new client.Registry();
    new client.Counter({ name: 'spec_things_total', help: 'things', registers: [registry] }).inc(3);
    const { base, close } = await serve({ registry, isAccepting: () => true, readiness: { database: async () => 1, amqp: async () => 1 } });
    try {
      const health = await fetch(`${base}/healthz`);
      expect([health.status, await health.json()]).toEqual([200, { ok: true }]);
      const ready = await fetch(`${base}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { ok: true, checks: { database: 'up', amqp: 'up' } }]);
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.headers.get('content-type')).toBe(registry.contentType);
      expect(await metrics.text()).toContain('spec_things_total 3');
      for (const res of [health, ready, metrics]) expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await close();
    }
  });

  it('/readyz is 503 while not accepting, and names each check that is down or too slow', async () => {
    let accepting = false;
    const { base, close } = await serve({
      registry: new client.Registry(),
      isAccepting: () => accepting,
      checkTimeoutMs: 50,
      readiness: { database: async () => 1, broker: () => Promise.reject(new Error('down')), redis: () => new Promise(() => {}) },
    });
    try {
      const starting = await fetch(`${base}/readyz`);
      expect(starting.status).toBe(503);
      expect(await starting.json()).toMatchObject({ ok: false, error: 'unavailable' });
      accepting = true;
      const down = await fetch(`${base}/readyz`);
      expect([down.status, await down.json()]).toEqual([
        503,
        { ok: false, error: 'unavailable', checks: { database: 'up', broker: 'down', redis: 'down' } },
      ]);
    } finally {
      await close();
    }
  });

  it('anything else is the standard 404, and nothing but GET is served', async () => {
    const { base, close } = await serve({ registry: new client.Registry(), isAccepting: () => true });
    try {
      for (const [method, path] of [
        ['GET', '/api/v1/shoots'],
        ['GET', '/'],
        ['POST', '/metrics'],
        ['DELETE', '/readyz'],
      ] as const) {
        const res = await fetch(`${base}${path}`, { method });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.text()).toBe('{"ok":false,"error":"not_found"}');
      }
    } finally {
      await close();
    }
  });
});
