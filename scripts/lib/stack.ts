/**
 * Starts the whole stack as separate Node processes (one per service, as in production), waits until each
 * answers /readyz, and stops it gracefully. Used by `npm start`, the black-box tests and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { ROOT } from './infra.js';

export interface StackPorts {
  gateway: number;
  studioHttp: number;
  studioGrpc: number;
}

export const DEV_PORTS: StackPorts = { gateway: 8080, studioHttp: 7101, studioGrpc: 7201 };

export interface StackOptions {
  ports: StackPorts;
  databaseUrls: Record<string, string>;
  redisUrl: string;
  amqpUrl: string;
  /** Where each process's output goes: 'inherit' prefixes lines on this terminal; a folder writes <name>.log. */
  output: 'inherit' | { dir: string };
  logLevel?: string;
  /** Extra environment per process name. */
  env?: Partial<Record<ProcessName, Record<string, string>>>;
}

export type ProcessName = 'studio' | 'gateway';

interface ProcessSpec {
  name: ProcessName;
  entry: string;
  readyUrl: string;
  env: Record<string, string>;
}

function specs(o: StackOptions): ProcessSpec[] {
  const common = {
    AMQP_URL: o.amqpUrl,
    LOG_LEVEL: o.logLevel ?? 'info',
    NODE_ENV: 'development',
  };
  return [
    {
      name: 'studio',
      entry: 'services/studio/src/main.ts',
      readyUrl: `http://127.0.0.1:${o.ports.studioHttp}/readyz`,
      env: {
        ...common,
        STUDIO_HTTP_PORT: String(o.ports.studioHttp),
        STUDIO_GRPC_PORT: String(o.ports.studioGrpc),
        DATABASE_URL: o.databaseUrls.studio!,
        ...o.env?.studio,
      },
    },
    {
      name: 'gateway',
      entry: 'gateway/src/main.ts',
      readyUrl: `http://127.0.0.1:${o.ports.gateway}/readyz`,
      env: {
        ...common,
        GATEWAY_PORT: String(o.ports.gateway),
        REDIS_URL: o.redisUrl,
        STUDIO_HTTP_URL: `http://127.0.0.1:${o.ports.studioHttp}`,
        STUDIO_GRPC_ADDR: `127.0.0.1:${o.ports.studioGrpc}`,
        ...o.env?.gateway,
      },
    },
  ];
}

export interface RunningProcess {
  name: ProcessName;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export interface Stack {
  baseUrl: string;
  processes: Map<ProcessName, RunningProcess>;
  stop(): Promise<void>;
  /** Stops one process (SIGTERM, graceful) and starts it again with the same environment. */
  restart(name: ProcessName): Promise<void>;
}

async function waitReady(url: string, proc: RunningProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void proc.exited.then(() => (exited = true));
  while (Date.now() < until) {
    if (exited) throw new Error(`${proc.name} exited before it was ready (see its log)`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${proc.name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

function launch(spec: ProcessSpec, output: StackOptions['output']): RunningProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', '--import', 'tsx', path.join(ROOT, spec.entry)], {
    cwd: ROOT,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let sink: WriteStream | null = null;
  if (output === 'inherit') {
    const prefix = `[${spec.name}] `;
    const relay = (stream: NodeJS.ReadableStream, to: NodeJS.WriteStream) => {
      let buf = '';
      stream.on('data', (chunk: Buffer) => {
        buf += chunk.toString();
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const line of lines) to.write(prefix + line + '\n');
      });
    };
    relay(child.stdout!, process.stdout);
    relay(child.stderr!, process.stderr);
  } else {
    mkdirSync(output.dir, { recursive: true });
    sink = createWriteStream(path.join(output.dir, `${spec.name}.log`), { flags: 'a' });
    child.stdout!.pipe(sink, { end: false });
    child.stderr!.pipe(sink, { end: false });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name: spec.name, child, exited };
}

async function stopProcess(p: RunningProcess, graceMs = 15_000): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), graceMs);
  await p.exited;
  clearTimeout(timer);
}

export async function startStack(o: StackOptions): Promise<Stack> {
  const all = specs(o);
  const processes = new Map<ProcessName, RunningProcess>();
  const stop = async () => {
    // Gateway first so no new work reaches the services, then the services.
    const order: ProcessName[] = ['gateway', 'studio'];
    for (const name of order) {
      const p = processes.get(name);
      if (p) await stopProcess(p);
    }
  };
  try {
    for (const spec of all) {
      const proc = launch(spec, o.output);
      processes.set(spec.name, proc);
      await waitReady(spec.readyUrl, proc, 60_000);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    baseUrl: `http://127.0.0.1:${o.ports.gateway}/api/v1`,
    processes,
    stop,
    async restart(name) {
      const spec = all.find((s) => s.name === name)!;
      const old = processes.get(name);
      if (old) await stopProcess(old);
      const proc = launch(spec, o.output);
      processes.set(name, proc);
      await waitReady(spec.readyUrl, proc, 60_000);
    },
  };
}
