/**
 * The client over real sockets (the platform's fetch against a node:http server on 127.0.0.1), for what a fake fetch
 * cannot show: that the per-attempt timeout really cuts a request whose server never answers, or answers its headers
 * and then stalls the body, and that a 503 with Retry-After is waited out and retried on the same connection pool.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createStudioClient, type RetryInfo } from './client.js';
import { StudioNetworkError } from './errors.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = undefined;
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<string> {
  let n = 0;
  server = createServer((req, res) => handler(req, res, ++n));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/v1`;
}

describe('over real sockets', () => {
  it('cuts off attempts the server never answers and reports each as a timeout', async () => {
    let requests = 0;
    const baseUrl = await serve(() => {
      requests++; // never answers
    });
    const retries: RetryInfo[] = [];
    const api = createStudioClient({ baseUrl, token: 't', timeoutMs: 150, retryBaseDelayMs: 1, onRetry: (r) => retries.push(r) });
    const err = await api.get('/auth/whoami').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StudioNetworkError);
    expect(err).toMatchObject({ timedOut: true, message: 'GET /auth/whoami: no answer within 150 ms (timed out)' });
    expect(requests).toBe(3);
    expect(retries.map((r) => r.kind)).toEqual(['timeout', 'timeout']);
  });

  it('cuts off an answer whose body stalls', async () => {
    const baseUrl = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"ok":'); // and nothing more
    });
    const api = createStudioClient({ baseUrl, token: 't', timeoutMs: 150, maxRetries: 0 });
    await expect(api.get('/auth/whoami')).rejects.toMatchObject({ name: 'StudioNetworkError', timedOut: true });
  });

  it('waits out a 503 with Retry-After and gets the answer of the next attempt', async () => {
    const baseUrl = await serve((_req, res, n) => {
      if (n === 1) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0', 'x-request-id': 'r1' });
        res.end('{"ok":false,"error":"unavailable","request_id":"r1"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true,"n":2}');
    });
    const retries: RetryInfo[] = [];
    const api = createStudioClient({ baseUrl, token: 't', onRetry: (r) => retries.push(r) });
    const res = await api.request('get', '/auth/whoami');
    expect(res).toMatchObject({ status: 200, attempts: 2, data: { ok: true, n: 2 } });
    expect(retries).toEqual([expect.objectContaining({ kind: 'status', status: 503, delayMs: 0, requestId: 'r1' })]);
  });
});
