import net from 'node:net';
import { Worker } from 'node:worker_threads';
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
    // The echo server runs on its own thread, as Redis runs in its own process: it answers while we are busy.
    let worker: Worker;
    let port: number;
    beforeAll(async () => {
      worker = new Worker(
        `const net = require('node:net'); const { parentPort } = require('node:worker_threads');
         const server = net.createServer((s) => s.on('data', (d) => s.write(d)));
         server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));`,
        { eval: true },
      );
      port = await new Promise<number>((resolve) => worker.once('message', resolve));
    });
    afterAll(async () => {
      await worker.terminate();
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
      try {
        await expect(guarded).resolves.toBe('pong');
      } finally {
        socket.destroy();
      }
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
