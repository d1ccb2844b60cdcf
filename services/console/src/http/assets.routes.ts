/**
 * The console's two static files, fingerprinted by content hash when the process starts
 * (`/console/assets/console.<hash>.css`, `.js`) and served with immutable caching: a new release has new names, so a
 * browser never runs a stale script against a new page. Any other name under /console/assets/ is the 404 page.
 */
import { createHash } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { CONSOLE_JS } from './assets/script.js';
import { CONSOLE_CSS } from './assets/stylesheet.js';
import type { AssetUrls } from './pages/layout.js';

export const ASSETS_PATH = '/console/assets';

interface Asset {
  body: Buffer;
  contentType: string;
}

export interface StaticAssets {
  urls: AssetUrls;
  byName: ReadonlyMap<string, Asset>;
}

/** `console.<first 16 hex of SHA-256>.<ext>`: the file's name for as long as its content stays the same. */
export function fingerprintedName(base: string, ext: string, body: Buffer): string {
  return `${base}.${createHash('sha256').update(body).digest('hex').slice(0, 16)}.${ext}`;
}

export function buildAssets(): StaticAssets {
  const css = Buffer.from(CONSOLE_CSS);
  const js = Buffer.from(CONSOLE_JS);
  const cssName = fingerprintedName('console', 'css', css);
  const jsName = fingerprintedName('console', 'js', js);
  return {
    urls: { css: `${ASSETS_PATH}/${cssName}`, js: `${ASSETS_PATH}/${jsName}` },
    byName: new Map([
      [cssName, { body: css, contentType: 'text/css; charset=utf-8' }],
      [jsName, { body: js, contentType: 'text/javascript; charset=utf-8' }],
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
    res.statusCode = 200;
    res.setHeader('content-type', asset.contentType);
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.setHeader('content-length', asset.body.length);
    res.end(req.method === 'HEAD' ? undefined : asset.body);
  });
  return router;
}
