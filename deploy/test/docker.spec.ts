/**
 * Static checks of the container artifacts (no Docker engine runs in CI here; what an image holds is built and
 * started without Docker by image-smoke.int.test.ts):
 * the Dockerfile's stages and instructions, .dockerignore, the compose file, and that deploy/deployables.ts
 * still matches the workspaces (entry files, package names, config variables, default ports).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DATABASE_SERVICES, DEPENDENCIES, DEPLOYABLES, imageBuildArgs } from '../deployables.js';
import { ROOT } from '../lib/render.js';
import { composeEnv } from '../scripts/compose-secrets.js';
import { SECRET_ENV } from './support.js';
import { LOCAL_LIBC_ENV, LOCAL_V8_ARGS } from '../../scripts/lib/stack.js';

const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');

interface Instruction {
  op: string;
  args: string;
  stage: string;
}

/** Dockerfile instructions (continuations joined, comments dropped), each with the stage it belongs to. */
function parseDockerfile(text: string): { instructions: Instruction[]; stages: string[] } {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && current === '')) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push(current + line);
    current = '';
  }
  const instructions: Instruction[] = [];
  const stages: string[] = [];
  for (const line of logical.filter(Boolean)) {
    const [op, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (op!.toUpperCase() === 'FROM') {
      const m = /\bAS\s+(\S+)/i.exec(args);
      stages.push(m ? m[1]! : `#${stages.length}`);
    }
    instructions.push({ op: op!.toUpperCase(), args, stage: stages.at(-1) ?? '' });
  }
  return { instructions, stages };
}

