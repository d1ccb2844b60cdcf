/** The outbound client against real HTTP servers on loopback. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BODY_EXCERPT_BYTES, WebhookSender } from './http-sender.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let handler: Handler = (_req, res) => res.end('ok');
let connections = 0;
let requests = 0;
const server = http.createServer((req, res) => {
  requests++;
  handler(req, res);
});
server.on('connection', () => connections++);
let base = '';

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
afterEach(() => {
  handler = (_req, res) => res.end('ok');
});

const sender = new WebhookSender({ timeoutMs: 500, policy: { allowLoopback: true }, maxSocketsPerOrigin: 8, maxFreeSocketsPerOrigin: 8 });
const strictSender = new WebhookSender({
  timeoutMs: 500,
  policy: { allowLoopback: false },
  maxSocketsPerOrigin: 8,
  maxFreeSocketsPerOrigin: 8,
});
afterAll(() => {
  sender.close();
  strictSender.close();
});

describe('WebhookSender', () => {
  it('POSTs the exact body with our headers and reuses the connection', async () => {
    let seen: { method?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};
    handler = (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen = { method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        res.writeHead(204).end();
      });
    };
    const before = connections;
    const body = JSON.stringify({ hello: 'wörld' });
    const r1 = await sender.send(new URL(`${base}/hook?x=1`), { 'content-type': 'application/json', 'x-service-event-id': 'e1' }, body);
    const r2 = await sender.send(new URL(`${base}/hook?x=1`), { 'content-type': 'application/json', 'x-service-event-id': 'e1' }, body);
    expect(r1).toMatchObject({ status: 204, detail: null, errorKind: null });
    expect(r2.status).toBe(204);
    expect(seen.method).toBe('POST');
    expect(seen.body).toBe(body);
    expect(seen.headers!['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(seen.headers!['x-service-event-id']).toBe('e1');
    expect(connections - before).toBe(1);
  });

  it('keeps the first 4 KiB of an error body and stops reading a huge one', async () => {
    handler = (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('é'.repeat(3000));
    };
    const r = await sender.send(new URL(base), {}, '{}');
    expect(r.status).toBe(500);
    expect(Buffer.byteLength(r.detail!)).toBeLessThanOrEqual(BODY_EXCERPT_BYTES);
    expect(r.detail!.startsWith('éé')).toBe(true);
    expect(r.detail).not.toContain('\uFFFD');

    let written = 0;
    handler = (_req, res) => {
      res.writeHead(503);
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = () => {
        while (written < 50 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (written = Infinity));
      pump();
    };
    const started = Date.now();
    const big = await sender.send(new URL(base), {}, '{}');
    expect(big.status).toBe(503);
    expect(big.detail!.length).toBe(BODY_EXCERPT_BYTES);
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('gives up after the timeout', async () => {
    handler = () => undefined; // never answers
    const r = await sender.send(new URL(base), {}, '{}');
    expect(r).toMatchObject({ status: null, errorKind: 'timeout' });
    expect(r.durationMs).toBeGreaterThanOrEqual(450);
    expect(r.durationMs).toBeLessThan(1500);
  });

  it('does not follow redirects', async () => {
    let redirected = 0;
    handler = (req, res) => {
      if (req.url === '/target') {
        redirected++;
        res.end('ok');
        return;
      }
      res.writeHead(302, { location: '/target' }).end();
    };
    const r = await sender.send(new URL(`${base}/start`), {}, '{}');
    expect(r.status).toBe(302);
    expect(redirected).toBe(0);
  });

  it('reports a refused connection as a network error', async () => {
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const r = await sender.send(new URL(`http://127.0.0.1:${port}/`), {}, '{}');
    expect(r).toMatchObject({ status: null, errorKind: 'network' });
    expect(r.detail).toMatch(/ECONNREFUSED/);
  });

  it('never connects to a forbidden address: literal IPs, localhost and IPv4-mapped IPv6', async () => {
    const before = requests;
    const port = new URL(base).port;
    for (const url of [`${base}/`, `http://localhost:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`, `http://2130706433:${port}/`]) {
      const r = await strictSender.send(new URL(url), {}, '{}');
      expect(r).toMatchObject({ status: null, errorKind: 'blocked' });
    }
    expect(requests).toBe(before);
  });
});
