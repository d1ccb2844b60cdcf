/**
 * Starts the whole stack as separate Node processes (one per service, as in production), waits until each
 * answers /readyz on its admin port, and stops it gracefully. Used by `npm start`, the black-box tests and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { generateSecrets, secretsEnvFor, type SecretsFile } from '@studio/testkit/secrets';
import { DEPLOYABLES } from '../../deploy/deployables.js';
import { ROOT } from './infra.js';
import { type MailCatcher, startMailCatcher } from './mail-catcher.js';

/**
 * The ports of one local stack. Every process has an admin port (`*Admin`: /healthz, /readyz, /metrics), apart
 * from its API (`*Http`, the gateway's public `gateway`) and gRPC ports; the workers have only the admin one.
 */
export interface StackPorts {
  gateway: number;
  gatewayAdmin: number;
  studioHttp: number;
  studioGrpc: number;
  studioAdmin: number;
  /** The S3-compatible dev server (object storage). */
  s3: number;
  uploadHttp: number;
  uploadGrpc: number;
  uploadAdmin: number;
  uploadWorkerAdmin: number;
  galleryHttp: number;
  galleryGrpc: number;
  galleryAdmin: number;
  searchHttp: number;
  searchGrpc: number;
  searchAdmin: number;
  webhooksHttp: number;
  webhooksGrpc: number;
  webhooksAdmin: number;
  webhooksWorkerAdmin: number;
  /** The account console (pages behind the gateway's /console): an HTTP port and its admin port, no gRPC. */
  consoleHttp: number;
  consoleAdmin: number;
}

/**
 * The one port layout, shifted by `offset`: the gateway at 8080, APIs at 71xx, gRPC at 72xx, admin ports at 73xx
 * (the gateway's 7300), object storage at 9000. DEV_PORTS is offset 0; the black-box stacks, the benches and the
 * image smoke test shift it so that each has its own.
 */
export function stackPortsAt(offset: number): StackPorts {
  const at = (port: number) => port + offset;
  return {
    gateway: at(8080),
    gatewayAdmin: at(7300),
    studioHttp: at(7101),
    studioGrpc: at(7201),
    studioAdmin: at(7301),
    s3: at(9000),
    uploadHttp: at(7103),
    uploadGrpc: at(7203),
    uploadAdmin: at(7303),
    uploadWorkerAdmin: at(7313),
    galleryHttp: at(7102),
    galleryGrpc: at(7202),
    galleryAdmin: at(7302),
    searchHttp: at(7104),
    searchGrpc: at(7204),
    searchAdmin: at(7304),
    webhooksHttp: at(7105),
    webhooksGrpc: at(7205),
    webhooksAdmin: at(7305),
    webhooksWorkerAdmin: at(7315),
    consoleHttp: at(7106),
    consoleAdmin: at(7306),
  };
}

export const DEV_PORTS: StackPorts = stackPortsAt(0);

/** Each process's admin port in `ports`: where its /healthz, /readyz and /metrics are. */
export function adminPortOf(ports: StackPorts, name: Exclude<ProcessName, 's3'>): number {
  return ports[ADMIN_PORT[name]];
}

const ADMIN_PORT: Record<Exclude<ProcessName, 's3'>, keyof StackPorts> = {
  gateway: 'gatewayAdmin',
  studio: 'studioAdmin',
  upload: 'uploadAdmin',
  'upload-worker': 'uploadWorkerAdmin',
  gallery: 'galleryAdmin',
  search: 'searchAdmin',
  webhooks: 'webhooksAdmin',
  'webhooks-worker': 'webhooksWorkerAdmin',
  console: 'consoleAdmin',
};

