/** The direct transfers against real HTTP(S) servers on loopback: what they accept, and everything they hand back. */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseResponseHead, readPresigned, writePresigned } from './presigned-transfer.js';

/** A self-signed certificate for localhost / 127.0.0.1 (test only, valid until 2126), for the https path. */
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgc7HQ5lfGmHJ3IJLD
SQbh16S7LoGfGHwRbh6n0mFt06ahRANCAATTU9Vyz8cvzc3mIuwtGD9WQXdAN3wd
AfdYgFVPEra0Yy1gBDcqtC5eXLVqDILI+dL3zOcP9ruz0ujzrkmbu3XU
-----END PRIVATE KEY-----
`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBnDCCAUGgAwIBAgIUVM4BTI0vZIWdMitIBsW2fqtelygwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNDE2MzEzNFoYDzIxMjYxMDMx
MTYzMTM0WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATTU9Vyz8cvzc3mIuwtGD9WQXdAN3wdAfdYgFVPEra0Yy1gBDcqtC5e
XLVqDILI+dL3zOcP9ruz0ujzrkmbu3XUo28wbTAdBgNVHQ4EFgQUVPhqqkv6w05L
vk2ITOTBKT5KSP8wHwYDVR0jBBgwFoAUVPhqqkv6w05Lvk2ITOTBKT5KSP8wDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDSQAwRgIhAKnHCyRFFdKpfBaJCIaxUy0Uli3+k2JMazcjCBFSM7/YAiEA
/zXYtTgVtsy/kze96g/nXKQGHrd1inkV7YQ70j5lOew=
-----END CERTIFICATE-----
`;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void;
const body = randomBytes(3 * 1024 * 1024 + 17); // many socket reads, not a round number
let handler: Handler = (_req, res) => res.writeHead(200, { 'content-length': body.length }).end(body);
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const received = Buffer.concat(chunks);
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: received });
    handler(req, res, received);
  });
};
const server = http.createServer(serve);
const tlsServer = https.createServer({ key: TEST_KEY, cert: TEST_CERT }, serve);
let base = '';
let tlsBase = '';

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => tlsServer.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tlsBase = `https://localhost:${(tlsServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of [server, tlsServer]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});
afterEach(() => {
  handler = (_req, res) => res.writeHead(200, { 'content-length': body.length }).end(body);
  seen.length = 0;
});

/** An `alloc` that records its calls and hands out buffers larger than asked (as the worker's pool does). */
function recordingAlloc() {
  const calls: { size: number; buffer: Buffer }[] = [];
  return {
    calls,
    alloc: (size: number) => {
      const buffer = Buffer.alloc(size + 4096);
      calls.push({ size, buffer });
      return buffer;
    },
  };
}

describe('parseResponseHead', () => {
  it('reads status, Content-Length (any case) and chunked framing', () => {
    expect(parseResponseHead('HTTP/1.1 200 OK\r\nContent-Length: 12\r\nETag: "x"')).toEqual({
      status: 200,
      contentLength: 12,
      chunked: false,
    });
    expect(parseResponseHead('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked')).toEqual({ status: 200, contentLength: null, chunked: true });
    expect(parseResponseHead('HTTP/1.0 404 Not Found\r\ncontent-length: 0')).toMatchObject({ status: 404, contentLength: 0 });
  });

  it('refuses what is not a plain HTTP/1.x head', () => {
    expect(parseResponseHead('HTTP/2 200')).toBeNull();
    expect(parseResponseHead('HTTP/1.1 200 OK\r\nContent-Length: 12\r\nContent-Length: 13')).toBeNull();
    expect(parseResponseHead('HTTP/1.1 200 OK\r\nContent-Length: -1')).toBeNull();
    expect(parseResponseHead('HTTP/1.1 200 OK\r\nno colon here')).toBeNull();
  });
});

describe('readPresigned', () => {
  it('reads the whole body into the memory alloc gave, once, with the exact size', async () => {
    const { calls, alloc } = recordingAlloc();
    const got = await readPresigned(`${base}/bucket/key?X-Amz-Signature=abc`, alloc);
    expect(calls.map((c) => c.size)).toEqual([body.length]);
    expect(got!.length).toBe(body.length);
    expect(got!.equals(body)).toBe(true);
    expect(got!.buffer).toBe(calls[0]!.buffer.buffer); // a view of alloc's buffer, not a copy
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/bucket/key?X-Amz-Signature=abc' });
    expect(seen[0]!.headers.host).toBe(new URL(base).host);
  });

  it('reads over https', async () => {
    const { alloc } = recordingAlloc();
    const got = await readPresigned(`${tlsBase}/bucket/key`, alloc, { ca: TEST_CERT });
    expect(got!.equals(body)).toBe(true);
  });

  it('refuses an https server it does not trust', async () => {
    const { calls, alloc } = recordingAlloc();
    await expect(readPresigned(`${tlsBase}/bucket/key`, alloc)).rejects.toThrow();
    expect(calls).toEqual([]);
  });

  it('answers an empty object without calling alloc', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-length': 0 }).end();
    const { calls, alloc } = recordingAlloc();
    expect((await readPresigned(`${base}/k`, alloc))!.length).toBe(0);
    expect(calls).toEqual([]);
  });

  it.each([
    ['a 404', (_req: http.IncomingMessage, res: http.ServerResponse) => res.writeHead(404, { 'content-length': 3 }).end('nop')],
    ['a 307 redirect', (_req: http.IncomingMessage, res: http.ServerResponse) => res.writeHead(307, { location: '/elsewhere' }).end()],
    [
      'a chunked body',
      (_req: http.IncomingMessage, res: http.ServerResponse) => {
        res.writeHead(200);
        res.write(body.subarray(0, 10));
        res.end(body.subarray(10, 20));
      },
    ],
  ])('answers null for %s, without calling alloc', async (_label, h) => {
    handler = h;
    const { calls, alloc } = recordingAlloc();
    expect(await readPresigned(`${base}/k`, alloc)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('rejects when the connection ends before the announced length', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, 100_000), () => req.socket.destroy());
    };
    const { alloc } = recordingAlloc();
    await expect(readPresigned(`${base}/k`, alloc)).rejects.toThrow(/closed before/);
  });

  it('rejects when nothing listens', async () => {
    const idle = http.createServer();
    await new Promise<void>((r) => idle.listen(0, '127.0.0.1', r));
    const port = (idle.address() as AddressInfo).port;
    await new Promise((r) => idle.close(r));
    await expect(readPresigned(`http://127.0.0.1:${port}/k`, recordingAlloc().alloc)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('gives up when the server stops sending', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, 1000)); // and nothing more
    };
    await expect(readPresigned(`${base}/k`, recordingAlloc().alloc, { idleTimeoutMs: 200 })).rejects.toThrow(/no progress/);
  });

  it('refuses a header holding a line break (no request smuggling through a header value)', async () => {
    await expect(readPresigned(`${base}/k`, recordingAlloc().alloc, { headers: { 'x-a': 'b\r\nx-evil: 1' } })).rejects.toThrow(
      /line break/,
    );
    expect(seen).toEqual([]);
  });
});

