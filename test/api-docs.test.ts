/**
 * Issue 24 item 8, black box: the HTML API reference at GET /api/v1/docs (gateway/src/services/api-docs.service.ts).
 *
 * - Over plain HTTP: the page needs no bearer and carries a strict Content-Security-Policy (no inline script, a fresh
 *   style nonce per page, no third-party origin); its two scripts are fingerprinted assets of the gateway (the name's
 *   hash is the content's, so new content gets a new name), cached as immutable, sent in brotli, gzip or identity as
 *   asked, the Redoc one byte-identical to the installed bundle; any other asset name is the unknown-route 404.
 * - In a real Chromium (headless, no network but loopback): Redoc renders the served document: an operation, a
 *   webhook event from the document's `webhooks` member, and the two migration guides the Deprecation answers link
 *   to (followed from a real Link header); no request leaves 127.0.0.1 and no CSP violation or console error occurs.
 *
 * Chromium is installed by `npm test`'s provisioning when missing (scripts/lib/browser.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { api, baseUrl, NOT_FOUND_TEXT } from './support/client.js';
import { tenant } from './support/operator.js';

/** The page's two script URLs, in document order (the init script first, then Redoc's bundle). */
function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** GET with an explicit Accept-Encoding, undecoded (node's fetch would decode it silently). */
async function rawGet(url: string, acceptEncoding: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/v1/docs over HTTP', () => {
  it('is an HTML page without a bearer, under a strict CSP with a fresh style nonce each time, never stored', async () => {
    const first = await api('GET', '/docs');
    const second = await api('GET', '/docs');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const csp = directives(first.headers.get('content-security-policy') ?? '');
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    const styles = csp.get('style-src') ?? [];
    expect(styles).toHaveLength(1);
    expect(styles[0]).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
    expect(first.text).toContain(`<style nonce="${styles[0]!.slice(7, -1)}">`);
    expect(directives(second.headers.get('content-security-policy') ?? '').get('style-src')).not.toEqual(styles);
    // No inline script at all: every <script> has a src on this origin.
    expect(first.text.match(/<script\b/g)).toHaveLength(2);
    expect(scriptSources(first.text).every((src) => src.startsWith('/api/v1/docs/assets/'))).toBe(true);
    expect(first.text).toContain('data-spec-url="/api/v1/openapi.json"');
  });

  it('serves fingerprinted, immutable, compressed assets; the Redoc one is the installed bundle', async () => {
    const page = await api('GET', '/docs');
    const [initPath, redocPath] = scriptSources(page.text);
    expect(redocPath).toMatch(/^\/api\/v1\/docs\/assets\/redoc\.standalone\.[0-9a-f]{16}\.js$/);
    expect(initPath).toMatch(/^\/api\/v1\/docs\/assets\/init\.[0-9a-f]{16}\.js$/);
    const origin = new URL(baseUrl()).origin;
    // The installed bundle, with its one CDN reference (the sidebar logo) made an inline image.
    const installed = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
    const [before, after, ...more] = installed.split('https://cdn.redoc.ly/redoc/logo-mini.svg');
    expect(more).toEqual([]);
    for (const assetPath of [redocPath!, initPath!]) {
      const identity = await rawGet(origin + assetPath, 'identity');
      expect(identity.status).toBe(200);
      expect(identity.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(identity.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(identity.headers.get('vary')).toBe('Accept-Encoding');
      expect(identity.headers.get('content-encoding')).toBeNull();
      // The name carries the hash of the content: changed content cannot keep an old (cached) name.
      const hash = createHash('sha256').update(identity.body).digest('hex').slice(0, 16);
      expect(assetPath).toContain(`.${hash}.js`);
      const br = await rawGet(origin + assetPath, 'gzip, deflate, br');
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
      const gz = await rawGet(origin + assetPath, 'gzip;q=1, br;q=0');
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(gz.body).equals(identity.body)).toBe(true);
      if (assetPath === redocPath) {
        const text = identity.body.toString('utf8');
        expect(text.startsWith(before!) && text.endsWith(after!)).toBe(true);
        expect(text.slice(before!.length, text.length - after!.length)).toMatch(/^data:image\/svg\+xml,[^"]+$/);
        expect(text).not.toContain('cdn.redoc.ly');
        expect(br.body.length).toBeLessThan(identity.body.length / 2);
      }
    }
  });

  it('answers the unknown-route 404 for any other asset name, including a stale hash', async () => {
    const page = await api('GET', '/docs');
    const redocPath = scriptSources(page.text)[1]!;
    const stale = redocPath.replace(/\.[0-9a-f]{16}\.js$/, '.0000000000000000.js');
    for (const path of [stale, '/api/v1/docs/assets/redoc.standalone.js', '/api/v1/docs/assets/..%2F..%2Fpackage.json', '/api/v1/docs/x']) {
      const res = await api('GET', path.slice('/api/v1'.length));
      expect(res.status, path).toBe(404);
      expect(res.text, path).toBe(NOT_FOUND_TEXT);
    }
    expect((await api('POST', '/docs')).status).toBe(404);
  });
});

describe('GET /api/v1/docs in a real browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('renders operations, webhook events and both migration guides, with no outside request and no CSP violation', async () => {
    // A real legacy answer, to follow its Link header to the guide.
    const t = await tenant(['owner']);
    const legacy = await api('GET', '/webhook-endpoints', { token: t.tokens.owner, query: { workspace_id: t.workspaceId } });
    expect(legacy.status).toBe(200);
    const guide = /^<([^>]+)>; rel="deprecation"; type="text\/html"$/.exec(legacy.headers.get('link') ?? '')?.[1];
    expect(guide).toBe('/api/v1/docs#section/Migrating-from-webhook-endpoints');

    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (req) => requests.push(req.url()));
    page.on('console', (msg) => {
      if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    // Every CSP violation, reported by the page itself (a listener installed before any script of the page runs).
    await page.addInitScript(() => {
      (window as unknown as { __violations: string[] }).__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __violations: string[] }).__violations.push(`${e.effectiveDirective} ${e.blockedURI}`);
      });
    });

    const origin = new URL(baseUrl()).origin;
    const res = await page.goto(`${baseUrl()}/docs`);
    expect(res?.status()).toBe(200);
    // Redoc has rendered the document: an operation of the API and a webhook event.
    const createGallery = page.getByRole('heading', { name: "Create a draft gallery from a shoot's ready keepers, in capture order" });
    await createGallery.waitFor({ state: 'attached', timeout: 45_000 });
    await createGallery.scrollIntoViewIfNeeded();
    await expect.poll(() => createGallery.isVisible()).toBe(true);
    // A webhook event (the document's `webhooks` member), shown with its data schema.
    const published = page.locator('[id="operation/onGalleryPublished"]');
    const publishedTitle = published.getByRole('heading', { name: 'gallery.published' });
    await publishedTitle.scrollIntoViewIfNeeded();
    await expect.poll(() => publishedTitle.isVisible()).toBe(true);
    await expect.poll(() => published.getByText('X-Service-Signature').first().isVisible()).toBe(true);

    // The guides, by the anchor of the Link header (and the cursor's), each heading shown.
    for (const [anchor, heading] of [
      [guide!, 'Migrating from webhook endpoints'],
      ['/api/v1/docs#section/Migrating-from-offset-cursors', 'Migrating from offset cursors'],
    ] as const) {
      await page.goto(origin + anchor);
      const section = page.locator(`[id="${anchor.slice(anchor.indexOf('#') + 1)}"]`);
      await section.waitFor({ state: 'attached', timeout: 45_000 });
      const title = section.getByRole('heading', { name: heading });
      await title.scrollIntoViewIfNeeded();
      await expect.poll(() => title.isVisible()).toBe(true);
    }

    const violations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    await context.close();
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    const outside = requests.filter((url) => {
      const { protocol, hostname } = new URL(url);
      return !(protocol === 'blob:' || protocol === 'data:' || hostname === '127.0.0.1' || hostname === '[::1]');
    });
    expect(outside).toEqual([]);
    expect(requests.some((url) => url.endsWith('/api/v1/openapi.json'))).toBe(true);
  });
});
