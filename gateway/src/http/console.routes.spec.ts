import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@studio/logger';
import { parseTrustedProxies } from '../services/client-address.js';
import { CONSOLE_FORM_LIMIT_BYTES, consoleDeployablePath, consoleRoutes, isConsolePath, isPortalPath } from './console.routes.js';
import { createGatewayMetrics } from './metrics.js';
import { noStore } from './no-store.middleware.js';
import { createUpstreamAgent } from './proxy.routes.js';
import type { RateLimitDecision, RateLimitService } from '../services/rate-limit.service.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A stand-in console on loopback: records what it received; answers with its own caching and CSP. */
function startConsole(): Promise<{ server: http.Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const asset = req.url?.startsWith('/console/assets/');
      res.writeHead(200, {
        'content-type': asset ? 'text/css' : 'text/html; charset=utf-8',
        'cache-control': asset ? 'public, max-age=31536000, immutable' : 'no-store',
        'content-security-policy': "default-src 'none'",
        'x-frame-options': 'DENY',
      });
      res.end(asset ? 'body{}' : '<p>page</p>');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen })),
  );
}

/** A stand-in for the Redis limiter: records each hit and answers what `next` says (allowed by default). */
const budget = {
  hits: [] as { subject: string; limit: number }[],
  next: (): RateLimitDecision => ({ kind: 'allowed', limit: 5, remaining: 4, resetSeconds: 60 }),
};
const fakeLimiter = {
  hit(subject: string, limit: number): Promise<RateLimitDecision> {
    budget.hits.push({ subject, limit });
    return Promise.resolve(budget.next());
  },
} as unknown as RateLimitService;

function routesTo(target: string) {
  return consoleRoutes({
    target,
    agent,
    timeoutMs: 5000,
    trustedProxies: parseTrustedProxies(''),
    logger: createLogger({ service: 'test', level: 'silent' }),
    metrics: createGatewayMetrics(),
    rateLimit: { limiter: fakeLimiter, perWindow: 5 },
  });
}

let upstream: Awaited<ReturnType<typeof startConsole>>;
let gateway: http.Server;
let base: string;
const agent = createUpstreamAgent(8);

beforeAll(async () => {
  upstream = await startConsole();
  const app = express();
  app.use((req: Request, _res: Response, next: NextFunction) => {
    req.gateway = {};
    next();
  });
  app.use(routesTo(upstream.url));
  // What the gateway's chain does next for everything else.
  app.use(noStore());
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ ok: false, error: 'not_found' });
  });
  gateway = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  agent.destroy();
  await new Promise((r) => gateway.close(r));
  await new Promise((r) => upstream.server.close(r));
});

describe('isConsolePath', () => {
  it('is /console and below, nothing else', () => {
    for (const path of ['/console', '/console/', '/console/sign-in', '/console/assets/console.abc.css'])
      expect(isConsolePath(path)).toBe(true);
    for (const path of ['/consoles', '/api/v1/console', '/', '/Console', '/consolex/a']) expect(isConsolePath(path)).toBe(false);
  });
});

describe('isPortalPath and consoleDeployablePath', () => {
  it('is /portal and below, nothing else; the portal takes GET and HEAD only', () => {
    for (const path of ['/portal', '/portal/', '/portal/assets/portal.abc.js']) expect(isPortalPath(path)).toBe(true);
    for (const path of ['/portals', '/api/v1/portal', '/', '/Portal']) expect(isPortalPath(path)).toBe(false);
    expect(consoleDeployablePath('GET', '/portal/')).toBe('/portal');
    expect(consoleDeployablePath('HEAD', '/portal')).toBe('/portal');
    expect(consoleDeployablePath('POST', '/portal/')).toBeUndefined();
    expect(consoleDeployablePath('POST', '/console/sign-in')).toBe('/console');
    expect(consoleDeployablePath('GET', '/api/v1/galleries')).toBeUndefined();
  });
});

