/**
 * A real container engine for the image tests (npm run test:images), from Debian's packages, so a fresh clone on a
 * fresh machine needs nothing done by hand:
 * - `docker.io` (dockerd 20.10 and its CLI) and `debootstrap`, installed with apt when missing.
 * - dockerd started by the test, on its own socket, data root and exec root under .run/docker/, with
 *   `--iptables=false --ip-forward=false --bridge=none`: it never touches the host's network; every build and every
 *   container uses the host's network (`--network host`), so all traffic stays on loopback.
 * - Debian's /usr/bin/docker (with BuildKit), not a newer CLI that may come first in PATH without buildx.
 * - No image registry is reachable, so the Dockerfile's base, `node:<version>-bookworm-slim`, is made here: a
 *   `debootstrap --variant=minbase bookworm` root imported into the engine, plus the project's pinned Node binary
 *   (.run/node/, integrity-checked by scripts/lib/node.mjs) and npm, laid out as the official image lays them
 *   out. Only this stand-in trusts the machine's extra CA certificates (outbound traffic is re-signed by them);
 *   the production Dockerfile never does.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildOnce } from '../../scripts/lib/build-once.js';
// @ts-expect-error -- plain ES module without types (runs on any Node)
import { PINNED_NODE, pinnedNodeHome } from '../../scripts/lib/node.mjs';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const HOME = path.join(ROOT, '.run/docker');
export const DOCKER = '/usr/bin/docker';
const DOCKERD = '/usr/sbin/dockerd';
const DEBOOTSTRAP = '/usr/sbin/debootstrap';
/** Debian's docker-compose 1.29 (it reads deploy/compose.yaml; the engine's `docker compose` plugin is not packaged). */
export const DOCKER_COMPOSE = '/usr/bin/docker-compose';
/** The npm that the official image of the pinned Node carries (Node 24.21.0 ships npm 11.19.0). */
const NPM_OF_NODE: Record<string, string> = { '24.21.0': '11.19.0' };
/** Where debootstrap fetches bookworm from: the machine's own Debian mirror. */
const MIRROR = 'http://deb.debian.org/debian';
/** Where the machine keeps the CA certificates its outbound traffic is re-signed with. */
const EXTRA_CA_DIR = '/usr/local/share/ca-certificates';

export interface Engine {
  /** Environment the docker CLI needs (DOCKER_HOST of this engine, BuildKit on). */
  env: Record<string, string>;
  /** Runs the docker CLI (`env`: more of its environment, e.g. the values of `--env NAME`); rejects with its stderr. */
  docker(args: string[], options?: { timeoutMs?: number; env?: Record<string, string> }): Promise<{ stdout: string; stderr: string }>;
  /** Stops dockerd if this run started it (a running one found at start is left running). */
  stop(): Promise<void>;
}

