/**
 * The HTML API reference (GET /api/v1/docs, issue 24 item 8): Redoc rendering the served OpenAPI document
 * (GET /api/v1/openapi.json), every byte of it served by the gateway, never a CDN. See docs/decisions/0008-openapi.md
 * ("HTML reference").
 *
 * - Assets are fingerprinted (`redoc.standalone.<hash>.js`, `init.<hash>.js`: the first 16 hex of their SHA-256), so
 *   they are cached for a year as immutable; a new Redoc version or a new init script gets a new name. Each is held in
 *   memory as it is, gzip and brotli (compressed once, at start).
 * - The page is a small HTML shell with a strict Content-Security-Policy: scripts only from the gateway itself
 *   (`script-src 'self'`, no inline script: Redoc is started by the served init script), styles only with the page's
 *   nonce (Redoc injects `<style>` elements; the init script gives the ones scripts create the nonce), no third-party
 *   request of any kind (`default-src 'none'`, `connect-src 'self'` for the document). Redoc's search index runs in
 *   a worker made from a blob URL by Redoc's own served script: `worker-src blob:`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { staticAsset, type StaticAsset } from '@studio/http/static-asset';

/** Where the page and its assets live (the page at the root; assets below it). */
export const DOCS_PATH = '/api/v1/docs';
export const DOCS_ASSETS_PATH = `${DOCS_PATH}/assets`;

/** A served file of the reference (fingerprinted, precompressed: @studio/http/static-asset). */
export type DocsAsset = StaticAsset;

/**
 * The init script, loaded before Redoc's bundle. It gives every `<style>` element a script creates the page's nonce
 * (its own tag's): Redoc's bundle injects a stylesheet as it loads (perfect-scrollbar's, through style-loader) before
 * Redoc's own `nonce` option can apply, and the CSP would refuse it. Only scripts of the gateway run on the page, so
 * this admits no style a script of ours did not make; a `<style>` in injected markup (parsed HTML, never
 * `createElement`) still has no nonce and is refused. When the document is parsed (after the deferred bundle ran),
 * it starts Redoc on the page's container with the document's URL.
 */
export function initScript(options: Record<string, unknown>): string {
  return `'use strict';
(function () {
  var nonce = document.currentScript && document.currentScript.nonce;
  var createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (tagName) {
    var element = createElement.apply(this, arguments);
    if (nonce && String(tagName).toLowerCase() === 'style') element.setAttribute('nonce', nonce);
    return element;
  };
  document.addEventListener('DOMContentLoaded', function () {
    var root = document.getElementById('redoc');
    var options = ${JSON.stringify(options)};
    options.nonce = nonce;
    window.Redoc.init(root.getAttribute('data-spec-url'), options, root);
  });
})();
`;
}

/**
 * Redoc 2.x shows its maker's logo from a CDN in the sidebar (unconditionally); the served bundle shows this inline
 * image instead (the CSP would refuse the CDN, and the page makes no third-party request).
 */
export const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
export const INLINE_LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%2332329f'/%3E%3C/svg%3E";

/** Redoc's standalone bundle as served: the installed one with its CDN logo made inline (it must occur exactly once). */
export function servedRedocBundle(installed: Buffer): Buffer {
  const text = installed.toString('utf8');
  const count = text.split(REDOC_CDN_LOGO).length - 1;
  if (count !== 1) throw new Error(`api docs: Redoc's bundle names ${REDOC_CDN_LOGO} ${count} times, not once: check the new version`);
  return Buffer.from(text.replace(REDOC_CDN_LOGO, INLINE_LOGO), 'utf8');
}

/** Redoc's options (https://redocly.com/docs/redoc/config): nothing that fetches anything but the document. */
const REDOC_OPTIONS = {
  expandResponses: '200,201,202',
  jsonSampleExpandLevel: 3,
  showWebhookVerb: true,
  hideDownloadButton: false,
  pathInMiddlePanel: true,
  theme: { typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', headings: { fontFamily: 'inherit' } } },
};

export interface ApiDocsOptions {
  /** The URL path of the OpenAPI document the page renders. */
  documentPath: string;
  /** Redoc's standalone bundle as installed; defaults to the `redoc` package's. */
  redocBundle?: Buffer;
}

export class ApiDocsService {
  readonly redoc: DocsAsset;
  readonly init: DocsAsset;
  private readonly assets: Map<string, DocsAsset>;

  constructor(private readonly opts: ApiDocsOptions) {
    const installed = opts.redocBundle ?? readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
    this.redoc = staticAsset('redoc.standalone.js', servedRedocBundle(installed), 'text/javascript; charset=utf-8');
    this.init = staticAsset('init.js', Buffer.from(initScript(REDOC_OPTIONS)), 'text/javascript; charset=utf-8');
    this.assets = new Map([this.redoc, this.init].map((a) => [a.name, a]));
  }

  /** A fingerprinted asset by its file name, or undefined. */
  asset(name: string): DocsAsset | undefined {
    return this.assets.get(name);
  }

  /** A fresh nonce for one page (128 random bits, base64). */
  nonce(): string {
    return randomBytes(16).toString('base64');
  }

  /** The Content-Security-Policy of a page with this style nonce. */
  contentSecurityPolicy(nonce: string): string {
    return [
      "default-src 'none'",
      "script-src 'self'",
      `style-src 'nonce-${nonce}'`,
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      'worker-src blob:',
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; ');
  }

  /** The page: a container for Redoc, the two scripts, and a fallback link to the JSON document. */
  page(nonce: string): string {
    const asset = (a: DocsAsset) => `${DOCS_ASSETS_PATH}/${a.name}`;
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>Studio Public API reference</title>
<style nonce="${nonce}">body { margin: 0; padding: 0; }</style>
<script src="${asset(this.init)}" nonce="${nonce}" defer></script>
<script src="${asset(this.redoc)}" defer></script>
</head>
<body>
<noscript>This reference needs JavaScript. The OpenAPI document it shows: <a href="${this.opts.documentPath}">${this.opts.documentPath}</a>.</noscript>
<div id="redoc" data-spec-url="${this.opts.documentPath}"></div>
</body>
</html>
`;
  }
}
