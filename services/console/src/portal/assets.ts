/**
 * The portal's two static files (portal.<16 hex>.css and .js), fingerprinted by content and compressed once when the
 * process starts (brotli at quality 11 and gzip at level 9: the cost is paid once, every customer gets the smallest
 * bytes), then chosen per request by Accept-Encoding (br, else gzip, else identity). A new release has new names, so
 * the files are cached for a year and never revalidated.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fingerprintedName } from '../http/assets.routes.js';
import { PORTAL_JS } from './bundle/client.js';
import { PORTAL_CSS } from './portal.css.js';
import type { PortalAssetUrls } from './shell.js';

export const PORTAL_ASSETS_PATH = '/portal/assets';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface PortalAsset {
  contentType: string;
  bodies: Readonly<Record<Encoding, Buffer>>;
}

export interface PortalAssets {
  urls: PortalAssetUrls;
  byName: ReadonlyMap<string, PortalAsset>;
}

function compressed(text: string, contentType: string): PortalAsset {
  const identity = Buffer.from(text);
  const br = brotliCompressSync(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
  return { contentType, bodies: { br, gzip: gzipSync(identity, { level: 9 }), identity } };
}

/** The files of `js` and `css` (the built script and stylesheet by default; tests pass their own). */
export function buildPortalAssets(js: string = PORTAL_JS, css: string = PORTAL_CSS): PortalAssets {
  const files = [
    ['css', compressed(css, 'text/css; charset=utf-8')],
    ['js', compressed(js, 'text/javascript; charset=utf-8')],
  ] as const;
  const byName = new Map<string, PortalAsset>();
  const urls = { css: '', js: '' };
  for (const [ext, asset] of files) {
    const name = fingerprintedName('portal', ext, asset.bodies.identity);
    byName.set(name, asset);
    urls[ext] = `${PORTAL_ASSETS_PATH}/${name}`;
  }
  return { urls, byName };
}

/**
 * The encoding to answer with for an Accept-Encoding header: br when accepted, else gzip, else identity. A coding is
 * accepted when listed with q > 0, or covered by `*` with q > 0 and not listed; identity is always acceptable here
 * (the files are small; a client refusing it outright gets it anyway rather than a 406).
 */
export function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') weight = Number(value);
    }
    q.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: string) => (q.get(coding) ?? (coding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}
