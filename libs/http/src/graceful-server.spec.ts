/** startHttpServer's graceful close, deadlines, headers and connection cap, seen from raw client connections. */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import express from 'express';
import { connectRaw, trickleBody } from '@studio/testkit/raw-http';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, startHttpServer, withServerLimits } from './graceful-server.js';

describe('startHttpServer graceful close', () => {
  /** A server whose /slow answers after `ms` milliseconds (the request is in flight meanwhile). */
  async function server() {
    const app = express();
    app.get('/fast', (_req, res) => {
      res.json({ ok: true });
    });
    app.get('/slow', (req, res) => {
      setTimeout(() => res.json({ ok: true }), Number(req.query.ms ?? 200));
    });
    return startHttpServer(app, 0);
  }
  /** A raw connection: everything the server sends until it closes the connection. */
  function connect(port: number): Promise<{ socket: net.Socket; received: Promise<string> }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let out = '';
      const received = new Promise<string>((done) => {
        socket.on('data', (c: Buffer) => (out += c.toString()));
        socket.on('close', () => done(out));
      });
      socket.once('error', reject);
      socket.once('connect', () => resolve({ socket, received }));
    });
  }
  const get = (path: string) => `GET ${path} HTTP/1.1\r\nhost: x\r\n\r\n`;

  it('answers a request that arrives on a connection opened before the close (not a reset), with connection: close', async () => {
    const s = await server();
    const c = await connect(s.port);
    const closed = s.close(5000);
    await new Promise((r) => setTimeout(r, 50)); // the listener is closed; the request is sent only now
    c.socket.write(get('/fast'));
    const answer = await c.received;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    await closed;
  });

  it('lets a request in flight finish and closes its connection after the answer', async () => {
    const s = await server();
    const c = await connect(s.port);
    c.socket.write(get('/slow?ms=200'));
    await new Promise((r) => setTimeout(r, 50));
    const closed = s.close(5000);
    const answer = await c.received;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('{"ok":true}');
    expect(answer.toLowerCase()).toContain('connection: close');
    await closed;
  });

  it('closes an idle keep-alive connection at once, refuses new connections, and ends a silent one after its grace', async () => {
    const s = await server();
    const idle = await connect(s.port);
    idle.socket.write(get('/fast'));
    await new Promise<void>((r) => idle.socket.once('data', () => r()));
    const silent = await connect(s.port);
    const closed = s.close(5000);
    expect(await idle.received).toMatch(/^HTTP\/1\.1 200 /); // the connection ended after its one answer
    const refused = await connect(s.port).then(
      () => 'connected',
      (err: NodeJS.ErrnoException) => err.code,
    );
    expect(refused).toBe('ECONNREFUSED');
    expect(await silent.received).toBe(''); // closed without an answer once FRESH_CONNECTION_GRACE_MS passed
    await closed;
  });
});

describe('startHttpServer edge limits', () => {
  const connect = (port: number) => connectRaw(port);
  /** A server whose deadlines are half a second, read by Node at each check (every CONNECTIONS_CHECK_INTERVAL_MS). */
  const withShortDeadlines = async (app: express.Express) => {
    const s = await startHttpServer(app, 0);
    s.server.headersTimeout = 250; // Node swaps the two if the headers' is the longer
    s.server.requestTimeout = 500;
    return s;
  };
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 10));
  };

  it('says nosniff on every answer and bounds how long a request may take to arrive', async () => {
    const app = express();
    app.get('/plain', (_req, res) => {
      res.type('text/plain').send('hello');
    });
    const s = await startHttpServer(app, 0);
    try {
      const answer = await fetch(`http://127.0.0.1:${s.port}/plain`);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      const unknown = await fetch(`http://127.0.0.1:${s.port}/nowhere`);
      expect(unknown.headers.get('x-content-type-options')).toBe('nosniff');
      expect(s.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
      expect(s.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
      expect(REQUEST_TIMEOUT_MS).toBeLessThan(300_000);
    } finally {
      await s.close(100);
    }
  });

  it('answers a request whose body stalls past the request deadline with the 408 envelope, and closes it', async () => {
    const app = express();
    app.post('/echo', (req, res) => {
      req.resume();
      req.on('end', () => res.json({ ok: true }));
    });
    const s = await withShortDeadlines(app);
    try {
      const c = await connect(s.port);
      c.socket.write('POST /echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 10\r\n\r\n{');
      const answer = await c.closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(answer).toContain('{"ok":false,"error":"invalid_input","message":"the request did not arrive in time"}');
    } finally {
      await s.close(100);
    }
  });

  it('closes a connection whose answered request is still sending its body at the deadline, without a second answer', async () => {
    const app = express();
    // Answers at once, without reading the body (as a refusal does).
    app.post('/refuse', (_req, res) => {
      res.status(401).json({ ok: false, error: 'unauthorized' });
    });
    const s = await withShortDeadlines(app);
    try {
      const c = await connect(s.port);
      c.socket.write('POST /refuse HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\n{');
      await until(() => c.received().includes('unauthorized'));
      const drip = trickleBody(c, 999, 100);
      const all = await c.closed;
      drip.stop();
      expect(all.match(/HTTP\/1\.1 /g)).toHaveLength(1);
      expect(all).toMatch(/^HTTP\/1\.1 401 /);
    } finally {
      await s.close(100);
    }
  });

  it('caps the connections of one address with a raw 429, frees the slot on close, and exempts the addresses it is told to', async () => {
    const app = express();
    app.get('/x', (_req, res) => {
      res.json({ ok: true });
    });
    const capped = await startHttpServer(withServerLimits(app, { maxConnectionsPerAddress: 2 }), 0);
    const exemptApp = express();
    exemptApp.get('/x', (_req, res) => {
      res.json({ ok: true });
    });
    const exempt = await startHttpServer(withServerLimits(exemptApp, { maxConnectionsPerAddress: 1, exempt: (a) => a === '127.0.0.1' }), 0);
    const get = 'GET /x HTTP/1.1\r\nhost: x\r\n\r\n';
    try {
      const held = [await connect(capped.port), await connect(capped.port)];
      for (const c of held) {
        c.socket.write(get);
        await until(() => c.received().includes('{"ok":true}'));
      }
      const refused = await (await connect(capped.port)).closed;
      expect(refused).toMatch(/^HTTP\/1\.1 429 /);
      expect(refused.toLowerCase()).toContain('retry-after: 1');
      expect(refused.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect(refused).toContain('"error":"rate_limited"');

      held[0]!.socket.destroy();
      await held[0]!.closed;
      // The server sees the close a moment later; then a new connection is served.
      for (;;) {
        const again = await connect(capped.port);
        again.socket.write('GET /x HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
        if ((await again.closed).startsWith('HTTP/1.1 200 ')) break;
      }
      held[1]!.socket.destroy();

      const both = [await connect(exempt.port), await connect(exempt.port)];
      for (const c of both) c.socket.write('GET /x HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
      for (const c of both) expect(await c.closed).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      await Promise.all([capped.close(100), exempt.close(100)]);
    }
  });
});
