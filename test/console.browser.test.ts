/**
 * Issue 26, black box in a real browser: the account console behind the gateway's /console (services/console, its
 * pages' contract in docs/decisions/0016-account-console.md), driven by Debian's Chromium through playwright-core.
 *
 * - The main flow: an operator's invitation -> set a password -> sign in -> create a read-only token scoped to a
 *   workspace -> read it off the page -> the API answers GET 200 and POST 403 with it -> roll it with an hour's
 *   overlap (old and new secrets both work) -> revoke it -> 401. The same flow with the keyboard alone.
 * - Sign-in: a wrong password and an unknown e-mail get the same generic error; the session cookie's flags; a new
 *   session id at every sign-in; sign out.
 * - Password reset by e-mail: the caught message's link sets a new password; the old one stops working.
 * - CSRF: a POST with a foreign or missing Origin is refused, also from a real form on another loopback origin
 *   (same site, so the Lax cookie travels: only the Origin check stops it).
 * - Separation: a bearer token cannot use the console; the console cookie is not an API credential; another
 *   profile's token id answers the 404 page.
 * - Bad input (empty and 300-character names, a past and a malformed date, a common or short password) gets a clear
 *   message on the page, never a 500.
 * - axe-core finds no WCAG 2.1 A/AA violation on any page.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.js';
import { api } from './support/client.js';
import { consoleLinkIn, mailTo, nextMailTo } from './support/mail.js';
import { admin } from './support/operator.js';
import { until } from './support/poll.js';
import { stackControl } from './support/stack-control.js';

const web = useBrowser();

const publicUrl = () => inject('publicUrl');
const consoleUrl = (path = '/') => `${publicUrl()}/console${path}`;

const PASSWORD = 'correct horse battery staple';
const INCORRECT = 'Incorrect email or password.';
const INVALID_LINK = 'This link is invalid or has expired.';
const CROSS_SITE = 'This request came from another site and was refused.';
const RESET_SENT = 'If an account exists for that address, we sent a link to reset its password.';
const TOKEN_PATTERN = /^stu_[0-9A-Za-z]{46}$/;

let seq = 0;
const unique = (what: string) => `${what}-${process.pid}-${Date.now()}-${++seq}`;

interface Account {
  email: string;
  profileId: string;
  inviteUrl: string;
  workspaceId: string;
  workspaceName: string;
}

/** A person invited by the operator (the real CLI), owning a workspace. */
async function account(label: string): Promise<Account> {
  const email = `${unique(label)}@example.test`.toLowerCase();
  const invite = await admin<{ profile_id: string; invite_url: string }>('invite', '--email', email, '--name', `${label} Example`);
  expect(invite.invite_url.startsWith(`${publicUrl()}/console/set-password#`), invite.invite_url).toBe(true);
  const workspaceName = `Studio ${unique(label)}`;
  const ws = await admin<{ workspace_id: string }>('create-workspace', '--name', workspaceName, '--owner', invite.profile_id);
  return { email, profileId: invite.profile_id, inviteUrl: invite.invite_url, workspaceId: ws.workspace_id, workspaceName };
}

/**
 * Opens a link as from an e-mail: a new document load. (From a page already at /console/set-password, whose script
 * drops the fragment from the address bar, a goto would only change the fragment and load nothing.)
 */
async function openLink(page: Page, link: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(link);
}

/** Opens a set-password link and sets `password`; resolves with the answer to the form's POST. */
async function setPassword(page: Page, link: string, password: string, confirm = password): Promise<Response> {
  await openLink(page, link);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(confirm);
  return submit(page, page.getByRole('button', { name: 'Set password' }));
}

/** Clicks a submit button and resolves with the answer to the POST it sends (redirects followed by the page). */
async function submit(page: Page, button: Locator): Promise<Response> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), button.click()]);
  await page.waitForLoadState();
  return response;
}

async function signIn(page: Page, email: string, password: string): Promise<Response> {
  await page.goto(consoleUrl('/sign-in'));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  return submit(page, page.getByRole('button', { name: 'Sign in' }));
}

/** A signed-in page of a new account (invitation link -> password -> the tokens page). */
async function signedIn(label: string): Promise<{ page: Page; context: BrowserContext; acct: Account }> {
  const acct = await account(label);
  const context = await web.context();
  const page = await context.newPage();
  await setPassword(page, acct.inviteUrl, PASSWORD);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/console/tokens');
  return { page, context, acct };
}

