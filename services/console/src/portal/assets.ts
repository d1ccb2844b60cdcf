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

/** The tab's icon: a frame with a sun and hills, in the page's accent colour. */
export const PORTAL_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="5" width="28" height="22" rx="4" fill="#0b57d0"/><circle cx="11" cy="12" r="3" fill="#fff"/><path d="M4 25l8-8 5 5 4-4 7 7z" fill="#fff"/></svg>`;

/** The files of `js` and `css` (the built script and stylesheet by default; tests pass their own), and the icon. */
export function buildPortalAssets(js: string = PORTAL_JS, css: string = PORTAL_CSS): PortalAssets {
  const files = {
    css: staticAsset('portal.css', css, 'text/css; charset=utf-8'),
    js: staticAsset('portal.js', js, 'text/javascript; charset=utf-8'),
    icon: staticAsset('portal-icon.svg', PORTAL_ICON, 'image/svg+xml'),
  };
  const url = (name: string) => `${PORTAL_ASSETS_PATH}/${name}`;
  return {
    urls: { css: url(files.css.name), js: url(files.js.name), icon: url(files.icon.name) },
    byName: new Map(Object.values(files).map((asset) => [asset.name, asset])),
  };
}
