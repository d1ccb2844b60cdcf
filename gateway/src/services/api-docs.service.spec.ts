import { describe, expect, it } from 'vitest';
import {
  ApiDocsService,
  fingerprintedAsset,
  INLINE_LOGO,
  initScript,
  pickEncoding,
  REDOC_CDN_LOGO,
  servedRedocBundle,
} from './api-docs.service.js';

describe('api docs: assets', () => {
  it('names an asset by the hash of its content, so changed content gets a new name', () => {
    const a = fingerprintedAsset('init.js', Buffer.from('one'), 'text/javascript');
    const b = fingerprintedAsset('init.js', Buffer.from('two'), 'text/javascript');
    expect(a.name).toMatch(/^init\.[0-9a-f]{16}\.js$/);
    expect(b.name).not.toBe(a.name);
    expect(fingerprintedAsset('init.js', Buffer.from('one'), 'text/javascript').name).toBe(a.name);
  });

  it('picks brotli, then gzip, then identity, as Accept-Encoding allows (q=0 refuses, * admits)', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(pickEncoding('x-gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('deflate')).toBe('identity');
  });

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
