/** Pure parsers for the request headers the gateway interprets. */

/** RFC 6750 token68 characters; an API token never needs more than this. */
const BEARER_RE = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const MAX_TOKEN_LENGTH = 512;

/** Returns the bearer token, or null when the header is missing or not a well-formed Bearer credential. */
export function parseBearer(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string' || header.length > MAX_TOKEN_LENGTH + 16) return null;
  const match = BEARER_RE.exec(header);
  const token = match?.[1];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/** Idempotency-Key: one definition with the services' check (@studio/idempotency). */
export { parseIdempotencyKey, type IdempotencyKeyResult } from '@studio/idempotency';

export type JsonContentTypeResult = 'json' | 'not_json' | 'bad_charset';

/**
 * Accepts `application/json` and `application/<anything>+json` (what the services' JSON parser reads), with
 * no charset or a UTF-8 one. Anything else would reach the service as "no body", so it is refused here.
 */
export function checkJsonContentType(header: string | undefined): JsonContentTypeResult {
  if (!header) return 'not_json';
  const semi = header.indexOf(';');
  const mediaType = (semi === -1 ? header : header.slice(0, semi)).trim().toLowerCase();
  const isJson = mediaType === 'application/json' || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(mediaType);
  if (!isJson) return 'not_json';
  if (semi === -1) return 'json';
  for (const param of header.slice(semi + 1).split(';')) {
    const eq = param.indexOf('=');
    if (eq === -1) continue;
    if (param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const charset = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return 'bad_charset';
  }
  return 'json';
}

/** True for a Content-Encoding the gateway can read as-is (none or identity). */
export function isIdentityEncoding(header: string | undefined): boolean {
  return header === undefined || header === '' || header.trim().toLowerCase() === 'identity';
}
