/**
 * The console in-process against a fake StudioAccounts (test/fake-studio.ts: a real grpc-js server with the real
 * contract and service-token check), driven with fetch as a browser would: cookies, forms, Origin headers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@studio/logger';
import { createConsole, type ConsoleApp } from '../src/app.js';
import { parseConsoleConfig } from '../src/config.js';
import { CONTENT_SECURITY_POLICY } from '../src/http/security.middleware.js';
import { type FakeProfile, type FakeStudio, startFakeStudio, WEAK_PASSWORD_MESSAGE } from './fake-studio.js';

const ORIGIN = 'http://127.0.0.1:8080';

let studio: FakeStudio;
let app: ConsoleApp;
let base: string;
let admin: string;
let alice: FakeProfile;
let bob: FakeProfile;

/** The Set-Cookie headers of an answer by cookie name. */
function setCookies(res: Response): Map<string, string> {
  return new Map(res.headers.getSetCookie().map((c) => [c.slice(0, c.indexOf('=')), c]));
}

const cookieValue = (setCookie: string | undefined) => setCookie?.slice(setCookie.indexOf('=') + 1).split(';')[0] ?? '';

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers, redirect: 'manual' });

function post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

/** A signed-out form's double-submit token: the cookie and the page's hidden field. */
async function signedOutForm(path: string): Promise<{ cookie: string; csrf: string }> {
  const res = await get(path);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await res.text())?.[1] ?? '';
  return { cookie: `studio_console_csrf=${cookieValue(setCookies(res).get('studio_console_csrf'))}`, csrf };
}

/** Posts the sign-in form as a browser would: with a fresh double-submit token, its cookie and `headers`. */
async function postSignIn(email: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  const form = await signedOutForm('/console/sign-in');
  return post('/console/sign-in', { csrf: form.csrf, email, password }, { cookie: form.cookie, ...headers });
}

/** A signed-in person's cookie header and CSRF token. */
async function signIn(profile: FakeProfile): Promise<{ cookie: string; csrf: string }> {
  const res = await postSignIn(profile.email, profile.password);
  expect(res.status).toBe(303);
  const cookie = `studio_console=${cookieValue(setCookies(res).get('studio_console'))}`;
  const page = await (await get('/console/tokens', { cookie })).text();
  return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '' };
}

beforeAll(async () => {
  studio = await startFakeStudio();
  alice = { id: randomUUID(), email: 'alice@example.com', name: 'Alice', password: 'correct horse battery staple' };
  bob = { id: randomUUID(), email: 'bob@example.com', name: 'Bob', password: 'another long passphrase' };
  studio.profiles.push(alice, bob);
  studio.workspaces.push({ workspace_id: randomUUID(), name: 'Main studio', role: 'owner' });
  const config = parseConsoleConfig({
    CONSOLE_HTTP_PORT: '0',
    CONSOLE_ADMIN_PORT: '0',
    STUDIO_GRPC_ADDR: studio.address,
    SERVICE_SIGNING_KEY: studio.consoleKey,
    PUBLIC_URL: ORIGIN,
    PORTAL_IMAGE_ORIGINS: 'http://127.0.0.1:9000',
    LOG_LEVEL: 'silent',
    ACCESS_LOG: 'false',
  });
  app = createConsole(config, { logger: createLogger({ service: 'console', level: 'silent' }) });
  const ports = await app.start();
  base = `http://127.0.0.1:${ports.httpPort}`;
  admin = `http://127.0.0.1:${ports.adminPort}`;
});

afterAll(async () => {
  await app?.stop();
  await studio?.close();
});