describe('writePresigned', () => {
  it('PUTs the body with the signed headers and answers true on a 200', async () => {
    handler = (_req, res) => res.writeHead(200, { etag: '"abc"', 'content-length': 0 }).end();
    const payload = randomBytes(1_200_000);
    const ok = await writePresigned(`${base}/bucket/web.jpg?X-Amz-Signature=abc`, payload, {
      headers: { 'content-length': String(payload.length), 'content-type': 'image/jpeg' },
    });
    expect(ok).toBe(true);
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/bucket/web.jpg?X-Amz-Signature=abc' });
    expect(seen[0]!.headers['content-type']).toBe('image/jpeg');
    expect(seen[0]!.body.equals(payload)).toBe(true);
  });

  it('PUTs over https', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-length': 0 }).end();
    const payload = randomBytes(70_000);
    const ok = await writePresigned(`${tlsBase}/b/k`, payload, { headers: { 'content-length': String(payload.length) }, ca: TEST_CERT });
    expect(ok).toBe(true);
    expect(seen[0]!.body.equals(payload)).toBe(true);
  });

  it('answers false for a refusal', async () => {
    handler = (_req, res) => res.writeHead(403, { 'content-length': 6 }).end('denied');
    const payload = randomBytes(1000);
    expect(await writePresigned(`${base}/b/k`, payload, { headers: { 'content-length': String(payload.length) } })).toBe(false);
  });
});
