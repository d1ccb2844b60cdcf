/**
 * Static files served from memory, the one way every process serves them (the gateway's API reference assets, the
 * console's and the client portal's): named by their content (`name.<first 16 hex of SHA-256>.ext`, so a release that
 * changes a file changes its name and a year of immutable caching is safe), compressed once at start (brotli at
 * quality 11 and gzip at level 9: the cost is paid once, every browser gets the smallest bytes), and sent in the best
 * coding the request accepts (RFC 9110 section 12.5.3).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip' | 'identity';

export interface StaticAsset {
  /** The fingerprinted file name, e.g. `portal.0123456789abcdef.js`. */
  name: string;
  contentType: string;
  bodies: Readonly<Record<ContentCoding, Buffer>>;
}

/** `name.ext` -> `name.<first 16 hex of the body's SHA-256>.ext`. */
export function fingerprintedName(fileName: string, body: Buffer): string {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? `${fileName}.${hash}` : `${fileName.slice(0, dot)}.${hash}${fileName.slice(dot)}`;
}

/** The file `fileName` (e.g. `portal.js`) of `body`: its fingerprinted name and its body in each coding. */
export function staticAsset(fileName: string, body: Buffer | string, contentType: string): StaticAsset {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  const text = /^text\/|javascript|json|svg/.test(contentType);
  const br = brotliCompressSync(identity, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 11,
      [zlib.BROTLI_PARAM_MODE]: text ? zlib.BROTLI_MODE_TEXT : zlib.BROTLI_MODE_GENERIC,
      [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
  return { name: fingerprintedName(fileName, identity), contentType, bodies: { br, gzip: gzipSync(identity, { level: 9 }), identity } };
}

/**
 * The coding to send for an Accept-Encoding header: brotli, else gzip (`x-gzip` counts), else identity; a coding is
 * accepted when listed with q > 0, or covered by `*` with q > 0 and not listed. Identity is always sent as the last
 * resort (the files are small; a client refusing it outright gets it rather than a 406).
 */
export function pickEncoding(header: string | string[] | undefined): ContentCoding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(coding.trim() === 'x-gzip' ? 'gzip' : coding.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/** Answers 200 with the asset in the accepted coding: immutable for a year, `Vary: Accept-Encoding`; no body for HEAD. */
export function sendStaticAsset(req: IncomingMessage, res: ServerResponse, asset: StaticAsset): void {
  const coding = pickEncoding(req.headers['accept-encoding']);
  const body = asset.bodies[coding];
  res.statusCode = 200;
  res.setHeader('content-type', asset.contentType);
  res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  res.setHeader('vary', 'Accept-Encoding');
  if (coding !== 'identity') res.setHeader('content-encoding', coding);
  res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
