/**
 * Client portal benchmark (issue 27): how soon a customer opening a gallery's link sees its first photos.
 *
 * On the bench stack, a published 2,000-photo gallery (ready keepers written into upload's database, a real WebP
 * thumbnail and JPEG web derivative at each object key, the gallery created and published through the API) is opened
 * in Debian's Chromium (headless, playwright-core), a fresh context each run (no cache, no session): the time from
 * navigation start to the first 12 thumbnails of the grid loaded and decodable (`complete && naturalWidth > 0`), read
 * off the page's own clock by an init script on every image load. Median of the runs, beside two floors measured in
 * the same run:
 *
 * - a static page (bare node http server, no script, no CSS) holding the same 12 thumbnails as plain <img>: what any
 *   page showing those images costs on this machine (document + 12 object-store fetches + decode);
 * - the portal's own network chain without a browser, from node: POST /client-sessions -> GET /galleries/{id}
 *   ?photos_limit=60 -> the 12 thumbnails in parallel (what the page must wait for, minus its document and script).
 *
 * And the page weight: the HTML shell, the stylesheet and the script as served (identity, gzip, br).
 *
 * POST /client-sessions is limited to 10 a minute per client address; the browser's connections (and the chain's
 * exchanges) come from a random loopback address each through a small TCP entry, so runs never meet the limit. The
 * entry is a byte pipe on loopback: it costs each connection a socket pair, the same for every run.
 * Goal (issue 27): the first photos visible within 2 s on the local stack; a figure, never a test assertion.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { type Browser, chromium } from 'playwright-core';
import sharp from 'sharp';
import { loopbackAddress, startTcpProxy } from '@studio/testkit/tcp-proxy';
import { BROWSER_ARGS, CHROMIUM_PATH, ensureChromium } from '../scripts/lib/browser.js';
import type { Stack, StackPorts } from '../scripts/lib/stack.js';
import { benchToken } from './foundation.bench.js';

const PHOTOS = 2_000;
const FIRST = 12;
const GOAL_MS = 2_000;
const BUCKET = 'studio-photos';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round1 = (x: number) => Math.round(x * 10) / 10;

/** A TCP entry on 127.0.0.1 forwarding each connection to `target` from a random loopback source address. */
async function startEntry(target: string): Promise<{ origin: string; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  const proxy = await startTcpProxy(hostname, Number(port), { localAddress: loopbackAddress });
  return { origin: `http://127.0.0.1:${proxy.port}`, close: () => proxy.close() };
}

/** Photo-like images (a gradient with fine texture, so they compress like photos): `n` variants of one size. */
async function photoLike(width: number, height: number, n: number, format: 'webp' | 'jpeg'): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let v = 0; v < n; v++) {
    const raw = Buffer.alloc(width * height * 3);
    let x = (v + 1) * 2654435761;
    for (let i = 0; i < width * height; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      const px = i % width;
      const py = Math.floor(i / width);
      const base = 40 + (px * 150) / width + (py * 30) / height + (((px >> 3) + (py >> 3) + v) % 2) * 20;
      const noise = (x >>> 24) % 24;
      raw[i * 3] = Math.min(255, base + noise);
      raw[i * 3 + 1] = Math.min(255, base * 0.85 + noise + v * 6);
      raw[i * 3 + 2] = Math.min(255, base * 0.7 + noise);
    }
    const img = sharp(raw, { raw: { width, height, channels: 3 } });
    out.push(await (format === 'webp' ? img.webp({ quality: 75 }) : img.jpeg({ quality: 80 })).toBuffer());
  }
  return out;
}

/** Bytes of a GET as sent (no decompression) and its headers. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, bytes: body.length, body });
        });
      })
      .on('error', reject);
  });
}

/** Records on the page's clock when the first `FIRST` images matching `selector` are all loaded and decodable. */
const firstImagesScript = (selector: string, count: number) => `(() => {
  const check = () => {
    if (window.__firstImagesMs !== undefined) return;
    const imgs = Array.from(document.querySelectorAll(${JSON.stringify(selector)})).slice(0, ${count});
    if (imgs.length === ${count} && imgs.every((i) => i.complete && i.naturalWidth > 0)) window.__firstImagesMs = performance.now();
  };
  // On the document: a load event's path ends there (it never reaches the window).
  document.addEventListener('load', (e) => { if (e.target instanceof HTMLImageElement) check(); }, true);
})();`;

