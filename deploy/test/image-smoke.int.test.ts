/**
 * Image smoke test, without Docker: for every deployable, deploy/docker/build-deployable.mjs (the script the
 * Dockerfile's build stage runs) builds what its image holds into an empty folder. Each service's migrate job runs
 * from its tree (`npm run migrate:deploy`, as the Helm hook and compose run it) against fresh databases; then every
 * process starts from its tree the way its image starts it (`node --enable-source-maps dist/<entry>.mjs` in the
 * workspace folder) with NODE_ENV=production and the stack's generated secrets (each only its own), against the machine's PostgreSQL, Redis and
 * RabbitMQ and an S3 dev server. Checks: each answers /readyz 200 on its admin port (and 404 for the ops paths on
 * its API port); runs on Node 24 (/metrics) with no
 * NodeVersionSupportWarning in its log; a token made with the compiled operator CLI reads through the gateway;
 * each refuses to start (exit 78, one stderr line naming it) without one of its required secrets, or with a short
 * or development value; SIGTERM ends each with exit 0. OpenTelemetry export is on (a loopback OTLP receiver), so its lazily loaded
 * packages are proven present in the production install too. A tree with one production package taken out never
 * gets ready: the check fails when a dependency is missing.
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, dropDatabase } from '@studio/testkit/db';
import { startOtlpReceiver, type OtlpReceiver } from '@studio/testkit/otlp';
import { DEPLOYABLES } from '../deployables.js';
import {
  adminPortOf,
  deployableSecretsEnv,
  stackPortsAt,
  startStack,
  type ProcessName,
  type Stack,
  type StackPorts,
} from '../../scripts/lib/stack.js';
import { startS3Server, type RunningS3Server } from '../../services/upload/src/dev/s3-server.js';
// @ts-expect-error -- plain ES module without types (runs on Node alone in the image build)
import { buildDeployable } from '../docker/build-deployable.mjs';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const LOG_DIR = path.join(ROOT, '.run', 'image-smoke');

/**
 * Fixed ports below Linux's ephemeral range (32768-60999): a port in that range can already be the local end of
 * some other test's outgoing connection, and the process bound to it would exit with EADDRINUSE.
 */
const PORTS: StackPorts = stackPortsAt(17_000);
/** Each deployable's API port (none on the workers, which have only their admin port). */
const API_PORT: Record<string, number | undefined> = {
  gateway: PORTS.gateway,
  studio: PORTS.studioHttp,
  gallery: PORTS.galleryHttp,
  upload: PORTS.uploadHttp,
  search: PORTS.searchHttp,
  webhooks: PORTS.webhooksHttp,
  console: PORTS.consoleHttp,
};

const work = mkdtempSync(path.join(os.tmpdir(), 'image-smoke-'));
const trees = new Map<string, string>(); // deployable -> its build folder
const databases = DEPLOYABLES.filter((d) => d.database).map((d) => d.database!);
const uniqueDatabases = [...new Set(databases)].map((db) => ({ db, name: `${db}_smoke` }));
let s3: RunningS3Server | undefined;
let otlp: OtlpReceiver | undefined;
let stack: Stack | undefined;

/** The studio process's secrets from the stack's set (the operator CLI runs with its service's configuration). */
function studioSecrets(): Record<string, string> {
  return deployableSecretsEnv(stack!.secrets, 'studio');
}

interface Refusal {
  deployable: string;
  variable: string;
  value: string;
  code: number | null;
  stderr: string[];
}

/**
 * Starts a deployable's compiled entry the way the stack started it (same command, folder and environment, read
 * from the running process: /proc/<pid>), with `variable` removed (value undefined) or set to `value`, and returns how it ended.
 * The configuration is checked before anything connects or listens, so it ends at once; killed after 30 s.
 */
