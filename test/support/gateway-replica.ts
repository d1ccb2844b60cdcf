/** Starts an extra gateway process against the running black-box stack, with its own environment. */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { stackSecretsEnv } from './secrets.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startGatewayReplica(env: Record<string, string>): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const ports = inject('ports');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'gateway/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...stackSecretsEnv('gateway'),
      GATEWAY_PORT: String(port),
      STUDIO_HTTP_URL: `http://127.0.0.1:${ports.studioHttp}`,
      STUDIO_GRPC_ADDR: `127.0.0.1:${ports.studioGrpc}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > until || child.exitCode !== null) throw new Error('gateway replica did not start');
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
