/**
 * Local infrastructure: start PostgreSQL, Redis and RabbitMQ when they are installed but not answering,
 * create each service's database when missing, apply migrations, declare the broker topology.
 * Used by `npm start`, `npm test` and `npm run bench`; it never depends on anything done by hand.
 */
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import amqp from 'amqplib';
import { EVENTS_EXCHANGE, assertTopology } from '@studio/amqp';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface InfraConfig {
  pgAdminUrl: string;
  redisUrl: string;
  amqpUrl: string;
}

export const defaultInfra: InfraConfig = {
  pgAdminUrl: 'postgresql://postgres@127.0.0.1:5432/postgres',
  redisUrl: 'redis://127.0.0.1:6379/0',
  amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
};

/** Every service that owns a database: its folder and database name. */
export const DATABASE_SERVICES = [
  { name: 'studio', dir: 'services/studio', database: 'studio' },
  { name: 'upload', dir: 'services/upload', database: 'upload' },
  { name: 'gallery', dir: 'services/gallery', database: 'gallery' },
  { name: 'webhooks', dir: 'services/webhooks', database: 'webhooks' },
  { name: 'search', dir: 'services/search', database: 'search' },
] as const;

function log(msg: string) {
  console.log(`[provision] ${msg}`);
}

export function portOpen(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ port, host });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

