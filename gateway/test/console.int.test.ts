/**
 * The account console's route through the whole gateway chain (real Redis, helmet, the route table): /console and
 * /console/* reach the console's upstream without a bearer, with Authorization deleted and the console's own headers
 * (Cache-Control, CSP, Referrer-Policy, X-Frame-Options) reaching the browser unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EchoUpstream, startEchoUpstream } from './support/echo-upstream.js';
import { type Harness, OWNER, startHarness } from './support/harness.js';
import { apiToken } from './support/tokens.js';

let consoleUpstream: EchoUpstream;
let h: Harness;

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; script-src 'self'",
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

beforeAll(async () => {
  consoleUpstream = await startEchoUpstream('console');
  consoleUpstream.on('/console/sign-in', (req, res) => {
    res.writeHead(req.method === 'POST' ? 303 : 200, {
      ...PAGE_HEADERS,
      ...(req.method === 'POST' ? { location: '/console/tokens' } : {}),
    });
    res.end('<p>sign in</p>');
  });
  consoleUpstream.on('/console/assets/console.0123456789abcdef.css', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/css', 'cache-control': 'public, max-age=31536000, immutable' });
    res.end('body{}');
  });
  h = await startHarness({ env: { CONSOLE_HTTP_URL: consoleUpstream.url, AUTH_FAILURE_LIMIT_PER_MINUTE: '3' } });
});

afterAll(async () => {
  await h?.close();
  await consoleUpstream?.close();
});

describe('/console through the gateway', () => {
  it("answers with the console's page and headers, not the API's no-store or helmet's defaults", async () => {
    const res = await h.call('/console/sign-in');
    expect(res.status).toBe(200);
    expect(res.text).toBe('<p>sign in</p>');
    for (const [name, value] of Object.entries(PAGE_HEADERS)) expect(res.headers[name], name).toBe(value);
    const asset = await h.call('/console/assets/console.0123456789abcdef.css');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('needs no bearer and forwards none: a valid token, a malformed one, none at all are the same to the console', async () => {
    consoleUpstream.reset();
    const answers = await Promise.all([
      h.call('/console/tokens', { token: OWNER }),
      h.call('/console/tokens', { token: 'stu_not-a-token' }),
      h.call('/console/tokens', { headers: { cookie: 'studio_console=abc' } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(consoleUpstream.requests).toHaveLength(3);
    for (const r of consoleUpstream.requests) {
      expect(r.headers.authorization).toBeUndefined();
      expect(r.headers['x-studio-identity']).toBeUndefined();
      expect(r.headers['x-forwarded-for']).toBe('127.0.0.1');
    }
    expect(consoleUpstream.requests.map((r) => r.headers.cookie)).toContain('studio_console=abc');
  });

  it('unknown tokens on console pages are never looked up nor counted as failed authentications', async () => {
    const unknown = apiToken('not known to studio');
    // Past AUTH_FAILURE_LIMIT_PER_MINUTE (3) if they were counted: the API would answer this token 429, not 401.
    for (let i = 0; i < 6; i++) expect((await h.call('/console/sign-in', { token: unknown })).status).toBe(200);
    expect((await h.call('/api/v1/workspaces', { token: unknown })).status).toBe(401);
    expect((await h.call('/api/v1/workspaces', { token: OWNER })).status).not.toBe(429);
  });

  it('passes a form post through untouched', async () => {
    consoleUpstream.reset();
    const body = 'csrf=abc&email=a%40b.example&password=p%20w';
    const res = await h.call('/console/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:8080' },
      body,
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/console/tokens');
    const seen = consoleUpstream.requests[0]!;
    expect(seen.body.toString()).toBe(body);
    expect(seen.headers.origin).toBe('http://127.0.0.1:8080');
  });

  it('leaves other methods to the route table (404) and a form over 16 KiB is a 413 page', async () => {
    consoleUpstream.reset();
    expect((await h.call('/console/tokens', { method: 'PUT', body: '{}' })).status).toBe(404);
    const big = await h.call('/console/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `x=${'y'.repeat(17 * 1024)}`,
    });
    expect(big.status).toBe(413);
    expect(big.headers['content-type']).toContain('text/html');
    expect(consoleUpstream.requests).toEqual([]);
  });
});
