/**
 * The console's cookies, all `HttpOnly` with `Path=/console`, and `Secure` when PUBLIC_URL is https:
 * - `studio_console`: the session's secret from studio, `SameSite=Lax`, expiring with the session (the earlier of its
 *   idle and absolute expiry; studio checks both again on every request);
 * - `studio_console_csrf`: the double-submit token of the signed-out forms (sign-in, set-password, reset-password),
 *   random, `SameSite=Strict`, for the browser session.
 */
import { randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'studio_console';
export const CSRF_COOKIE = 'studio_console_csrf';
export const COOKIE_PATH = '/console';

/** Cookie values the console ever sets: base64url, bounded. Anything else is ignored as if absent. */
const VALUE_RE = /^[A-Za-z0-9_-]{1,256}$/;

/** The cookies of a Cookie header by name (the first of a repeated name; malformed values are left out). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!cookies.has(name) && VALUE_RE.test(value)) cookies.set(name, value);
  }
  return cookies;
}

export interface CookieOptions {
  /** PUBLIC_URL is https. */
  secure: boolean;
}

const tail = (sameSite: 'Lax' | 'Strict', { secure }: CookieOptions) =>
  `; Path=${COOKIE_PATH}; HttpOnly; SameSite=${sameSite}${secure ? '; Secure' : ''}`;

/** The Set-Cookie value of a new session. */
export function sessionCookie(token: string, expiresAt: Date, options: CookieOptions): string {
  return `${SESSION_COOKIE}=${token}; Expires=${expiresAt.toUTCString()}${tail('Lax', options)}`;
}

/** The Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(options: CookieOptions): string {
  return `${SESSION_COOKIE}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT${tail('Lax', options)}`;
}

/** The Set-Cookie value of a signed-out form's double-submit token. */
export function csrfCookie(token: string, options: CookieOptions): string {
  return `${CSRF_COOKIE}=${token}${tail('Strict', options)}`;
}

/** A fresh double-submit token: 32 random bytes, base64url. */
export const newCsrfToken = (): string => randomBytes(32).toString('base64url');