export interface StackOptions {
  ports: StackPorts;
  databaseUrls: Record<string, string>;
  redisUrl: string;
  amqpUrl: string;
  /** Where each process's output goes: 'inherit' prefixes lines on this terminal; a folder writes <name>.log. */
  output: 'inherit' | { dir: string };
  logLevel?: string;
  /**
   * A replica set: the ports of the stack whose work queues this one shares (the same queue names, so the two
   * sets are competing consumers, as replicas of a Deployment are). Default: its own ports (own queues).
   */
  queuesOf?: StackPorts;
  /** Launch only these processes (a replica set leaves out `s3` and uses the first set's object store). */
  only?: ProcessName[];
  /** Extra environment per process name. */
  env?: Partial<Record<ProcessName, Record<string, string>>>;
  /** Folder where the S3 dev server keeps objects across restarts (npm start); memory only when absent. */
  s3DataDir?: string;
  /**
   * Secrets and keys of the stack (npm start: .run/secrets.env); freshly generated when absent. Each process gets
   * only the ones its deployable declares (deploy/deployables.ts).
   */
  secrets?: SecretsFile;
  /**
   * Folder of the stack's SMTP catcher (scripts/lib/mail-catcher.ts): started in-process on a free loopback port
   * before the processes, given to studio as SMTP_URL, and every message it catches is saved there (.eml + .json).
   * Absent: no catcher, and studio sends no mail.
   */
  mailDir?: string;
  /** NODE_ENV of every process (default development). */
  nodeEnv?: 'development' | 'production';
  /**
   * Run these processes from a production build instead of their TypeScript sources: the folder
   * deploy/docker/build-deployable.mjs wrote for that process (`node <dir>/<workspace>/dist/<entry>.mjs`, with the
   * workspace as working directory, exactly as its image does). Absent processes run from sources with tsx.
   */
  builds?: Partial<Record<ProcessName, string>>;
  /**
   * Where the processes' TypeScript sources are (default: this repository): a release's tree (scripts/lib/releases.ts
   * `releaseTree`) runs that release's code, for the N-1 upgrade test.
   */
  sourceRoot?: string;
  /**
   * Run the deployables from their images in a container engine instead (npm run test:images): each launch is a
   * `docker run` in the foreground, hardened as a pod is (CONTAINER_HARDENING), on the host's network, given only the
   * stack's environment for it (never this process's). The S3 dev server still runs as a local process.
   */
  containers?: ContainerOptions;
}

/** How a stack runs its deployables in a container engine. */
export interface ContainerOptions {
  /** The docker CLI (Debian's /usr/bin/docker) and what it needs in its environment (DOCKER_HOST). */
  docker: string;
  dockerEnv: Record<string, string>;
  /** The image of each deployable. */
  imageOf(name: Exclude<ProcessName, 's3'>): string;
  /** Container names start with it (`<prefix>-<process>-<launch>`), so a run can find and remove its own. */
  prefix: string;
}

/**
 * What every container of a stack runs with: the Helm chart's pod and container securityContext (a non-root user, a
 * read-only root filesystem with a writable /tmp, no capabilities, no privilege escalation) on the host's network
 * (never a bridge: deploy/README.md). `--stop-timeout`: the chart's shortest terminationGracePeriodSeconds (30 s).
 */
export const CONTAINER_HARDENING: readonly string[] = [
  '--network=host',
  '--read-only',
  '--tmpfs=/tmp:rw,nosuid,nodev,size=256m',
  '--user=10001:10001',
  '--cap-drop=ALL',
  '--security-opt=no-new-privileges:true',
  '--stop-timeout=30',
];

export type ProcessName =
  | 's3'
  | 'studio'
  | 'upload'
  | 'upload-worker'
  | 'gallery'
  | 'search'
  | 'webhooks'
  | 'webhooks-worker'
  | 'console'
  | 'gateway';

interface ProcessSpec {
  name: ProcessName;
  entry: string;
  readyUrl: string;
  env: Record<string, string>;
}

/**
 * Object storage of every local stack: explicit static keys (from the stack's secrets), so no process of it ever
 * asks the AWS default credential chain (which ends at the EC2 instance-metadata address); instance metadata is
 * disabled as well, in case a key is removed through `env`.
 */
const LOCAL_S3_CREDENTIALS = { AWS_EC2_METADATA_DISABLED: 'true' };

