/** The pages over a fake accounts client (no gRPC): how studio's answers become pages. */
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@studio/errors';
import { createMetrics } from '@studio/http/metrics';
import { createLogger } from '@studio/logger';
import { parseConsoleConfig } from '../config.js';
import type { Accounts, ConsoleSession, NewToken, TokenInfo } from '../grpc/studio-accounts.client.js';
import { createServices } from '../services/index.js';
import { buildHttpApp } from './http-app.js';
import { CONTENT_SECURITY_POLICY } from './security.middleware.js';

const ORIGIN = 'http://127.0.0.1:8080';
const SESSION = 'S'.repeat(43);
const TOKEN_ID = '0b3c6f7e-2a4d-4e8f-9a1b-2c3d4e5f6a7b';
const session: ConsoleSession = {
  sessionId: 's1',
  profileId: 'p1',
  email: 'a@example.com',
  name: 'A',
  csrfToken: 'C'.repeat(43),
  expiresAt: new Date(Date.now() + 3600_000),
};

/** What the fake answers next: a value, or an error to throw. */
let failure: AppError | null = null;
const info: TokenInfo = {
  id: TOKEN_ID,
  name: 'CI',
  prefix: 'abcdefabcdef',
  workspaceId: null,
  workspaceName: '',
  readOnly: false,
  createdAt: new Date().toISOString(),
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
  previousValidUntil: null,
};
const issued: NewToken = { secret: `stu_${'a'.repeat(46)}`, info };
const seen: string[] = [];

const fail = async () => {
  if (failure) throw failure;
};
const accounts: Accounts = {
  signIn: async () => ({ outcome: 'invalid', message: 'no' }),
  getSession: async (token) => {
    seen.push(`GetSession ${token}`);
    if (token !== SESSION) throw new AppError('unauthorized');
    if (failure?.kind === 'unavailable') throw failure;
    return session;
  },
  signOut: async () => undefined,
  signOutEverywhere: async () => undefined,
  describeLink: async () => ({ valid: false, kind: null, email: '' }),
  setPassword: async () => ({ outcome: 'invalid_link', message: '' }),
  requestPasswordReset: async () => undefined,
  listWorkspaces: async () => [],
  listTokens: async () => {
    if (failure?.kind === 'unavailable') throw failure;
    return [info];
  },
  createToken: async () => {
    await fail();
    return issued;
  },
  revokeToken: async () => {
    await fail();
    return info;
  },
  rollToken: async () => {
    await fail();
    return issued;
  },
  checkHealth: async () => undefined,
};

let server: http.Server;
let base: string;

beforeAll(async () => {
  const key = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  const app = buildHttpApp({
    config: parseConsoleConfig({ SERVICE_SIGNING_KEY: key, PUBLIC_URL: ORIGIN, PORTAL_IMAGE_ORIGINS: 'http://127.0.0.1:9000' }),
    logger: createLogger({ service: 'console', level: 'silent' }),
    metrics: createMetrics('console'),
    services: createServices({ accounts }),
  });
  server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const cookie = `studio_console=${SESSION}`;
const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
const csrf = session.csrfToken;

async function expecting(kind: AppError | null, fn: () => Promise<Response>): Promise<Response> {
  failure = kind;
  try {
    return await fn();
  } finally {
    failure = null;
  }
}

describe('studio answers -> pages', () => {
  it('UNAUTHENTICATED: the cookie is cleared and the person goes to sign-in', async () => {
    const res = await fetch(`${base}/console/tokens`, { headers: { cookie: 'studio_console=other' }, redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/console/sign-in');
    expect(res.headers.getSetCookie()[0]).toMatch(/^studio_console=; Expires=Thu, 01 Jan 1970/);
  });

  it('NOT_FOUND: the 404 page', async () => {
    const res = await expecting(new AppError('not_found'), () => post(`/console/tokens/${TOKEN_ID}/revoke`, { csrf }));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found');
  });

  it("INVALID_ARGUMENT: the page again with studio's sentence", async () => {
    const res = await expecting(new AppError('invalid_input', 'A revoked token cannot be rolled.'), () =>
      post(`/console/tokens/${TOKEN_ID}/roll`, { csrf, overlap: '0' }),
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('A revoked token cannot be rolled.');
  });

  it('UNAVAILABLE or a missed deadline: the 503 page, never a 500', async () => {
    const res = await expecting(new AppError('unavailable', 'the studio service is unavailable'), () =>
      fetch(`${base}/console/tokens`, { headers: { cookie } }),
    );
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('The console is unavailable. Try again in a moment.');
  });

  it('a bearer is never read: without the cookie the person is signed out', async () => {
    seen.length = 0;
    const res = await fetch(`${base}/console/tokens`, { headers: { authorization: `Bearer ${SESSION}` }, redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(seen).toEqual([]);
  });

  it('a signed-in POST: another origin or a wrong token is 403 before studio is asked to change anything', async () => {
    const other = await post('/console/tokens', { csrf, name: 'x' }, { origin: 'https://evil.example' });
    expect(other.status).toBe(403);
    const wrong = await post('/console/tokens', { csrf: 'nope', name: 'x' });
    expect(wrong.status).toBe(403);
    const ok = await post('/console/tokens', { csrf, name: 'x' });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(issued.secret);
  });

  it('a POST that is not a form is the 400 page', async () => {
    const res = await post('/console/tokens', {}, { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
  });
});

describe('the client portal in the console', () => {
  it('/portal/ is the portal with its own policy; the console keeps its own', async () => {
    const portal = await fetch(`${base}/portal/`);
    expect(portal.status).toBe(200);
    expect(await portal.text()).toContain('<main id="app">');
    const policy = portal.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("img-src 'self' http://127.0.0.1:9000;");
    expect(policy).toContain("form-action 'none'");
    const page = await fetch(`${base}/console/sign-in`);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('a POST to /portal/ is 405, not the console form guard', async () => {
    const res = await fetch(`${base}/portal/`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(405);
  });
});
