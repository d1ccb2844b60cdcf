/**
 * The signed-in pages (docs/decisions/0016-account-console.md, "URLs of the console"):
 *
 *   GET  /console/tokens                 the list and the create form
 *   POST /console/tokens                 create: the new secret's page (shown once), or the form again
 *   POST /console/tokens/:id/roll        a new secret (the old one working for the chosen overlap): the secret's page
 *   POST /console/tokens/:id/revoke      303 back to the list
 *   GET  /console/workspaces             the profile's workspaces and roles
 *
 * Without a session every one of them is a 303 to the sign-in page. Every POST carries the session's CSRF token
 * (compared in constant time) after the Origin check (console.middleware.ts). Studio's invalid_input shows the page
 * again with studio's sentence; its not_found (an unknown token, another profile's) is the 404 page.
 */
import { Router, type Request, type Response } from 'express';
import { AppError } from '@studio/errors';
import type { Services } from '../services/index.js';
import type { SignedIn } from '../services/session.service.js';
import { tokenExpiry } from '../services/token-expiry.js';
import type { StaticAssets } from './assets.routes.js';
import { cookiesOf, formCsrf, sendErrorPage, sendPage } from './console.middleware.js';
import { clearedSessionCookie, type CookieOptions, SESSION_COOKIE } from './cookies.js';
import { createTokenForm, parseForm, rollTokenForm, tokenIdParam } from './forms.schema.js';
import type { PageFrame } from './pages/layout.js';
import { type CreateFormState, newTokenPage, tokensPage, workspacesPage } from './pages/tokens.page.js';
import { tokensMatch } from './security.middleware.js';

export interface TokenRouteDeps {
  services: Services;
  assets: StaticAssets;
  cookies: CookieOptions;
  now: () => Date;
}

/** Studio's sentence when it refused the input (invalid_input); anything else is thrown on to the error pages. */
function refusal(err: unknown): string {
  if (err instanceof AppError && err.kind === 'invalid_input') return err.message;
  throw err;
}

export function tokenRoutes({ services, assets, cookies, now }: TokenRouteDeps): Router {
  const router = Router({ strict: false });
  const frameOf = (s: SignedIn): PageFrame => ({ assets: assets.urls, viewer: { email: s.session.email, csrfToken: s.session.csrfToken } });

  /** The signed-in person, or null after a 303 to the sign-in page (their cookie cleared). */
  const signedIn = async (req: Request, res: Response): Promise<SignedIn | null> => {
    const token = cookiesOf(req).get(SESSION_COOKIE);
    const current = await services.sessions.current(token);
    if (!current) {
      if (token) res.append('set-cookie', clearedSessionCookie(cookies));
      res.redirect(303, '/console/sign-in');
    }
    return current;
  };

  /** A POST by the signed-in person with their session's CSRF token; null when a 303 or the 403 page was sent. */
  const signedInPost = async (req: Request, res: Response): Promise<SignedIn | null> => {
    const current = await signedIn(req, res);
    if (!current) return null;
    if (!tokensMatch(formCsrf(req), current.session.csrfToken)) {
      sendErrorPage(res, assets, 'csrf');
      return null;
    }
    return current;
  };

  /** The token id of the path: a UUID, else the 404 page was sent. */
  const tokenIdOf = (req: Request, res: Response): string | null => {
    const id = tokenIdParam.safeParse(req.params.id);
    if (id.success) return id.data;
    sendErrorPage(res, assets, 'not_found');
    return null;
  };

  const listPage = async (
    s: SignedIn,
    res: Response,
    status: number,
    extra: { form?: CreateFormState; message?: string; notice?: string },
  ) => {
    const [tokens, workspaces] = await Promise.all([services.accounts.listTokens(s.token), services.accounts.listWorkspaces(s.token)]);
    sendPage(res, status, tokensPage(frameOf(s), { csrf: s.session.csrfToken, tokens, workspaces, now: now(), ...extra }));
  };

  router.get('/console/tokens', async (req: Request, res: Response) => {
    const s = await signedIn(req, res);
    if (!s) return;
    const notice = req.query.done === 'revoked' ? 'Token revoked. It no longer works.' : undefined;
    await listPage(s, res, 200, { notice });
  });

  router.post('/console/tokens', async (req: Request, res: Response) => {
    const s = await signedInPost(req, res);
    if (!s) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const typed = (name: string) => (typeof body[name] === 'string' ? String(body[name]).slice(0, 200) : undefined);
    const state: CreateFormState = {
      name: typed('name'),
      workspace: typed('workspace'),
      readOnly: body.read_only === 'on',
      expiration: createTokenForm.shape.expiration.safeParse(body.expiration).data,
      expirationDate: typed('expiration_date'),
    };
    const form = parseForm(createTokenForm, body);
    if (!form.ok) {
      await listPage(s, res, 400, { form: { ...state, errors: form.errors } });
      return;
    }
    const { name, workspace, read_only, expiration, expiration_date } = form.data;
    const expiry = tokenExpiry(expiration, expiration_date, now());
    if (!expiry.ok) {
      await listPage(s, res, 400, { form: { ...state, errors: { expiration_date: expiry.message } } });
      return;
    }
    let issued: Awaited<ReturnType<typeof services.accounts.createToken>>;
    try {
      issued = await services.accounts.createToken(s.token, {
        name,
        workspaceId: workspace === '' ? null : workspace,
        readOnly: read_only,
        expiresAt: expiry.expiresAt,
      });
    } catch (err) {
      await listPage(s, res, 400, { form: state, message: refusal(err) });
      return;
    }
    sendPage(res, 200, newTokenPage(frameOf(s), issued, false));
  });

  router.post('/console/tokens/:id/roll', async (req: Request, res: Response) => {
    const s = await signedInPost(req, res);
    if (!s) return;
    const id = tokenIdOf(req, res);
    if (!id) return;
    const form = parseForm(rollTokenForm, req.body);
    if (!form.ok) {
      await listPage(s, res, 400, { message: form.errors.overlap ?? 'Choose how long the old secret keeps working.' });
      return;
    }
    let issued: Awaited<ReturnType<typeof services.accounts.rollToken>>;
    try {
      issued = await services.accounts.rollToken(s.token, id, form.data.overlap);
    } catch (err) {
      await listPage(s, res, 400, { message: refusal(err) });
      return;
    }
    sendPage(res, 200, newTokenPage(frameOf(s), issued, true));
  });

  router.post('/console/tokens/:id/revoke', async (req: Request, res: Response) => {
    const s = await signedInPost(req, res);
    if (!s) return;
    const id = tokenIdOf(req, res);
    if (!id) return;
    try {
      await services.accounts.revokeToken(s.token, id);
    } catch (err) {
      await listPage(s, res, 400, { message: refusal(err) });
      return;
    }
    res.redirect(303, '/console/tokens?done=revoked');
  });

  router.get('/console/workspaces', async (req: Request, res: Response) => {
    const s = await signedIn(req, res);
    if (!s) return;
    const workspaces = await services.accounts.listWorkspaces(s.token);
    sendPage(res, 200, workspacesPage(frameOf(s), { workspaces }));
  });

  return router;
}
