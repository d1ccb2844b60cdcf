/**
 * The signed-out pages: sign in, request a password reset, set a password through an invitation or reset link, and
 * the page of a link that no longer works. Each form carries the double-submit CSRF token (`csrf`).
 */
import type { FieldErrors } from '../forms.schema.js';
import { inputField, problemSummary } from './forms.js';
import { html, type Html } from './html.js';
import { page, type PageFrame } from './layout.js';

const csrfInput = (csrf: string) => html`<input type="hidden" name="csrf" value="${csrf}">`;

export interface SignInView {
  csrf: string;
  email?: string;
  /** A sentence about the whole attempt: "Incorrect email or password.", the throttle's wait. */
  message?: string;
  errors?: FieldErrors;
}

export function signInPage(frame: PageFrame, v: SignInView): Html {
  const errors = v.errors ?? {};
  return page(frame, {
    heading: 'Sign in',
    body: html`${problemSummary(v.message, errors)}
<form method="post" action="/console/sign-in" class="stacked" novalidate>
${csrfInput(v.csrf)}
${inputField({ name: 'email', label: 'Email', type: 'email', value: v.email, error: errors.email, autocomplete: 'username', required: true })}
${inputField({ name: 'password', label: 'Password', type: 'password', error: errors.password, autocomplete: 'current-password', required: true })}
<div><button type="submit">Sign in</button></div>
</form>
<p><a href="/console/reset-password">Forgot your password?</a></p>`,
  });
}

export const RESET_SENT = 'If an account exists for that address, we sent a link to reset its password.';

export interface ResetView {
  csrf: string;
  email?: string;
  errors?: FieldErrors;
  /** The request went to studio: say so (the same sentence whether or not the address has an account). */
  sent?: boolean;
}

export function resetPasswordPage(frame: PageFrame, v: ResetView): Html {
  const errors = v.errors ?? {};
  return page(frame, {
    heading: 'Reset your password',
    body: html`${problemSummary(undefined, errors)}
${v.sent && html`<p class="notice" role="status">${RESET_SENT}</p>`}
<p>Enter the email address you sign in with. We will send you a link to set a new password; it works for one hour.</p>
<form method="post" action="/console/reset-password" class="stacked" novalidate>
${csrfInput(v.csrf)}
${inputField({ name: 'email', label: 'Email', type: 'email', value: v.email, error: errors.email, autocomplete: 'username', required: true })}
<div><button type="submit">Send reset link</button></div>
</form>
<p><a href="/console/sign-in">Back to sign in</a></p>`,
  });
}

export interface SetPasswordView {
  csrf: string;
  /** The link's secret as posted (console.js fills it from the fragment on the first visit). */
  token?: string;
  message?: string;
  errors?: FieldErrors;
}

export const PASSWORD_HINT = 'Use at least 12 characters. A long phrase is easy to remember and hard to guess.';

export function setPasswordPage(frame: PageFrame, v: SetPasswordView): Html {
  const errors = v.errors ?? {};
  return page(frame, {
    heading: 'Set your password',
    body: html`${problemSummary(v.message, errors)}
<form method="post" action="/console/set-password" class="stacked" novalidate>
${csrfInput(v.csrf)}
<input type="hidden" name="token" value="${v.token ?? ''}" data-from-fragment="">
${inputField({ name: 'password', label: 'New password', type: 'password', error: errors.password, hint: PASSWORD_HINT, autocomplete: 'new-password', required: true })}
${inputField({ name: 'confirm', label: 'Confirm password', type: 'password', error: errors.confirm, autocomplete: 'new-password', required: true })}
<div><button type="submit">Set password</button></div>
</form>`,
  });
}

export const LINK_INVALID = 'This link is invalid or has expired.';

export function invalidLinkPage(frame: PageFrame): Html {
  return page(frame, {
    heading: 'Link not valid',
    body: html`<p role="alert">${LINK_INVALID}</p>
<p>Links to set a password work once: an invitation for 24 hours, a reset link for one hour.</p>
<p><a href="/console/reset-password">Request a password reset</a></p>`,
  });
}
