/**
 * The deployables of the studio back end: one entry per process role (each scales independently and gets its
 * own image). This list is what the deployment artifacts are checked against: the Helm values, the compose
 * file, the kustomize base (generated from the chart by deploy/scripts/gen-k8s.ts) and the tests in
 * deploy/test/. Ports (API, gRPC and admin) and entry files are the ones of scripts/lib/stack.ts and each service's src/config.ts.
 */

export type Tier = 'public' | 'internal' | 'worker';

export interface Deployable {
  /** Process role; also the Kubernetes component label, the compose service and the image name. */
  name: string;
  /** npm workspace folder (the Dockerfile's SERVICE build argument). */
  workspace: string;
  /** npm package name of the workspace (`npm run -w <package> migrate:deploy`). */
  package: string;
  /** Entry file relative to the workspace (the Dockerfile's ENTRY build argument). */
  entry: string;
  /** public: reachable from outside (gateway); internal: from the other deployables; worker: from nobody. */
  tier: Tier;
  /** HTTP API port (the gateway's public one). Absent on the workers: their only HTTP listener is the admin port. */
  httpPort?: number;
  grpcPort?: number;
  /**
   * Admin port: /healthz, /readyz and /metrics, never on the API port. For the kubelet's probes, the metrics
   * scrape and the container healthchecks only; never routed from outside the cluster.
   */
  adminPort: number;
  /** Environment variables naming the ports and the bind host in the process's config.ts. */
  env: { httpPort?: string; grpcPort?: string; adminPort: string; host: string };
  /** The PostgreSQL database the process uses (owned by its service). */
  database?: string;
  /** True on the one deployable per database service whose image runs the migrate job. */
  migrate: boolean;
  /** Needs to reach arbitrary hosts on the internet (webhook deliveries). */
  internetEgress: boolean;
  /**
   * The secrets and keys the process requires (least privilege: nothing it does not use), each from a Secret
   * reference in a cluster and from .run/secrets.env locally. SERVICE_SIGNING_KEY is the process's own gRPC caller
   * key (`grpcCaller`). A missing one stops the process with exit 78 (@studio/config/secrets).
   */
  secrets: readonly string[];
  /**
   * Secrets it takes when present (S3 static keys: without them, the AWS default credential chain; studio's SMTP_URL:
   * without it, no mail is sent and an invitation's link is only printed by the CLI).
   */
  optionalSecrets: readonly string[];
  /** The name its gRPC service tokens carry, when it calls internal gRPC services. */
  grpcCaller?: 'gateway' | 'gallery' | 'upload' | 'search' | 'console';
}

const S3_KEYS = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** What differs between two deployables beyond the conventions the builders below apply. */
interface Particulars {
  secrets: readonly string[];
  optionalSecrets?: readonly string[];
  grpcCaller?: Deployable['grpcCaller'];
  internetEgress?: boolean;
}

/**
 * The API process of internal service number `n`: workspace services/<name>, package @studio/<name>-service, ports
 * 710n (HTTP), 720n (gRPC) and 730n (admin), `<NAME>_HTTP_PORT`-style variables, its own database, migrated by it.
 */
function service(name: string, n: number, particulars: Particulars & { hostVariable?: string }): Deployable {
  const NAME = name.toUpperCase();
  const { hostVariable = `${NAME}_HOST`, ...rest } = particulars;
  return {
    name,
    workspace: `services/${name}`,
    package: `@studio/${name}-service`,
    entry: 'src/main.ts',
    tier: 'internal',
    httpPort: 7100 + n,
    grpcPort: 7200 + n,
    adminPort: 7300 + n,
    env: { httpPort: `${NAME}_HTTP_PORT`, grpcPort: `${NAME}_GRPC_PORT`, adminPort: `${NAME}_ADMIN_PORT`, host: hostVariable },
    database: name,
    migrate: true,
    internetEgress: false,
    optionalSecrets: [],
    ...rest,
  };
}

/** The worker process of a service: src/worker.ts in the same image, admin port 10 above the API's, no migration. */
function worker(api: Deployable, particulars: Particulars): Deployable {
  const { database } = api;
  return {
    name: `${api.name}-worker`,
    workspace: api.workspace,
    package: api.package,
    entry: 'src/worker.ts',
    tier: 'worker',
    adminPort: api.adminPort + 10,
    env: { adminPort: `${api.name.toUpperCase()}_WORKER_ADMIN_PORT`, host: api.env.host },
    ...(database ? { database } : {}),
    migrate: false,
    internetEgress: false,
    optionalSecrets: [],
    ...particulars,
  };
}

