/**
 * Issue 29: deploy/compose.yaml builds and runs the same images (npm run test:images, after or before images.test.ts:
 * the files of this project run one at a time).
 *
 * On this machine containers may use only the host's network and no registry is reachable, so compose.yaml's
 * data-store images (postgres, redis, rabbitmq, minio, mailpit) cannot run. Its application services run instead in
 * the host-network variant derived from it (deploy/lib/compose-host.ts: the same builds, commands, hardening,
 * healthchecks, dependencies and environment; the data-store addresses are the machine's PostgreSQL, Redis and
 * RabbitMQ, an S3 dev server and an SMTP catcher of this test's), with Debian's docker-compose 1.29 and the secrets
 * deploy/scripts/compose-secrets.ts generates as the compose file's .env:
 * - `docker-compose build` makes, for each deployable, the very image `docker build` makes from the same Dockerfile
 *   and arguments (the same image id), and each migrate job runs its service's image;
 * - `docker-compose up -d`: every migrate job ends with exit 0 before its service starts, every service becomes
 *   healthy through the compose healthcheck (the image's healthcheck.mjs on /readyz);
 * - the black-box smoke of images.test.ts through the gateway container, with a token from the command the compose
 *   file's header documents (`docker-compose exec studio node dist/admin.mjs seed-demo --json`);
 * - `docker-compose stop` ends every container with exit 0 inside its stop_grace_period.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { databaseUrl, dropDatabase } from '@studio/testkit/db';
import { freePort } from '@studio/testkit/ports';
import { startReceiver, type Receiver } from '../../../test/support/webhooks.js';
import { startS3Server, type RunningS3Server } from '../../../services/upload/src/dev/s3-server.js';
import { defaultInfra, dropVhost, ensureDatabase, freshVhost, removeIdleQueues } from '../../../scripts/lib/infra.js';
import { startMailCatcher, type MailCatcher } from '../../../scripts/lib/mail-catcher.js';
import { DEPLOYABLES, dockerBuildArgs } from '../../deployables.js';
import { DOCKER_COMPOSE, ensurePackages, ensureStandInBase, startEngine, type Engine } from '../../lib/engine.js';
import { hostNetworkCompose, type ComposeFile } from '../../lib/compose-host.js';
import { composeEnv } from '../../scripts/compose-secrets.js';
import { smokeThroughGateway } from './smoke.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const OUT = path.join(ROOT, '.run', 'compose');
const FILE = path.join(OUT, 'compose.host.yaml');
const ENV_FILE = path.join(OUT, '.env');
const PROJECT = 'studio-compose-test';
const TAG = 'compose';
const VHOST = 'studio-compose';
const log = (line: string) => console.log(`[compose] ${line}`);
const run = promisify(execFile);
const databases = [...new Set(DEPLOYABLES.filter((d) => d.database).map((d) => d.database!))];
const dbName = (db: string) => `${db}_compose`;
const gateway = DEPLOYABLES.find((d) => d.name === 'gateway')!;
const base = `http://127.0.0.1:${gateway.httpPort}/api/v1`;
const publicUrl = `http://127.0.0.1:${gateway.httpPort}`;

let engine: Engine;
let s3: RunningS3Server | undefined;
let mail: MailCatcher | undefined;
let receiver: Receiver | undefined;
let services: string[] = [];
/** The container of each compose service, once it exists. */
const containers = new Map<string, string>();
let s3Port = 0;
let up = false;

/** docker-compose on the test's project, file and .env, against this test's engine; BuildKit through the docker CLI. */
async function compose(args: string[], timeoutMs = 600_000): Promise<string> {
  const res = await run(DOCKER_COMPOSE, ['-p', PROJECT, '-f', FILE, '--env-file', ENV_FILE, '--ansi', 'never', ...args], {
    cwd: OUT,
    env: { ...process.env, ...engine.env, COMPOSE_DOCKER_CLI_BUILD: '1', DOCKER_BUILDKIT: '1' },
    timeout: timeoutMs,
    maxBuffer: 64 << 20,
  }).catch((err: { stderr?: string; message: string }) => {
    throw new Error(`docker-compose ${args.join(' ')}: ${err.stderr || err.message}`);
  });
  return res.stdout;
}

