/** The portal's routes over a real listener: the shell, its ETag, the redirect, the precompressed assets, 404, 405. */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortalAssets } from '../portal/assets.js';
import { PORTAL_CSS } from '../portal/portal.css.js';
import { matchesEtag, portalRoutes } from './portal.routes.js';

const JS = `(function(){${'document.title="x";'.repeat(200)}})();`;
const assets = buildPortalAssets(JS);
const ORIGINS = ['http://127.0.0.1:9000', 'https://s3.example.com'];
let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(portalRoutes({ imageOrigins: ORIGINS, assets }));
  app.use((_req, res) => {
    res.status(418).end('not the portal');
  });
  server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Raw bytes as sent (fetch would decode the content-encoding). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    import('node:http').then(({ request }) => {
      const req = request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    }, reject);
  });
}

const POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' http://127.0.0.1:9000 https://s3.example.com; form-action 'none'; frame-ancestors 'none'; base-uri 'none'; connect-src 'self'";

describe('the portal shell', () => {
  it('is the designed HTML: one stylesheet, one deferred script, preconnects, the noscript sentence, no inline code', async () => {
    const res = await raw('/portal/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    const page = res.body.toString();
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toContain('<title>Gallery</title>');
    expect(page.match(/<link rel="stylesheet"/g)).toHaveLength(1);
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).toContain(`<script defer src="${assets.urls.js}"></script>`);
    expect(page).toMatch(/<script defer src="\/portal\/assets\/portal\.[0-9a-f]{16}\.js"><\/script>/);
    expect(page).toMatch(/<link rel="stylesheet" href="\/portal\/assets\/portal\.[0-9a-f]{16}\.css">/);
    for (const origin of ORIGINS) expect(page).toContain(`<link rel="preconnect" href="${origin}">`);
    // An icon of our own, so the browser does not ask for /favicon.ico.
    expect(page).toMatch(/<link rel="icon" href="\/portal\/assets\/portal-icon\.[0-9a-f]{16}\.svg" type="image\/svg\+xml">/);
    const icon = await raw(assets.urls.icon);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.body.toString()).toMatch(/^<svg /);
    expect(page).toContain('<main id="app">');
    expect(page).toContain('<noscript><p>This gallery needs JavaScript. Turn it on and reload the page.</p></noscript>');
    expect(page).toContain('id="portal-status"');
    expect(page).not.toMatch(/<style|\sstyle=|<script>|\son[a-z]+=/);
  });

  it('carries the portal policy and the security headers on every /portal answer', async () => {
    for (const path of ['/portal/', '/portal', assets.urls.js, '/portal/nope']) {
      const res = await raw(path);
      expect(res.headers['content-security-policy'], path).toBe(POLICY);
      expect(res.headers['referrer-policy'], path).toBe('same-origin');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
    }
  });

  it('has a strong ETag: 304 on If-None-Match, 200 on another tag', async () => {
    const first = await raw('/portal/');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await raw('/portal/', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await raw('/portal/', { 'if-none-match': '"other"' })).status).toBe(200);
    expect(matchesEtag(`"a", ${etag}`, etag)).toBe(true);
    expect(matchesEtag(`W/${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });

  it('HEAD: the headers of GET, no body', async () => {
    const res = await raw('/portal/', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(300);
  });

  it('/portal is a 308 to /portal/ (the fragment is kept by the browser)', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await raw('/portal', {}, method);
      expect(res.status).toBe(308);
      expect(res.headers.location).toBe('/portal/');
    }
  });
});

describe('the portal assets', () => {
  it('names each file by the hash of its content', () => {
    const other = buildPortalAssets(`${JS};`);
    expect(other.urls.js).not.toBe(assets.urls.js);
    expect(other.urls.css).toBe(assets.urls.css);
    expect(buildPortalAssets(JS).urls).toEqual(assets.urls);
  });

  it('br, else gzip, else identity, each with its own length, immutable, Vary: Accept-Encoding', async () => {
    const cases: [string | undefined, string | undefined, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      [undefined, undefined, (b) => b],
    ];
    for (const [accept, encoding, decode] of cases) {
      const res = await raw(assets.urls.js, accept ? { 'accept-encoding': accept } : {});
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(decode(res.body).toString()).toBe(JS);
      if (encoding) expect(res.body.length).toBeLessThan(JS.length / 4);
    }
    const css = await raw(assets.urls.css, { 'accept-encoding': 'br' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(brotliDecompressSync(css.body).toString()).toBe(PORTAL_CSS);
    const head = await raw(assets.urls.css, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(assets.byName.get(assets.urls.css.split('/').at(-1)!)!.bodies.gzip.length);
  });
});

describe('other /portal addresses', () => {
  it('an unknown asset or path is the 404 page; other paths are not the portal', async () => {
    for (const path of ['/portal/assets/portal.0000000000000000.js', '/portal/x', '/portal/assets/', '/portal//']) {
      const res = await raw(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString()).toContain('<h1>Page not found</h1>');
    }
    expect((await raw('/portalx')).status).toBe(418);
  });

  it('another method is 405 with Allow', async () => {
    for (const [method, path] of [
      ['POST', '/portal/'],
      ['DELETE', '/portal/'],
      ['PUT', assets.urls.js],
      ['POST', '/portal'],
    ] as const) {
      const res = await raw(path, {}, method);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
  });
});
