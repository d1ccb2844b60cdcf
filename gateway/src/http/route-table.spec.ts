import { describe, expect, it } from 'vitest';
import { API_BASE, IDEMPOTENT_ROUTES, PREFIX_TABLE, RouteSet, RouteTable, pathOf } from './route-table.js';

describe('RouteTable', () => {
  const table = new RouteTable();

  it('maps every prefix segment to its service, with or without sub-paths', () => {
    expect(table.resolve('GET', '/api/v1/shoots')).toMatchObject({ upstream: 'studio', prefix: '/api/v1/shoots' });
    expect(table.resolve('GET', '/api/v1/shoots/1/shot-list')).toMatchObject({ upstream: 'studio', prefix: '/api/v1/shoots' });
    expect(table.resolve('GET', '/api/v1/galleries/x/photos')?.upstream).toBe('gallery');
    expect(table.resolve('POST', '/api/v1/upload-sessions/1/files')?.upstream).toBe('upload');
    expect(table.resolve('GET', '/api/v1/search')?.upstream).toBe('search');
    expect(table.resolve('POST', '/api/v1/webhook-deliveries/1/replay')?.upstream).toBe('webhooks');
    for (const segment of Object.keys(PREFIX_TABLE))
      expect(table.resolve('GET', `/api/v1/${segment}`)?.upstream).toBe(PREFIX_TABLE[segment]);
  });

  it('returns null for paths no service serves', () => {
    for (const path of [
      '/',
      '/api',
      '/api/v1',
      '/api/v1/',
      '/api/v1x/shoots',
      '/api/v2/shoots',
      '/api/v1/shootsx',
      '/api/v1/__proto__',
      '/api/v1/constructor',
      '//api/v1/shoots',
      '/API/V1/shoots',
    ]) {
      expect(table.resolve('GET', path), path).toBeNull();
    }
  });

  it('marks the public and the idempotent routes by method and exact path', () => {
    expect(table.resolve('POST', '/api/v1/client-sessions')?.isPublic).toBe(true);
    expect(table.resolve('GET', '/api/v1/client-sessions')?.isPublic).toBe(false);
    expect(table.resolve('POST', '/api/v1/client-sessions/x')?.isPublic).toBe(false);
    for (const route of IDEMPOTENT_ROUTES) expect(table.resolve(route.method, route.path)?.idempotent).toBe(true);
    expect(table.resolve('POST', '/api/v1/shoots/x')?.idempotent).toBe(false);
    expect(table.resolve('GET', '/api/v1/shoots')?.idempotent).toBe(false);
    expect(table.resolve('POST', '/api/v1/webhooks/subscriptions')?.idempotent).toBe(true);
    expect(table.resolve('DELETE', '/api/v1/webhooks/subscriptions')?.idempotent).toBe(false);
  });

  it('treats one trailing slash as the same route (services do), so it cannot dodge Idempotency-Key', () => {
    expect(table.resolve('POST', '/api/v1/shoots/')).toMatchObject({ idempotent: true, path: '/api/v1/shoots' });
    expect(table.resolve('POST', '/api/v1/client-sessions/')?.isPublic).toBe(true);
    expect(table.resolve('POST', '/api/v1/shoots//')?.idempotent).toBe(false);
  });

  it('accepts custom tables (new services and idempotent routes are data)', () => {
    const custom = new RouteTable({ things: 'studio' }, [], [{ method: 'post', path: '/api/v1/things' }]);
    expect(custom.resolve('POST', '/api/v1/things')).toEqual({
      upstream: 'studio',
      path: '/api/v1/things',
      prefix: '/api/v1/things',
      isPublic: false,
      idempotent: true,
    });
    expect(custom.resolve('GET', '/api/v1/shoots')).toBeNull();
  });
});

