/**
 * Signing in and out (docs/decisions/0016-account-console.md, "URLs of the console"):
 *
 *   GET  /console, /console/       303 to /console/tokens when signed in, else /console/sign-in
 *   GET  /console/sign-in          the form (also when signed in); POST checks it with studio: a new session cookie
 *                                  (a new session id) and 303 to the tokens,
 *                                  or the form again ("Incorrect email or password.", or 429 while throttled)
 *   GET  /console/reset-password   the form; POST asks studio to mail a link, and always says the same
 *   GET  /console/set-password     the form (console.js puts the link's secret from the fragment into it); POST sets
 *                                  the password through studio and signs in, or says the link is invalid
 *   POST /console/sign-out, /console/sign-out-everywhere
 *
 * The signed-out forms carry the double-submit token (a `studio_console_csrf` cookie equal to the `csrf` field); the
 * sign-out forms the session's own token. The Origin of every POST was checked before (console.middleware.ts).
 */
import { Router, type Request, type Response } from 'express';
import type { SignInResult } from '../grpc/studio-accounts.client.js';
import type { Services } from '../services/index.js';
import type { StaticAssets } from './assets.routes.js';
import { clientInfo, cookiesOf, formCsrf, sendErrorPage, sendPage } from './console.middleware.js';
import {
  CSRF_COOKIE,
  clearedSessionCookie,
  type CookieOptions,
  csrfCookie,
  newCsrfToken,
  SESSION_COOKIE,
  sessionCookie,
} from './cookies.js';
import { LINK_TOKEN_RE, parseForm, resetPasswordForm, setPasswordForm, signInForm } from './forms.schema.js';
import { invalidLinkPage, resetPasswordPage, setPasswordPage, signInPage } from './pages/account.page.js';
import type { PageFrame } from './pages/layout.js';
import { tokensMatch } from './security.middleware.js';

export interface AccountRouteDeps {
  services: Services;
  assets: StaticAssets;
  cookies: CookieOptions;
}

export const TOKENS_PAGE = '/console/tokens';
export const SIGN_IN_PAGE = '/console/sign-in';

