import { describe, expect, it } from 'vitest';
import { ApiDocsService, INLINE_LOGO, initScript, REDOC_CDN_LOGO, servedRedocBundle } from './api-docs.service.js';

describe('api docs: assets', () => {
  // Fingerprints, compression and the choice of coding: libs/http/src/static-asset.spec.ts.
  it("serves Redoc's bundle with its one CDN logo made inline, and refuses a bundle that names it any other number of times", () => {
    const served = servedRedocBundle(Buffer.from(`a"${REDOC_CDN_LOGO}"b`)).toString();
    expect(served).toBe(`a"${INLINE_LOGO}"b`);
    expect(() => servedRedocBundle(Buffer.from('no logo'))).toThrow(/0 times/);
    expect(() => servedRedocBundle(Buffer.from(REDOC_CDN_LOGO.repeat(2)))).toThrow(/2 times/);
  });
});

describe('api docs: page', () => {
  const docs = new ApiDocsService({ documentPath: '/api/v1/openapi.json', redocBundle: Buffer.from(`x("${REDOC_CDN_LOGO}")`) });

  it('loads the init script then the bundle, both fingerprinted assets, with no inline script', () => {
    const page = docs.page('n0nce');
    const sources = [...page.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual([`/api/v1/docs/assets/${docs.init.name}`, `/api/v1/docs/assets/${docs.redoc.name}`]);
    expect(page.match(/<script\b/g)).toHaveLength(2);
    expect(docs.asset(docs.redoc.name)).toBe(docs.redoc);
    expect(docs.asset('redoc.standalone.js')).toBeUndefined();
  });

  it('has a strict CSP: scripts from self only, styles by nonce only, nothing third-party', () => {
    const csp = docs.contentSecurityPolicy('n0nce');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'nonce-n0nce';");
    expect(csp).not.toContain('unsafe');
    expect(csp).not.toMatch(/https?:/);
    expect(docs.nonce()).not.toBe(docs.nonce());
  });

  it('the init script starts Redoc with the options, passing the nonce', () => {
    const script = initScript({ a: 1 });
    expect(script).toContain('var options = {"a":1};');
    expect(script).toContain('options.nonce = nonce;');
    expect(() => new Function(script)).not.toThrow();
  });
});
