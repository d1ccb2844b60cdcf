import { describe, expect, it } from 'vitest';
import { IDEMPOTENT_ROUTES, PREFIX_TABLE, RouteTable, pathOf } from './route-table.js';

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

describe('pathOf', () => {
  it('drops the query string', () => {
    expect(pathOf('/a/b?c=d?e')).toBe('/a/b');
    expect(pathOf('/a')).toBe('/a');
  });
});