/**
 * PostgreSQL connections of one local stack (DATABASE_POOL_SIZE of each process; a pg pool opens connections as
 * needed, up to its size, and closes them after 30 s idle). The server's max_connections is 100 and every stack
 * on the machine (dev, black-box tests, benches in their slots) shares it; the services' default pools (10 each)
 * came to 85 for one stack: studio 10, upload 10, upload-worker 10, gallery 10, search 10 + 4 (its index pool),
 * webhooks 10, webhooks-worker 10 + 10 (the dispatcher's own pool) + 1 (LISTEN), and two busy stacks met "too many
 * clients" (issue 15). With these: studio 10 (it has no setting), upload 5, upload-worker 4, gallery 5, search
 * 5 + 4, webhooks 4, webhooks-worker 4 + 4 + 1 = 46 at most, so two stacks fit with room for tools and tests. On
 * this 2-core machine more connections add no throughput: a request waits in its pool instead of in PostgreSQL.
 */
export const LOCAL_POOL_SIZES = {
  upload: 5,
  'upload-worker': 4,
  gallery: 5,
  search: 5,
  webhooks: 4,
  'webhooks-worker': 4,
} as const satisfies Partial<Record<ProcessName, number>>;

/** DATABASE_POOL_SIZE of `name` in a local stack; nothing for a process that has no setting (studio, gateway, s3). */
const poolSize = (name: ProcessName): Record<string, string> => {
  const size = (LOCAL_POOL_SIZES as Partial<Record<ProcessName, number>>)[name];
  return size === undefined ? {} : { DATABASE_POOL_SIZE: String(size) };
};

/**
 * What deployable `name` is given from a stack's secrets: the ones it declares (deploy/deployables.ts), required
 * and optional, SERVICE_SIGNING_KEY being its own caller key. Also for a process run beside a stack (an operator
 * CLI, a replica, a bench's own service).
 */
export function deployableSecretsEnv(secrets: SecretsFile, name: string): Record<string, string> {
  const d = DEPLOYABLES.find((x) => x.name === name);
  if (!d) throw new Error(`no deployable named ${name}`);
  // Optional ones only when the set has them (SMTP_URL is the stack's catcher, given as env, not a secret of the set).
  const optional = d.optionalSecrets.filter((name) => secrets[name] !== undefined);
  return secretsEnvFor(secrets, [...d.secrets, ...optional], d.grpcCaller);
}

/** The stack's public base URL (the gateway's public listener): studio builds links with it, the console checks Origin. */
export const publicUrlOf = (ports: StackPorts): string => `http://127.0.0.1:${ports.gateway}`;

function specs(options: StackOptions, secrets: SecretsFile, smtpUrl: string | undefined): ProcessSpec[] {
  return baseSpecs(options, smtpUrl).map((spec) =>
    // The S3 dev server is no deployable: no secrets, and its own health URL.
    spec.name === 's3'
      ? { ...spec, readyUrl: `http://127.0.0.1:${options.ports.s3}/health` }
      : {
          ...spec,
          readyUrl: `http://127.0.0.1:${adminPortOf(options.ports, spec.name)}/readyz`,
          env: { ...deployableSecretsEnv(secrets, spec.name), ...spec.env },
        },
  );
}

