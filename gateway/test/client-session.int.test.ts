/**
 * Client-session bearers at the gateway (real Redis, real echo upstream, real studio gRPC stand-in): which routes
 * they open, the forwarded ClientPrincipal, the per-session rate limit, and the per-IP limit of
 * POST /client-sessions (default 10 per minute).
 */
import http from 'node:http';
import { createHmac, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_BODY } from '@studio/errors';
import { IDENTITY_HEADER, verifyIdentity } from '@studio/identity';
import { signJws } from '@studio/identity/jws';
import { testKeys } from '@studio/testkit/secrets';
import { OWNER, startHarness, type Harness } from './support/harness.js';

/** The client-session bearers' issuer and audience (gallery signs them; the gateway verifies them). */
const BEARER = { issuer: 'studio-gallery', audience: 'studio-client-session' };

/**
 * A client-session bearer as gallery signs it: Ed25519 with CLIENT_SESSION_SIGNING_KEY (testKeys(), whose public
 * half the harness gives the gateway), sub = session, gid = gallery, wid = workspace.
 */
function clientBearer(
  galleryId: string,
  opts: { sessionId?: string; workspaceId?: string; ttlSeconds?: number; nowMs?: number; key?: KeyObject } = {},
): string {
  return signJws(
    { sub: opts.sessionId ?? randomUUID(), gid: galleryId, wid: opts.workspaceId ?? randomUUID() },
    opts.key ?? testKeys().clientSessionSigningKey,
    { ...BEARER, ttlSeconds: opts.ttlSeconds ?? 3600, nowMs: opts.nowMs },
  );
}

/** The same claims signed HS256 with a shared secret, as client bearers were before Ed25519. */
function hs256Bearer(galleryId: string, secret: string): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: randomUUID(), gid: galleryId, wid: randomUUID(), iss: BEARER.issuer, aud: BEARER.audience, iat: now, exp: now + 3600 })}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** A request from a chosen loopback source address (127.0.0.x), so per-IP limits can be told apart. */
function fromAddress(
  baseUrl: string,
  localAddress: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('gateway client-session bearers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CLIENT_BEARER_RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('forwards GET /galleries/{id}, /photos and POST/DELETE /favorites of its own gallery with a ClientPrincipal, never the bearer', async () => {
    const galleryId = randomUUID();
    const sessionId = randomUUID();
    const workspaceId = randomUUID();
    const token = clientBearer(galleryId, { sessionId, workspaceId });
    const studioCalls = h.studio.totalCalls();
    for (const [method, path, body] of [
      ['GET', `/api/v1/galleries/${galleryId}`],
      ['GET', `/api/v1/galleries/${galleryId}/photos?limit=5&cursor=200`],
      ['POST', `/api/v1/galleries/${galleryId}/favorites?photoId=${randomUUID()}`],
      ['DELETE', `/api/v1/galleries/${galleryId.toUpperCase()}/favorites/`, '{"photo_id":"x"}'],
    ] as [string, string, string?][]) {
      const res = await h.call(path, { token, method, body, headers: body ? { 'content-type': 'application/json' } : {} });
      expect(res.status, `${method} ${path}`).toBe(method === 'POST' ? 201 : 200);
      const forwarded = res.json.echo;
      expect(forwarded.url).toBe(path);
      expect(forwarded.headers.authorization).toBeUndefined();
      expect(verifyIdentity(forwarded.headers[IDENTITY_HEADER], testKeys().identityPublicKey, 'gallery')).toEqual({
        kind: 'client',
        sessionId,
        galleryId,
        workspaceId,
      });
      // Made for gallery, the upstream of these routes: no identity at any other service.
      expect(verifyIdentity(forwarded.headers[IDENTITY_HEADER], testKeys().identityPublicKey, 'studio')).toBeNull();
    }
    expect(h.studio.totalCalls()).toBe(studioCalls); // verified locally, never sent to studio
  });

  it("answers 404 (the shared bytes) for another gallery's id on the client routes, without calling upstream", async () => {
    const token = clientBearer(randomUUID());
    const other = randomUUID();
    const before = h.upstream.calls();
    for (const [method, path] of [
      ['GET', `/api/v1/galleries/${other}`],
      ['GET', `/api/v1/galleries/${other}/photos`],
      ['POST', `/api/v1/galleries/${other}/favorites`],
      ['DELETE', `/api/v1/galleries/${other}/favorites`],
      ['GET', '/api/v1/galleries/not-a-uuid'],
    ]) {
      const res = await h.call(path!, { token, method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).toBe(NOT_FOUND_BODY);
    }
    expect(h.upstream.calls()).toBe(before);
  });

  it('answers 401, without calling upstream, for a bearer signed HS256 with the old development secret or by another Ed25519 key', async () => {
    const galleryId = randomUUID();
    const before = h.upstream.calls();
    const studioCalls = h.studio.totalCalls();
    for (const bad of [
      hs256Bearer(galleryId, 'dev-client-session-secret-change-me-0123456789'),
      hs256Bearer(galleryId, testKeys().env.CLIENT_SESSION_PUBLIC_KEY!),
      clientBearer(galleryId, { key: generateKeyPairSync('ed25519').privateKey }),
      clientBearer(galleryId, { key: testKeys().identitySigningKey }),
    ]) {
      const res = await h.call(`/api/v1/galleries/${galleryId}`, { token: bad });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ ok: false, error: 'unauthorized' });
    }
    expect(h.upstream.calls()).toBe(before);
    expect(h.studio.totalCalls()).toBe(studioCalls);
  });

  it('answers 401 on every other route, and for an expired, forged or foreign-key bearer', async () => {
    const galleryId = randomUUID();
    const token = clientBearer(galleryId);
    const before = h.upstream.calls();
    const studioCalls = h.studio.totalCalls();
    for (const [method, path] of [
      ['GET', '/api/v1/galleries?workspace_id=11111111-1111-4111-8111-111111111111'],
      ['POST', '/api/v1/galleries'],
      ['POST', `/api/v1/galleries/${galleryId}/publish`],
      ['GET', `/api/v1/galleries/${galleryId}/favorites`],
      ['GET', '/api/v1/shoots'],
      ['GET', '/api/v1/auth/whoami'],
      ['GET', '/api/v1/workspaces'],
      ['POST', '/api/v1/photos'],
      ['GET', '/api/v1/client-sessions'],
    ]) {
      const res = await h.call(path!, { token, method });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ ok: false, error: 'unauthorized' });
    }
    for (const bad of [
      clientBearer(galleryId, { ttlSeconds: 60, nowMs: Date.now() - 65_000 }),
      clientBearer(galleryId, { key: generateKeyPairSync('ed25519').privateKey }),
      `${token.slice(0, -3)}abc`,
    ]) {
      expect((await h.call(`/api/v1/galleries/${galleryId}`, { token: bad })).status).toBe(401);
    }
    expect(h.upstream.calls()).toBe(before);
    expect(h.studio.totalCalls()).toBe(studioCalls);
    // API tokens keep working on the same routes.
    expect((await h.call(`/api/v1/galleries/${galleryId}/publish`, { token: OWNER, method: 'POST' })).status).toBe(201);
  });

  it('rate-limits per client session (CLIENT_BEARER_RATE_LIMIT_PER_MINUTE) with RateLimit headers and Retry-After', async () => {
    const galleryId = randomUUID();
    const token = clientBearer(galleryId);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await h.call(`/api/v1/galleries/${galleryId}`, { token });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.headers['ratelimit-limit']).toBe('5');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Another session of the same gallery has its own budget.
    expect((await h.call(`/api/v1/galleries/${galleryId}`, { token: clientBearer(galleryId) })).status).toBe(200);
  });
});