/** A compose service's container id ('' before it exists), asked of docker-compose once it does. */
async function containerOf(service: string): Promise<string> {
  const known = containers.get(service);
  if (known) return known;
  const id = (await compose(['ps', '-a', '-q', service])).trim();
  if (id) containers.set(service, id);
  return id;
}
const inspect = async (container: string, format: string) =>
  (await engine.docker(['inspect', '--format', format, container])).stdout.trim();

/** Refuses to start when something already listens on a port the compose file's services take on the host. */
async function requireFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', () =>
      reject(new Error(`port ${port} is taken: compose.yaml's services use the dev ports (stop \`npm start\` first)`)),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

beforeAll(async () => {
  ensurePackages(log);
  engine = await startEngine(log);
  await ensureStandInBase(engine, log);
  for (const d of DEPLOYABLES) for (const port of [d.httpPort, d.grpcPort, d.adminPort]) if (port) await requireFree(port);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });

  for (const db of databases) {
    await dropDatabase(dbName(db));
    await ensureDatabase(defaultInfra, dbName(db));
  }
  // Earlier versions of this test ran the stack on the shared vhost with compose.yaml's queue names, which then
  // stayed bound to the shared exchange, gathering every event since: remove them.
  const stale = await removeIdleQueues(/^(search\.index|webhooks\.fanout|upload\.[a-z-]+)(\.dlq)?$/);
  if (stale.length > 0) log(`removed queues an earlier run left: ${stale.join(', ')}`);
  s3Port = await freePort();
  s3 = await startS3Server({ port: s3Port, buckets: ['studio-photos'] });
  mail = await startMailCatcher({ dir: path.join(OUT, 'mail') });
  receiver = await startReceiver();

  const file = parse(readFileSync(path.join(ROOT, 'deploy/compose.yaml'), 'utf8'), { merge: true }) as ComposeFile;
  // The receiver of this test is on loopback: the one setting this host adds (production refuses such targets).
  const allowLoopback = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
  const host = hostNetworkCompose(
    file,
    {
      databaseUrl: (db) => databaseUrl(dbName(db)),
      redisUrl: 'redis://127.0.0.1:6379/8',
      // A vhost of its own: no other stack's events, no backlog an earlier run's queues gathered.
      amqpUrl: await freshVhost(VHOST),
      s3Endpoint: `http://127.0.0.1:${s3Port}`,
      smtpUrl: mail.url,
    },
    ROOT,
    { webhooks: allowLoopback, 'webhooks-worker': allowLoopback },
  );
  services = Object.keys(host.services);
  // As JSON (YAML's subset): docker-compose's YAML 1.1 reader would take a plain `no` for false.
  writeFileSync(FILE, `${JSON.stringify(host, null, 2)}\n`);
  // The .env the compose file's header tells an operator to generate, plus where this host's stack is reached.
  writeFileSync(
    ENV_FILE,
    `${composeEnv()}STUDIO_TAG=${TAG}\nPUBLIC_URL=${publicUrl}\nS3_PUBLIC_ENDPOINT=http://127.0.0.1:${s3Port}\nLOG_LEVEL=warn\n`,
  );
  // Whatever an interrupted run left.
  await compose(['down', '--remove-orphans', '--timeout', '5']);
}, 3_600_000);

