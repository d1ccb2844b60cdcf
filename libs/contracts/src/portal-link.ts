/**
 * The link a gallery's customer opens (docs/decisions/0017-client-portal.md): the client portal page with the portal
 * token in its fragment, `<public URL>/portal/#gpt_<12 hex>_<43 base64url>`. One definition for the gallery service,
 * which mints tokens and answers links, and the portal page, which reads them (a browser bundle: no dependency here).
 */

/** A portal token: `gpt_`, a 12-hex public prefix, `_`, a 256-bit secret in base64url (docs/decisions/0007). */
export const PORTAL_TOKEN_RE = /^gpt_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;

/** Where the portal page is served, below the public base URL. */
export const PORTAL_PATH = '/portal/';

/** The customer's link: the fragment never reaches a server log or a Referer. */
export function portalUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${PORTAL_PATH}#${token}`;
}
