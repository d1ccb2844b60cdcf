import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asUnavailable } from '@studio/errors';
import { createLogger } from '@studio/logger';
import { createApiApp } from './api-app.js';
import { createMetrics } from './metrics.js';
import { defineRoute, RouteRegistry } from './route.js';
import { listText } from './schemas.js';
import { startHttpServer } from './server.js';

/** A GET route of no auth answering what `handler` returns (or throws). */
const getRoute = (path: string, handler: () => Promise<unknown>) =>
  defineRoute({
    method: 'get',
    path,
    operationId: path.slice(1),
    summary: path,
    auth: 'none',
    response: z.object({ ok: z.literal(true) }),
    handler,
  });

/** The API app over `routes` on a free loopback port. */
async function serve(routes: RouteRegistry, mapError?: Parameters<typeof createApiApp>[0]['mapError']) {
  const app = createApiApp({
    logger: createLogger({ service: 'spec', level: 'silent' }),
    metrics: createMetrics('spec'),
    routes,
    title: 'spec service',
    ...(mapError ? { mapError } : {}),
  });
  const server = await startHttpServer(app, 0);
  return { server, base: `http://127.0.0.1:${server.port}` };
}

describe('createApiApp', () => {
  it('serves the routes under /api/v1, the OpenAPI fragment, health, and the 404 envelope', async () => {
    const { server, base } = await serve(new RouteRegistry().add(getRoute('/things', async () => ({ ok: true as const }))));
    try {
      const list = await fetch(`${base}/api/v1/things`);
      expect(list.status).toBe(200);
      expect(await list.json()).toEqual({ ok: true });
      const doc = (await (await fetch(`${base}/internal/openapi`)).json()) as { info: { title: string }; paths: Record<string, unknown> };
      expect(doc.info.title).toBe('spec service');
      expect(Object.keys(doc.paths)).toEqual(['/things']);
      // Ops endpoints live on the admin port only (admin-app.ts): here they are unknown paths like any other.
      for (const path of ['/things', '/healthz', '/readyz', '/metrics']) {
        const missing = await fetch(`${base}${path}`);
        expect(missing.status, path).toBe(404);
        expect(await missing.text()).toBe('{"ok":false,"error":"not_found"}');
      }
    } finally {
      await server.close(100);
    }
  });

  it('sends a JsonText answer as it is: its bytes, application/json, the route status', async () => {
    const text = listText(['{"id":"a","name":"Zoë \\"Q\\""}', '{"id":"b","name":null}'], 'next');
    const { server, base } = await serve(new RouteRegistry().add(getRoute('/texts', async () => text)));
    try {
      const res = await fetch(`${base}/api/v1/texts`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = await res.text();
      expect(body).toBe(text.text);
      expect(JSON.parse(body)).toEqual({
        ok: true,
        items: [
          { id: 'a', name: 'Zoë "Q"' },
          { id: 'b', name: null },
        ],
        next_cursor: 'next',
      });
    } finally {
      await server.close();
    }
  });

  it("maps its routes' errors with mapError before answering: a recognised one gets its status, others stay", async () => {
    const failing = (path: string, err: Error) =>
      getRoute(path, async () => {
        throw err;
      });
    const routes = new RouteRegistry().add(
      failing('/slow', Object.assign(new Error('query failed'), { cause: { code: '57014' } })),
      failing('/broken', new Error('boom')),
    );
    const { server, base: origin } = await serve(routes, (err) => asUnavailable(err));
    const base = `${origin}/api/v1`;
    try {
      const slow = await fetch(`${base}/slow`);
      expect(slow.status).toBe(503);
      expect(await slow.json()).toEqual({ ok: false, error: 'unavailable', request_id: slow.headers.get('x-request-id') });
      const broken = await fetch(`${base}/broken`);
      expect(broken.status).toBe(500);
      expect(await broken.json()).toEqual({
        ok: false,
        error: 'internal',
        message: 'internal error',
        request_id: broken.headers.get('x-request-id'),
      });
    } finally {
      await server.close(100);
    }
  });
});
