/**
 * CORS for the client portal (issue 16 item 4), with real preflights over HTTP against the gateway (real Redis, echo
 * upstream): a listed origin may call POST /client-sessions and the gallery routes a client bearer opens; nothing
 * else answers CORS, and with CORS_ORIGINS empty (the default) nothing does at all.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJws } from '@studio/identity/jws';
import { testKeys } from '@studio/testkit/secrets';
import { OWNER, startHarness, type Harness } from './support/harness.js';

const PORTAL = 'http://127.0.0.1:5173';
const OTHER_ORIGIN = 'http://127.0.0.2:5173';
const GALLERY = randomUUID();

function clientBearer(galleryId: string): string {
  return signJws({ sub: randomUUID(), gid: galleryId, wid: randomUUID() }, testKeys().clientSessionSigningKey, {
    issuer: 'studio-gallery',
    audience: 'studio-client-session',
    ttlSeconds: 3600,
  });
}

function preflight(h: Harness, path: string, origin: string, method: string, headers = 'authorization, content-type') {
  return h.call(path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

const CORS_HEADERS = ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers'];

describe('gateway CORS with CORS_ORIGINS set', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CORS_ORIGINS: `${PORTAL},https://photos.example.com` } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each([
    ['/api/v1/client-sessions', 'POST', 'POST'],
    [`/api/v1/galleries/${GALLERY}`, 'GET', 'GET'],
    [`/api/v1/galleries/${GALLERY}/photos`, 'GET', 'GET'],
    [`/api/v1/galleries/${GALLERY}/favorites`, 'POST', 'POST, DELETE'],
    [`/api/v1/galleries/${GALLERY}/favorites`, 'DELETE', 'POST, DELETE'],
  ])('answers the preflight of %s %s from a listed origin with 204 and the allow headers', async (path, method, methods) => {
    const seen = h.upstream.calls();
    const res = await preflight(h, path, PORTAL, method, 'Authorization, Content-Type, Idempotency-Key');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(res.headers['access-control-allow-methods']).toBe(methods);
    expect(res.headers['access-control-allow-headers']).toBe('authorization, content-type, idempotency-key, x-request-id');
    expect(res.headers['access-control-max-age']).toBe('600');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/Origin/);
    expect(h.upstream.calls()).toBe(seen);
  });

  it.each([
    ['an unlisted origin', '/api/v1/client-sessions', OTHER_ORIGIN, 'POST', undefined],
    ['an API-token route', '/api/v1/shoots', PORTAL, 'GET', undefined],
    ['a gallery route a client bearer does not open', `/api/v1/galleries/${GALLERY}/publish`, PORTAL, 'POST', undefined],
    ['a method the route does not open to clients', `/api/v1/galleries/${GALLERY}`, PORTAL, 'DELETE', undefined],
    ['a header the portal does not need', '/api/v1/client-sessions', PORTAL, 'POST', 'x-studio-identity'],
  ])('gives no CORS answer to a preflight from %s', async (_what, path, origin, method, headers) => {
    const res = await preflight(h, path, origin, method, headers);
    expect(res.status).toBe(401);
    for (const name of CORS_HEADERS) expect(res.headers[name], name).toBeUndefined();
  });

  it('adds Access-Control-Allow-Origin to the portal answers, errors included, and never to other routes', async () => {
    const session = await h.call('/api/v1/client-sessions', {
      method: 'POST',
      headers: { origin: PORTAL, 'content-type': 'application/json' },
      body: '{"portal_token":"abc"}',
    });
    expect(session.status).toBe(201);
    expect(session.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(session.headers['access-control-expose-headers']).toContain('ratelimit-remaining');

    const gallery = await h.call(`/api/v1/galleries/${GALLERY}`, { token: clientBearer(GALLERY), headers: { origin: PORTAL } });
    expect(gallery.status).toBe(200);
    expect(gallery.headers['access-control-allow-origin']).toBe(PORTAL);

    // A refusal is readable by the page too: it can tell an expired session from a network error.
    const refused = await h.call(`/api/v1/galleries/${GALLERY}`, { headers: { origin: PORTAL } });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(PORTAL);

    const shoots = await h.call('/api/v1/shoots', { token: OWNER, headers: { origin: PORTAL } });
    expect(shoots.status).toBe(200);
    expect(shoots.headers['access-control-allow-origin']).toBeUndefined();

    const unlisted = await h.call(`/api/v1/galleries/${GALLERY}`, { token: clientBearer(GALLERY), headers: { origin: OTHER_ORIGIN } });
    expect(unlisted.status).toBe(200);
    expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(unlisted.headers.vary)).toMatch(/Origin/);
  });
});

describe('gateway CORS with CORS_ORIGINS empty (the default)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers no preflight and adds no CORS header anywhere', async () => {
    const res = await preflight(h, '/api/v1/client-sessions', PORTAL, 'POST');
    expect(res.status).toBe(401);
    for (const name of CORS_HEADERS) expect(res.headers[name], name).toBeUndefined();
    const session = await h.call('/api/v1/client-sessions', {
      method: 'POST',
      headers: { origin: PORTAL, 'content-type': 'application/json' },
      body: '{"portal_token":"abc"}',
    });
    expect(session.status).toBe(201);
    expect(session.headers['access-control-allow-origin']).toBeUndefined();
  });
});