function baseSpecs(options: StackOptions, smtpUrl: string | undefined): Omit<ProcessSpec, 'readyUrl'>[] {
  const common = {
    AMQP_URL: options.amqpUrl,
    LOG_LEVEL: options.logLevel ?? 'info',
    NODE_ENV: options.nodeEnv ?? 'development',
  };
  /** What every service reads of its own: its three listeners (`<SERVICE>_HTTP_PORT`, ...) and its database. */
  const serviceEnv = (service: 'studio' | 'upload' | 'gallery' | 'search' | 'webhooks') => {
    const prefix = service.toUpperCase();
    return {
      ...common,
      [`${prefix}_HTTP_PORT`]: String(options.ports[`${service}Http`]),
      [`${prefix}_GRPC_PORT`]: String(options.ports[`${service}Grpc`]),
      [`${prefix}_ADMIN_PORT`]: String(options.ports[`${service}Admin`]),
      DATABASE_URL: options.databaseUrls[service]!,
    };
  };
  const upload = {
    ...serviceEnv('upload'),
    UPLOAD_WORKER_ADMIN_PORT: String(options.ports.uploadWorkerAdmin),
    STUDIO_GRPC_ADDR: `127.0.0.1:${options.ports.studioGrpc}`,
    S3_ENDPOINT: `http://127.0.0.1:${options.ports.s3}`,
    ...LOCAL_S3_CREDENTIALS,
    // Each local stack has its own work queues (it gets its own copy of every work event on the shared
    // exchange); they go away a day after the stack's last worker stopped.
    UPLOAD_QUEUE_PREFIX: `upload-${(options.queuesOf ?? options.ports).uploadHttp}`,
    UPLOAD_QUEUE_EXPIRES_MS: String(24 * 3600 * 1000),
  };
  const webhooks = {
    ...serviceEnv('webhooks'),
    WEBHOOKS_WORKER_ADMIN_PORT: String(options.ports.webhooksWorkerAdmin),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', // local stacks deliver to loopback receivers
    // Each local stack gets its own copy of every event on the shared exchange; gone a day after it stops.
    WEBHOOKS_FANOUT_QUEUE: `webhooks.fanout.${(options.queuesOf ?? options.ports).webhooksHttp}`,
    WEBHOOKS_FANOUT_QUEUE_EXPIRES_MS: String(24 * 3600 * 1000),
  };
  /** One process of the stack: its own environment, its local pool size (where it has one), then the caller's extras. */
  const processSpec = (name: ProcessName, entry: string, env: Record<string, string>) => ({
    name,
    entry,
    env: { ...env, ...poolSize(name), ...options.env?.[name] },
  });
  return [
    processSpec('s3', 'services/upload/src/dev/s3-server.ts', {
      S3_SERVER_PORT: String(options.ports.s3),
      S3_SERVER_DATA_DIR: options.s3DataDir ?? '',
    }),
    processSpec('studio', 'services/studio/src/main.ts', {
      ...serviceEnv('studio'),
      // Invitation and reset links point at the gateway's /console; mail goes to the stack's catcher.
      PUBLIC_URL: publicUrlOf(options.ports),
      ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    }),
    processSpec('upload', 'services/upload/src/main.ts', upload),
    processSpec('upload-worker', 'services/upload/src/worker.ts', upload),
    // After upload: gallery builds galleries from upload's ready keepers (gRPC) and signs URLs of its bucket.
    processSpec('gallery', 'services/gallery/src/main.ts', {
      ...serviceEnv('gallery'),
      STUDIO_GRPC_ADDR: `127.0.0.1:${options.ports.studioGrpc}`,
      UPLOAD_GRPC_ADDR: `127.0.0.1:${options.ports.uploadGrpc}`,
      S3_ENDPOINT: `http://127.0.0.1:${options.ports.s3}`,
      ...LOCAL_S3_CREDENTIALS,
      // Publish answers the customer's link, `<PUBLIC_URL>/portal/#<portal token>`.
      PUBLIC_URL: publicUrlOf(options.ports),
    }),
    // Fed only by events; its rebuild command streams from studio's and gallery's IndexSource.
    processSpec('search', 'services/search/src/main.ts', {
      ...serviceEnv('search'),
      // Own queue per local stack (the exchange is shared); gone a day after the stack stops.
      INDEX_QUEUE: `search.index-${(options.queuesOf ?? options.ports).searchHttp}`,
      INDEX_QUEUE_EXPIRES_MS: String(24 * 3600 * 1000),
      INDEX_SOURCES: `studio=127.0.0.1:${options.ports.studioGrpc},gallery=127.0.0.1:${options.ports.galleryGrpc}`,
    }),
    processSpec('webhooks', 'services/webhooks/src/main.ts', webhooks),
    processSpec('webhooks-worker', 'services/webhooks/src/worker.ts', webhooks),
    // The pages: no database and no broker; it reaches studio's StudioAccounts over gRPC as the caller `console`.
    processSpec('console', 'services/console/src/main.ts', {
      LOG_LEVEL: common.LOG_LEVEL,
      NODE_ENV: common.NODE_ENV,
      CONSOLE_HTTP_PORT: String(options.ports.consoleHttp),
      CONSOLE_ADMIN_PORT: String(options.ports.consoleAdmin),
      STUDIO_GRPC_ADDR: `127.0.0.1:${options.ports.studioGrpc}`,
      PUBLIC_URL: publicUrlOf(options.ports),
      // The portal's photos come from the object store's public endpoint (its img-src).
      PORTAL_IMAGE_ORIGINS: `http://127.0.0.1:${options.ports.s3}`,
    }),
    processSpec('gateway', 'gateway/src/main.ts', {
      ...common,
      GATEWAY_PORT: String(options.ports.gateway),
      GATEWAY_ADMIN_PORT: String(options.ports.gatewayAdmin),
      REDIS_URL: options.redisUrl,
      STUDIO_HTTP_URL: `http://127.0.0.1:${options.ports.studioHttp}`,
      STUDIO_GRPC_ADDR: `127.0.0.1:${options.ports.studioGrpc}`,
      UPLOAD_HTTP_URL: `http://127.0.0.1:${options.ports.uploadHttp}`,
      GALLERY_HTTP_URL: `http://127.0.0.1:${options.ports.galleryHttp}`,
      SEARCH_HTTP_URL: `http://127.0.0.1:${options.ports.searchHttp}`,
      WEBHOOKS_HTTP_URL: `http://127.0.0.1:${options.ports.webhooksHttp}`,
      CONSOLE_HTTP_URL: `http://127.0.0.1:${options.ports.consoleHttp}`,
    }),
  ];
}

