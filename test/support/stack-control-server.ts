/**
 * The STACK CONTROL server of the black-box tier. The stack runs in vitest's global setup (one process) while the
 * tests run in worker processes; this small HTTP server on 127.0.0.1 (a free port, handed to the tests as
 * `inject('stackControlUrl')`) lets a test act on the stack's processes and on its path to RabbitMQ. Tests use
 * the typed client in `./stack-control.ts`, not raw HTTP.
 *
 * Routes (JSON answers `{ ok: true, ... }`; errors `{ ok: false, error }` with 400/404/409/500):
 *
 *   GET  /                                 this list
 *   GET  /processes                        [{ name, pid, running, env_overrides }] in start order
 *   POST /processes/:name/kill?signal=S    S = SIGKILL (default), SIGTERM or SIGINT; waits until the process has
 *                                          exited -> { name, pid, exit_code, signal }. It stays down until started.
 *   POST /processes/:name/start            body (optional) { env: { VAR: "value" } }: starts a stopped process and
 *                                          waits until /readyz on its admin port answers -> { name, pid,
 *                                          env_overrides }; 409 when it is running
 *   POST /processes/:name/restart          same body: graceful stop (SIGTERM, SIGKILL after 15 s), start, wait
 *                                          until ready -> { name, pid, env_overrides }
 *   GET  /broker                           { state: pass | cut | stall }
 *   POST /broker/cut                       every connection of the stack to RabbitMQ is dropped and new ones are
 *                                          refused (the broker looks down to this stack only)
 *   POST /broker/stall                     connections are accepted but nothing is forwarded (a hung broker)
 *   POST /broker/restore                   the stack reaches RabbitMQ again (its clients reconnect by themselves)
 *
 * `env` applies to that launch only: a later start/restart without `env` runs the process with the stack's own
 * configuration again. A test that kills, re-configures or cuts something puts it back in its `afterAll`
 * (`control.restart(name)` / `control.restoreBroker()`), because the next test file shares the stack.
 *
 * The broker switch is a TCP proxy (`@studio/testkit/tcp-proxy`) that every process of this stack uses as its
 * AMQP_URL; the machine's RabbitMQ, and every other stack on it, is never touched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TcpProxy } from '@studio/testkit/tcp-proxy';
import type { ProcessName, Stack } from '../../scripts/lib/stack.js';

export type BrokerState = 'pass' | 'cut' | 'stall';
export const KILL_SIGNALS = ['SIGKILL', 'SIGTERM', 'SIGINT'] as const;

export interface StackControlServer {
  url: string;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const ROUTES = [
  'GET  /processes',
  'POST /processes/:name/kill?signal=SIGKILL|SIGTERM|SIGINT',
  'POST /processes/:name/start   {"env"?: {...}}',
  'POST /processes/:name/restart {"env"?: {...}}',
  'GET  /broker',
  'POST /broker/cut',
  'POST /broker/stall',
  'POST /broker/restore',
];

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'body is not JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'body must be a JSON object');
  return body as Record<string, unknown>;
}

function envOf(body: Record<string, unknown>): Record<string, string> | undefined {
  if (body.env === undefined) return undefined;
  const env = body.env;
  if (env === null || typeof env !== 'object' || Array.isArray(env)) throw new HttpError(400, 'env must be an object of strings');
  for (const [k, v] of Object.entries(env)) {
    if (!/^[A-Z_][A-Z0-9_]*$/.test(k) || typeof v !== 'string')
      throw new HttpError(400, `env.${k} must be a string with an upper-case name`);
  }
  return env as Record<string, string>;
}

export async function startStackControl(stack: Stack, broker: TcpProxy): Promise<StackControlServer> {
  let brokerState: BrokerState = 'pass';

  const processName = (raw: string): ProcessName => {
    const name = decodeURIComponent(raw) as ProcessName;
    if (!stack.names.includes(name)) throw new HttpError(404, `no process named ${name} (known: ${stack.names.join(', ')})`);
    return name;
  };

  const handle = async (req: http.IncomingMessage): Promise<Record<string, unknown>> => {
    const url = new URL(req.url ?? '/', 'http://control');
    const method = req.method ?? 'GET';
    const parts = url.pathname.split('/').filter(Boolean);

    if (method === 'GET' && parts.length === 0) return { routes: ROUTES };

    if (parts[0] === 'processes') {
      if (method === 'GET' && parts.length === 1) {
        return {
          processes: stack.names.map((name) => {
            const p = stack.processes.get(name);
            return { name, pid: p?.child.pid ?? null, running: stack.isRunning(name), env_overrides: p?.envOverrides ?? {} };
          }),
        };
      }
      if (method === 'POST' && parts.length === 3) {
        const name = processName(parts[1]!);
        const action = parts[2];
        if (action === 'kill') {
          const signal = url.searchParams.get('signal') ?? 'SIGKILL';
          if (!(KILL_SIGNALS as readonly string[]).includes(signal))
            throw new HttpError(400, `signal must be one of ${KILL_SIGNALS.join(', ')}`);
          const r = await stack.kill(name, signal as NodeJS.Signals);
          return { name, pid: r.pid ?? null, exit_code: r.code, signal: r.signal };
        }
        if (action === 'start' || action === 'restart') {
          const env = envOf(await readJson(req));
          if (action === 'start' && stack.isRunning(name)) throw new HttpError(409, `${name} is already running`);
          const p = action === 'start' ? await stack.start(name, { env }) : await stack.restart(name, { env });
          return { name, pid: p.child.pid ?? null, env_overrides: p.envOverrides };
        }
      }
    }

    if (parts[0] === 'broker') {
      if (method === 'GET' && parts.length === 1) return { state: brokerState };
      if (method === 'POST' && parts.length === 2) {
        const action = parts[1];
        if (action === 'cut') broker.cut();
        else if (action === 'stall') broker.stall();
        else if (action === 'restore') broker.restore();
        else throw new HttpError(404, `unknown broker action ${action}`);
        brokerState = action === 'restore' ? 'pass' : action;
        return { state: brokerState };
      }
    }
    throw new HttpError(404, `no route ${method} ${url.pathname}; routes: ${ROUTES.join('; ')}`);
  };

  const server = http.createServer((req, res) => {
    handle(req)
      .then((body) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, ...body }));
      })
      .catch((err: Error) => {
        const status = err instanceof HttpError ? err.status : 500;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: false, error: err.message }));
      });
  });
  // A start can take a while (tsx boot + readiness); never let Node's default request timeouts cut it short.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
