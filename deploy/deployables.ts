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
  /** Secrets it takes when present (S3 static keys: without them, the AWS default credential chain). */
  optionalSecrets: readonly string[];
  /** The name its gRPC service tokens carry, when it calls internal gRPC services. */
  grpcCaller?: 'gateway' | 'gallery' | 'upload' | 'search';
}

const S3_KEYS = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

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
  {
    name: 'studio',
    workspace: 'services/studio',
    package: '@studio/studio-service',
    entry: 'src/main.ts',
    tier: 'internal',
    httpPort: 7101,
    grpcPort: 7201,
    adminPort: 7301,
    env: { httpPort: 'STUDIO_HTTP_PORT', grpcPort: 'STUDIO_GRPC_PORT', adminPort: 'STUDIO_ADMIN_PORT', host: 'STUDIO_HOST' },
    database: 'studio',
    migrate: true,
    internetEgress: false,
    secrets: ['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'SERVICE_PUBLIC_KEYS'],
    optionalSecrets: [],
  },
  {
    name: 'gallery',
    workspace: 'services/gallery',
    package: '@studio/gallery-service',
    entry: 'src/main.ts',
    tier: 'internal',
    httpPort: 7102,
    grpcPort: 7202,
    adminPort: 7302,
    env: { httpPort: 'GALLERY_HTTP_PORT', grpcPort: 'GALLERY_GRPC_PORT', adminPort: 'GALLERY_ADMIN_PORT', host: 'GALLERY_HOST' },
    database: 'gallery',
    migrate: true,
    internetEgress: false,
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
  },
  {
    name: 'upload',
    workspace: 'services/upload',
    package: '@studio/upload-service',
    entry: 'src/main.ts',
    tier: 'internal',
    httpPort: 7103,
    grpcPort: 7203,
    adminPort: 7303,
    env: { httpPort: 'UPLOAD_HTTP_PORT', grpcPort: 'UPLOAD_GRPC_PORT', adminPort: 'UPLOAD_ADMIN_PORT', host: 'UPLOAD_HOST' },
    database: 'upload',
    migrate: true,
    internetEgress: false,
    secrets: ['IDENTITY_PUBLIC_KEY', 'SERVICE_SIGNING_KEY', 'SERVICE_PUBLIC_KEYS'],
    optionalSecrets: S3_KEYS,
    grpcCaller: 'upload',
  },
  {
    name: 'upload-worker',
    workspace: 'services/upload',
    package: '@studio/upload-service',
    entry: 'src/worker.ts',
    tier: 'worker',
    adminPort: 7313,
    env: { adminPort: 'UPLOAD_WORKER_ADMIN_PORT', host: 'UPLOAD_HOST' },
    database: 'upload',
    migrate: false,
    internetEgress: false,
    // Serves no caller and calls no service: no identity or service key.
    secrets: [],
    optionalSecrets: S3_KEYS,
  },
  {
    name: 'search',
    workspace: 'services/search',
    package: '@studio/search-service',
    entry: 'src/main.ts',
    tier: 'internal',
    httpPort: 7104,
    grpcPort: 7204,
    adminPort: 7304,
    env: { httpPort: 'SEARCH_HTTP_PORT', grpcPort: 'SEARCH_GRPC_PORT', adminPort: 'SEARCH_ADMIN_PORT', host: 'SEARCH_HOST' },
    database: 'search',
    migrate: true,
    internetEgress: false,
    secrets: ['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'SERVICE_SIGNING_KEY'],
    optionalSecrets: [],
    grpcCaller: 'search',
  },
  {
    name: 'webhooks',
    workspace: 'services/webhooks',
    package: '@studio/webhooks-service',
    entry: 'src/main.ts',
    tier: 'internal',
    httpPort: 7105,
    grpcPort: 7205,
    adminPort: 7305,
    env: { httpPort: 'WEBHOOKS_HTTP_PORT', grpcPort: 'WEBHOOKS_GRPC_PORT', adminPort: 'WEBHOOKS_ADMIN_PORT', host: 'WEBHOOKS_BIND_HOST' },
    database: 'webhooks',
    migrate: true,
    internetEgress: false,
    secrets: ['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'WEBHOOK_SECRET_KEY'],
    optionalSecrets: [],
  },
  {
    name: 'webhooks-worker',
    workspace: 'services/webhooks',
    package: '@studio/webhooks-service',
    entry: 'src/worker.ts',
    tier: 'worker',
    adminPort: 7315,
    env: { adminPort: 'WEBHOOKS_WORKER_ADMIN_PORT', host: 'WEBHOOKS_BIND_HOST' },
    database: 'webhooks',
    migrate: false,
    internetEgress: true,
    // Decrypts endpoints' signing secrets; serves no caller: no identity key.
    secrets: ['CURSOR_SECRET', 'WEBHOOK_SECRET_KEY'],
    optionalSecrets: [],
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

/** The services that own a database: one migrate job each. */
export const DATABASE_SERVICES: readonly Deployable[] = DEPLOYABLES.filter((d) => d.migrate);

/** The data stores every environment provides. */
export const DEPENDENCIES = ['postgres', 'redis', 'rabbitmq', 'minio'] as const;