describe('pages and their headers', () => {
  it('GET /console/ sends a signed-out person to the sign-in page', async () => {
    for (const path of ['/console', '/console/']) {
      const res = await get(path);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/console/sign-in');
    }
  });

  it('the sign-in page: strict CSP and the other headers, no-store, the double-submit cookie, the form', async () => {
    const res = await get('/console/sign-in');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csrf = setCookies(res).get('studio_console_csrf') ?? '';
    expect(csrf).toMatch(/; Path=\/console; HttpOnly; SameSite=Strict$/);
    const page = await res.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<label for="email">Email</label>');
    expect(page).toContain('<label for="password">Password</label>');
    expect(page).toContain('<button type="submit">Sign in</button>');
    expect(page).toContain('href="/console/reset-password">Forgot your password?</a>');
    expect(page.match(/<h1>/g)).toHaveLength(1);
    expect(page).not.toMatch(/ style=|<style|<script>/);
  });

  it('serves the fingerprinted assets with immutable caching; another name is the 404 page', async () => {
    const page = await (await get('/console/sign-in')).text();
    const [css, js] = [
      /href="(\/console\/assets\/console\.[0-9a-f]{16}\.css)"/,
      /src="(\/console\/assets\/console\.[0-9a-f]{16}\.js)"/,
    ].map((re) => re.exec(page)?.[1] ?? '');
    for (const [path, type] of [
      [css, 'text/css'],
      [js, 'text/javascript'],
    ] as const) {
      const res = await get(path!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
    const missing = await get('/console/assets/console.0000000000000000.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
  });

  it('an unknown console path is the 404 page, with the nav of the signed-in person', async () => {
    const res = await get('/console/nowhere');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    const signedOut = await res.text();
    expect(signedOut).toContain('<nav aria-label="Main">');
    expect(signedOut).not.toContain('Sign out');
    const { cookie } = await signIn(alice);
    const mine = await (await get('/console/nowhere', { cookie })).text();
    expect(mine).toContain('>Sign out</button>');
    expect(mine).toContain('>Sign out everywhere</button>');
  });

  it('the sign-in page is the form also for a signed-in person (signing in again starts a new session)', async () => {
    const { cookie } = await signIn(alice);
    const res = await get('/console/sign-in', { cookie });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<button type="submit">Sign in</button>');
  });
});

describe('the client portal', () => {
  it('/portal/ is the shell with the portal policy (photos from PORTAL_IMAGE_ORIGINS); its script is served compressed', async () => {
    const res = await get('/portal/');
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("img-src 'self' http://127.0.0.1:9000;");
    expect(policy).not.toContain('unsafe-inline');
    const page = await res.text();
    expect(page).toContain('<link rel="preconnect" href="http://127.0.0.1:9000">');
    const script = /<script defer src="([^"]+)"/.exec(page)?.[1] ?? '';
    const js = await get(script, { 'accept-encoding': 'gzip' });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await js.text()).length).toBeGreaterThan(1000);
    expect((await get('/portal')).status).toBe(308);
  });
});