interface NewToken {
  name: string;
  workspace?: string;
  readOnly?: boolean;
  /** A label of the Expiration select (default: the form's own, 30 days). */
  expiration?: string;
}

/** Fills the create form on the tokens page, submits, and reads the secret off the "Copy your new token" page. */
async function createToken(page: Page, t: NewToken): Promise<string> {
  if (new URL(page.url()).pathname !== '/console/tokens') await page.goto(consoleUrl('/tokens'));
  await page.getByLabel('Name', { exact: true }).fill(t.name);
  if (t.workspace) await page.getByLabel('Workspace', { exact: true }).selectOption({ label: t.workspace });
  if (t.readOnly) await page.getByLabel('Read-only', { exact: true }).check();
  if (t.expiration) await page.getByLabel('Expiration', { exact: true }).selectOption({ label: t.expiration });
  const res = await submit(page, page.getByRole('button', { name: 'Create token' }));
  expect(res.status(), await page.content()).toBeLessThan(400);
  return readNewToken(page);
}

async function readNewToken(page: Page): Promise<string> {
  await expect.poll(() => page.getByRole('heading', { name: 'Copy your new token' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('You will not be able to see it again.').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
  const secret = await page.getByLabel('New token', { exact: true }).inputValue();
  expect(secret).toMatch(TOKEN_PATTERN);
  return secret;
}

/** The tokens table's row of the token named `name`. */
function row(page: Page, name: string): Locator {
  return page.getByRole('table', { name: 'API tokens' }).getByRole('row').filter({ hasText: name });
}

/** The element's text, whitespace collapsed. */
const textOf = async (locator: Locator): Promise<string> => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

const whoami = (token: string) => api('GET', '/auth/whoami', { token });

/** Polls until `token` is refused (revocation reaches the gateway's cache within seconds; bounded against a hang). */
const until401 = (token: string) => until('the token is refused', async () => (await whoami(token)).status === 401);

/** The fields a form would send (hidden ones included), keyed by name, and where it posts. */
async function formOf(button: Locator): Promise<{ action: string; fields: Record<string, string> }> {
  return button.evaluate((el) => {
    const form = (el as HTMLButtonElement).form!;
    const fields: Record<string, string> = {};
    for (const [k, v] of new FormData(form, el as HTMLButtonElement)) fields[k] = String(v);
    return { action: form.action, fields };
  });
}

/** Drops the browser's own checks (required, maxlength, type=date) so that the server's are what answers. */
async function withoutBrowserChecks(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const form of Array.from(document.forms)) form.noValidate = true;
    for (const el of Array.from(document.querySelectorAll('input'))) {
      el.removeAttribute('required');
      el.removeAttribute('maxlength');
      el.removeAttribute('minlength');
      el.removeAttribute('min');
      el.removeAttribute('max');
    }
  });
}

/** The page answers a bad input: a 4xx (never a 500), the message in role="alert", the page usable again. */
async function expectClearError(page: Page, res: Response, message?: RegExp | string): Promise<string> {
  expect(res.status(), await page.content()).toBeGreaterThanOrEqual(400);
  expect(res.status()).toBeLessThan(500);
  const alert = page.getByRole('alert').first();
  await expect.poll(() => alert.isVisible()).toBe(true);
  const text = await textOf(alert);
  expect(text.length).toBeGreaterThan(0);
  if (message instanceof RegExp) expect(text).toMatch(message);
  else if (message) expect(text).toContain(message);
  return text;
}

