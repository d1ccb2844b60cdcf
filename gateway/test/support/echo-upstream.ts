/**
 * A real HTTP upstream on port 0 that echoes what it received (method, url, headers, raw body as base64) and
 * counts calls. Special paths: `.../not-found` answers the shared 404 bytes, `.../fail` answers 500,
 * `.../slow?ms=N` answers after N ms; POST to a collection path answers 201 with a fresh id.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { NOT_FOUND_BODY } from '@studio/errors';

export interface EchoRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface EchoUpstream {
  url: string;
  port: number;
  requests: EchoRequest[];
  calls(): number;
  reset(): void;
  /** Overrides the answer for a path (exact url match, without query). */
  on(path: string, handler: (req: EchoRequest, res: http.ServerResponse) => void): void;
  close(): Promise<void>;
}

export interface EchoAnswer {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body_base64: string;
  id: string;
}

export async function startEchoUpstream(name = 'upstream'): Promise<EchoUpstream> {
  const requests: EchoRequest[] = [];
  const overrides = new Map<string, (req: EchoRequest, res: http.ServerResponse) => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const echo: EchoRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(echo);
      const path = echo.url.split('?')[0]!;
      const override = overrides.get(path);
      if (override) {
        override(echo, res);
        return;
      }
      if (path.endsWith('/not-found')) {
        res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(NOT_FOUND_BODY);
        return;
      }
      if (path.endsWith('/fail')) {
        res
          .writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
          .end('{"ok":false,"error":"internal","detail":"db exploded"}');
        return;
      }
      if (path.endsWith('/slow')) {
        const ms = Number(new URL(echo.url, 'http://x').searchParams.get('ms') ?? '1000');
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), ms);
        return;
      }
      const answer: EchoAnswer = {
        method: echo.method,
        url: echo.url,
        headers: echo.headers,
        body_base64: echo.body.toString('base64'),
        id: randomUUID(),
      };
      const status = echo.method === 'POST' ? 201 : 200;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-upstream': name });
      res.end(JSON.stringify({ ok: true, echo: answer }));
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    calls: () => requests.length,
    reset: () => {
      requests.length = 0;
    },
    on: (path, handler) => void overrides.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on loopback where nothing listens. */
export async function deadPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