export interface RunningProcess {
  name: ProcessName;
  child: ChildProcess;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** How the process ended, once it has: exit code and/or signal. */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Environment given to this launch on top of the stack's own (see `start`/`restart`). */
  envOverrides: Record<string, string>;
  /** The last few kilobytes the process wrote (stdout and stderr): why it exited, in a failure message. */
  outputTail(): string;
  /** Sends `signal` to the process itself (in a container: through the engine, since `docker run` relays no SIGKILL). */
  signal(signal: NodeJS.Signals): void;
  /** Its container's name, when it runs in one. */
  container?: string;
}

const TAIL_BYTES = 4096;

export interface LaunchOptions {
  /**
   * Extra environment for this launch only, on top of the stack's configuration for the process (e.g. a shorter
   * lease for a fault test). A later start/restart without `env` goes back to the stack's configuration.
   */
  env?: Record<string, string>;
}

export interface Stack {
  baseUrl: string;
  /** The stack's public base URL (`http://127.0.0.1:<gateway>`); the console is at `${publicUrl}/console/`. */
  publicUrl: string;
  /** The stack's SMTP catcher (options.mailDir), when it has one. */
  mail?: MailCatcher;
  /** The stack's secrets and keys (to run an operator CLI against it, or to sign as one of its callers in a test). */
  secrets: SecretsFile;
  /** Every process of the stack, in start order. */
  names: readonly ProcessName[];
  /** The current (or last) launch of each process; `kill` and `start` replace or end entries. */
  processes: Map<ProcessName, RunningProcess>;
  stop(): Promise<void>;
  /** Stops one process (SIGTERM, graceful; SIGKILL after 15 s) and starts it again, waiting until it is ready. */
  restart(name: ProcessName, opts?: LaunchOptions): Promise<RunningProcess>;
  /** Starts a process that is not running (after `kill`) and waits until it is ready; throws when it is running. */
  start(name: ProcessName, opts?: LaunchOptions): Promise<RunningProcess>;
  /**
   * Sends a terminating `signal` to one process and waits until it has exited (SIGKILL: at once, nothing runs its
   * shutdown; SIGTERM/SIGINT: its graceful shutdown); throws when it is still running 30 s later. Resolves with how
   * it ended; a process that is not running resolves at once. It stays down until `start` or `restart`.
   */
  kill(
    name: ProcessName,
    signal?: NodeJS.Signals,
  ): Promise<{ pid: number | undefined; code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(name: ProcessName): boolean;
}

async function waitReady(url: string, proc: RunningProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void proc.exited.then(() => (exited = true));
  while (Date.now() < until) {
    if (exited) {
      // Let the output streams end, so the tail holds the process's last words.
      await new Promise((r) => setTimeout(r, 100));
      throw new Error(`${proc.name} exited before it was ready; the end of its output:\n${proc.outputTail()}`);
    }
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

/**
 * V8 options of every process of a local stack (on its command line, before the entry): the heap sizing its image
 * starts it with (NODE_HEAP_ARGS in deploy/docker/Dockerfile, for the manifests' 512Mi; docker.spec.ts checks they
 * agree) rather than the one V8 derives from this 24 GB machine,
 * where the old generation may reach 4 GB and grow to 4x its live size before a major GC (V8's growing factor is 4
 * for a limit of 1 GB or more, 1.3-2 below) and each semi-space to 64 MiB, shrinking again when the load drops:
 * RSS rose and fell by 100 MiB and more with the load (issue 15's soak), which no container would allow.
 * - `--max-old-space-size=384`: growing factor about 1.4; ample for these processes (live heaps 40-80 MiB).
 * - `--min-semi-space-size=16 --max-semi-space-size=16`: a fixed 32 MiB young generation, neither growing under
 *   load nor shrinking when idle (an idle process holds up to 30 MiB more than it would).
 * - `--no-memory-reducer`: V8's memory reducer, which runs extra full GCs when it judges the allocation rate low and
 *   gives the free space inside heap pages back to the kernel, is off. Under a steady load it kept firing (the console
 *   and the workers, whose rate it reads as idle), and every page it emptied was touched again by the next
 *   allocations: RSS climbed back by 2-15 MiB per 10 min without any leak, and the pages it kept for reuse made
 *   every process hold 20-30 MiB more (issue 28's soaks, docs/decisions/0028-no-memory-reducer.md).
 * Only the command line (or NODE_OPTIONS, which refuses the min flag) can set these: V8 sizes the heap when the
 * isolate is created, so a process definition's `v8Flags` (set at run time) does not change them.
 */
export const LOCAL_V8_ARGS: readonly string[] = [
  '--max-old-space-size=384',
  '--min-semi-space-size=16',
  '--max-semi-space-size=16',
  '--no-memory-reducer',
];

/**
 * The C library's settings every deployable runs with, locally and in its image (deploy/docker/Dockerfile's runtime
 * `ENV`; docker.spec.ts checks they agree). `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates its own
 * malloc arena (up to 8 per core), and libuv's pool, V8's compiler and GC helper threads and the native addons
 * (Prisma's engine, sharp) each filled one. Issue 28's hour-long soak: heaps flat, but the memory outside them grew
 * by about 20 MiB per process; two arenas made every process 20-55 MiB smaller at the same throughput.
 */
export const LOCAL_LIBC_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** How a process starts: from its sources with tsx, or from a production build as its image starts it. */
function commandOf(spec: ProcessSpec, buildDir: string | undefined, sourceRoot = ROOT): { args: string[]; cwd: string } {
  // The S3 dev server is no deployable (and holds every object in memory): V8's own sizing.
  const v8 = spec.name === 's3' ? [] : LOCAL_V8_ARGS;
  if (!buildDir) return { args: [...v8, '--enable-source-maps', '--import', 'tsx', path.join(sourceRoot, spec.entry)], cwd: sourceRoot };
  const [workspace, entry] = spec.entry.split('/src/') as [string, string];
  const cwd = path.join(buildDir, workspace);
  return { args: [...v8, '--enable-source-maps', path.join(cwd, 'dist', `${path.basename(entry, '.ts')}.mjs`)], cwd };
}

let launches = 0;

/**
 * The arguments of `docker run --rm` of `image` with CONTAINER_HARDENING, `extra` options first. Only the variables'
 * names go on the command line (`--env NAME`): their values travel in the CLI's environment, so no secret shows in a
 * process list.
 */
export function dockerRunArgs(image: string, env: Record<string, string>, extra: string[] = []): string[] {
  return ['run', '--rm', ...extra, ...CONTAINER_HARDENING, ...Object.keys(env).map((k) => `--env=${k}`), image];
}

/** `docker run` of a deployable's image in the foreground, under a name of its own. */
function containerCommand(spec: ProcessSpec, env: Record<string, string>, c: ContainerOptions) {
  const name = `${c.prefix}-${spec.name}-${++launches}`;
  const args = dockerRunArgs(c.imageOf(spec.name as Exclude<ProcessName, 's3'>), env, [`--name=${name}`]);
  return { name, child: spawn(c.docker, args, { env: { ...c.dockerEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }) };
}

/** Starts one process of the stack as `options` say (from sources, a build or an image), with `envOverrides` on top. */
function launch(spec: ProcessSpec, options: StackOptions, envOverrides: Record<string, string> = {}): RunningProcess {
  const { output, containers } = options;
  let child: ChildProcess;
  let container: string | undefined;
  if (containers && spec.name !== 's3') {
    ({ name: container, child } = containerCommand(spec, { ...spec.env, ...envOverrides }, containers));
  } else {
    // The object store is the stack's infrastructure, not a release's code: always this repository's.
    const { args, cwd } = commandOf(spec, options.builds?.[spec.name], spec.name === 's3' ? ROOT : options.sourceRoot);
    child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...(spec.name === 's3' ? {} : LOCAL_LIBC_ENV), ...spec.env, ...envOverrides },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  let sink: WriteStream | null = null;
  if (output === 'inherit') {
    const prefix = `[${spec.name}] `;
    const relay = (stream: NodeJS.ReadableStream, to: NodeJS.WriteStream) => {
      let buf = '';
      stream.on('data', (chunk: Buffer) => {
        buf += chunk.toString();
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const line of lines) to.write(`${prefix + line}\n`);
      });
    };
    relay(child.stdout!, process.stdout);
    relay(child.stderr!, process.stderr);
  } else {
    mkdirSync(output.dir, { recursive: true });
    sink = createWriteStream(path.join(output.dir, `${spec.name}.log`), { flags: 'a' });
    // Each launch appends to the same log; a marker line tells the launches apart.
    sink.write(
      `--- ${new Date().toISOString()} launch ${spec.name} pid ${child.pid ?? '?'}${Object.keys(envOverrides).length > 0 ? ` env ${JSON.stringify(envOverrides)}` : ''}\n`,
    );
    child.stdout!.pipe(sink, { end: false });
    child.stderr!.pipe(sink, { end: false });
    // 'close' comes after the child's output streams have ended: nothing more will be written.
    child.once('close', () => sink!.end());
  }
  let tail = '';
  const keepTail = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-TAIL_BYTES);
  };
  child.stdout!.on('data', keepTail);
  child.stderr!.on('data', keepTail);
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const exited = ended.then((e) => e.code);
  const signal = (sig: NodeJS.Signals) => {
    if (!container) return void child.kill(sig);
    // Through the engine: the container's PID 1 (tini) gets it, as from a kubelet.
    spawn(containers!.docker, ['kill', `--signal=${sig}`, container], { env: containers!.dockerEnv, stdio: 'ignore' }).on(
      'error',
      () => {},
    );
  };
  return { name: spec.name, child, exited, ended, envOverrides, outputTail: () => tail, signal, ...(container ? { container } : {}) };
}

const isAlive = (p: RunningProcess | undefined): boolean => !!p && p.child.exitCode === null && p.child.signalCode === null;

async function stopProcess(p: RunningProcess, graceMs = 15_000): Promise<void> {
  if (!isAlive(p)) return;
  p.signal('SIGTERM');
  const timer = setTimeout(() => p.signal('SIGKILL'), graceMs);
  await p.exited;
  clearTimeout(timer);
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const secrets = options.secrets ?? generateSecrets();
  const mail = options.mailDir
    ? await startMailCatcher({
        dir: options.mailDir,
        log: options.output === 'inherit' ? (line) => console.log(`[mail] ${line}`) : undefined,
      })
    : undefined;
  const all = specs(options, secrets, mail?.url).filter((s) => !options.only || options.only.includes(s.name));
  const processes = new Map<ProcessName, RunningProcess>();
  const stop = async () => {
    // Gateway first so no new work reaches the services, then the services.
    const order: ProcessName[] = [
      'gateway',
      'console',
      'webhooks-worker',
      'webhooks',
      'search',
      'gallery',
      'upload-worker',
      'upload',
      'studio',
      's3',
    ];
    for (const name of order) {
      const p = processes.get(name);
      if (p) await stopProcess(p);
    }
    await mail?.close(); // after studio: a message it was sending still lands
  };
  try {
    for (const spec of all) {
      const proc = launch(spec, options);
      processes.set(spec.name, proc);
      await waitReady(spec.readyUrl, proc, 60_000);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const specOf = (name: ProcessName): ProcessSpec => {
    const spec = all.find((s) => s.name === name);
    if (!spec) throw new Error(`no process named ${name}`);
    return spec;
  };
  const launchReady = async (spec: ProcessSpec, opts: LaunchOptions): Promise<RunningProcess> => {
    const proc = launch(spec, options, opts.env ?? {});
    processes.set(spec.name, proc);
    await waitReady(spec.readyUrl, proc, 60_000);
    return proc;
  };
  // One lifecycle operation per process at a time (a kill racing a start would leave an orphan).
  const locks = new Map<ProcessName, Promise<unknown>>();
  const serial = <T>(name: ProcessName, fn: () => Promise<T>): Promise<T> => {
    const prev = locks.get(name) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(fn);
    locks.set(name, next);
    return next;
  };
  return {
    baseUrl: `${publicUrlOf(options.ports)}/api/v1`,
    publicUrl: publicUrlOf(options.ports),
    ...(mail ? { mail } : {}),
    secrets,
    names: all.map((s) => s.name),
    processes,
    stop,
    restart(name, opts = {}) {
      const spec = specOf(name);
      return serial(name, async () => {
        const old = processes.get(name);
        if (old) await stopProcess(old);
        return launchReady(spec, opts);
      });
    },
    start(name, opts = {}) {
      const spec = specOf(name);
      return serial(name, async () => {
        if (isAlive(processes.get(name))) throw new Error(`${name} is already running`);
        return launchReady(spec, opts);
      });
    },
    kill(name, signal = 'SIGKILL') {
      specOf(name);
      return serial(name, async () => {
        const p = processes.get(name);
        if (!p || !isAlive(p))
          return {
            pid: p?.child.pid,
            code: p?.child.exitCode ?? null,
            signal: (p?.child.signalCode as NodeJS.Signals | null | undefined) ?? null,
          };
        p.signal(signal);
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${name} did not exit within 30 s of ${signal}`)), 30_000);
        });
        try {
          const ended = await Promise.race([p.ended, timeout]);
          return { pid: p.child.pid, ...ended };
        } finally {
          clearTimeout(timer);
        }
      });
    },
    isRunning: (name) => isAlive(processes.get(name)),
  };
}

/** Every process but the object store: what a second replica set of a stack runs. */
export const REPLICATED: Exclude<ProcessName, 's3'>[] = [
  'studio',
  'upload',
  'upload-worker',
  'gallery',
  'search',
  'webhooks',
  'webhooks-worker',
  'console',
  'gateway',
];

/**
 * A second replica of every service and worker of `first` (which was started with `firstOptions`), on `ports`:
 * the same secrets,
 * same databases, Redis, broker and object store, the same work queues (competing consumers), its own gateway.
 * A load balancer's part is played by the caller, sending requests to either gateway.
 */
export function startReplicaSet(firstOptions: StackOptions, ports: Omit<StackPorts, 's3'>, output: StackOptions['output']): Promise<Stack> {
  // Replicas share every key with the first set (identities, cursors and bearers must verify on either): a set
  // generated here would not.
  if (!firstOptions.secrets) throw new Error("startReplicaSet: pass the first set's secrets in its options");
  return startStack({
    ...firstOptions,
    ports: { ...ports, s3: firstOptions.ports.s3 },
    queuesOf: firstOptions.queuesOf ?? firstOptions.ports,
    only: REPLICATED,
    output,
  });
}
