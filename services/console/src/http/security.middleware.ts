/**
 * The console's defences that do not depend on a page (docs/decisions/0016-account-console.md, "Security"):
 * - headers on every answer: a strict Content-Security-Policy (no inline script or style, no framing, forms post only
 *   to the console), X-Frame-Options, Referrer-Policy, nosniff; pages are `no-store` (an asset route replaces it).
 *   The client portal (portal.routes.ts) sends the same headers with its own policy (photos from the object store,
 *   no forms) built by the same function;
 * - the Origin check of every POST: the Origin header must be PUBLIC_URL's origin, and a POST without one is refused
 *   too (browsers send it on form posts);
 * - constant-time comparison of a form's CSRF token with the expected one.
 */
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What differs between the console's policy and the client portal's; everything else is the same strict base. */
export interface PolicyOptions {
  /** Origins images may come from besides 'self' (the portal: the object store's public endpoint). */
  imageOrigins?: readonly string[];
  /** Where forms may post: the console's own forms ('self'); the portal has none ('none'). */
  formAction?: "'self'" | "'none'";
}

/** The one Content-Security-Policy of the console's deployable: no inline script or style, no framing, no base. */
export function contentSecurityPolicy({ imageOrigins = [], formAction = "'self'" }: PolicyOptions = {}): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${["'self'", ...imageOrigins].join(' ')}`,
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "connect-src 'self'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

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

/** The headers above on every answer, with `policy` as the Content-Security-Policy (the console's by default). */
export function securityHeaders(policy: string = CONTENT_SECURITY_POLICY): RequestHandler {
  const headers = Object.entries({ ...SECURITY_HEADERS, 'content-security-policy': policy });
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
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