const upload = service('upload', 3, {
  secrets: ['IDENTITY_PUBLIC_KEY', 'SERVICE_SIGNING_KEY', 'SERVICE_PUBLIC_KEYS'],
  optionalSecrets: S3_KEYS,
  grpcCaller: 'upload',
});
const webhooks = service('webhooks', 5, {
  hostVariable: 'WEBHOOKS_BIND_HOST',
  secrets: ['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'WEBHOOK_SECRET_KEY'],
});

export const DEPLOYABLES: readonly Deployable[] = [
  {
    name: 'gateway',
    workspace: 'gateway',
    package: '@studio/gateway',
    entry: 'src/main.ts',
    tier: 'public',
    httpPort: 8080,
    adminPort: 7300,
    env: { httpPort: 'GATEWAY_PORT', adminPort: 'GATEWAY_ADMIN_PORT', host: 'GATEWAY_HOST' },
    migrate: false,
    internetEgress: false,
    secrets: ['IDENTITY_SIGNING_KEY', 'SERVICE_SIGNING_KEY', 'CLIENT_SESSION_PUBLIC_KEY', 'IDEMPOTENCY_ENCRYPTION_KEY'],
    optionalSecrets: [],
    grpcCaller: 'gateway',
  },
  // SMTP_URL (the mail relay, credentials included): invitations and password resets; without it no mail is sent.
  service('studio', 1, { secrets: ['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'SERVICE_PUBLIC_KEYS'], optionalSecrets: ['SMTP_URL'] }),
  service('gallery', 2, {
    secrets: [
      'IDENTITY_PUBLIC_KEY',
      'CURSOR_SECRET',
      'SERVICE_SIGNING_KEY',
      'SERVICE_PUBLIC_KEYS',
      'CLIENT_SESSION_SIGNING_KEY',
      'PORTAL_TOKEN_KEY',
    ],
    optionalSecrets: S3_KEYS,
    grpcCaller: 'gallery',
  }),
  upload,
  // Serves no caller and calls no service: no identity or service key.
  worker(upload, { secrets: [], optionalSecrets: S3_KEYS }),
  service('search', 4, { secrets: ['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'SERVICE_SIGNING_KEY'], grpcCaller: 'search' }),
  webhooks,
  // Decrypts endpoints' signing secrets and delivers to the internet; serves no caller: no identity key.
  worker(webhooks, { secrets: ['CURSOR_SECRET', 'WEBHOOK_SECRET_KEY'], internetEgress: true }),
  // The pages' deployable (service number 6): HTML pages behind the gateway's /console, no data of its own (studio
  // owns accounts, reached over gRPC as the caller `console`), so no gRPC port, database, broker or identity key.
  {
    name: 'console',
    workspace: 'services/console',
    package: '@studio/console-service',
    entry: 'src/main.ts',
    tier: 'internal',
    httpPort: 7106,
    adminPort: 7306,
    env: { httpPort: 'CONSOLE_HTTP_PORT', adminPort: 'CONSOLE_ADMIN_PORT', host: 'CONSOLE_HOST' },
    migrate: false,
    internetEgress: false,
    secrets: ['SERVICE_SIGNING_KEY'],
    optionalSecrets: [],
    grpcCaller: 'console',
  },
];

/**
 * Operator tools a workspace ships beside its processes (compiled into the same image, run with
 * `node dist/<name>.mjs`): the studio and gallery admin CLIs and the search index rebuild.
 */
export const WORKSPACE_TOOLS: Readonly<Record<string, readonly string[]>> = {
  'services/studio': ['src/cli/admin.ts'],
  'services/gallery': ['src/cli/admin.ts'],
  'services/search': ['src/cli/rebuild.ts'],
};

/** The build arguments of a deployable's image (deploy/docker/Dockerfile; compose.yaml and npm run test:images). */
export function imageBuildArgs(d: Deployable): Record<'DEPLOYABLE' | 'SERVICE' | 'ENTRY' | 'HEALTH_PORT', string> {
  return {
    DEPLOYABLE: d.name,
    SERVICE: d.workspace,
    ENTRY: `dist/${d.entry.replace(/^src\//, '').replace(/\.ts$/, '')}.mjs`,
    // The image's HEALTHCHECK goes to the admin port: the API port serves no ops path.
    HEALTH_PORT: String(d.adminPort),
  };
}

/**
 * `docker build` of a deployable's image from the repository at `root`, on the host's network, as the image tests
 * build it (deploy/test/images/): `extra` adds e.g. `-t <tag>` or `-q`.
 */
export function dockerBuildArgs(d: Deployable, root: string, extra: string[] = []): string[] {
  const args = Object.entries(imageBuildArgs(d)).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]);
  return ['build', '--network=host', '-f', 'deploy/docker/Dockerfile', ...extra, ...args, root];
}

/** The services that own a database: one migrate job each. */
export const DATABASE_SERVICES: readonly Deployable[] = DEPLOYABLES.filter((d) => d.migrate);

/** The data stores every environment provides. */
export const DEPENDENCIES = ['postgres', 'redis', 'rabbitmq', 'minio'] as const;