describe('the main flow: invitation, password, sign-in, a read-only token, roll, revoke', () => {
  it('a photographer does it all through the pages, and the API honours every step', async () => {
    const acct = await account('ana');
    const second = await admin<{ workspace_id: string }>('create-workspace', '--name', `Second ${unique('ws')}`, '--owner', acct.profileId);
    expect(second.workspace_id).toBeTruthy();
    const page = await web.page();

    // The invitation link sets the password and signs in.
    const set = await setPassword(page, acct.inviteUrl, PASSWORD);
    expect(set.status()).toBe(303);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/tokens');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'API tokens' }).isVisible()).toBe(true);
    // The link was single use.
    const again = await web.page();
    await openLink(again, acct.inviteUrl);
    if (!(await again.getByText(INVALID_LINK).isVisible())) {
      await again.getByLabel('New password', { exact: true }).fill(`${PASSWORD} again`);
      await again.getByLabel('Confirm password', { exact: true }).fill(`${PASSWORD} again`);
      await submit(again, again.getByRole('button', { name: 'Set password' }));
    }
    await expect.poll(() => again.getByText(INVALID_LINK).isVisible()).toBe(true);

    // Sign out, then in with the e-mail and the new password.
    await submit(page, page.getByRole('button', { name: 'Sign out', exact: true }));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/sign-in');
    expect((await page.goto(consoleUrl('/tokens')))?.url()).toBe(consoleUrl('/sign-in'));
    await signIn(page, acct.email, PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/tokens');

    // The table and the form the contract names.
    const headers = await page.getByRole('table', { name: 'API tokens' }).getByRole('columnheader').allInnerTexts();
    for (const column of ['Name', 'Token', 'Workspace', 'Permission', 'Created', 'Last used', 'Expires'])
      expect(headers.map((h) => h.trim())).toContain(column);
    const workspaces = await page.getByLabel('Workspace', { exact: true }).locator('option').allInnerTexts();
    expect(workspaces.map((w) => w.trim())).toEqual(expect.arrayContaining(['All workspaces', acct.workspaceName]));
    const expirations = (await page.getByLabel('Expiration', { exact: true }).locator('option').allInnerTexts()).map((o) => o.trim());
    expect(expirations).toEqual(expect.arrayContaining(['7 days', '30 days', '90 days', 'Custom date', 'No expiration']));
    await page.getByLabel('Expiration', { exact: true }).selectOption({ label: 'No expiration' });
    await expect.poll(() => page.getByText('Tokens without an expiration are a risk if leaked.').isVisible()).toBe(true);
    await page.getByLabel('Expiration', { exact: true }).selectOption({ label: '30 days' });

    // A read-only token scoped to the workspace, read off the page (the page that shows it is never stored).
    const name = `ci read-only ${seq}`;
    const documents: Response[] = [];
    page.on('response', (res) => {
      if (res.request().isNavigationRequest() && res.status() < 300) documents.push(res);
    });
    const token = await createToken(page, { name, workspace: acct.workspaceName, readOnly: true });
    const shownBy = documents.at(-1)!;
    expect(shownBy.headers()['cache-control'], shownBy.url()).toContain('no-store');
    const csp = shownBy.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');

    // The API: GET 200 in its workspace, 403 forbidden for a write, nothing outside its workspace.
    const listed = await api('GET', '/shoots', { token, query: { workspace_id: acct.workspaceId } });
    expect(listed.status, listed.text).toBe(200);
    const write = await api('POST', '/shoots', { token, body: { workspace_id: acct.workspaceId, title: 'Not allowed' } });
    expect(write.status, write.text).toBe(403);
    expect(write.body).toMatchObject({ ok: false, error: 'forbidden' });
    const outside = await api('GET', '/shoots', { token, query: { workspace_id: second.workspace_id } });
    expect([403, 404]).toContain(outside.status);

    // The list shows it: prefix, workspace, permission, a last use.
    await page.goto(consoleUrl('/tokens'));
    const r = row(page, name);
    await expect.poll(() => r.count()).toBe(1);
    const cells = await textOf(r);
    expect(cells).toContain(token.slice(4, 16));
    expect(cells).toContain(acct.workspaceName);
    expect(cells).toMatch(/Read-only/i);
    expect(cells).not.toContain(token);

    // Roll with an hour's overlap: a new secret; old and new both work.
    await r.getByLabel('Keep the old secret working for').selectOption({ label: '1 hour' });
    const rolled = await submit(page, r.getByRole('button', { name: /Roll/ }));
    expect(rolled.status()).toBeLessThan(400);
    const next = await readNewToken(page);
    expect(next).not.toBe(token);
    expect((await whoami(token)).status).toBe(200);
    expect((await whoami(next)).status).toBe(200);
    expect((await api('GET', '/shoots', { token: next, query: { workspace_id: acct.workspaceId } })).status).toBe(200);
    expect((await api('POST', '/shoots', { token: next, body: { workspace_id: acct.workspaceId, title: 'x' } })).status).toBe(403);
    // Still one token in the list (same record, new secret).
    await page.goto(consoleUrl('/tokens'));
    await expect.poll(() => row(page, name).count()).toBe(1);

    // Revoke: both secrets stop working.
    const revoked = await submit(page, row(page, name).getByRole('button', { name: /Revoke/ }));
    expect(revoked.status()).toBeLessThan(400);
    await until401(next);
    await until401(token);
    await page.goto(consoleUrl('/tokens'));
    expect(
      await row(page, name)
        .getByRole('button', { name: /Revoke/ })
        .count(),
    ).toBe(0);
  });
});

describe('sign-in', () => {
  it('a wrong password and an unknown e-mail get the same generic error, on a page without a violation', async () => {
    const acct = await account('bo');
    const context = await web.context();
    const page = await context.newPage();
    await setPassword(page, acct.inviteUrl, PASSWORD);
    await context.clearCookies();
    const wrong = await signIn(page, acct.email, `${PASSWORD}!`);
    expect(wrong.status()).toBeGreaterThanOrEqual(400);
    expect(wrong.status()).toBeLessThan(500);
    await expect.poll(() => textOf(page.getByRole('alert').first())).toBe(INCORRECT);
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    // The e-mail stays in the form; the password never comes back in the page.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(acct.email);
    expect(await page.content()).not.toContain(`${PASSWORD}!`);
    await expectNoAxeViolations(page, 'sign-in with an error');
    const unknown = await signIn(page, `nobody-${unique('x')}@example.test`, PASSWORD);
    expect(unknown.status()).toBe(wrong.status());
    await expect.poll(() => textOf(page.getByRole('alert').first())).toBe(INCORRECT);
    expect((await context.cookies()).some((c) => c.name === 'studio_console')).toBe(false);
  });

  it('the session cookie is HttpOnly, SameSite=Lax, Path=/console, not Secure on http, and new at every sign-in', async () => {
    const { page, context, acct } = await signedIn('cy');
    await context.clearCookies();
    const first = await signIn(page, acct.email, PASSWORD);
    const setCookie = (await first.headersArray()).filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value);
    const session = setCookie.find((c) => c.startsWith('studio_console='));
    expect(session, setCookie.join('\n')).toBeDefined();
    const attributes = session!.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/console');
    expect(attributes).not.toContain('secure'); // the stack's PUBLIC_URL is http
    expect(attributes.some((a) => a.startsWith('expires=') || a.startsWith('max-age='))).toBe(true);
    const cookie = (await context.cookies()).find((c) => c.name === 'studio_console')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/console', secure: false });
    // Not readable by the page's scripts.
    expect(await page.evaluate(() => document.cookie)).not.toContain('studio_console');
    // Every sign-in gets a new session id: a value planted before it (session fixation) is replaced.
    await context.clearCookies();
    await context.addCookies([{ ...cookie, value: cookie.value }]);
    await page.goto(consoleUrl('/tokens'));
    expect(new URL(page.url()).pathname).toBe('/console/tokens');
    await submit(page, page.getByRole('button', { name: 'Sign out', exact: true }));
    await context.addCookies([{ ...cookie }]); // the signed-out session's value, planted again
    await signIn(page, acct.email, PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/tokens');
    const second = (await context.cookies()).find((c) => c.name === 'studio_console')!;
    expect(second.value).not.toBe(cookie.value);
    // Sign out everywhere ends the sessions of every browser.
    const other = await web.context();
    await other.addCookies([{ ...second }]);
    const otherPage = await other.newPage();
    await otherPage.goto(consoleUrl('/tokens'));
    expect(new URL(otherPage.url()).pathname).toBe('/console/tokens');
    await submit(page, page.getByRole('button', { name: 'Sign out everywhere' }));
    await otherPage.goto(consoleUrl('/tokens'));
    expect(new URL(otherPage.url()).pathname).toBe('/console/sign-in');
  });

  it('/console/ sends a signed-out visitor to sign-in and a signed-in one to the tokens', async () => {
    const res = await fetch(consoleUrl('/'), { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, publicUrl()).pathname).toBe('/console/sign-in');
    const { page } = await signedIn('di');
    await page.goto(consoleUrl('/'));
    expect(new URL(page.url()).pathname).toBe('/console/tokens');
  });
});

describe('password reset by e-mail', () => {
  it('the caught message links to a page that sets a new password; the old one stops working', async () => {
    const { page, context, acct } = await signedIn('ed');
    await context.clearCookies();
    const unknown = `nobody-${unique('reset')}@example.test`;
    for (const email of [unknown, acct.email]) {
      await page.goto(consoleUrl('/sign-in'));
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/console/reset-password');
      await page.getByLabel('Email', { exact: true }).fill(email);
      const sent = await submit(page, page.getByRole('button', { name: 'Send reset link' }));
      expect(sent.status()).toBeLessThan(400);
      await expect.poll(() => page.getByText(RESET_SENT).isVisible()).toBe(true);
    }
    await expectNoAxeViolations(page, 'reset-password (sent)');
    const mail = await nextMailTo(acct.email);
    expect(mailTo(unknown)).toEqual([]);
    const link = consoleLinkIn(mail);
    expect(link.startsWith(`${publicUrl()}/console/set-password#`)).toBe(true);
    const newPassword = 'a brand new passphrase for ed';
    const set = await setPassword(page, link, newPassword);
    expect(set.status()).toBe(303);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/tokens');
    await context.clearCookies();
    await signIn(page, acct.email, PASSWORD);
    await expect.poll(() => textOf(page.getByRole('alert').first())).toBe(INCORRECT);
    await signIn(page, acct.email, newPassword);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/tokens');
    // The link was single use.
    await context.clearCookies();
    await openLink(page, link);
    if (!(await page.getByText(INVALID_LINK).isVisible())) {
      await page.getByLabel('New password', { exact: true }).fill(`${newPassword} 2`);
      await page.getByLabel('Confirm password', { exact: true }).fill(`${newPassword} 2`);
      await submit(page, page.getByRole('button', { name: 'Set password' }));
    }
    await expect.poll(() => page.getByText(INVALID_LINK).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: /reset/i }).count()).toBeGreaterThan(0);
  });
});