describe('gateway POST /client-sessions per-IP limit (default)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('allows 10 per minute per client IP, then 429 with Retry-After; another IP has its own budget', async () => {
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 11; i++) {
      const res = await fromAddress(h.url, '127.0.0.7', '/api/v1/client-sessions', '{"portal_token":"x"}');
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    expect(JSON.parse(refused!.text)).toEqual({ ok: false, error: 'rate_limited' });
    expect(refused!.headers['ratelimit-limit']).toBe('10');
    const retryAfter = Number(refused!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await fromAddress(h.url, '127.0.0.8', '/api/v1/client-sessions', '{"portal_token":"x"}')).status).toBe(201);
  });
});

describe('gateway POST /client-sessions per-IP limit behind a trusted proxy (TRUSTED_PROXIES)', () => {
  let h: Harness;
  beforeAll(async () => {
    // 127.0.0.20 plays the ingress controller; any other peer is a client reaching the gateway directly.
    h = await startHarness({ env: { TRUSTED_PROXIES: '127.0.0.20/32' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  const open = (peer: string, forwardedFor?: string) =>
    fromAddress(h.url, peer, '/api/v1/client-sessions', '{"portal_token":"x"}', forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});

  it('limits each client named by the trusted proxy on its own, not the proxy as a whole', async () => {
    const first: number[] = [];
    for (let i = 0; i < 11; i++) first.push((await open('127.0.0.20', '198.51.100.1')).status);
    expect(first).toEqual([...Array(10).fill(201), 429]);
    // Another customer behind the same ingress keeps its own budget.
    expect((await open('127.0.0.20', '198.51.100.2')).status).toBe(201);
    // A forged hop to the left of what the proxy appended changes nothing: still 198.51.100.1.
    expect((await open('127.0.0.20', '203.0.113.77, 198.51.100.1')).status).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await open('127.0.0.21', `192.0.2.${i + 1}`)).status);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});