export function accountRoutes({ services, assets, cookies }: AccountRouteDeps): Router {
  const router = Router({ strict: false });
  const frame: PageFrame = { assets: assets.urls, viewer: null };

  /** The double-submit token of a signed-out form: the cookie's when there is one (other tabs keep working), else new. */
  const formToken = (req: Request, res: Response): string => {
    const existing = cookiesOf(req).get(CSRF_COOKIE);
    if (existing) return existing;
    const token = newCsrfToken();
    res.append('set-cookie', csrfCookie(token, cookies));
    return token;
  };

  /** A signed-out form's POST must carry the cookie's token in its `csrf` field; false: the 403 page was sent. */
  const doubleSubmitted = (req: Request, res: Response): boolean => {
    if (tokensMatch(formCsrf(req), cookiesOf(req).get(CSRF_COOKIE))) return true;
    sendErrorPage(res, assets, 'csrf');
    return false;
  };

  /** Signed in through studio: the session cookie (a new session id each time), then the tokens page. */
  const signedIn = (res: Response, result: Extract<SignInResult, { outcome: 'ok' }>) => {
    res.append('set-cookie', sessionCookie(result.sessionToken, result.session.expiresAt, cookies));
    res.redirect(303, TOKENS_PAGE);
  };

  router.get('/console', async (req: Request, res: Response) => {
    const current = await services.sessions.current(cookiesOf(req).get(SESSION_COOKIE));
    res.redirect(303, current ? TOKENS_PAGE : SIGN_IN_PAGE);
  });

  // Always the form, signed in or not (no call to studio): signing in again starts a new session.
  router.get(SIGN_IN_PAGE, (req: Request, res: Response) => {
    sendPage(res, 200, signInPage(frame, { csrf: formToken(req, res) }));
  });

  router.post(SIGN_IN_PAGE, async (req: Request, res: Response) => {
    if (!doubleSubmitted(req, res)) return;
    const csrf = formToken(req, res);
    const typed = typeof req.body?.email === 'string' ? String(req.body.email).slice(0, 254) : '';
    const form = parseForm(signInForm, req.body);
    if (!form.ok) {
      sendPage(res, 400, signInPage(frame, { csrf, email: typed, errors: form.errors }));
      return;
    }
    const result = await services.accounts.signIn(form.data.email, form.data.password, clientInfo(req));
    if (result.outcome === 'ok') {
      signedIn(res, result);
      return;
    }
    if (result.outcome === 'throttled') {
      res.setHeader('retry-after', String(result.retryAfterSeconds));
      const message = `Too many attempts. Try again in ${result.retryAfterSeconds} seconds.`;
      sendPage(res, 429, signInPage(frame, { csrf, email: form.data.email, message }));
      return;
    }
    // An unknown e-mail and a wrong password read the same, whatever studio's sentence.
    sendPage(res, 400, signInPage(frame, { csrf, email: form.data.email, message: 'Incorrect email or password.' }));
  });

  router.get('/console/reset-password', (req: Request, res: Response) => {
    sendPage(res, 200, resetPasswordPage(frame, { csrf: formToken(req, res) }));
  });

  router.post('/console/reset-password', async (req: Request, res: Response) => {
    if (!doubleSubmitted(req, res)) return;
    const csrf = formToken(req, res);
    const form = parseForm(resetPasswordForm, req.body);
    if (!form.ok) {
      const typed = typeof req.body?.email === 'string' ? String(req.body.email).slice(0, 254) : '';
      sendPage(res, 400, resetPasswordPage(frame, { csrf, email: typed, errors: form.errors }));
      return;
    }
    await services.accounts.requestPasswordReset(form.data.email, clientInfo(req).clientAddress);
    sendPage(res, 200, resetPasswordPage(frame, { csrf, sent: true }));
  });

  router.get('/console/set-password', (req: Request, res: Response) => {
    sendPage(res, 200, setPasswordPage(frame, { csrf: formToken(req, res) }));
  });

  router.post('/console/set-password', async (req: Request, res: Response) => {
    if (!doubleSubmitted(req, res)) return;
    const csrf = formToken(req, res);
    const form = parseForm(setPasswordForm, req.body);
    const token = typeof req.body?.token === 'string' ? String(req.body.token) : '';
    if (!LINK_TOKEN_RE.test(token)) {
      sendPage(res, 400, invalidLinkPage(frame));
      return;
    }
    if (!form.ok) {
      sendPage(res, 400, setPasswordPage(frame, { csrf, token, errors: form.errors }));
      return;
    }
    const result = await services.accounts.setPassword(token, form.data.password, clientInfo(req));
    switch (result.outcome) {
      case 'ok':
        signedIn(res, result);
        return;
      case 'invalid_link':
        sendPage(res, 400, invalidLinkPage(frame));
        return;
      case 'throttled':
        res.setHeader('retry-after', String(result.retryAfterSeconds));
        sendPage(
          res,
          429,
          setPasswordPage(frame, { csrf, token, message: `Too many attempts. Try again in ${result.retryAfterSeconds} seconds.` }),
        );
        return;
      default:
        // weak_password (studio's sentence: too short, too long, too common) or invalid: beside the new password.
        sendPage(res, 400, setPasswordPage(frame, { csrf, token, errors: { password: result.message || 'Choose another password.' } }));
    }
  });

  for (const [path, everywhere] of [
    ['/console/sign-out', false],
    ['/console/sign-out-everywhere', true],
  ] as const) {
    router.post(path, async (req: Request, res: Response) => {
      const current = await services.sessions.current(cookiesOf(req).get(SESSION_COOKIE));
      if (current) {
        if (!tokensMatch(formCsrf(req), current.session.csrfToken)) {
          sendErrorPage(res, assets, 'csrf');
          return;
        }
        await (everywhere ? services.accounts.signOutEverywhere(current.token) : services.accounts.signOut(current.token));
      }
      res.append('set-cookie', clearedSessionCookie(cookies));
      res.redirect(303, SIGN_IN_PAGE);
    });
  }

  return router;
}