/** Opens `url` in a fresh context; ms from navigation start until the first images of `selector` are decodable. */
async function timeToImages(browser: Browser, url: string, selector: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript({ content: firstImagesScript(selector, FIRST) });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    // Read with evaluate, not waitForFunction: the portal's CSP (no 'unsafe-eval') refuses a polled predicate.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ms = await page.evaluate(() => (window as unknown as { __firstImagesMs?: number }).__firstImagesMs);
      if (ms !== undefined) return round1(ms);
      if (Date.now() > deadline) {
        const state = await page.evaluate(
          (sel) => ({
            text: (document.body?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300),
            images: Array.from(document.querySelectorAll(sel))
              .slice(0, 12)
              .map((i) => `${(i as HTMLImageElement).complete}/${(i as HTMLImageElement).naturalWidth}`),
          }),
          selector,
        );
        throw new Error(`the first ${FIRST} images of ${url} never all loaded: ${JSON.stringify(state)}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await context.close();
  }
}

export interface PortalBenchResult {
  setup: { photos: number; seed_ms: number; runs: number; thumbnail_bytes_avg: number };
  first_12_thumbnails_ms: { median: number; min: number; max: number; runs: number[] };
  floor_static_page_ms: { median: number; min: number; max: number; runs: number[] };
  floor_api_chain_ms: { median: number; min: number; max: number; runs: number[] };
  page_weight_bytes: Record<'html' | 'css' | 'js' | 'total', { identity: number; gzip: number; br: number }>;
  summary: {
    first_12_median_ms: number;
    vs_static_page_floor: number;
    page_weight_gzip_bytes: number;
    page_weight_br_bytes: number;
    goals: { first_photos_within_2s: boolean; js_at_most_60kb_gzip: boolean };
  };
}

export async function portalBench(
  stack: Stack,
  databaseUrls: Record<string, string>,
  ports: StackPorts,
  runs = 9,
): Promise<PortalBenchResult> {
  ensureChromium();
  const { demo, token } = benchToken(stack, databaseUrls.studio!, 'portal-bench');
  const workspaceId = demo.workspace_id as string;
  const call = async (method: string, p: string, body?: unknown, bearer = token): Promise<any> => {
    const res = await fetch(`${stack.baseUrl}${p}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  // ---- a published 2,000-photo gallery with real images at its keys ------------------------------------
  const seedStarted = performance.now();
  const shootId = (await call('POST', '/shoots', { workspace_id: workspaceId, title: 'Portal bench' })).shoot.id as string;
  const ids = Array.from({ length: PHOTOS }, () => randomUUID());
  const db = new pg.Client({ connectionString: databaseUrls.upload! });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO photos (id, workspace_id, shoot_id, file_name, content_type, size_bytes, original_key, web_key, thumb_key,
                           width, height, capture_time, state, keeper, created_by, uploaded_at, processed_at, updated_at)
       SELECT p.id, $1::uuid, $2::uuid, 'IMG_' || p.n || '.JPG', 'image/jpeg', 8500000,
              'ws/' || $1 || '/photos/' || p.id || '/original', 'ws/' || $1 || '/photos/' || p.id || '/web.jpg',
              'ws/' || $1 || '/photos/' || p.id || '/thumb.webp', 6000, 4000,
              timestamptz '2026-06-01 10:00:00Z' + p.n * interval '1 second', 'ready', true, $3::uuid, now(), now(), now()
       FROM unnest($4::uuid[]) WITH ORDINALITY AS p(id, n)`,
      [workspaceId, shootId, demo.profile_id, ids],
    );
  } finally {
    await db.end();
  }
  // 400 px WebP thumbnails and small web JPEGs of 3:2 photos, a few variants cycled over the keys.
  const thumbs = await photoLike(400, 267, 8, 'webp');
  const webs = await photoLike(1024, 683, 2, 'jpeg');
  const s3 = new S3Client({
    endpoint: `http://127.0.0.1:${ports.s3}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: stack.secrets.S3_ACCESS_KEY_ID!, secretAccessKey: stack.secrets.S3_SECRET_ACCESS_KEY! },
  });
  const objects = ids.flatMap((id, i) => [
    { key: `ws/${workspaceId}/photos/${id}/thumb.webp`, body: thumbs[i % thumbs.length]!, type: 'image/webp' },
    { key: `ws/${workspaceId}/photos/${id}/web.jpg`, body: webs[i % webs.length]!, type: 'image/jpeg' },
  ]);
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < objects.length) {
        const o = objects[next++]!;
        await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: o.key, Body: o.body, ContentType: o.type }));
      }
    }),
  );
  s3.destroy();
  const gallery = (await call('POST', '/galleries', { shoot_id: shootId, title: 'Portal bench' })).gallery;
  const published = (await call('POST', `/galleries/${gallery.id}/publish`)).gallery;
  const portalToken = published.portal_token as string;
  const seedMs = Math.round(performance.now() - seedStarted);

  const entry = await startEntry(stack.publicUrl);
  const link = `${entry.origin}/portal/#${portalToken}`;

  // ---- the network chain without a browser --------------------------------------------------------------
  const exchange = (): Promise<{ bearer: string }> =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ portal_token: portalToken });
      const req = http.request(
        `${stack.baseUrl}/client-sessions`,
        {
          method: 'POST',
          localAddress: loopbackAddress(),
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (res.statusCode !== 200) reject(new Error(`POST /client-sessions -> ${res.statusCode}`));
            else resolve(json.session);
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const chain = async (): Promise<{ ms: number; thumbnails: string[] }> => {
    const started = performance.now();
    const { bearer } = await exchange();
    const read = await call('GET', `/galleries/${gallery.id}?photos_limit=60`, undefined, bearer);
    const urls = (read.gallery.photos as { thumbnail_url: string }[]).slice(0, FIRST).map((p) => p.thumbnail_url);
    await Promise.all(urls.map((u) => fetch(u).then((r) => r.arrayBuffer())));
    return { ms: round1(performance.now() - started), thumbnails: urls };
  };

  // ---- the static floor page: the same 12 thumbnails as plain <img> -------------------------------------
  const { thumbnails } = await chain();
  const staticHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head><body>${thumbnails
    .map((u) => `<img src="${u.replace(/&/g, '&amp;')}" width="400" height="267" alt="">`)
    .join('')}</body></html>`;
  const floorServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(staticHtml) });
    res.end(staticHtml);
  });
  await new Promise<void>((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
  const floorUrl = `http://127.0.0.1:${(floorServer.address() as net.AddressInfo).port}/`;

  // ---- page weight ---------------------------------------------------------------------------------------
  const encodings = { identity: 'identity', gzip: 'gzip', br: 'br, gzip' } as const;
  const shell = (await rawGet(`${stack.publicUrl}/portal/`)).body.toString('utf8');
  const js = shell.match(/<script\b[^>]*\bsrc="([^"]+)"/)?.[1];
  const css = shell.match(/<link\b[^>]*\bhref="([^"]+\.css)"/)?.[1];
  if (!js || !css) throw new Error('the portal shell names no script or stylesheet');
  const weight = {} as PortalBenchResult['page_weight_bytes'];
  for (const [part, p] of [
    ['html', '/portal/'],
    ['css', css],
    ['js', js],
  ] as const) {
    weight[part] = { identity: 0, gzip: 0, br: 0 };
    for (const [enc, accept] of Object.entries(encodings) as [keyof typeof encodings, string][])
      weight[part][enc] = (await rawGet(`${stack.publicUrl}${p}`, { 'accept-encoding': accept })).bytes;
  }
  weight.total = {
    identity: weight.html.identity + weight.css.identity + weight.js.identity,
    gzip: weight.html.gzip + weight.css.gzip + weight.js.gzip,
    br: weight.html.br + weight.css.br + weight.js.br,
  };

  // ---- the runs: portal, static floor and chain interleaved, so the machine's load shifts them alike ----
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...BROWSER_ARGS] });
  const portal: number[] = [];
  const floor: number[] = [];
  const api: number[] = [];
  try {
    // One warm-up of each (the processes' first requests, JIT), not counted.
    await timeToImages(browser, link, 'ul.grid img');
    await timeToImages(browser, floorUrl, 'img');
    for (let r = 0; r < runs; r++) {
      portal.push(await timeToImages(browser, link, 'ul.grid img'));
      floor.push(await timeToImages(browser, floorUrl, 'img'));
      api.push((await chain()).ms);
    }
  } finally {
    await browser.close();
    await entry.close();
    await new Promise<void>((resolve) => floorServer.close(() => resolve()));
  }
  const stats = (xs: number[]) => ({ median: round1(median(xs)), min: Math.min(...xs), max: Math.max(...xs), runs: xs });
  const result: PortalBenchResult = {
    setup: {
      photos: PHOTOS,
      seed_ms: seedMs,
      runs,
      thumbnail_bytes_avg: Math.round(thumbs.reduce((n, b) => n + b.length, 0) / thumbs.length),
    },
    first_12_thumbnails_ms: stats(portal),
    floor_static_page_ms: stats(floor),
    floor_api_chain_ms: stats(api),
    page_weight_bytes: weight,
    summary: {
      first_12_median_ms: round1(median(portal)),
      vs_static_page_floor: Math.round((median(portal) / median(floor)) * 100) / 100,
      page_weight_gzip_bytes: weight.total.gzip,
      page_weight_br_bytes: weight.total.br,
      goals: { first_photos_within_2s: median(portal) < GOAL_MS, js_at_most_60kb_gzip: weight.js.gzip <= 60 * 1024 },
    },
  };
  const row = (what: string, s: { median: number; min: number; max: number }) =>
    `  ${what.padEnd(58)} median ${String(s.median).padStart(7)} ms  (min ${s.min}, max ${s.max})`;
  console.log(
    [
      `\nportal: navigation start -> first ${FIRST} thumbnails decoded, ${PHOTOS}-photo gallery, fresh context, ${runs} runs (seeded in ${seedMs} ms)`,
      row('portal page (/portal/#token)', result.first_12_thumbnails_ms),
      row(`floor: static page, the same ${FIRST} <img>, no script`, result.floor_static_page_ms),
      row(`floor: exchange + gallery read + ${FIRST} thumbnails from node`, result.floor_api_chain_ms),
      `  portal / static floor: ${result.summary.vs_static_page_floor}x; goal < ${GOAL_MS} ms: ${result.summary.goals.first_photos_within_2s}`,
      `  page weight (bytes, identity / gzip / br): ${(['html', 'css', 'js', 'total'] as const)
        .map((k) => `${k} ${weight[k].identity} / ${weight[k].gzip} / ${weight[k].br}`)
        .join('; ')}`,
    ].join('\n'),
  );
  return result;
}
