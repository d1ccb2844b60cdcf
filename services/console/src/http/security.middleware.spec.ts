import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, isSameOrigin, tokensMatch } from './security.middleware.js';

describe('the Origin check', () => {
  const origin = 'http://127.0.0.1:8080';

  it('admits only the exact public origin; a missing one is refused', () => {
    expect(isSameOrigin(origin, origin)).toBe(true);
    for (const other of [undefined, '', 'null', 'http://127.0.0.1:8081', 'https://127.0.0.1:8080', 'http://localhost:8080', `${origin}/`])
      expect(isSameOrigin(other, origin), String(other)).toBe(false);
    expect(isSameOrigin([origin, origin], origin)).toBe(false);
  });
});

describe('the CSRF token comparison', () => {
  it('matches equal tokens only; empty or missing never match', () => {
    expect(tokensMatch('abc', 'abc')).toBe(true);
    expect(tokensMatch('abc', 'abd')).toBe(false);
    expect(tokensMatch('abc', 'abcd')).toBe(false);
    expect(tokensMatch('', '')).toBe(false);
    expect(tokensMatch(undefined, 'abc')).toBe(false);
    expect(tokensMatch('abc', undefined)).toBe(false);
  });
});

describe('the Content-Security-Policy', () => {
  it('is the designed one: no inline script or style, no framing', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; connect-src 'self'",
    );
  });

  it("the portal's: the same base, photos from the object store, no forms", () => {
    const policy = contentSecurityPolicy({ imageOrigins: ['http://127.0.0.1:9000', 'https://s3.example.com'], formAction: "'none'" });
    expect(policy).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' http://127.0.0.1:9000 https://s3.example.com; form-action 'none'; frame-ancestors 'none'; base-uri 'none'; connect-src 'self'",
    );
    expect(policy).not.toContain('unsafe');
  });
});