function have(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function sh(cmd: string): void {
  execSync(cmd, { stdio: 'inherit', shell: '/bin/bash' });
}

async function ensurePostgres(url: URL): Promise<void> {
  const port = Number(url.port || 5432);
  if (await portOpen(port, url.hostname)) return;
  if (!existsSync('/etc/postgresql') || !have('pg_ctlcluster')) {
    throw new Error(`PostgreSQL is not answering on ${url.host} and is not installed here (apt-get install postgresql)`);
  }
  log('starting PostgreSQL');
  for (const version of readdirSync('/etc/postgresql')) {
    sh(`pg_ctlcluster --skip-systemctl-redirect ${version} main start || true`);
  }
  await waitFor('PostgreSQL', () => portOpen(port, url.hostname), 30_000);
}

async function ensureRedis(url: URL): Promise<void> {
  const port = Number(url.port || 6379);
  if (await portOpen(port, url.hostname)) return;
  if (!have('redis-server')) throw new Error(`Redis is not answering on ${url.host} and is not installed (apt-get install redis-server)`);
  log('starting Redis');
  sh(`redis-server --daemonize yes --bind 127.0.0.1 --port ${port} --save "" --appendonly no`);
  await waitFor('Redis', () => portOpen(port, url.hostname), 15_000);
}

async function ensureRabbit(url: URL): Promise<void> {
  const port = Number(url.port || 5672);
  if (await portOpen(port, url.hostname)) return;
  if (!have('rabbitmq-server'))
    throw new Error(`RabbitMQ is not answering on ${url.host} and is not installed (apt-get install rabbitmq-server)`);
  log('starting RabbitMQ');
  sh('rabbitmq-server -detached || true');
  sh('rabbitmqctl await_startup --timeout 60 >/dev/null');
  await waitFor('RabbitMQ', () => portOpen(port, url.hostname), 60_000);
}

export async function ensureServers(cfg: InfraConfig = defaultInfra): Promise<void> {
  await ensurePostgres(new URL(cfg.pgAdminUrl));
  await ensureRedis(new URL(cfg.redisUrl));
  await ensureRabbit(new URL(cfg.amqpUrl));
}

export function databaseUrl(cfg: InfraConfig, database: string): string {
  const url = new URL(cfg.pgAdminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function ensureDatabase(cfg: InfraConfig, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) throw new Error(`bad database name ${database}`);
  const client = new pg.Client({ connectionString: cfg.pgAdminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      log(`creating database ${database}`);
      await client.query(`CREATE DATABASE "${database}"`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Runs an npm script of a workspace package (e.g. prisma generate / migrate deploy), of this repository or of another
 * tree of it (`root`: a release's, scripts/lib/releases.ts); npm puts every ancestor's node_modules/.bin on PATH, so
 * a release's tree under .run/ runs with this repository's toolchain.
 */
export function workspaceScript(dir: string, script: string, env: Record<string, string>, root = ROOT): void {
  const res = spawnSync('npm', ['run', '-s', script], { cwd: path.join(root, dir), stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) throw new Error(`${path.relative(ROOT, path.join(root, dir))}: npm run ${script} failed`);
}

/**
 * What `npm run generate` makes (scripts/generate.mjs): the Prisma clients, and the generated assets of every workspace
 * that has an `assets:generate` script (found as npm run generate and the image build find them; neither is committed).
 */
export function generateClients(): void {
  for (const svc of DATABASE_SERVICES) workspaceScript(svc.dir, 'prisma:generate', {});
  const res = spawnSync('npm', ['run', '-s', 'assets:generate', '--workspaces', '--if-present'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('npm run assets:generate --workspaces failed');
}

export function migrate(svc: (typeof DATABASE_SERVICES)[number], url: string, root = ROOT): void {
  workspaceScript(svc.dir, 'migrate:deploy', { DATABASE_URL: url }, root);
}

export async function ensureTopology(cfg: InfraConfig = defaultInfra): Promise<void> {
  const conn = await amqp.connect(cfg.amqpUrl);
  try {
    const ch = await conn.createChannel();
    await assertTopology(ch);
    await ch.close();
  } finally {
    await conn.close();
  }
  log(`broker topology ready (exchange ${EVENTS_EXCHANGE})`);
}

/**
 * A RabbitMQ virtual host of its own, for a stack that must see no other stack's events and leave nothing behind:
 * its own exchange and queues, so no backlog another run left (a durable queue stays bound to the shared exchange
 * and gathers every event published after its consumers stopped) and no event of a stack running beside it.
 * Made afresh (what an interrupted run left is dropped first), the user of `cfg.amqpUrl` allowed on it, the topology
 * declared; returns its URL. `dropVhost` removes it with everything in it.
 */
export async function freshVhost(name: string, cfg: InfraConfig = defaultInfra): Promise<string> {
  if (!/^[a-z][a-z0-9-]{0,62}$/.test(name)) throw new Error(`bad vhost name ${name}`);
  dropVhost(name);
  const url = new URL(cfg.amqpUrl);
  rabbitmqctl(['add_vhost', name]);
  rabbitmqctl(['set_permissions', '-p', name, decodeURIComponent(url.username || 'guest'), '.*', '.*', '.*']);
  url.pathname = `/${name}`;
  await ensureTopology({ ...cfg, amqpUrl: url.toString() });
  return url.toString();
}

export function dropVhost(name: string): void {
  const listed = rabbitmqctl(['list_vhosts', '--quiet', '--no-table-headers', 'name']);
  if (listed.split('\n').some((l) => l.trim() === name)) rabbitmqctl(['delete_vhost', name]);
}

/**
 * Deletes the queues of the default vhost whose names `match` and that no consumer uses (`ifUnused`): the ones a
 * stopped stack left bound to the shared exchange, gathering every event published since. Returns their names.
 */
export async function removeIdleQueues(match: RegExp, cfg: InfraConfig = defaultInfra): Promise<string[]> {
  const names = rabbitmqctl(['list_queues', '--quiet', '--no-table-headers', 'name'])
    .split('\n')
    .map((l) => l.trim())
    .filter((n) => match.test(n));
  const removed: string[] = [];
  if (names.length === 0) return removed;
  const conn = await amqp.connect(cfg.amqpUrl);
  try {
    for (const q of names) {
      // A channel each: a refused delete (a consumer is on it) closes its channel.
      const ch = await conn.createChannel();
      ch.on('error', () => undefined);
      if (
        await ch.deleteQueue(q, { ifUnused: true }).then(
          () => true,
          () => false,
        )
      )
        removed.push(q);
      await ch.close().catch(() => undefined);
    }
  } finally {
    await conn.close().catch(() => undefined);
  }
  return removed;
}

function rabbitmqctl(args: string[]): string {
  const res = spawnSync('rabbitmqctl', args, { encoding: 'utf8', timeout: 60_000 });
  if (res.status !== 0) throw new Error(`rabbitmqctl ${args.join(' ')}: ${(res.stderr || res.stdout || String(res.error)).trim()}`);
  return res.stdout;
}

/**
 * Everything a fresh machine needs: servers up, a database per service (with `suffix` for isolated
 * copies such as the black-box stack), migrations applied, topology declared.
 */
export async function provision(opts: { suffix?: string; cfg?: InfraConfig } = {}): Promise<Record<string, string>> {
  const cfg = opts.cfg ?? defaultInfra;
  await ensureServers(cfg);
  generateClients();
  const urls: Record<string, string> = {};
  for (const svc of DATABASE_SERVICES) {
    const db = `${svc.database}${opts.suffix ?? ''}`;
    await ensureDatabase(cfg, db);
    const url = databaseUrl(cfg, db);
    migrate(svc, url);
    urls[svc.name] = url;
  }
  await ensureTopology(cfg);
  return urls;
}
