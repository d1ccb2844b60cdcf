/**
 * Issue 29: every deployable's image built and run by a real engine (npm run test:images; deploy/lib/engine.ts says how the
 * engine and the stand-in base are made on a machine with no image registry).
 *
 * Every image is built from deploy/docker/Dockerfile unchanged (BuildKit, the host's network). Each service's
 * migrate job runs from its image against fresh databases of the machine's PostgreSQL, as the chart's hook runs it.
 * Then the stack runs from the images (scripts/lib/stack.ts `containers`): each container on the host's network, as
 * uid 10001, with a read-only root filesystem, no capabilities and only its own secrets, against the machine's
 * PostgreSQL, Redis and RabbitMQ and an S3 dev server. A smoke drives every deployable through the gateway
 * container: a token from the studio image's operator CLI, a shoot, a photo uploaded and processed, a gallery
 * published, a search hit, a signed webhook delivery, the console and the portal pages. Last, SIGTERM (through the
 * engine, as a kubelet sends it) ends each container with exit 0 inside the chart's grace period. Sizes and build
 * times are printed and written to .run/images/report.json.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, dropDatabase } from '@studio/testkit/db';
import { startReceiver, type Receiver } from '../../../test/support/webhooks.js';
import {
  adminPortOf,
  deployableSecretsEnv,
  dockerRunArgs,
  stackPortsAt,
  startStack,
  type ProcessName,
  type Stack,
} from '../../../scripts/lib/stack.js';
import { startS3Server, type RunningS3Server } from '../../../services/upload/src/dev/s3-server.js';
import { DEPLOYABLES, dockerBuildArgs, imageBuildArgs } from '../../deployables.js';
import { defaultInfra, dropVhost, ensureDatabase, freshVhost } from '../../../scripts/lib/infra.js';
import { baseTag, DOCKER, ensurePackages, ensureStandInBase, startEngine, type Engine } from '../../lib/engine.js';
import { smokeThroughGateway } from './smoke.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const OUT = path.join(ROOT, '.run', 'images');
const PORTS = stackPortsAt(16_500);
const TAG = 'test';
const imageOf = (name: string) => `studio/${name}:${TAG}`;
const NAMES = DEPLOYABLES.map((d) => d.name as Exclude<ProcessName, 's3'>);
const databases = [...new Set(DEPLOYABLES.filter((d) => d.database).map((d) => d.database!))];
const dbName = (db: string) => `${db}_images`;
const VHOST = 'studio-images';
const log = (line: string) => console.log(`[images] ${line}`);

interface Built {
  name: string;
  seconds: number;
  bytes: number;
  id: string;
}

let engine: Engine;
let baseSeconds = 0;
const built: Built[] = [];
let s3: RunningS3Server | undefined;
let stack: Stack | undefined;
let receiver: Receiver | undefined;
const base = `http://127.0.0.1:${PORTS.gateway}/api/v1`;

/** `docker run --rm` of a deployable's image with the chart's hardening: a one-shot command (a migrate job, a CLI). */
async function runOnce(name: string, env: Record<string, string>, command: string[]): Promise<string> {
  return (await engine.docker([...dockerRunArgs(imageOf(name), env), ...command], { env, timeoutMs: 300_000 })).stdout;
}

beforeAll(async () => {
  ensurePackages(log);
  engine = await startEngine(log);
  baseSeconds = await ensureStandInBase(engine, log);
  for (const d of DEPLOYABLES) {
    const started = performance.now();
    log(`building ${imageOf(d.name)}`);
    await engine.docker(dockerBuildArgs(d, ROOT, ['-t', imageOf(d.name)]), { timeoutMs: 1_200_000 });
    const seconds = (performance.now() - started) / 1000;
    const [id, bytes] = (await engine.docker(['image', 'inspect', '--format', '{{.Id}} {{.Size}}', imageOf(d.name)])).stdout
      .trim()
      .split(' ');
    built.push({ name: d.name, seconds, bytes: Number(bytes), id: id! });
  }

  for (const db of databases) {
    await dropDatabase(dbName(db));
    await ensureDatabase(defaultInfra, dbName(db));
  }
  // Each service's migrate job from its own image, as the chart's pre-upgrade hook runs it.
  for (const d of DEPLOYABLES.filter((x) => x.migrate)) {
    await runOnce(d.name, { DATABASE_URL: databaseUrl(dbName(d.database!)), NODE_ENV: 'production' }, [
      'npm',
      'run',
      '-s',
      '--workspace',
      d.package,
      'migrate:deploy',
    ]);
  }

  s3 = await startS3Server({ port: PORTS.s3, buckets: ['studio-photos'] });
  rmSync(path.join(OUT, 'logs'), { recursive: true, force: true });
  stack = await startStack({
    ports: PORTS,
    databaseUrls: Object.fromEntries(DEPLOYABLES.filter((d) => d.database).map((d) => [d.name, databaseUrl(dbName(d.database!))])),
    redisUrl: 'redis://127.0.0.1:6379/8',
    // A vhost of its own: no other stack's events, no backlog an earlier run's queues gathered.
    amqpUrl: await freshVhost(VHOST),
    output: { dir: path.join(OUT, 'logs') },
    only: NAMES,
    nodeEnv: 'production',
    containers: { docker: DOCKER, dockerEnv: engine.env, imageOf, prefix: 'studio-images' },
  });
  receiver = await startReceiver();
}, 3_600_000);