describe('RouteTable: Idempotency-Key on every POST that creates or acts', () => {
  const table = new RouteTable();
  const concrete = (pattern: string) => pattern.replace(/\{\w+\}/g, '0b7c2d4e-1111-4111-8111-111111111111');

  it('honours the key on every route of the table, with concrete ids in place of the parameters', () => {
    expect(IDEMPOTENT_ROUTES.length).toBeGreaterThanOrEqual(23);
    for (const route of IDEMPOTENT_ROUTES) {
      const resolved = table.resolve(route.method, concrete(route.path));
      expect(resolved?.idempotent, route.path).toBe(true);
      // The OpenAPI document names the same routes with `{name}` segments: they match too (openapi.service.ts).
      expect(table.resolve(route.method, route.path)?.idempotent, route.path).toBe(true);
      // Only POST: the same path with another method does not take the key.
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'])
        expect(table.resolve(method, concrete(route.path))?.idempotent, `${method} ${route.path}`).toBe(false);
    }
  });

  it('names the routes of issue 24, and leaves out POST /client-sessions (no token to scope a key to)', () => {
    const paths = IDEMPOTENT_ROUTES.map((r) => `${r.method} ${r.path.slice(API_BASE.length)}`);
    for (const path of [
      'POST /shoots',
      'POST /clients',
      'POST /galleries',
      'POST /galleries/{id}/publish',
      'POST /galleries/{id}/favorites',
      'POST /photos',
      'POST /photos/{id}/finalize',
      'POST /upload-sessions',
      'POST /upload-sessions/{id}/files',
      'POST /ai/cull-jobs',
      'POST /webhook-endpoints',
      'POST /webhooks/subscriptions',
      'POST /webhook-deliveries/{id}/replay',
      'POST /webhook-endpoints/{id}/rotate-secret',
      'POST /webhook-endpoints/{id}/test',
    ])
      expect(paths).toContain(path);
    expect(paths.filter((p) => p.startsWith('POST /upload-sessions/{id}/')).length).toBeGreaterThanOrEqual(9);
    expect(paths).not.toContain('POST /client-sessions');
    expect(table.resolve('POST', '/api/v1/client-sessions')?.idempotent).toBe(false);
    // Every pattern is served by some upstream.
    for (const route of IDEMPOTENT_ROUTES) expect(table.resolve('POST', route.path), route.path).not.toBeNull();
  });

  it('matches a parameter segment to exactly one non-empty segment', () => {
    const id = 'a1b2';
    expect(table.resolve('POST', `/api/v1/galleries/${id}/publish`)?.idempotent).toBe(true);
    expect(table.resolve('POST', `/api/v1/galleries/${id}/publish/`)).toMatchObject({
      idempotent: true,
      path: `/api/v1/galleries/${id}/publish`,
    });
    expect(table.resolve('POST', '/api/v1/upload-sessions/s1/files/f1/parts/sign')?.idempotent).toBe(true);
    for (const path of [
      '/api/v1/galleries//publish',
      '/api/v1/galleries/publish',
      '/api/v1/galleries/a/b/publish',
      '/api/v1/galleries/a/publish/x',
      '/api/v1/galleries/a/publishx',
      '/api/v1/galleries/a/publish//',
      '/api/v1/galleries/a',
      '/api/v1/upload-sessions/s1/files/f1/parts',
      '/api/v1/upload-sessions/s1/files//parts/sign',
      '/api/v1/webhook-endpoints/e1',
    ])
      expect(table.resolve('POST', path)?.idempotent, path).toBe(false);
  });

  it('matches literal segments after the prefix ignoring case (the services route case-insensitively)', () => {
    expect(table.resolve('POST', '/api/v1/galleries/A1/PUBLISH')).toMatchObject({ idempotent: true, path: '/api/v1/galleries/A1/PUBLISH' });
    expect(table.resolve('POST', '/api/v1/upload-sessions/S/Files')?.idempotent).toBe(true);
    // The prefix segment itself is looked up exactly, so a differently cased prefix is no route at all.
    expect(table.resolve('POST', '/api/v1/Galleries/x/publish')).toBeNull();
  });

  it('prefers a literal over a parameter and backtracks when the literal branch does not end in a route', () => {
    const set = new RouteSet([
      { method: 'post', path: '/a/{id}/x' },
      { method: 'POST', path: '/a/b' },
      { method: 'POST', path: '/a/b/c/d' },
      { method: 'POST', path: '/a/{id}/c/e' },
    ]);
    expect(set.has('POST', '/a/b')).toBe(true);
    expect(set.has('POST', '/a/b/x')).toBe(true); // literal "b" has no "x": falls back to {id}
    expect(set.has('POST', '/a/b/c/d')).toBe(true);
    expect(set.has('POST', '/a/b/c/e')).toBe(true); // literal branch fails at the last segment
    expect(set.has('POST', '/a/z/c/e')).toBe(true);
    expect(set.has('POST', '/a/z/c/d')).toBe(false);
    expect(set.has('POST', '/a/z')).toBe(false);
    expect(set.has('POST', '/a')).toBe(false);
    expect(set.has('POST', '/')).toBe(false);
    expect(set.has('POST', '')).toBe(false);
    expect(set.has('POST', 'a/b')).toBe(false);
    expect(set.has('GET', '/a/b')).toBe(false);
  });

  it('refuses patterns it could not match as written', () => {
    for (const path of ['/a/Upper', '/a/{}', '/a/{id', '/a//b', 'a/b', '/a/:id', '/a/b c'])
      expect(() => new RouteSet([{ method: 'POST', path }]), path).toThrow(/route pattern/);
  });
});

describe('pathOf', () => {
  it('drops the query string', () => {
    expect(pathOf('/a/b?c=d?e')).toBe('/a/b');
    expect(pathOf('/a')).toBe('/a');
  });
});