describe('the portal route', () => {
  it('proxies GET and HEAD of /portal/ with Authorization dropped; other methods go to the route table', async () => {
    upstream.seen.length = 0;
    const get = await fetch(`${base}/portal/`, { headers: { authorization: 'Bearer eyJx' } });
    expect(get.status).toBe(200);
    const head = await fetch(`${base}/portal`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await fetch(`${base}/portal/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(404);
    expect(upstream.seen.map((s) => [s.method, s.url])).toEqual([
      ['GET', '/portal/'],
      ['HEAD', '/portal'],
    ]);
    expect(upstream.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('counts the page against the per-address budget, not its assets', async () => {
    budget.hits.length = 0;
    await fetch(`${base}/portal/`);
    await fetch(`${base}/portal/assets/portal.0123456789abcdef.js`);
    expect(budget.hits).toEqual([{ subject: 'console:ip:127.0.0.1', limit: 5 }]);
  });
});

describe('the console route', () => {
  it('proxies GET, HEAD and POST with their path and query, dropping Authorization and setting X-Forwarded-For', async () => {
    upstream.seen.length = 0;
    const get = await fetch(`${base}/console/tokens?done=revoked`, {
      headers: { authorization: 'Bearer stu_secret', cookie: 'studio_console=abc', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(get.status).toBe(200);
    expect(await get.text()).toBe('<p>page</p>');
    const head = await fetch(`${base}/console`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const form = 'csrf=x&name=a%20b';
    const post = await fetch(`${base}/console/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:8080', authorization: 'Bearer x' },
      body: form,
    });
    expect(post.status).toBe(200);
    expect(upstream.seen.map((s) => [s.method, s.url])).toEqual([
      ['GET', '/console/tokens?done=revoked'],
      ['HEAD', '/console'],
      ['POST', '/console/tokens'],
    ]);
    for (const s of upstream.seen) expect(s.headers.authorization).toBeUndefined();
    // No trusted proxy: the socket peer is the client, whatever the caller claimed.
    expect(upstream.seen[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(upstream.seen[0]!.headers.cookie).toBe('studio_console=abc');
    expect(upstream.seen[2]!.body.toString()).toBe(form);
    expect(upstream.seen[2]!.headers.origin).toBe('http://127.0.0.1:8080');
  });

  it("keeps the console's Cache-Control (no-store pages, immutable assets) and its security headers", async () => {
    const asset = await fetch(`${base}/console/assets/console.0123456789abcdef.css`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await fetch(`${base}/console/sign-in`);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('leaves other methods and paths to the route table (404)', async () => {
    upstream.seen.length = 0;
    for (const [method, path] of [
      ['PUT', '/console/tokens'],
      ['DELETE', '/console'],
      ['GET', '/consoles'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(upstream.seen).toEqual([]);
  });

  it('refuses a form larger than the limit with a 413 page, before it reaches the console', async () => {
    upstream.seen.length = 0;
    const res = await fetch(`${base}/console/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `name=${'x'.repeat(CONSOLE_FORM_LIMIT_BYTES)}`,
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('The form sent more than the console accepts.');
    expect(upstream.seen).toEqual([]);
  });
});

describe('an unreachable console', () => {
  it('is a 503 page, not a JSON error', async () => {
    const app = express();
    app.use((req: Request, _res: Response, next: NextFunction) => {
      req.gateway = {};
      next();
    });
    app.use(routesTo('http://127.0.0.1:1'));
    const server = await new Promise<http.Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/console/sign-in`);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('The console is unavailable. Try again in a moment.');
      const portal = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/portal/`);
      expect(portal.status).toBe(503);
      expect(await portal.text()).toContain("We can't show this gallery right now.");
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('the per-address budget', () => {
  it('counts pages and form posts per client address, not the fingerprinted assets', async () => {
    budget.hits.length = 0;
    await fetch(`${base}/console/sign-in`);
    await fetch(`${base}/console/assets/console.0123456789abcdef.css`);
    expect(budget.hits).toEqual([{ subject: 'console:ip:127.0.0.1', limit: 5 }]);
  });

  it('past the budget: a 429 page with Retry-After, and the console is not asked', async () => {
    const before = upstream.seen.length;
    budget.next = () => ({ kind: 'limited', limit: 5, remaining: 0, resetSeconds: 42 });
    try {
      const res = await fetch(`${base}/console/sign-in`, { method: 'POST', body: 'email=a' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('42');
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('Too many requests from your address. Try again in 42 seconds.');
      expect(upstream.seen.length).toBe(before);
    } finally {
      budget.next = () => ({ kind: 'allowed', limit: 5, remaining: 4, resetSeconds: 60 });
    }
  });

  it('fails closed when Redis cannot say: 429, Retry-After 1', async () => {
    const before = upstream.seen.length;
    budget.next = () => ({ kind: 'unavailable' });
    try {
      const res = await fetch(`${base}/console/tokens`);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.text()).toContain('Try again in a second.');
      expect(upstream.seen.length).toBe(before);
    } finally {
      budget.next = () => ({ kind: 'allowed', limit: 5, remaining: 4, resetSeconds: 60 });
    }
  });
});