describe('cross-site requests', () => {
  let foreign: http.Server;
  let foreignOrigin: string;
  let formAction = '';

  beforeAll(async () => {
    // Another loopback origin (same site as the console: only the Origin check can tell them apart).
    foreign = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>elsewhere</title><form method="post" action="${formAction}">` +
          '<input name="name" value="planted by another site"><input name="csrf" value="guess">' +
          '<button type="submit">Win a prize</button></form></html>',
      );
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => foreign?.close(() => resolve()));
  });

  it('refuses a POST with a foreign or a missing Origin, even with the session cookie and its CSRF token', async () => {
    const { page } = await signedIn('fa');
    const create = page.getByRole('button', { name: 'Create token' });
    await page.getByLabel('Name', { exact: true }).fill('cross-site');
    const { action, fields } = await formOf(create);
    expect(fields.csrf).toBeTruthy();
    for (const headers of [{ origin: foreignOrigin }, { origin: 'null' }, {}] as Record<string, string>[]) {
      const res = await page.request.post(action, { form: fields, headers, maxRedirects: 0 });
      expect(res.status(), JSON.stringify(headers)).toBe(403);
      expect(await res.text()).toContain(CROSS_SITE);
    }
    // The same request from the console's own origin but without the right CSRF token is refused too.
    const noToken = await page.request.post(action, { form: { ...fields, csrf: 'x' }, headers: { origin: publicUrl() }, maxRedirects: 0 });
    expect(noToken.status()).toBe(403);
    // The signed-out forms check the Origin as well.
    const signInForm = await (async () => {
      const p = await web.page();
      await p.goto(consoleUrl('/sign-in'));
      return { p, ...(await formOf(p.getByRole('button', { name: 'Sign in' }))) };
    })();
    const foreignSignIn = await signInForm.p.request.post(signInForm.action, {
      form: signInForm.fields,
      headers: { origin: foreignOrigin },
      maxRedirects: 0,
    });
    expect(foreignSignIn.status()).toBe(403);
    await page.goto(consoleUrl('/tokens'));
    expect(await row(page, 'cross-site').count()).toBe(0);
  });

  it('a form on a page of another origin, submitted by the signed-in person, creates nothing', async () => {
    const { page } = await signedIn('gu');
    formAction = (await formOf(page.getByRole('button', { name: 'Create token' }))).action;
    await page.goto(`${foreignOrigin}/`);
    const res = await submit(page, page.getByRole('button', { name: 'Win a prize' }));
    expect(await res.request().headerValue('origin')).toBe(foreignOrigin);
    expect(res.status()).toBe(403);
    await expect.poll(() => page.getByText(CROSS_SITE).isVisible()).toBe(true);
    await page.goto(consoleUrl('/tokens'));
    expect(await row(page, 'planted by another site').count()).toBe(0);
  });
});

describe('the console and the API keep their credentials apart', () => {
  it('a bearer token cannot use the console', async () => {
    const { page, acct } = await signedIn('ha');
    const token = await createToken(page, { name: 'bearer probe', workspace: acct.workspaceName });
    expect((await whoami(token)).status).toBe(200);
    await page.goto(consoleUrl('/tokens'));
    const auth = { authorization: `Bearer ${token}` };
    const tokens = await fetch(consoleUrl('/tokens'), { headers: auth, redirect: 'manual' });
    expect(tokens.status).toBe(303);
    expect(new URL(tokens.headers.get('location')!, publicUrl()).pathname).toBe('/console/sign-in');
    const { action, fields } = await formOf(page.getByRole('button', { name: 'Create token' }));
    const minted = await fetch(action, {
      method: 'POST',
      headers: { ...auth, origin: publicUrl(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, name: 'minted with a bearer' }).toString(),
      redirect: 'manual',
    });
    expect([303, 401, 403]).toContain(minted.status);
    expect(await minted.text()).not.toMatch(/stu_[0-9A-Za-z]{46}/);
    await page.goto(consoleUrl('/tokens'));
    expect(await row(page, 'minted with a bearer').count()).toBe(0);
  });

  it('the console cookie is not an API credential', async () => {
    const { context } = await signedIn('ik');
    const cookie = (await context.cookies()).find((c) => c.name === 'studio_console')!;
    expect(cookie).toBeDefined();
    const res = await api('GET', '/auth/whoami', { headers: { cookie: `studio_console=${cookie.value}` } });
    expect(res.status).toBe(401);
    const write = await api('POST', '/shoots', { headers: { cookie: `studio_console=${cookie.value}` }, body: { title: 'x' } });
    expect(write.status).toBe(401);
  });

  it("another profile's token id answers the 404 page and the token keeps working", async () => {
    const a = await signedIn('jo');
    const b = await signedIn('ka');
    const bToken = await createToken(b.page, { name: 'b private', workspace: b.acct.workspaceName });
    await b.page.goto(consoleUrl('/tokens'));
    const bRevoke = await formOf(row(b.page, 'b private').getByRole('button', { name: /Revoke/ }));
    const bRoll = await formOf(row(b.page, 'b private').getByRole('button', { name: /Roll/ }));
    const aCsrf = (await formOf(a.page.getByRole('button', { name: 'Create token' }))).fields.csrf!;
    for (const form of [bRevoke, bRoll]) {
      const res = await a.page.request.post(form.action, {
        form: { ...form.fields, csrf: aCsrf },
        headers: { origin: publicUrl() },
        maxRedirects: 0,
      });
      expect(res.status(), form.action).toBe(404);
      expect(await res.text()).not.toMatch(/stu_[0-9A-Za-z]{46}/);
    }
    // As a page in the browser too.
    await a.page.goto(consoleUrl('/tokens'));
    await a.page.evaluate(
      ({ action, fields }) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = action;
        for (const [k, v] of Object.entries(fields)) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = k;
          input.value = v;
          form.append(input);
        }
        const button = document.createElement('button');
        button.textContent = 'Probe';
        form.append(button);
        document.body.append(form);
      },
      { action: bRevoke.action, fields: { ...bRevoke.fields, csrf: aCsrf } },
    );
    const res = await submit(a.page, a.page.getByRole('button', { name: 'Probe' }));
    expect(res.status()).toBe(404);
    expect((await whoami(bToken)).status).toBe(200);
  });
});

describe('bad input gets a clear message, never a 500', () => {
  it('token names: empty and 300 characters', async () => {
    const { page } = await signedIn('lu');
    for (const name of ['', 'x'.repeat(300)]) {
      await page.goto(consoleUrl('/tokens'));
      await withoutBrowserChecks(page);
      await page.getByLabel('Name', { exact: true }).fill(name);
      const res = await submit(page, page.getByRole('button', { name: 'Create token' }));
      await expectClearError(page, res);
      expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      const describedBy = await page.getByLabel('Name', { exact: true }).getAttribute('aria-describedby');
      expect(describedBy).toBeTruthy();
      await expectNoAxeViolations(page, `tokens with a bad name (${name.length} characters)`);
    }
    await page.goto(consoleUrl('/tokens'));
    expect(await page.getByRole('table', { name: 'API tokens' }).getByRole('row').filter({ hasText: 'xxxxxxxxxx' }).count()).toBe(0);
  });

  it('expiry dates: in the past, malformed, and more than a year away', async () => {
    const { page } = await signedIn('mo');
    for (const value of ['2000-01-01', 'not-a-date', '2026-02-31', `${new Date().getUTCFullYear() + 5}-01-01`]) {
      await page.goto(consoleUrl('/tokens'));
      await withoutBrowserChecks(page);
      await page.getByLabel('Name', { exact: true }).fill(`dated ${value}`);
      await page.getByLabel('Expiration', { exact: true }).selectOption({ label: 'Custom date' });
      const date = page.getByLabel('Expiration date', { exact: true });
      await expect.poll(() => date.isVisible()).toBe(true);
      await date.evaluate((el) => ((el as HTMLInputElement).type = 'text'));
      await date.fill(value);
      const res = await submit(page, page.getByRole('button', { name: 'Create token' }));
      await expectClearError(page, res);
      expect(await page.getByRole('heading', { name: 'Copy your new token' }).count(), value).toBe(0);
    }
  });

  it('passwords: a common one, a short one, and two that differ', async () => {
    const acct = await account('ny');
    const page = await web.page();
    await openLink(page, acct.inviteUrl);
    await withoutBrowserChecks(page);
    await page.getByLabel('New password', { exact: true }).fill('password1234');
    await page.getByLabel('Confirm password', { exact: true }).fill('password1234');
    let res = await submit(page, page.getByRole('button', { name: 'Set password' }));
    await expectClearError(page, res, 'This password is too common. Choose another.');
    await expectNoAxeViolations(page, 'set-password with an error');
    // The link still works after a refused password (it is consumed only by a successful one).
    for (const [password, confirm, message] of [
      ['short', 'short', 'Use at least 12 characters.'],
      [PASSWORD, `${PASSWORD}?`, undefined],
    ] as const) {
      await openLink(page, acct.inviteUrl);
      await withoutBrowserChecks(page);
      await page.getByLabel('New password', { exact: true }).fill(password);
      await page.getByLabel('Confirm password', { exact: true }).fill(confirm);
      res = await submit(page, page.getByRole('button', { name: 'Set password' }));
      await expectClearError(page, res, message);
    }
    expect((await setPassword(page, acct.inviteUrl, PASSWORD)).status()).toBe(303);
  });

  it('an e-mail that is not one, an empty form, and an unknown console path', async () => {
    const page = await web.page();
    await page.goto(consoleUrl('/sign-in'));
    await withoutBrowserChecks(page);
    const res = await submit(page, page.getByRole('button', { name: 'Sign in' }));
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(res.status()).toBeLessThan(500);
    await expect.poll(() => page.getByRole('alert').first().isVisible()).toBe(true);
    const missing = await page.goto(consoleUrl(`/${unique('nowhere')}`));
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.content()).not.toMatch(/at \S+ \(|node_modules/);
  });
});

describe('axe-core finds no WCAG 2.1 A/AA violation', () => {
  it('on every page: sign-in, set-password, invalid link, reset-password, tokens, new token, workspaces, 404', async () => {
    const acct = await account('ox');
    const page = await web.page();
    await page.goto(consoleUrl('/sign-in'));
    await expectNoAxeViolations(page, 'sign-in');
    await page.goto(consoleUrl('/reset-password'));
    await expectNoAxeViolations(page, 'reset-password');
    await openLink(page, consoleUrl(`/set-password#${randomBytes(32).toString('base64url')}`));
    await expectNoAxeViolations(page, 'set-password');
    if (!(await page.getByText(INVALID_LINK).isVisible())) {
      await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
      await submit(page, page.getByRole('button', { name: 'Set password' }));
    }
    await expect.poll(() => page.getByText(INVALID_LINK).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'invalid link');
    await setPassword(page, acct.inviteUrl, PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/tokens');
    await createToken(page, { name: 'axe', workspace: acct.workspaceName, readOnly: true });
    await expectNoAxeViolations(page, 'new token');
    await page.goto(consoleUrl('/tokens'));
    await page.getByLabel('Expiration', { exact: true }).selectOption({ label: 'Custom date' });
    await expectNoAxeViolations(page, 'tokens (with a token and a custom date)');
    await page.goto(consoleUrl('/workspaces'));
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Workspaces' }).isVisible()).toBe(true);
    const ws = await page.getByRole('table').getByRole('row').filter({ hasText: acct.workspaceName }).textContent();
    expect(ws).toMatch(/owner/i);
    await expectNoAxeViolations(page, 'workspaces');
    await page.goto(consoleUrl('/no-such-page'));
    await expectNoAxeViolations(page, '404');
    // Every page: one h1, landmarks, the language.
    for (const path of ['/tokens', '/workspaces', '/no-such-page']) {
      await page.goto(consoleUrl(path));
      expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
      expect(await page.locator('html').getAttribute('lang'), path).toBe('en');
      for (const role of ['banner', 'navigation', 'main'] as const)
        expect(await page.getByRole(role).count(), `${path} ${role}`).toBeGreaterThan(0);
    }
  });
});

describe('the keyboard alone', () => {
  /** Presses Tab until `target` has the focus (a bound of 80 presses, far more than any page here has). */
  async function tabTo(page: Page, target: Locator): Promise<void> {
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    }
    throw new Error(`Tab never reached ${target}`);
  }

  /** The focused element shows it (an outline or a box shadow: :focus-visible styles). */
  const focusVisible = (target: Locator) =>
    target.evaluate((el) => {
      const s = getComputedStyle(el);
      return (s.outlineStyle !== 'none' && s.outlineWidth !== '0px') || s.boxShadow !== 'none';
    });

  it('set a password, sign in, create a read-only token, read it, revoke it: Tab, Enter and Space only', async () => {
    const acct = await account('pi');
    const context = await web.context();
    const page = await context.newPage();
    await openLink(page, acct.inviteUrl);
    await tabTo(page, page.getByLabel('New password', { exact: true }));
    await page.keyboard.type(PASSWORD);
    await tabTo(page, page.getByLabel('Confirm password', { exact: true }));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/tokens');

    // Sign out with the keyboard, then sign in.
    const signOut = page.getByRole('button', { name: 'Sign out', exact: true });
    await tabTo(page, signOut);
    expect(await focusVisible(signOut)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/sign-in');
    await tabTo(page, page.getByLabel('Email', { exact: true }));
    await page.keyboard.type(acct.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(PASSWORD);
    const signInButton = page.getByRole('button', { name: 'Sign in' });
    await tabTo(page, signInButton);
    expect(await focusVisible(signInButton)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/tokens');

    // Create: name, the workspace (arrow keys on the select), Read-only (Space), Create token (Enter).
    await tabTo(page, page.getByLabel('Name', { exact: true }));
    await page.keyboard.type('keyboard token');
    const workspace = page.getByLabel('Workspace', { exact: true });
    await tabTo(page, workspace);
    const options = (await workspace.locator('option').allInnerTexts()).map((o) => o.trim());
    const target = options.indexOf(acct.workspaceName);
    expect(target).toBeGreaterThan(0);
    for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
    expect(await workspace.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent?.trim())).toBe(acct.workspaceName);
    const readOnly = page.getByLabel('Read-only', { exact: true });
    await tabTo(page, readOnly);
    await page.keyboard.press('Space');
    expect(await readOnly.isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: 'Create token' }));
    await page.keyboard.press('Enter');
    const token = await readNewToken(page);
    const copy = page.getByRole('button', { name: 'Copy' });
    await tabTo(page, copy);
    expect((await whoami(token)).status).toBe(200);
    expect((await api('POST', '/shoots', { token, body: { workspace_id: acct.workspaceId, title: 'x' } })).status).toBe(403);

    // Back to the list by its nav link, then Revoke with Enter.
    const nav = page.getByRole('navigation').getByRole('link', { name: 'Tokens' });
    await tabTo(page, nav);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/tokens');
    const revoke = row(page, 'keyboard token').getByRole('button', { name: /Revoke/ });
    await tabTo(page, revoke);
    await page.keyboard.press('Enter');
    await until401(token);
  });
});

describe('when studio cannot answer', () => {
  const control = stackControl();
  let killed = false;

  afterAll(async () => {
    if (killed) await control.restart('studio');
  }, 120_000);

  it('the console shows the 503 page, never a 500 or a stack', async () => {
    await control.kill('studio');
    killed = true;
    const page = await web.page();
    const res = await page.goto(consoleUrl('/sign-in'));
    // The sign-in page itself needs no studio; signing in does.
    expect(res?.status()).toBe(200);
    await page.getByLabel('Email', { exact: true }).fill('someone@example.test');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const answer = await submit(page, page.getByRole('button', { name: 'Sign in' }));
    expect(answer.status()).toBe(503);
    await expect.poll(() => page.getByText('The console is unavailable. Try again in a moment.').isVisible()).toBe(true);
    expect(await page.content()).not.toMatch(/at \S+ \(|node_modules/);
    await control.restart('studio');
    killed = false;
  }, 120_000);
});