describe('Dockerfile (deploy/docker/Dockerfile)', () => {
  const { instructions, stages } = parseDockerfile(read('deploy/docker/Dockerfile'));
  const final = stages.at(-1)!;
  const inFinal = instructions.filter((i) => i.stage === final);

  it('builds FROM an exact Node 24 release (the one in .node-version); later stages build on earlier ones', () => {
    const froms = instructions.filter((i) => i.op === 'FROM');
    const [first, ...rest] = froms;
    const version = read('.node-version').trim();
    expect(version).toMatch(/^24\.\d+\.\d+$/);
    const arg = instructions.find((i) => i.op === 'ARG' && i.args.startsWith('NODE_VERSION='));
    expect(arg?.args).toBe(`NODE_VERSION=${version}`);
    expect(first!.args).toMatch(/^node:\$\{NODE_VERSION\}-bookworm-slim(@sha256:[0-9a-f]{64})? AS \S+$/);
    for (const f of rest) {
      const image = f.args.split(/\s+/)[0]!;
      const known = stages.slice(0, stages.indexOf(f.stage));
      expect(known.includes(image) || /^[\w./-]+:[\w.-]*\d+\.\d+[\w.-]*(@sha256:[0-9a-f]{64})?$/.test(image), `FROM ${image}`).toBe(true);
    }
    for (const f of froms) expect(f.args).not.toMatch(/:latest\b/);
  });

  it('declares the build arguments of a deployable', () => {
    const args = instructions.filter((i) => i.op === 'ARG').map((i) => i.args.split('=')[0]);
    for (const name of ['DEPLOYABLE', 'SERVICE', 'ENTRY', 'HEALTH_PORT']) expect(args).toContain(name);
  });

  it('lets the eight images share one toolchain layer: DEPLOYABLE is declared after npm ci', () => {
    const install = instructions.findIndex((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args));
    const deployable = instructions.findIndex((i) => i.op === 'ARG' && i.args.split('=')[0] === 'DEPLOYABLE');
    expect(install).toBeGreaterThan(-1);
    expect(deployable).toBeGreaterThan(install);
    expect(instructions[deployable]!.stage).toBe(instructions[install]!.stage);
  });

  it("builds offline with BuildKit's built-in frontend (no `# syntax=` line, which pulls one from a registry)", () => {
    expect(read('deploy/docker/Dockerfile')).not.toMatch(/^#\s*syntax\s*=/im);
  });

  it('runs as the non-root uid 10001 in the runtime stage', () => {
    const users = inFinal.filter((i) => i.op === 'USER');
    expect(users.length).toBeGreaterThan(0);
    const user = users.at(-1)!.args.split(':')[0]!;
    expect(user).not.toMatch(/^(root|0)$/);
    expect(user).toBe('10001');
    expect(inFinal.some((i) => i.op === 'RUN' && /useradd .*--uid 10001/.test(i.args))).toBe(true);
  });

  it('has a HEALTHCHECK with node (no curl in slim) against /healthz', () => {
    const hc = inFinal.find((i) => i.op === 'HEALTHCHECK');
    expect(hc?.args).toMatch(/CMD \["node", "\/usr\/local\/lib\/studio\/healthcheck\.mjs"\]/);
    expect(inFinal.some((i) => i.op === 'COPY' && i.args.includes('deploy/docker/healthcheck.mjs'))).toBe(true);
    const script = read('deploy/docker/healthcheck.mjs');
    expect(script).toContain("'/healthz'");
    expect(script).toContain('HEALTH_PORT');
    expect(inFinal.some((i) => i.op === 'ENV' && /HEALTH_PORT=\$\{HEALTH_PORT\}/.test(i.args))).toBe(true);
  });

  it('builds with the locked toolchain and lets build-deployable.mjs decide the image contents', () => {
    const installs = instructions.filter((i) => i.op === 'RUN' && /\bnpm (install|ci|i)\b/.test(i.args));
    expect(installs.map((i) => i.args)).toEqual([
      expect.stringMatching(/^--mount=type=cache,target=\/root\/\.npm npm ci --ignore-scripts/),
    ]);
    expect(installs[0]!.stage).not.toBe(final);
    const builds = instructions.filter((i) => i.op === 'RUN' && i.args.includes('deploy/docker/build-deployable.mjs'));
    expect(builds).toHaveLength(1);
    expect(builds[0]!.args).toMatch(/node deploy\/docker\/build-deployable\.mjs "\$DEPLOYABLE" \/app$/);
    expect(inFinal.some((i) => i.op === 'COPY' && /--from=build \/app \/app/.test(i.args))).toBe(true);
    expect(inFinal.some((i) => i.op === 'RUN' && /\bnpm (install|ci|i)\b/.test(i.args))).toBe(false);
    // NODE_ENV=production only where the app runs: set in the build stage it would make `npm ci` skip the toolchain.
    const nodeEnv = instructions.filter((i) => i.op === 'ENV' && /NODE_ENV=production/.test(i.args));
    expect(nodeEnv.map((i) => i.stage)).toEqual([final]);
  });

  it('runs the compiled entry with plain node under tini (signals reach node; zombies are reaped)', () => {
    expect(inFinal.find((i) => i.op === 'ENTRYPOINT')?.args).toBe('["/usr/bin/tini", "--"]');
    expect(inFinal.some((i) => i.op === 'RUN' && /apt-get install .*\btini=/.test(i.args))).toBe(true);
    const cmd = inFinal.find((i) => i.op === 'CMD')?.args ?? '';
    expect(cmd).toMatch(/exec node \$NODE_HEAP_ARGS --enable-source-maps \\"\$ENTRY\\"/);
    expect(cmd).not.toMatch(/tsx|--import|--loader/);
    expect(inFinal.find((i) => i.op === 'ARG' && i.args.startsWith('ENTRY='))?.args).toBe('ENTRY=dist/main.mjs');
  });

  it('starts node with the heap sizing every local stack runs with (what the soak measured)', () => {
    const env = inFinal
      .filter((i) => i.op === 'ENV')
      .map((i) => i.args)
      .join(' ');
    expect(/NODE_HEAP_ARGS="([^"]*)"/.exec(env)?.[1]).toBe(LOCAL_V8_ARGS.join(' '));
  });

  it('runs node with the C library settings every local stack runs with', () => {
    const env = inFinal
      .filter((i) => i.op === 'ENV')
      .map((i) => i.args)
      .join(' ');
    for (const [name, value] of Object.entries(LOCAL_LIBC_ENV)) expect(env).toMatch(new RegExp(`\\b${name}=${value}\\b`));
  });

  it('copies only what exists in the build context and is not ignored', () => {
    const ignore = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const pattern of ['**/node_modules', '**/src/store/generated', '.git']) expect(ignore).toContain(pattern);
    for (const i of instructions.filter((x) => x.op === 'COPY' && !x.args.includes('--from'))) {
      const sources = i.args
        .split(/\s+/)
        .filter((a) => !a.startsWith('--'))
        .slice(0, -1);
      for (const src of sources) {
        if (src.includes('$') || src === '.') continue;
        expect(existsSync(path.join(ROOT, src)), src).toBe(true);
        expect(
          ignore.some((p) => src.startsWith(p.replace(/\/$/, ''))),
          `${src} is in .dockerignore`,
        ).toBe(false);
      }
    }
  });
});

