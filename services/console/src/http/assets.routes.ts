/**
 * The console's two static files, fingerprinted by content hash and compressed when the process starts
 * (`/console/assets/console.<hash>.css`, `.js`; @studio/http/static-asset) and served with immutable caching: a new
 * release has new names, so a browser never runs a stale script against a new page. Any other name under /console/assets/ is the 404 page.
 */
import { Router, type Request, type Response } from 'express';
import { sendStaticAsset, staticAsset, type StaticAsset } from '@studio/http/static-asset';
import { CONSOLE_JS } from './assets/script.js';
import { CONSOLE_CSS } from './assets/stylesheet.js';
import type { AssetUrls } from './pages/layout.js';

export const ASSETS_PATH = '/console/assets';

export interface StaticAssets {
  urls: AssetUrls;
  byName: ReadonlyMap<string, StaticAsset>;
}

export function buildAssets(): StaticAssets {
  const css = staticAsset('console.css', CONSOLE_CSS, 'text/css; charset=utf-8');
  const js = staticAsset('console.js', CONSOLE_JS, 'text/javascript; charset=utf-8');
  return {
    urls: { css: `${ASSETS_PATH}/${css.name}`, js: `${ASSETS_PATH}/${js.name}` },
    byName: new Map([
      [css.name, css],
      [js.name, js],
    ]),
  };
}

export function assetRoutes(assets: StaticAssets): Router {
  const router = Router({ strict: true });
  router.get(`${ASSETS_PATH}/:name`, (req: Request, res: Response, next) => {
    const asset = assets.byName.get(String(req.params.name));
    if (!asset) {
      next();
      return;
    }
    sendStaticAsset(req, res, asset);
  });
  return router;
}