afterAll(async () => {
  await stack?.stop();
  await s3?.stop();
  await receiver?.close();
  for (const db of databases) await dropDatabase(dbName(db)).catch(() => undefined);
  try {
    dropVhost(VHOST);
  } catch (err) {
    log((err as Error).message);
  }
  await engine?.stop();
}, 180_000);

describe("every deployable's image, built by a real engine and run as a pod runs them", () => {
  it('each image is built from the Dockerfile on the stand-in base, and the report gives its size and build time', async () => {
    expect(built.map((b) => b.name)).toEqual(NAMES);
    const rows = built.map(
      (b) => `${b.name.padEnd(16)} ${(b.bytes / 1e6).toFixed(1).padStart(7)} MB ${b.seconds.toFixed(1).padStart(7)} s`,
    );
    log(`stand-in base ${baseTag()}: ${baseSeconds > 0 ? `made in ${baseSeconds.toFixed(1)} s` : 'already in the engine'}`);
    log(`image            size       build time\n${rows.join('\n')}`);
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, 'report.json'), `${JSON.stringify({ base: baseTag(), baseSeconds, images: built }, null, 2)}\n`);
    for (const b of built) {
      expect(b.bytes, b.name).toBeGreaterThan(50e6);
      // The runtime user and the entry the Dockerfile gives each image.
      const config = JSON.parse((await engine.docker(['image', 'inspect', '--format', '{{json .Config}}', imageOf(b.name)])).stdout) as {
        User: string;
        Env: string[];
        WorkingDir: string;
      };
      const d = DEPLOYABLES.find((x) => x.name === b.name)!;
      expect(config.User).toBe('10001:10001');
      expect(config.WorkingDir).toBe(`/app/${d.workspace}`);
      expect(config.Env).toEqual(expect.arrayContaining(['NODE_ENV=production', `ENTRY=${imageBuildArgs(d).ENTRY}`, 'MALLOC_ARENA_MAX=2']));
      // Only the stand-in base trusts the machine's CAs; the image's own layers add nothing of the kind.
      expect(config.Env.filter((e) => e.startsWith('NODE_EXTRA_CA_CERTS=')).length).toBeLessThanOrEqual(1);
    }
  });

  it.each(NAMES)('%s runs as uid 10001 on a read-only root, with no capabilities, and is ready', async (name) => {
    const container = stack!.processes.get(name)!.container!;
    expect(container).toMatch(/^studio-images-/);
    const inspect = JSON.parse((await engine.docker(['inspect', '--format', '{{json .}}', container])).stdout) as {
      Config: { User: string; Image: string };
      HostConfig: { ReadonlyRootfs: boolean; NetworkMode: string; CapDrop: string[]; SecurityOpt: string[] };
    };
    expect(inspect.Config.Image).toBe(imageOf(name));
    expect(inspect.HostConfig).toMatchObject({ ReadonlyRootfs: true, NetworkMode: 'host', CapDrop: ['ALL'] });
    expect(inspect.HostConfig.SecurityOpt).toContain('no-new-privileges:true');
    const id = await engine.docker(['exec', container, 'id', '-u']);
    expect(id.stdout.trim()).toBe('10001');
    // The root filesystem refuses a write; /tmp (a tmpfs) takes one.
    await expect(engine.docker(['exec', container, 'sh', '-c', 'touch /app/written'])).rejects.toThrow(/Read-only file system/);
    await engine.docker(['exec', container, 'sh', '-c', 'touch /tmp/written']);
    // The process is node itself under tini (PID 1), with the image's heap sizing.
    const ps = await engine.docker(['exec', container, 'cat', '/proc/1/cmdline']);
    expect(ps.stdout.split('\0')[0]).toBe('/usr/bin/tini');
    const admin = `http://127.0.0.1:${adminPortOf(PORTS, name)}`;
    expect((await fetch(`${admin}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${admin}/metrics`)).text()).toMatch(/^nodejs_version_info\{[^}]*major="24"/m);
  });

  it('a black-box smoke through the gateway container reaches every deployable', async () => {
    // An operator's token, from the studio image's compiled CLI.
    const seeded = await runOnce(
      'studio',
      {
        ...deployableSecretsEnv(stack!.secrets, 'studio'),
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl(dbName('studio')),
        PUBLIC_URL: stack!.publicUrl,
        LOG_LEVEL: 'warn',
      },
      ['node', 'dist/admin.mjs', 'seed-demo', '--json'],
    );
    const { token, workspace_id: ws } = JSON.parse(seeded.trim().split('\n').at(-1)!) as { token: string; workspace_id: string };
    await smokeThroughGateway({ base, publicUrl: stack!.publicUrl, token, workspaceId: ws, receiver: receiver! });
  }, 240_000);

  it('docker stop (SIGTERM, then SIGKILL after the grace period) ends every container with exit 0', async () => {
    const stops: string[] = [];
    for (const name of ['gateway', ...NAMES.filter((n) => n !== 'gateway')] as Exclude<ProcessName, 's3'>[]) {
      const proc = stack!.processes.get(name)!;
      const started = performance.now();
      // The engine sends SIGTERM to tini (PID 1) and SIGKILL only after --stop-timeout (the chart's 30 s grace): exit 0
      // means node finished its shutdown inside the grace period (a SIGKILL would leave 137).
      await engine.docker(['stop', proc.container!], { timeoutMs: 120_000 });
      const ended = await proc.ended;
      stops.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect({ name, code: ended.code, signal: ended.signal }).toEqual({ name, code: 0, signal: null });
    }
    log(`docker stop: ${stops.join(', ')}`);
  }, 600_000);
});
