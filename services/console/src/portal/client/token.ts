/**
 * The portal token the customer's link carries in its fragment (`/portal/#gpt_<12 hex>_<43 base64url>`), checked here
 * before any request: a link cut short or mangled by a mail client shows the invalid-link page at once, and the
 * exchange route's per-address limit is not spent on it.
 */
import { PORTAL_TOKEN_RE } from '@studio/contracts/portal-link';

/** The token of a location's fragment (`#...` included or not), or null when it is empty or not of the form. */
export function portalTokenOf(hash: string): string | null {
  const token = hash.startsWith('#') ? hash.slice(1) : hash;
  return PORTAL_TOKEN_RE.test(token) ? token : null;
}

/**
 * The sessionStorage key of a token's bearer: its public prefix (`gpt_<12 hex>`, which names the portal), so the
 * secret part is never written anywhere the link itself is not.
 */
export function sessionKey(token: string): string {
  return `studio.portal.${token.slice(0, 16)}`;
}
