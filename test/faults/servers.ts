/**
 * The fault matrix's own PostgreSQL, Redis and RabbitMQ (test/faults/global-setup.ts starts and stops them): the
 * suite restarts them under load, so it never uses the machine's shared servers, which other test runs use at the
 * same time. Each lives in one throwaway folder and listens on 127.0.0.1 only:
 * - PostgreSQL: an `initdb` cluster (trust auth), run with `pg_ctl`; restart = `pg_ctl stop -m fast` + start (the
 *   data stays: a database restart, not a loss);
 * - Redis: a second `redis-server` without persistence, our child; restart = SHUTDOWN NOSAVE + start (data gone);
 * - RabbitMQ: a node of its own (`faults@localhost`, own ports, own mnesia and config; the machine's epmd is
 *   shared), our child; restart = `rabbitmqctl stop` + start (durable exchange and quorum queues survive).
 * As root, PostgreSQL and RabbitMQ run as their Debian users (initdb refuses root; the RabbitMQ CLI needs the
 * node's Erlang cookie, which is the `rabbitmq` user's).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const FAULT_SERVER_PORTS = { postgres: 55432, redis: 56379, amqp: 5673, amqpDist: 25679 } as const;

export type InfraName = 'postgres' | 'redis' | 'rabbitmq';

export interface InfraServer {
  name: InfraName;
  url: string;
  /** Stops the server and starts it again; resolves once it accepts connections. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const isRoot = () => process.getuid?.() === 0;

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(500, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

async function waitPort(what: string, port: number, open: boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while ((await portOpen(port)) !== open) {
    if (Date.now() > until) throw new Error(`${what}: port ${port} still ${open ? 'closed' : 'open'} after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** `cmd args` as `user` when we are root (runuser), else as ourselves; throws with its output when it fails. */
function runAs(user: string, cmd: string, args: string[], env: Record<string, string> = {}): string {
  const [file, argv] = isRoot()
    ? ['runuser', ['-u', user, '--', 'env', ...envArgs(env), cmd, ...args]]
    : ['env', [...envArgs(env), cmd, ...args]];
  const res = spawnSync(file, argv, { encoding: 'utf8', cwd: '/tmp' });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${res.status}): ${res.stderr}${res.stdout}`);
  return res.stdout;
}

function spawnAs(user: string, cmd: string, args: string[], env: Record<string, string>, logFile: string): ChildProcess {
  const shell = `exec "$0" "$@" >>${JSON.stringify(logFile)} 2>&1`;
  const [file, argv] = isRoot()
    ? ['runuser', ['-u', user, '--', 'env', ...envArgs(env), 'sh', '-c', shell, cmd, ...args]]
    : ['env', [...envArgs(env), 'sh', '-c', shell, cmd, ...args]];
  return spawn(file, argv, { cwd: '/tmp', stdio: 'ignore' });
}

const envArgs = (env: Record<string, string>) => Object.entries(env).map(([k, v]) => `${k}=${v}`);

/** A folder `user` owns (as root), readable by the others on the way to it. */
function ownedDir(dir: string, user: string): string {
  mkdirSync(dir, { recursive: true });
  if (isRoot()) {
    const uid = Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

function postgresBin(tool: string): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(path.join(root, v, 'bin', tool))) return path.join(root, v, 'bin', tool);
  }
  return tool; // on the PATH
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

export async function startPostgres(base: string): Promise<InfraServer> {
  const port = FAULT_SERVER_PORTS.postgres;
  if (await portOpen(port)) throw new Error(`port ${port} is taken: another fault run, or a left-over server (stop it first)`);
  const dir = ownedDir(path.join(base, 'pg'), 'postgres');
  const data = path.join(dir, 'data');
  runAs('postgres', postgresBin('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // max_connections: one stack (46 at most, scripts/lib/stack.ts) plus the tests' own clients.
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=150`;
  const pgCtl = (...args: string[]) => runAs('postgres', postgresBin('pg_ctl'), ['-D', data, ...args]);
  const start = async () => {
    pgCtl('-o', opts, '-l', path.join(dir, 'postgres.log'), '-w', '-t', '60', 'start');
    await waitPort('PostgreSQL', port, true, 30_000);
  };
  const stop = async () => {
    pgCtl('-m', 'fast', '-w', '-t', '60', 'stop');
  };
  await start();
  return {
    name: 'postgres',
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await stop();
      await start();
    },
    stop: async () => {
      if (existsSync(path.join(data, 'postmaster.pid'))) await stop();
    },
  };
}

export async function startRedis(base: string): Promise<InfraServer> {
  const port = FAULT_SERVER_PORTS.redis;
  if (await portOpen(port)) throw new Error(`port ${port} is taken: another fault run, or a left-over server (stop it first)`);
  const dir = path.join(base, 'redis');
  mkdirSync(dir, { recursive: true });
  let child: ChildProcess;
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--logfile',
        path.join(dir, 'redis.log'),
      ],
      { stdio: 'ignore' },
    );
    await waitPort('Redis', port, true, 15_000);
  };
  const stop = async () => {
    // SHUTDOWN NOSAVE: nothing is written, so the next start has no data.
    spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited(child);
    clearTimeout(killer);
    await waitPort('Redis', port, false, 10_000);
  };
  await start();
  return {
    name: 'redis',
    url: `redis://127.0.0.1:${port}/0`,
    restart: async () => {
      await stop();
      await start();
    },
    stop,
  };
}

export async function startRabbit(base: string): Promise<InfraServer> {
  const port = FAULT_SERVER_PORTS.amqp;
  if (await portOpen(port)) throw new Error(`port ${port} is taken: another fault run, or a left-over node (stop it first)`);
  const dir = ownedDir(path.join(base, 'rabbitmq'), 'rabbitmq');
  const file = (name: string, text: string) => {
    const f = path.join(dir, name);
    writeFileSync(f, text);
    chmodSync(f, 0o644);
    return f;
  };
  // Its own configuration and environment files: the machine's (/etc/rabbitmq) name the shared node and port.
  const env = {
    HOME: isRoot() ? '/var/lib/rabbitmq' : (process.env.HOME ?? '/tmp'),
    RABBITMQ_NODENAME: 'faults@localhost',
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(FAULT_SERVER_PORTS.amqpDist),
    RABBITMQ_CONFIG_FILE: file('rabbitmq.conf', `listeners.tcp.local = 127.0.0.1:${port}\n`),
    RABBITMQ_CONF_ENV_FILE: file('rabbitmq-env.conf', 'export ERL_FLAGS="-kernel inet_dist_use_interface {127,0,0,1}"\n'),
    RABBITMQ_ENABLED_PLUGINS_FILE: file('enabled_plugins', '[].\n'),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
  };
  const bin = (tool: string) => (existsSync(`/usr/lib/rabbitmq/bin/${tool}`) ? `/usr/lib/rabbitmq/bin/${tool}` : tool);
  let child: ChildProcess;
  const start = async () => {
    child = spawnAs('rabbitmq', bin('rabbitmq-server'), [], env, path.join(dir, 'server.log'));
    await waitPort('RabbitMQ', port, true, 90_000);
  };
  const stop = async () => {
    try {
      runAs('rabbitmq', bin('rabbitmqctl'), ['-n', env.RABBITMQ_NODENAME, 'stop'], env);
    } catch {
      child.kill('SIGTERM');
    }
    await exited(child);
    await waitPort('RabbitMQ', port, false, 30_000);
  };
  await start();
  return {
    name: 'rabbitmq',
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    restart: async () => {
      await stop();
      await start();
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) await stop();
    },
  };
}