function startWith(name: ProcessName, variable: string, value: string | undefined): Promise<Refusal> {
  const proc = stack!.processes.get(name)!;
  const env = Object.fromEntries(
    readFileSync(`/proc/${proc.child.pid}/environ`, 'utf8')
      .split('\0')
      .filter((entry) => entry.includes('='))
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
  if (value === undefined) delete env[variable];
  else env[variable] = value;
  return new Promise((resolve, reject) => {
    const cwd = readlinkSync(`/proc/${proc.child.pid}/cwd`);
    const child = spawn(process.execPath, proc.child.spawnargs.slice(1), { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const lines = stderr.split('\n').filter((line) => line.trim() !== '');
      resolve({ deployable: name, variable, value: value === undefined ? '(missing)' : value, code, stderr: lines });
    });
  });
}

async function buildInto(name: string): Promise<void> {
  const dir = path.join(work, name);
  await buildDeployable(name, dir, { log: () => undefined });
  trees.set(name, dir);
}

beforeAll(async () => {
  // Two builds at a time (npm ci is mostly waiting on the disk and the registry cache).
  const queue = DEPLOYABLES.map((d) => d.name);
  await Promise.all(
    [0, 1].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await buildInto(next);
    }),
  );

  // Fresh databases, migrated by each service's own migrate job from its tree.
  for (const { name } of uniqueDatabases) {
    await dropDatabase(name);
    const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
  }
  for (const d of DEPLOYABLES.filter((x) => x.migrate)) {
    await run('npm', ['run', '-s', '-w', d.package, 'migrate:deploy'], {
      cwd: trees.get(d.name)!,
      env: { ...process.env, DATABASE_URL: databaseUrl(`${d.database}_smoke`), NODE_ENV: 'production' },
    });
  }

  s3 = await startS3Server({ port: PORTS.s3, buckets: ['studio-photos'] });
  rmSync(LOG_DIR, { recursive: true, force: true });
  // Export on, so the compiled build's OpenTelemetry path (loaded only when an endpoint is set) runs too.
  otlp = await startOtlpReceiver();
  // The stack generates the secrets and gives each process only its own (deploy/deployables.ts `secrets`).
  const processEnv = { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '200' };
  const env = Object.fromEntries(DEPLOYABLES.map((d) => [d.name, processEnv])) as Partial<Record<ProcessName, Record<string, string>>>;
  stack = await startStack({
    ports: PORTS,
    databaseUrls: Object.fromEntries(DEPLOYABLES.filter((d) => d.database).map((d) => [d.name, databaseUrl(`${d.database}_smoke`)])),
    redisUrl: 'redis://127.0.0.1:6379/7',
    amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
    output: { dir: LOG_DIR },
    only: DEPLOYABLES.map((d) => d.name as ProcessName),
    nodeEnv: 'production',
    builds: Object.fromEntries(trees) as Partial<Record<ProcessName, string>>,
    env,
  });
}, 900_000);

afterAll(async () => {
  await stack?.stop();
  await s3?.stop();
  await otlp?.close();
  for (const { name } of uniqueDatabases) await dropDatabase(name).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}, 120_000);