/**
 * The listener variables a config.ts declares with their default ports ('host' for the bind address): written out
 * (`GATEWAY_ADMIN_PORT: env.port(7300)`) or through @studio/config's `serviceEnv(name, { http, grpc, admin }[, host])`,
 * which declares <NAME>_HTTP_PORT, <NAME>_GRPC_PORT, <NAME>_ADMIN_PORT and <NAME>_HOST (or the host variable given).
 */
function declaredListeners(config: string): Map<string, number | 'host'> {
  const listeners = new Map<string, number | 'host'>();
  for (const [, name, port] of config.matchAll(/(\w+): env\.port\((\d+)\)/g)) listeners.set(name ?? '', Number(port));
  for (const [, name] of config.matchAll(/(\w+_HOST): env\.str\(/g)) listeners.set(name ?? '', 'host');
  const service = config.match(/serviceEnv\('(\w+)', \{ http: (\d+), grpc: (\d+), admin: (\d+) \}(?:, '(\w+)')?\)/);
  if (service) {
    const [, name = '', http, grpc, admin, hostVariable] = service;
    const prefix = name.toUpperCase();
    listeners.set(`${prefix}_HTTP_PORT`, Number(http));
    listeners.set(`${prefix}_GRPC_PORT`, Number(grpc));
    listeners.set(`${prefix}_ADMIN_PORT`, Number(admin));
    listeners.set(hostVariable ?? `${prefix}_HOST`, 'host');
  }
  return listeners;
}

describe('deployables (deploy/deployables.ts) match the workspaces', () => {
  it.each(DEPLOYABLES.map((d) => [d.name, d] as const))('%s', (_name, d) => {
    const pkg = JSON.parse(read(`${d.workspace}/package.json`));
    expect(pkg.name).toBe(d.package);
    expect(existsSync(path.join(ROOT, d.workspace, d.entry)), `${d.workspace}/${d.entry}`).toBe(true);
    const config = read(`${d.workspace}/src/config.ts`);
    const listeners = declaredListeners(config);
    expect(listeners.get(d.env.adminPort), d.env.adminPort).toBe(d.adminPort);
    if (d.httpPort !== undefined) expect(listeners.get(d.env.httpPort ?? ''), d.env.httpPort).toBe(d.httpPort);
    if (d.grpcPort) expect(listeners.get(d.env.grpcPort ?? ''), d.env.grpcPort).toBe(d.grpcPort);
    // A worker has no API port: its config reads no *_WORKER_HTTP_PORT any more.
    if (d.tier === 'worker') {
      expect(d.httpPort, d.name).toBeUndefined();
      expect(config).not.toMatch(/_WORKER_HTTP_PORT/);
    }
    expect(listeners.get(d.env.host), d.env.host).toBe('host');
    if (d.migrate) {
      expect(pkg.scripts['migrate:deploy']).toMatch(/prisma migrate deploy/);
      expect(pkg.scripts['prisma:generate']).toMatch(/prisma generate/);
      expect(config).toContain('DATABASE_URL');
    }
  });

  it('no deployable workspace has a TypeScript loader among its production dependencies (images run compiled code)', () => {
    const loaders = ['tsx', 'ts-node', 'esbuild', '@swc-node/register', 'esbuild-register'];
    for (const ws of new Set(DEPLOYABLES.map((d) => d.workspace))) {
      const deps = Object.keys(JSON.parse(read(`${ws}/package.json`)).dependencies ?? {});
      expect(
        deps.filter((d) => loaders.includes(d)),
        ws,
      ).toEqual([]);
    }
  });
});

describe('compose file (deploy/compose.yaml)', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, any> };
  const services = compose.services;

  it('has every deployable, every data store, the bucket job and a migrate job per database service', () => {
    for (const name of [
      ...DEPLOYABLES.map((d) => d.name),
      ...DEPENDENCIES,
      'minio-setup',
      ...DATABASE_SERVICES.map((d) => `${d.name}-migrate`),
    ]) {
      expect(services[name], name).toBeDefined();
    }
    expect(services.postgres.image).toMatch(/^postgres:15[.-]/);
    expect(services.redis.image).toMatch(/^redis:7[.-]/);
    expect(services.rabbitmq.image).toMatch(/^rabbitmq:3[.-]/);
    expect(services.minio.image).toMatch(/^minio\/minio:RELEASE\./);
    expect(services['minio-setup'].entrypoint.join(' ')).toMatch(/mc mb --ignore-existing store\/studio-photos/);
    for (const [name, s] of Object.entries(services)) if (s.image) expect(s.image, name).not.toMatch(/:latest$/);
  });

  it('gives every long-running container a healthcheck', () => {
    const oneShot = new Set(['minio-setup', ...DATABASE_SERVICES.map((d) => `${d.name}-migrate`)]);
    for (const [name, s] of Object.entries(services)) {
      if (oneShot.has(name)) expect(s.restart, name).toBe('no');
      else expect(s.healthcheck?.test, name).toBeDefined();
    }
  });

  it('builds each deployable from the Dockerfile with its arguments and wires its env', () => {
    for (const d of DEPLOYABLES) {
      const s = services[d.name];
      expect(s.build.dockerfile).toBe('deploy/docker/Dockerfile');
      expect(s.build.args).toEqual(imageBuildArgs(d));
      expect(s.build.args.ENTRY).toBe(`dist/${path.basename(d.entry, '.ts')}.mjs`);
      expect(s.environment[d.env.adminPort], d.name).toBe(String(d.adminPort));
      if (d.httpPort !== undefined) expect(s.environment[d.env.httpPort!], d.name).toBe(String(d.httpPort));
      expect(s.environment.HEALTH_PORT, d.name).toBeUndefined();
      if (d.grpcPort) expect(s.environment[d.env.grpcPort!], d.name).toBe(String(d.grpcPort));
      expect(s.environment[d.env.host], d.name).toBe('0.0.0.0');
      expect(s.environment.NODE_ENV).toBe('production');
      if (d.database) expect(s.environment.DATABASE_URL).toMatch(new RegExp(`@postgres:5432/${d.database}$`));
      expect(s.read_only, d.name).toBe(true);
      expect(s.healthcheck.test.join(' ')).toContain('/readyz');
      expect(s.healthcheck.test.join(' ')).toContain('/usr/local/lib/studio/healthcheck.mjs');
    }
    // The workers' retired API port variables are gone everywhere.
    for (const [name, s] of Object.entries(services))
      expect(
        Object.keys(s.environment ?? {}).filter((k) => k.endsWith('_WORKER_HTTP_PORT')),
        name,
      ).toEqual([]);
    expect(services.gateway.environment.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
    expect(services['webhooks-worker'].environment.WEBHOOK_SECRET_KEY).toBeDefined();
  });

  it("publishes the gateway's API port only: no admin port leaves the compose network", () => {
    const gateway = DEPLOYABLES.find((d) => d.name === 'gateway')!;
    const published = Object.entries(services).flatMap(([name, s]) =>
      ((s.ports ?? []) as string[]).map((mapping) => [name, Number(String(mapping).split(':').at(-1))] as const),
    );
    expect(published.filter(([name]) => name === 'gateway')).toEqual([['gateway', gateway.httpPort]]);
    const admin = new Set(DEPLOYABLES.map((d) => d.adminPort));
    expect(published.filter(([, port]) => admin.has(port))).toEqual([]);
  });

  it('has no default secret value: every secret is required from deploy/.env', () => {
    const text = read('deploy/compose.yaml');
    // ${VAR:-default} / ${VAR-default} only for non-secret settings.
    const defaults = [...text.matchAll(/\$\{([A-Z0-9_]+):?-/g)].map((m) => m[1]);
    expect(
      defaults.filter((name) => !['LOG_LEVEL', 'S3_PUBLIC_ENDPOINT', 'STUDIO_TAG', 'GATEWAY_PUBLISH', 'PUBLIC_URL'].includes(name!)),
    ).toEqual([]);
    expect(text).not.toMatch(/compose-local|change-me|studio-minio-secret/);
    // Every required variable is one the generator writes.
    const generated = new Set(
      composeEnv()
        .split('\n')
        .filter((line) => /^[A-Z]/.test(line))
        .map((line) => line.slice(0, line.indexOf('='))),
    );
    const required = [...new Set([...text.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]!))];
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((name) => !generated.has(name))).toEqual([]);
  });

  it("gives each deployable exactly its own secrets (deploy/deployables.ts), SERVICE_SIGNING_KEY its caller's key", () => {
    for (const d of DEPLOYABLES) {
      const env = services[d.name].environment as Record<string, string>;
      const secretNames = Object.keys(env).filter(
        (name) => SECRET_ENV.includes(name) && !['DATABASE_URL', 'REDIS_URL', 'AMQP_URL'].includes(name),
      );
      expect(secretNames.sort(), d.name).toEqual([...d.secrets, ...d.optionalSecrets].sort());
      for (const name of d.secrets) {
        const variable = name === 'SERVICE_SIGNING_KEY' ? `${d.grpcCaller!.toUpperCase()}_SERVICE_SIGNING_KEY` : name;
        expect(env[name], `${d.name} ${name}`).toMatch(new RegExp(`^\\$\\{${variable}:\\?`));
      }
    }
  });

  it('starts each process after what it needs is healthy (and its migrations are done)', () => {
    for (const [name, s] of Object.entries(services)) {
      for (const [dep, cond] of Object.entries<{ condition: string }>(s.depends_on ?? {})) {
        expect(services[dep], `${name} -> ${dep}`).toBeDefined();
        const oneShot = dep === 'minio-setup' || dep.endsWith('-migrate');
        expect(cond.condition, `${name} -> ${dep}`).toBe(oneShot ? 'service_completed_successfully' : 'service_healthy');
      }
    }
    for (const d of DEPLOYABLES.filter((x) => x.database)) {
      expect(Object.keys(services[d.name].depends_on), d.name).toContain(`${d.database}-migrate`);
      expect(Object.keys(services[d.name].depends_on), d.name).toContain('postgres');
    }
    for (const d of DATABASE_SERVICES) {
      const m = services[`${d.name}-migrate`];
      expect(m.command).toEqual(['npm', 'run', '-s', '-w', d.package, 'migrate:deploy']);
      expect(m.environment.DATABASE_URL).toMatch(new RegExp(`/${d.database}$`));
      expect(m.depends_on.postgres.condition).toBe('service_healthy');
    }
  });

  it('creates every service database in PostgreSQL', () => {
    const init = read('deploy/compose/postgres-init.sql');
    for (const d of DATABASE_SERVICES) expect(init).toContain(`CREATE DATABASE ${d.database};`);
  });
});