describe('sign-in', () => {
  it('good credentials: a new session cookie (HttpOnly, SameSite=Lax, Path=/console, Expires) and the tokens page', async () => {
    const res = await postSignIn(alice.email, alice.password, { 'user-agent': 'test-agent' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/console/tokens');
    const cookie = setCookies(res).get('studio_console') ?? '';
    expect(cookie).toMatch(/^studio_console=[A-Za-z0-9_-]{43}; Expires=[^;]+ GMT; Path=\/console; HttpOnly; SameSite=Lax$/);
    expect(studio.signIns.at(-1)).toMatchObject({ email: alice.email, user_agent: 'test-agent' });
    const tokens = await get('/console/tokens', { cookie: `studio_console=${cookieValue(cookie)}` });
    expect(tokens.status).toBe(200);
    const page = await tokens.text();
    expect(page).toContain('<h1>API tokens</h1>');
    expect(page).toContain('<caption>API tokens</caption>');
  });

  it('a wrong password and an unknown e-mail get the same generic error', async () => {
    for (const [email, password] of [
      [alice.email, 'wrong password!!'],
      ['nobody@example.com', alice.password],
    ]) {
      const res = await postSignIn(email!, password!);
      expect(res.status).toBe(400);
      expect(setCookies(res).has('studio_console')).toBe(false);
      const page = await res.text();
      expect(page).toContain('<div class="alert" role="alert">\n<p>Incorrect email or password.</p>');
      expect(page).toContain(`value="${email}"`);
    }
  });

  it('bad input: each field says what is wrong, never a 500', async () => {
    const res = await postSignIn('not-an-address', '');
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('Enter an email address like name@example.com.');
    expect(page).toContain('Enter your password.');
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain('aria-describedby="email-error"');
  });

  it('throttled by studio: 429 with the wait', async () => {
    studio.throttleSeconds = 7;
    try {
      const res = await postSignIn(alice.email, alice.password);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(await res.text()).toContain('Too many attempts. Try again in 7 seconds.');
    } finally {
      studio.throttleSeconds = null;
    }
  });
});

describe('CSRF', () => {
  it('a POST from another origin, or without an Origin, is refused with 403', async () => {
    const form = await signedOutForm('/console/sign-in');
    const body = { csrf: form.csrf, email: alice.email, password: alice.password };
    const evil = await post('/console/sign-in', body, { cookie: form.cookie, origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(await evil.text()).toContain('This request came from another site and was refused.');
    const none = await fetch(`${base}/console/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
      body: new URLSearchParams(body).toString(),
    });
    expect(none.status).toBe(403);
  });

  it('a signed-out form without its double-submit token (field or cookie) is refused with 403', async () => {
    const form = await signedOutForm('/console/sign-in');
    const noField = await post('/console/sign-in', { email: alice.email, password: alice.password }, { cookie: form.cookie });
    expect(noField.status).toBe(403);
    const noCookie = await post('/console/sign-in', { csrf: form.csrf, email: alice.email, password: alice.password });
    expect(noCookie.status).toBe(403);
    expect(studio.signIns.filter((s) => s.email === alice.email && !s.user_agent.includes('never')).length).toBeGreaterThan(0);
  });

  it("a signed-in form without the session's token is refused with 403 and changes nothing", async () => {
    const { cookie } = await signIn(alice);
    const before = studio.tokens.length;
    const res = await post('/console/tokens', { csrf: 'x'.repeat(43), name: 'sneaky', expiration: '30' }, { cookie });
    expect(res.status).toBe(403);
    const missing = await post('/console/tokens', { name: 'sneaky', expiration: '30' }, { cookie });
    expect(missing.status).toBe(403);
    expect(studio.tokens.length).toBe(before);
  });
});

describe('tokens', () => {
  it('creates a read-only token scoped to a workspace and shows its secret once, no-store', async () => {
    const { cookie, csrf } = await signIn(alice);
    const workspace = studio.workspaces[0]!.workspace_id;
    const res = await post('/console/tokens', { csrf, name: 'Export <script>', workspace, read_only: 'on', expiration: '7' }, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    expect(page).toContain('<h1>Copy your new token</h1>');
    expect(page).toContain('You will not be able to see it again.');
    expect(page).toMatch(/<input id="new-token" type="text" value="stu_[A-Za-z0-9]{46}" readonly/);
    expect(page).toContain('Export &lt;script&gt;');
    const created = studio.tokens.find((t) => t.name === 'Export <script>')!;
    expect(created).toMatchObject({ workspace_id: workspace, permission: 'read_only' });
    const days = (new Date(created.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const list = await (await get('/console/tokens', { cookie })).text();
    expect(list).toContain('<th scope="row">Export &lt;script&gt;</th>');
    expect(list).not.toContain('<script>');
    expect(list).toContain('aria-label="Revoke token Export &lt;script&gt;"');
  });

  it('bad input in the create form: the form again with the sentence and the typed values', async () => {
    const { cookie, csrf } = await signIn(alice);
    const long = await post('/console/tokens', { csrf, name: 'n'.repeat(101), expiration: '30' }, { cookie });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('Use at most 100 characters.');
    const past = await post('/console/tokens', { csrf, name: 'old', expiration: 'custom', expiration_date: '2001-01-01' }, { cookie });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain('Choose a date in the future.');
    const unknownWorkspace = await post('/console/tokens', { csrf, name: 'x', workspace: randomUUID(), expiration: '30' }, { cookie });
    expect(unknownWorkspace.status).toBe(400);
    expect(await unknownWorkspace.text()).toContain('Choose one of your workspaces.');
    const garbage = await post('/console/tokens', { csrf, name: 'x', workspace: 'nope', expiration: 'forever' }, { cookie });
    expect(garbage.status).toBe(400);
    const text = await garbage.text();
    expect(text).toContain('Choose a workspace from the list.');
    expect(text).toContain('Choose an expiration from the list.');
  });

  it("rolls and revokes; another profile's token is the 404 page; a revoked one cannot be rolled", async () => {
    const a = await signIn(alice);
    await post('/console/tokens', { csrf: a.csrf, name: 'to roll', expiration: 'none' }, { cookie: a.cookie });
    const token = studio.tokens.find((t) => t.name === 'to roll')!;
    const rolled = await post(`/console/tokens/${token.token_id}/roll`, { csrf: a.csrf, overlap: '3600' }, { cookie: a.cookie });
    expect(rolled.status).toBe(200);
    expect(await rolled.text()).toContain('Copy your new token');

    const b = await signIn(bob);
    const foreign = await post(`/console/tokens/${token.token_id}/revoke`, { csrf: b.csrf }, { cookie: b.cookie });
    expect(foreign.status).toBe(404);
    expect(token.revoked_at).toBe('');
    const malformed = await post('/console/tokens/not-a-uuid/revoke', { csrf: b.csrf }, { cookie: b.cookie });
    expect(malformed.status).toBe(404);

    const revoked = await post(`/console/tokens/${token.token_id}/revoke`, { csrf: a.csrf }, { cookie: a.cookie });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get('location')).toBe('/console/tokens?done=revoked');
    expect(token.revoked_at).not.toBe('');
    const again = await post(`/console/tokens/${token.token_id}/roll`, { csrf: a.csrf, overlap: '0' }, { cookie: a.cookie });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('A revoked token cannot be rolled.');
  });

  it('the workspaces page lists names and roles', async () => {
    const { cookie } = await signIn(alice);
    const page = await (await get('/console/workspaces', { cookie })).text();
    expect(page).toContain('<h1>Workspaces</h1>');
    expect(page).toContain('<th scope="row">Main studio</th><td>Owner</td>');
  });

  it('a form larger than 16 KiB is the 413 page', async () => {
    const { cookie, csrf } = await signIn(alice);
    const res = await post('/console/tokens', { csrf, name: 'x'.repeat(20_000) }, { cookie });
    expect(res.status).toBe(413);
  });
});

describe('separation', () => {
  it('a bearer token is ignored: the console answers as to a signed-out person', async () => {
    const session = studio.sessionFor(alice);
    const res = await get('/console/tokens', { authorization: `Bearer ${session}` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/console/sign-in');
  });

  it('an unknown or ended session cookie is cleared and sent to sign-in', async () => {
    const res = await get('/console/tokens', { cookie: 'studio_console=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(res.status).toBe(303);
    expect(setCookies(res).get('studio_console')).toMatch(/^studio_console=; Expires=Thu, 01 Jan 1970/);
  });

  it('sign out ends the session; sign out everywhere ends them all', async () => {
    const one = await signIn(alice);
    const out = await post('/console/sign-out', { csrf: one.csrf }, { cookie: one.cookie });
    expect(out.status).toBe(303);
    expect((await get('/console/tokens', { cookie: one.cookie })).status).toBe(303);

    const two = await signIn(bob);
    const three = await signIn(bob);
    const all = await post('/console/sign-out-everywhere', { csrf: two.csrf }, { cookie: two.cookie });
    expect(all.status).toBe(303);
    expect((await get('/console/tokens', { cookie: three.cookie })).status).toBe(303);
  });
});

describe('set a password through a link', () => {
  it("an unknown link says so; a weak password is refused with studio's sentence; a good one signs in", async () => {
    const form = await signedOutForm('/console/set-password');
    const unknown = await post(
      '/console/set-password',
      { csrf: form.csrf, token: 'A'.repeat(43), password: 'long enough password', confirm: 'long enough password' },
      { cookie: form.cookie },
    );
    expect(unknown.status).toBe(400);
    const invalid = await unknown.text();
    expect(invalid).toContain('<p role="alert">This link is invalid or has expired.</p>');
    expect(invalid).toContain('<a href="/console/reset-password">Request a password reset</a>');
    const empty = await post('/console/set-password', { csrf: form.csrf, token: '', password: 'x', confirm: 'x' }, { cookie: form.cookie });
    expect(await empty.text()).toContain('This link is invalid or has expired.');

    const link = 'L'.repeat(43);
    studio.links.set(link, bob.id);
    const mismatch = await post(
      '/console/set-password',
      { csrf: form.csrf, token: link, password: 'long enough password', confirm: 'other' },
      { cookie: form.cookie },
    );
    expect(await mismatch.text()).toContain('The passwords do not match.');
    const weak = await post(
      '/console/set-password',
      { csrf: form.csrf, token: link, password: 'short', confirm: 'short' },
      { cookie: form.cookie },
    );
    expect(weak.status).toBe(400);
    const weakPage = await weak.text();
    expect(weakPage).toContain(WEAK_PASSWORD_MESSAGE);
    expect(weakPage).toContain(`name="token" value="${link}"`);
    const ok = await post(
      '/console/set-password',
      { csrf: form.csrf, token: link, password: 'a brand new passphrase', confirm: 'a brand new passphrase' },
      { cookie: form.cookie },
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/console/tokens');
    expect(setCookies(ok).get('studio_console')).toMatch(/HttpOnly; SameSite=Lax$/);
  });

  it('a reset request always gets the same answer', async () => {
    const form = await signedOutForm('/console/reset-password');
    for (const email of [alice.email, 'nobody@example.com']) {
      const res = await post('/console/reset-password', { csrf: form.csrf, email }, { cookie: form.cookie });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('If an account exists for that address, we sent a link to reset its password.');
    }
  });
});

describe('studio down', () => {
  it('pages answer 503 with the sentence, /readyz is 503; never a 500', async () => {
    expect((await fetch(`${admin}/readyz`)).status).toBe(200);
    const { cookie } = await signIn(alice);
    await studio.close();
    const res = await get('/console/tokens', { cookie });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('The console is unavailable. Try again in a moment.');
    const signInRes = await postSignIn(alice.email, alice.password);
    expect(signInRes.status).toBe(503);
    expect((await fetch(`${admin}/readyz`)).status).toBe(503);
  });
});
