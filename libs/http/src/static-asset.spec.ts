import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintedName, pickEncoding, sendStaticAsset, staticAsset } from './static-asset.js';

describe('staticAsset', () => {
  it('names a file by the hash of its content, so changed content gets a new name', () => {
    const a = staticAsset('init.js', Buffer.from('one'), 'text/javascript');
    const b = staticAsset('init.js', 'two', 'text/javascript');
    expect(a.name).toMatch(/^init\.[0-9a-f]{16}\.js$/);
    expect(b.name).not.toBe(a.name);
    expect(staticAsset('init.js', 'one', 'text/javascript').name).toBe(a.name);
    expect(fingerprintedName('redoc.standalone.js', Buffer.from('one'))).toMatch(/^redoc\.standalone\.[0-9a-f]{16}\.js$/);
  });

  it('holds the body as it is, gzip and brotli, each decoding to the same bytes', () => {
    const text = 'body { color: red; }\n'.repeat(50);
    const a = staticAsset('x.css', text, 'text/css; charset=utf-8');
    expect(a.bodies.identity.toString()).toBe(text);
    expect(gunzipSync(a.bodies.gzip).toString()).toBe(text);
    expect(brotliDecompressSync(a.bodies.br).toString()).toBe(text);
    expect(a.bodies.br.length).toBeLessThan(a.bodies.identity.length);
  });
});

describe('pickEncoding', () => {
  it('picks brotli, then gzip, then identity, as Accept-Encoding allows (q=0 refuses, * admits)', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(pickEncoding('x-gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*;q=0, identity')).toBe('identity');
    expect(pickEncoding(['gzip', 'br'])).toBe('br');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('')).toBe('identity');
    expect(pickEncoding('deflate')).toBe('identity');
  });
});

describe('sendStaticAsset', () => {
  const asset = staticAsset('app.js', 'console.log("hi");\n'.repeat(20), 'text/javascript; charset=utf-8');
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => sendStaticAsset(req, res, asset));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (method: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(url, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('sends the accepted coding with its length, immutable for a year, Vary: Accept-Encoding; HEAD has no body', async () => {
    const br = await get('GET', 'gzip, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.equals(asset.bodies.br)).toBe(true);
    const plain = await get('GET');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(asset.bodies.identity.length);
    const head = await get('HEAD', 'gzip');
    expect(Number(head.headers['content-length'])).toBe(asset.bodies.gzip.length);
    expect(head.body.length).toBe(0);
  });
});