describe('every deployable, built as its image is and started with NODE_ENV=production', () => {
  it.each(DEPLOYABLES.map((d) => d.name))('%s runs its compiled entry on Node 24 and is ready', async (name) => {
    const proc = stack!.processes.get(name as ProcessName)!;
    expect(
      proc.child.spawnargs.some((a) => a.endsWith('.ts')),
      'no TypeScript source is run',
    ).toBe(false);
    expect(proc.child.spawnargs.join(' ')).not.toMatch(/--import\s+tsx/);
    const admin = `http://127.0.0.1:${adminPortOf(PORTS, name as Exclude<ProcessName, 's3'>)}`;
    const ready = await fetch(`${admin}/readyz`);
    expect(ready.status).toBe(200);
    const metrics = await (await fetch(`${admin}/metrics`)).text();
    expect(metrics).toMatch(/^nodejs_version_info\{[^}]*major="24"/m);
    // The API port serves none of the ops paths: the standard 404, as for any unknown path (the console's is its
    // HTML 404 page: it serves pages, not JSON).
    const api = API_PORT[name];
    if (api !== undefined) {
      for (const path of ['/metrics', '/readyz', '/healthz']) {
        const res = await fetch(`http://127.0.0.1:${api}${path}`);
        expect(res.status, `${name} ${path} on the API port`).toBe(404);
        const body = await res.text();
        if (name === 'console') expect(body).not.toMatch(/nodejs_version_info|"ready"|"checks"/);
        else expect(body).toBe('{"ok":false,"error":"not_found"}');
      }
    }
  });

  it('a token made with the compiled operator CLI reads shoots through the gateway', async () => {
    const studioTree = path.join(trees.get('studio')!, 'services/studio');
    const { stdout } = await run(process.execPath, ['dist/admin.mjs', 'seed-demo', '--json'], {
      cwd: studioTree,
      env: {
        ...process.env,
        ...studioSecrets(),
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl('studio_smoke'),
        // Production requires it (the links the CLI prints and mails): the stack's public base URL.
        PUBLIC_URL: `http://127.0.0.1:${PORTS.gateway}`,
        LOG_LEVEL: 'warn',
      },
    });
    const { token, workspace_id: ws } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { token: string; workspace_id: string };
    const res = await fetch(`http://127.0.0.1:${PORTS.gateway}/api/v1/shoots?workspace_id=${ws}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
    // The request's spans reach the collector from the compiled gateway and studio, in one trace.
    const deadline = Date.now() + 15_000;
    let services = new Set<string>();
    while (Date.now() < deadline) {
      const gateway = otlp!.spans().find((s) => s.service === 'gateway' && s.name.startsWith('GET '));
      services = new Set(
        otlp!
          .spans()
          .filter((s) => gateway && s.traceId === gateway.traceId)
          .map((s) => s.service),
      );
      if (services.has('gateway') && services.has('studio')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect([...services]).toEqual(expect.arrayContaining(['gateway', 'studio']));
  });

  it('each compiled entry refuses to start without one of its required secrets, or with a short or development one (exit 78)', async () => {
    const cases: Array<{ name: ProcessName; variable: string; value: string | undefined }> = [];
    for (const d of DEPLOYABLES) {
      for (const variable of d.secrets) cases.push({ name: d.name as ProcessName, variable, value: undefined });
      if (d.secrets.includes('CURSOR_SECRET')) {
        cases.push({ name: d.name as ProcessName, variable: 'CURSOR_SECRET', value: 'short' });
        cases.push({ name: d.name as ProcessName, variable: 'CURSOR_SECRET', value: 'dev-cursor-secret-change-me-0123456789' });
      }
    }
    expect(cases.length).toBeGreaterThan(DEPLOYABLES.length);
    const results: Refusal[] = [];
    const queue = [...cases];
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        for (let next = queue.shift(); next; next = queue.shift()) results.push(await startWith(next.name, next.variable, next.value));
      }),
    );
    const key = (r: { deployable?: string; name?: string; variable: string; value: string | undefined }) =>
      `${r.deployable ?? r.name} ${r.variable} ${r.value ?? '(missing)'}`;
    results.sort((a, b) => key(a).localeCompare(key(b)));
    expect(results).toEqual(
      cases
        .map((c) => ({
          deployable: c.name,
          variable: c.variable,
          value: c.value ?? '(missing)',
          code: 78,
          stderr: [expect.stringContaining(c.variable)],
        }))
        .sort((a, b) => key(a).localeCompare(key(b))),
    );
  }, 180_000);

  it('SIGTERM ends every process with exit 0, and no log mentions NodeVersionSupportWarning', async () => {
    for (const name of ['gateway', ...DEPLOYABLES.map((d) => d.name).filter((n) => n !== 'gateway')] as ProcessName[]) {
      const ended = await stack!.kill(name, 'SIGTERM');
      expect({ name, ...ended }).toEqual({ name, pid: expect.any(Number), code: 0, signal: null });
    }
    for (const name of DEPLOYABLES.map((d) => d.name)) {
      expect(readFileSync(path.join(LOG_DIR, `${name}.log`), 'utf8')).not.toContain('NodeVersionSupportWarning');
    }
  }, 120_000);

  it('the same process started from its TypeScript sources with NODE_ENV=production refuses to start', async () => {
    const err = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/studio/src/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...studioSecrets(),
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl('studio_smoke'),
        STUDIO_HTTP_PORT: '0',
        STUDIO_GRPC_PORT: '0',
        STUDIO_ADMIN_PORT: '0',
      },
    }).catch((e: { code?: number; stderr?: string }) => e);
    expect(err).toMatchObject({ code: 78 });
    expect((err as { stderr: string }).stderr).toMatch(/NODE_ENV: production runs the compiled build/);
  });

  it('a tree missing one production package does not start (the smoke check can fail)', async () => {
    const broken = path.join(work, 'gateway-broken');
    cpSync(trees.get('gateway')!, broken, { recursive: true });
    rmSync(path.join(broken, 'node_modules', 'ioredis'), { recursive: true });
    mkdirSync(path.join(LOG_DIR, 'broken'), { recursive: true });
    await expect(
      startStack({
        ports: { ...PORTS, gateway: PORTS.gateway + 1, gatewayAdmin: PORTS.gatewayAdmin + 1 },
        databaseUrls: {},
        redisUrl: 'redis://127.0.0.1:6379/7',
        amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
        output: { dir: path.join(LOG_DIR, 'broken') },
        only: ['gateway'],
        nodeEnv: 'production',
        builds: { gateway: broken },
      }),
    ).rejects.toThrow(/gateway exited before it was ready/);
    expect(readFileSync(path.join(LOG_DIR, 'broken', 'gateway.log'), 'utf8')).toMatch(/Cannot find package 'ioredis'/);
  }, 120_000);
});
