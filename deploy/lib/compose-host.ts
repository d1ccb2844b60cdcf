/**
 * deploy/compose.yaml's application containers on the host's network, against data stores that already run there
 * (the machine's PostgreSQL, Redis, RabbitMQ, an S3 server and an SMTP catcher): what `npm run test:images` runs
 * with docker-compose on a machine where containers may use only the host's network and no image registry is
 * reachable (so the compose file's postgres, redis, rabbitmq, minio and mailpit images cannot be pulled).
 *
 * The variant is derived from compose.yaml, never written by hand, so what runs is that file's builds, commands,
 * hardening, healthchecks, dependencies and environment. It changes only what the host's network requires:
 * - the data-store services and their one-shot jobs are left out (every service without a `build`), and so are
 *   dependencies on them; dependencies among the kept services (a migrate job before its service, studio healthy
 *   before the gateway) stay as they are;
 * - every kept service runs with `network_mode: host` and no published ports (the host's ports are its own), and
 *   `extra_hosts` maps every compose service name to 127.0.0.1, so the wiring between services (`studio:7201`)
 *   works unchanged;
 * - the data-store addresses (DATABASE_URL, keeping the service's database name; REDIS_URL, AMQP_URL, S3_ENDPOINT,
 *   SMTP_URL) become the ones given, and listeners bind 127.0.0.1 instead of 0.0.0.0;
 * - builds run on the host's network too, from the repository's root (the file may be written anywhere).
 * - `env` adds the host's own settings per service (e.g. loopback webhook receivers allowed).
 * Anything still naming a left-out service afterwards is an error, so a new wiring in compose.yaml cannot silently
 * point nowhere.
 */
/** The data stores the host's containers use instead of compose.yaml's. */
export interface HostStores {
  /** The URL of a service's database, from the database name compose.yaml gives it (`studio`, `upload`, ...). */
  databaseUrl(database: string): string;
  redisUrl: string;
  amqpUrl: string;
  s3Endpoint: string;
  smtpUrl: string;
}

interface ComposeService {
  build?: { context?: string; dockerfile?: string; network?: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  depends_on?: Record<string, unknown>;
  ports?: unknown;
  networks?: unknown;
  network_mode?: string;
  extra_hosts?: string[];
  [key: string]: unknown;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  [key: string]: unknown;
}

/** Environment keys whose value is a listener's bind address. */
const isBindHost = (key: string) => key.endsWith('_HOST') || key === 'WEBHOOKS_BIND_HOST';

/**
 * The host-network variant of `compose` (compose.yaml parsed with YAML merge keys resolved), for a file that the
 * compose tool reads from anywhere: `root` is the repository's root, compose.yaml's `..`.
 */
export function hostNetworkCompose(
  compose: ComposeFile,
  stores: HostStores,
  root: string,
  env: Record<string, Record<string, string>> = {},
): ComposeFile {
  const all = Object.keys(compose.services);
  const kept = all.filter((name) => compose.services[name]!.build);
  const dropped = all.filter((name) => !kept.includes(name));
  // A left-out service as a host: `//minio:9000`, `@postgres:5432`, `rabbitmq:5672` (not a scheme such as `redis://`).
  const names = new RegExp(`(^|//|@|,|=)(${dropped.join('|')})(?=:\\d|/|,|$)`);
  const services: Record<string, ComposeService> = {};
  for (const name of kept) {
    const { ports: _ports, networks: _networks, depends_on, build, environment, ...rest } = structuredClone(compose.services[name]!);
    const vars: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...environment, ...env[name] })) {
      const v = String(value);
      if (key === 'DATABASE_URL') {
        const database = new URL(v).pathname.slice(1);
        if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`compose-host: ${name}: no database name in ${v}`);
        vars[key] = stores.databaseUrl(database);
      } else if (key === 'REDIS_URL') vars[key] = stores.redisUrl;
      else if (key === 'AMQP_URL') vars[key] = stores.amqpUrl;
      else if (key === 'S3_ENDPOINT') vars[key] = stores.s3Endpoint;
      else if (key === 'SMTP_URL') vars[key] = stores.smtpUrl;
      else if (isBindHost(key) && v === '0.0.0.0') vars[key] = '127.0.0.1';
      else vars[key] = v;
      if (names.test(vars[key]!)) throw new Error(`compose-host: ${name}: ${key} still names a left-out service: ${vars[key]}`);
    }
    const deps = Object.fromEntries(Object.entries(depends_on ?? {}).filter(([dep]) => kept.includes(dep)));
    services[name] = {
      ...rest,
      ...(build ? { build: { ...build, context: root, network: 'host' } } : {}),
      environment: vars,
      ...(Object.keys(deps).length > 0 ? { depends_on: deps } : {}),
      network_mode: 'host',
      extra_hosts: all.map((host) => `${host}:127.0.0.1`),
    };
  }
  const { services: _services, volumes: _volumes, ...top } = compose;
  return { ...top, services };
}
