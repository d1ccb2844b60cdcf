/**
 * The portal's two static files (portal.<16 hex>.css and .js), fingerprinted by content and compressed once when the
 * process starts, then chosen per request by Accept-Encoding (@studio/http/static-asset). A new release has new names,
 * so the files are cached for a year and never revalidated.
 */
import { staticAsset, type StaticAsset } from '@studio/http/static-asset';
import { PORTAL_JS } from './bundle/client.js';
import { PORTAL_CSS } from './portal.css.js';
import type { PortalAssetUrls } from './shell.js';

export const PORTAL_ASSETS_PATH = '/portal/assets';

export interface PortalAssets {
  urls: PortalAssetUrls;
  byName: ReadonlyMap<string, StaticAsset>;
}

/** The files of `js` and `css` (the built script and stylesheet by default; tests pass their own). */
export function buildPortalAssets(js: string = PORTAL_JS, css: string = PORTAL_CSS): PortalAssets {
  const cssAsset = staticAsset('portal.css', css, 'text/css; charset=utf-8');
  const jsAsset = staticAsset('portal.js', js, 'text/javascript; charset=utf-8');
  return {
    urls: { css: `${PORTAL_ASSETS_PATH}/${cssAsset.name}`, js: `${PORTAL_ASSETS_PATH}/${jsAsset.name}` },
    byName: new Map([
      [cssAsset.name, cssAsset],
      [jsAsset.name, jsAsset],
    ]),
  };
}
