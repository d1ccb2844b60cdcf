/** Starts an extra gateway process against the running black-box stack, with its own environment. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { freePorts } from '@studio/testkit/ports';
import { stackSecretsEnv } from './secrets.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A gateway replica: its public port (`baseUrl`) and its admin port (`adminPort`: /healthz, /readyz, /metrics).
 * Resolves once the admin port's /readyz answers 200.
 */
export async function startGatewayReplica(
  env: Record<string, string>,
): Promise<{ baseUrl: string; adminPort: number; stop(): Promise<void> }> {
  const ports = inject('ports');
  const [port, adminPort] = (await freePorts(2)) as [number, number];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'gateway/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...stackSecretsEnv('gateway'),
      GATEWAY_PORT: String(port),
      GATEWAY_ADMIN_PORT: String(adminPort),
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
      const res = await fetch(`http://127.0.0.1:${adminPort}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > until || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('gateway replica was not ready on its admin port within 30 s');
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    adminPort,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
