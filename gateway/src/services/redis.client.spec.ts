import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeadlineExceeded, reconnectDelay, withDeadline } from './redis.client.js';

describe('withDeadline', () => {
  it('passes a value or an error through when the promise settles in time', async () => {
    await expect(withDeadline(Promise.resolve(7), 50)).resolves.toBe(7);
    await expect(withDeadline(Promise.reject(new Error('boom')), 50)).rejects.toThrow('boom');
  });

  it('rejects with DeadlineExceeded when the promise does not settle in time', async () => {
    const started = Date.now();
    await expect(withDeadline(new Promise(() => {}), 30)).rejects.toBeInstanceOf(DeadlineExceeded);
    expect(Date.now() - started).toBeGreaterThanOrEqual(29);
  });

  describe('under event-loop lag', () => {
    let server: net.Server;
    let port: number;
    beforeAll(async () => {
      server = net.createServer((socket) => socket.on('data', (d) => socket.write(d)));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as net.AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('does not refuse an answer that arrived in time but was not read yet because the loop was busy', async () => {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const reply = new Promise<string>((resolve) => socket.once('data', (d) => resolve(d.toString())));
      socket.write('pong');
      const guarded = withDeadline(reply, 20);
      // Block the event loop well past the deadline; the echo lands in the socket buffer meanwhile.
      const until = Date.now() + 120;
      while (Date.now() < until) {
        /* busy */
      }
      await expect(guarded).resolves.toBe('pong');
      socket.destroy();
    });
  });
});

describe('reconnectDelay', () => {
  it('backs off quickly and caps at one second, forever', () => {
    expect(reconnectDelay(1)).toBe(50);
    expect(reconnectDelay(2)).toBe(100);
    expect(reconnectDelay(5)).toBe(800);
    expect(reconnectDelay(6)).toBe(1000);
    expect(reconnectDelay(10_000)).toBe(1000);
  });
});
