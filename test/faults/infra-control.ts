/**
 * Restarting the fault matrix's own servers from a test: a small HTTP server on 127.0.0.1 (started by
 * test/faults/global-setup.ts, which owns the servers) and its typed client. The stack's processes are killed and
 * started through the black-box tier's stack control server (test/support/stack-control.ts) instead.
 *
 *   POST /infra/:name/restart   name = postgres | redis | rabbitmq; answers once the server accepts connections
 *                               again -> { ok: true, name, down_ms } (how long it did not answer)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import type { InfraName, InfraServer } from './servers.js';

export interface InfraControlServer {
  url: string;
  close(): Promise<void>;
}

export function startInfraControl(servers: InfraServer[]): Promise<InfraControlServer> {
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: Record<string, unknown>) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const m = /^\/infra\/([a-z]+)\/restart$/.exec(req.url ?? '');
    const target = m ? servers.find((s) => s.name === m[1]) : undefined;
    if (req.method !== 'POST' || !target) return answer(404, { ok: false, error: `no route ${req.method} ${req.url}` });
    const started = Date.now();
    target
      .restart()
      .then(() => answer(200, { ok: true, name: target.name, down_ms: Date.now() - started }))
      .catch((err: Error) => answer(500, { ok: false, error: err.message }));
  });
  server.requestTimeout = 0;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Restarts one of the suite's own servers; resolves with how long it was down. */
export async function restartInfra(name: InfraName, url: string = inject('infraControlUrl')): Promise<number> {
  const res = await fetch(`${url}/infra/${name}/restart`, { method: 'POST' });
  const body = (await res.json()) as { ok: boolean; error?: string; down_ms?: number };
  if (!res.ok || !body.ok) throw new Error(`restart ${name}: ${res.status} ${body.error ?? ''}`);
  return body.down_ms!;
}
