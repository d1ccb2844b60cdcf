/** The one way to say "deprecated": the helper's header values, and the route builder setting them on every answer. */
import express from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@studio/errors';
import { createLogger } from '@studio/logger';
import { deprecation, deprecationHeaders, PUBLIC_DOCS_PATH, setDeprecationHeaders } from './deprecation.js';
import { createMetrics } from './metrics.js';
import { defineRoute, RouteRegistry } from './route.js';
import { createHttpApp, finishHttpApp, startHttpServer } from './server.js';

const legacy = deprecation({ since: '2026-11-01', sunset: '2027-05-01', guide: 'Migrating-from-offset-cursors' });

describe('deprecation', () => {
  it('gives RFC 9745 Deprecation (@unix seconds), RFC 8594 Sunset (IMF-fixdate) and a Link to the guide', () => {
    expect(deprecationHeaders(legacy)).toEqual({
      Deprecation: '@1793491200',
      Sunset: 'Sat, 01 May 2027 00:00:00 GMT',
      Link: '</api/v1/docs#section/Migrating-from-offset-cursors>; rel="deprecation"; type="text/html"',
    });
    expect(Date.UTC(2026, 10, 1) / 1000).toBe(1793491200);
    expect(legacy.link.startsWith(`${PUBLIC_DOCS_PATH}#section/`)).toBe(true);
  });

  it('refuses a date that is not a calendar day, a sunset not after the deprecation, and a guide that is not a section id', () => {
    expect(() => deprecation({ since: '2026-02-30', sunset: '2027-05-01', guide: 'x' })).toThrow(/not a date/);
    expect(() => deprecation({ since: '1 Nov 2026', sunset: '2027-05-01', guide: 'x' })).toThrow(/not a date/);
    expect(() => deprecation({ since: '2027-05-01', sunset: '2027-05-01', guide: 'x' })).toThrow(/not after/);
    expect(() => deprecation({ since: '2026-11-01', sunset: '2027-05-01', guide: 'Migrating from x' })).toThrow(/section id/);
  });

  it('sets the three headers on a response', () => {
    const set = new Map<string, string>();
    setDeprecationHeaders({ setHeader: (name: string, value: string) => set.set(name, value) } as never, legacy);
    expect(Object.fromEntries(set)).toEqual(deprecationHeaders(legacy));
  });

  it('the route builder sends them on every answer of a deprecated route, refusals included, and on no other route', async () => {
    const logger = createLogger({ service: 'spec', level: 'silent' });
    const app = createHttpApp({ logger, metrics: createMetrics('spec') });
    const registry = new RouteRegistry().add(
      defineRoute({
        method: 'get',
        path: '/old',
        operationId: 'old',
        summary: 'Old',
        auth: 'none',
        deprecated: legacy,
        query: z.object({ n: z.string().regex(/^\d+$/).optional() }),
        handler: ({ query }) => {
          if (query.n === '0') throw new AppError('not_found');
          return { ok: true };
        },
      }),
      defineRoute({ method: 'get', path: '/new', operationId: 'new', summary: 'New', auth: 'none', handler: () => ({ ok: true }) }),
    );
    const router = express.Router();
    registry.mount(router);
    app.use('/api/v1', router);
    finishHttpApp(app, logger);
    const server = await startHttpServer(app, 0);
    try {
      const get = (path: string) => fetch(`http://127.0.0.1:${server.port}/api/v1${path}`);
      const headersOf = (res: Response) => ({
        Deprecation: res.headers.get('deprecation'),
        Sunset: res.headers.get('sunset'),
        Link: res.headers.get('link'),
      });
      for (const [path, status] of [
        ['/old', 200],
        ['/old?n=x', 400],
        ['/old?n=0', 404],
      ] as const) {
        const res = await get(path);
        expect(res.status, path).toBe(status);
        expect(headersOf(res), path).toEqual(deprecationHeaders(legacy));
      }
      const fresh = await get('/new');
      expect(fresh.status).toBe(200);
      expect(headersOf(fresh)).toEqual({ Deprecation: null, Sunset: null, Link: null });
    } finally {
      await server.close();
    }
  });
});