/** `docker.io`, `debootstrap` and `docker-compose` from Debian's packages, unless all are there. */
export function ensurePackages(log: (line: string) => void): void {
  if ([DOCKERD, DOCKER, DEBOOTSTRAP, DOCKER_COMPOSE].every((file) => existsSync(file))) return;
  log('installing docker.io, debootstrap and docker-compose (apt-get)');
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'docker.io', 'debootstrap', 'docker-compose'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  let res = install();
  if (res.status !== 0) {
    // A fresh machine's package lists can be missing or stale.
    spawnSync('apt-get', ['update', '-q'], { stdio: 'ignore' });
    res = install();
  }
  if (res.status !== 0) throw new Error(`apt-get install docker.io debootstrap docker-compose failed:\n${res.stderr}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts (or finds running) this project's dockerd; resolves once it answers. */
export async function startEngine(log: (line: string) => void): Promise<Engine> {
  const socket = path.join(HOME, 'docker.sock');
  const env = { DOCKER_HOST: `unix://${socket}`, DOCKER_BUILDKIT: '1', PATH: `/usr/bin:/usr/sbin:/bin:${process.env.PATH ?? ''}` };
  const docker: Engine['docker'] = async (args, options = {}) => {
    try {
      return await run(DOCKER, args, {
        env: { ...env, ...options.env },
        maxBuffer: 64 * 1024 * 1024,
        timeout: options.timeoutMs ?? 600_000,
      });
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      throw new Error(`docker ${args.slice(0, 3).join(' ')}: ${(e.stderr ?? '').trim() || e.message}`);
    }
  };
  const answers = async () => {
    try {
      await run(DOCKER, ['version', '--format', '{{.Server.Version}}'], { env, timeout: 10_000 });
      return true;
    } catch {
      return false;
    }
  };
  if (await answers()) return { env, docker, stop: async () => {} };
  mkdirSync(HOME, { recursive: true });
  rmSync(socket, { force: true });
  const logFile = openSync(path.join(HOME, 'dockerd.log'), 'a');
  const daemon = spawn(
    DOCKERD,
    [
      `--host=unix://${socket}`,
      `--data-root=${path.join(HOME, 'data')}`,
      // Its own exec root and containerd, one per checkout (a CI clone's engine beside a developer's): never the
      // machine's /run/docker, and a short path (unix sockets live there).
      `--exec-root=/run/studio-docker-${createHash('sha256').update(HOME).digest('hex').slice(0, 8)}`,
      `--pidfile=${path.join(HOME, 'dockerd.pid')}`,
      '--iptables=false',
      '--ip-forward=false',
      '--ip-masq=false',
      '--bridge=none',
    ],
    { stdio: ['ignore', logFile, logFile], detached: true },
  );
  daemon.unref();
  let exited: number | null = null;
  daemon.once('exit', (code) => {
    exited = code ?? -1;
  });
  const deadline = Date.now() + 60_000;
  while (!(await answers())) {
    if (exited !== null || Date.now() > deadline) {
      const tail = readFileSync(path.join(HOME, 'dockerd.log'), 'utf8').split('\n').slice(-15).join('\n');
      throw new Error(`dockerd did not start (${exited !== null ? `exit ${exited}` : 'no answer in 60 s'}):\n${tail}`);
    }
    await sleep(250);
  }
  log(`dockerd started (${socket})`);
  return {
    env,
    docker,
    async stop() {
      if (exited !== null) return;
      daemon.kill('SIGTERM');
      const end = Date.now() + 30_000;
      while (exited === null && Date.now() < end) await sleep(200);
      if (exited === null) daemon.kill('SIGKILL');
    },
  };
}

async function imageExists(engine: Engine, ref: string): Promise<boolean> {
  return engine.docker(['image', 'inspect', '--format', '{{.Id}}', ref]).then(
    () => true,
    () => false,
  );
}

/** The tag of the Dockerfile's base for the pinned Node. */
export const baseTag = (version: string = PINNED_NODE): string => `node:${version}-bookworm-slim`;

/** What the stand-in base is built from: the debootstrap root, Node, npm and the machine's extra CAs. */
const STAND_IN_DOCKERFILE = `FROM studio-local/debian-minbase:bookworm
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY extra-ca.pem /usr/local/share/studio-stand-in/extra-ca.pem
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && node --version && npm --version
# The machine's outbound traffic is re-signed by its own CA: only this stand-in trusts it (never the real base).
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/studio-stand-in/extra-ca.pem
CMD ["node"]
`;

/**
 * Makes `node:<pinned>-bookworm-slim` in the engine unless it is there: a minimal bookworm root (built once into
 * .run/docker/rootfs-bookworm.tar), Node from .run/node/ and npm from the registry. Returns seconds spent.
 */
export async function ensureStandInBase(engine: Engine, log: (line: string) => void): Promise<number> {
  const tag = baseTag();
  if (await imageExists(engine, tag)) return 0;
  const started = performance.now();
  if (!(await imageExists(engine, 'studio-local/debian-minbase:bookworm'))) {
    const dir = buildOnce(path.join(HOME, 'rootfs-bookworm'), path.join(HOME, 'rootfs-bookworm', 'rootfs.tar'), (scratch) => {
      log('debootstrap --variant=minbase bookworm');
      const root = path.join(scratch, 'root');
      const boot = spawnSync(DEBOOTSTRAP, ['--variant=minbase', 'bookworm', root, MIRROR], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      if (boot.status !== 0) throw new Error(`debootstrap failed:\n${(boot.stdout + boot.stderr).split('\n').slice(-20).join('\n')}`);
      // As the official image: no package lists or caches left in the layer.
      rmSync(path.join(root, 'var/lib/apt/lists'), { recursive: true, force: true });
      mkdirSync(path.join(root, 'var/lib/apt/lists/partial'), { recursive: true });
      rmSync(path.join(root, 'var/cache/apt/archives'), { recursive: true, force: true });
      mkdirSync(path.join(root, 'var/cache/apt/archives/partial'), { recursive: true });
      const out = path.join(scratch, 'out');
      mkdirSync(out);
      const tar = spawnSync('tar', ['-C', root, '--numeric-owner', '-cf', path.join(out, 'rootfs.tar'), '.'], { stdio: 'inherit' });
      if (tar.status !== 0) throw new Error('tar of the debootstrap root failed');
      return out;
    });
    await engine.docker(['import', path.join(dir, 'rootfs.tar'), 'studio-local/debian-minbase:bookworm'], { timeoutMs: 300_000 });
  }
  const npmVersion = NPM_OF_NODE[PINNED_NODE];
  if (!npmVersion) throw new Error(`which npm does the official node:${PINNED_NODE} image carry? add it to NPM_OF_NODE`);
  const context = path.join(HOME, 'stand-in-context');
  rmSync(context, { recursive: true, force: true });
  mkdirSync(context, { recursive: true });
  copyFileSync(path.join(pinnedNodeHome(), 'bin', 'node'), path.join(context, 'node'));
  const packed = await run('npm', ['pack', `npm@${npmVersion}`, '--json', '--pack-destination', context, '--loglevel=error'], {
    cwd: context,
  });
  const tarball = path.join(context, (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0]!.filename);
  mkdirSync(path.join(context, 'npm'));
  await run('tar', ['-xzf', tarball, '-C', path.join(context, 'npm'), '--strip-components=1']);
  rmSync(tarball);
  const cas = existsSync(EXTRA_CA_DIR) ? readdirSync(EXTRA_CA_DIR).filter((f) => f.endsWith('.crt')) : [];
  writeFileSync(path.join(context, 'extra-ca.pem'), cas.map((f) => readFileSync(path.join(EXTRA_CA_DIR, f), 'utf8')).join('\n'));
  writeFileSync(path.join(context, 'Dockerfile'), STAND_IN_DOCKERFILE);
  log(`building the stand-in base ${tag} (Node ${PINNED_NODE}, npm ${npmVersion})`);
  await engine.docker(['build', '--network=host', '-t', tag, context]);
  rmSync(context, { recursive: true, force: true });
  return (performance.now() - started) / 1000;
}
