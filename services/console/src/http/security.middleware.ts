/**
 * The console's defences that do not depend on a page (docs/decisions/0016-account-console.md, "Security"):
 * - headers on every answer: a strict Content-Security-Policy (no inline script or style, no framing, forms post only
 *   to the console), X-Frame-Options, Referrer-Policy, nosniff; pages are `no-store` (an asset route replaces it);
 * - the Origin check of every POST: the Origin header must be PUBLIC_URL's origin, and a POST without one is refused
 *   too (browsers send it on form posts);
 * - constant-time comparison of a form's CSRF token with the expected one.
 */
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; connect-src 'self'";

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  // Not no-referrer: under it browsers send `Origin: null` on every form POST (Fetch, "append a request Origin
  // header"), and the Origin check would refuse them all. same-origin sends no Referer to any other site and keeps
  // the Origin of the console's own forms; a link's secret is in the fragment, which no Referer carries.
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export function securityHeaders(): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    // Pages are personal and may hold a secret (a new token): never stored. The assets route sets its own.
    res.setHeader('cache-control', 'no-store');
    next();
  };
}

/** True when `origin` (the request's Origin header) is exactly the console's public origin. */
export function isSameOrigin(origin: string | string[] | undefined, publicOrigin: string): boolean {
  return typeof origin === 'string' && origin === publicOrigin;
}

/** Compares two tokens in constant time (for equal lengths); an empty or missing one never matches. */
export function tokensMatch(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
