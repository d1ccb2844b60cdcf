/** startHttpServer's graceful close, seen from raw client connections. */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import express from 'express';
import { startHttpServer } from './graceful-server.js';

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