afterAll(async () => {
  if (engine) {
    const logs = await compose(['logs', '--no-color', '--tail', '200']).catch((err: Error) => err.message);
    writeFileSync(path.join(OUT, 'compose.log'), logs);
    await compose(['down', '--remove-orphans', '--timeout', '30']).catch((err: Error) => log(err.message));
  }
  await s3?.stop();
  await mail?.close();
  await receiver?.close();
  for (const db of databases) await dropDatabase(dbName(db)).catch(() => undefined);
  try {
    dropVhost(VHOST);
  } catch (err) {
    log((err as Error).message);
  }
  await engine?.stop();
}, 300_000);

describe('deploy/compose.yaml builds and runs the same images (its application services, on the host network)', () => {
  it('docker-compose build makes, for each deployable, the image docker build makes (the same id)', async () => {
    const started = performance.now();
    await compose(['build'], 1_800_000);
    log(`docker-compose build: ${((performance.now() - started) / 1000).toFixed(1)} s for ${services.length} services`);
    for (const d of DEPLOYABLES) {
      const composed = await inspect(`studio/${d.name}:${TAG}`, '{{.Id}}');
      const built = (await engine.docker(dockerBuildArgs(d, ROOT, ['-q']), { timeoutMs: 1_200_000 })).stdout.trim().split('\n').at(-1);
      expect(composed, d.name).toBe(built);
    }
    // Each migrate job is built from its service's arguments: the service's image.
    for (const d of DEPLOYABLES.filter((x) => x.migrate)) {
      expect(await inspect(`${PROJECT}_${d.name}-migrate`, '{{.Id}}'), `${d.name}-migrate`).toBe(
        await inspect(`studio/${d.name}:${TAG}`, '{{.Id}}'),
      );
    }
  }, 1_800_000);

  it('up: every migrate job ends with exit 0, every service becomes healthy on the host network', async () => {
    const started = performance.now();
    await compose(['up', '-d'], 900_000);
    up = true;
    const pending = new Set(services);
    for (const until = Date.now() + 300_000; pending.size > 0 && Date.now() < until; ) {
      for (const service of [...pending]) {
        const container = await containerOf(service);
        if (!container) continue;
        if (service.endsWith('-migrate')) {
          if ((await inspect(container, '{{.State.Status}}')) === 'exited') {
            expect(await inspect(container, '{{.State.ExitCode}}'), service).toBe('0');
            pending.delete(service);
          }
        } else if ((await inspect(container, '{{.State.Health.Status}}')) === 'healthy') pending.delete(service);
      }
      if (pending.size > 0) await new Promise((r) => setTimeout(r, 1000));
    }
    expect([...pending]).toEqual([]);
    log(`docker-compose up: every service healthy in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const d of DEPLOYABLES) {
      const container = await containerOf(d.name);
      expect(await inspect(container, '{{.Config.Image}}'), d.name).toBe(`studio/${d.name}:${TAG}`);
      expect(await inspect(container, '{{.HostConfig.NetworkMode}} {{.HostConfig.ReadonlyRootfs}} {{.Config.User}}'), d.name).toBe(
        'host true 10001:10001',
      );
    }
  }, 1_200_000);

  it('a black-box smoke through the gateway container reaches every deployable', async () => {
    expect(up).toBe(true);
    // The operator's command of the compose file's header.
    const seeded = await compose(['exec', '-T', 'studio', 'node', 'dist/admin.mjs', 'seed-demo', '--json'], 120_000);
    const { token, workspace_id: workspaceId } = JSON.parse(seeded.trim().split('\n').at(-1)!) as { token: string; workspace_id: string };
    await smokeThroughGateway({ base, publicUrl, token, workspaceId, receiver: receiver! });
  }, 300_000);

  it('docker-compose stop ends every container with exit 0 inside its grace period', async () => {
    expect(up).toBe(true);
    const started = performance.now();
    await compose(['stop'], 300_000);
    log(`docker-compose stop: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const d of DEPLOYABLES) {
      const container = await containerOf(d.name);
      expect({ name: d.name, exit: await inspect(container, '{{.State.ExitCode}}') }).toEqual({ name: d.name, exit: '0' });
    }
  }, 600_000);
});
