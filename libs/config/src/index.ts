/**
 * @studio/config: parse `process.env` (or any record) once, with zod, into a typed object.
 * A bad or missing value stops the process with one line naming the variable.
 */
import { z } from 'zod';
import { staticSecretProblem } from './secrets.js';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`config: ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

/** Parses `env` with `schema`; throws ConfigError naming the first bad variable. */
export function parseConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0] ?? '(env)');
  throw new ConfigError(variable, issue.message);
}

/**
 * Why a process must not start: NODE_ENV=production running TypeScript sources (through tsx or any loader) rather
 * than the compiled build (`npm run build`, then `node dist/<entry>.mjs`, as every image does). Null when fine.
 */
export function sourcesInProduction(env: Record<string, string | undefined>, entry: string | undefined): string | null {
  if (env.NODE_ENV !== 'production' || !entry || !/\.[cm]?tsx?$/.test(entry)) return null;
  return `NODE_ENV: production runs the compiled build (npm run build, then node dist/<entry>.mjs), not the source ${entry}`;
}

/** Like parseConfig, but prints one clear line and exits the process on a bad value. */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const refused = sourcesInProduction(env, process.argv[1]);
  if (refused) {
    process.stderr.write(`config: ${refused}\n`);
    process.exit(78); // EX_CONFIG
  }
  try {
    return parseConfig(schema, env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

const DURATION_RE = /^(\d{1,12})(ms|s|m|h|d)$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `500ms`, `30s`, `2m`, `2h`, `1d` in milliseconds; a bare number counts in `bareUnit`. Null when invalid. */
export function parseDuration(text: string, bareUnit: 'ms' | 's' = 'ms'): number | null {
  const t = text.trim();
  if (/^\d{1,12}$/.test(t)) return Number(t) * UNIT_MS[bareUnit];
  const match = DURATION_RE.exec(t);
  return match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : null;
}

export interface DurationOptions {
  /** The unit of a bare number (default ms). */
  bareUnit?: 'ms' | 's';
  /** Accepted range in milliseconds (default 1 ms up). */
  minMs?: number;
  maxMs?: number;
  /** Examples named in the error message (default "500ms, 30s, 2m or 24h"). */
  examples?: string;
}

/** Reusable field parsers for environment strings. */
/**
 * `item` as the exact origin a browser compares (`https://a.example`, default ports dropped), or null for anything
 * else: another scheme, credentials, a path, a query, a fragment, a wildcard. An origin list (CORS, a CSP source) must
 * not carry more than the origin: a path would narrow it in one browser and not in another.
 */
export function originOf(item: string): string | null {
  // scheme://authority and at most a final slash: no path (`/x/..` would normalise away), no query, no fragment.
  if (item.includes('*') || !/^https?:\/\/[^/?#\\]+\/?$/i.test(item)) return null;
  let url: URL;
  try {
    url = new URL(item);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  return url.origin;
}

export const env = {
  /** A duration (see parseDuration) in milliseconds, within the options' range. */
  duration: (
    def: string,
    { bareUnit = 'ms', minMs = 1, maxMs = Number.MAX_SAFE_INTEGER, examples = '500ms, 30s, 2m or 24h' }: DurationOptions = {},
  ) =>
    z
      .string()
      .default(def)
      .transform((value, ctx) => {
        const ms = parseDuration(value, bareUnit);
        if (ms === null || ms < minMs || ms > maxMs) {
          const range =
            maxMs === Number.MAX_SAFE_INTEGER ? 'a positive duration' : `a duration from ${minMs / 1000} s to ${maxMs / 1000} s`;
          ctx.addIssue({ code: 'custom', message: `expected ${range} such as ${examples}` });
          return z.NEVER;
        }
        return ms;
      }),
  port: (def: number) => z.coerce.number().int().min(0).max(65535).default(def),
  int: (def: number, min = 0) => z.coerce.number().int().min(min).default(def),
  str: (def: string) => z.string().min(1).default(def),
  /**
   * A comma-separated list (blank items dropped), each item parsed by `item` (null: not valid), with `min` to `max`
   * items; anything else is refused with `message`.
   */
  list: <T>(def: string, item: (text: string) => T | null, message: string, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) =>
    z
      .string()
      .default(def)
      .transform((value, ctx) => {
        const items = value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
          .map(item);
        if (items.length < min || items.length > max || items.some((x) => x === null)) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return items as T[];
      }),
  /**
   * A comma-separated list of exact web origins (`https://photos.example.com`, `http://127.0.0.1:5173`) as a browser
   * compares them (see originOf); each once, in order. Empty (the default): none. Anything else is refused, naming it.
   */
  origins: () =>
    z
      .string()
      .default('')
      .transform((value, ctx) => {
        const origins: string[] = [];
        for (const item of value.split(',').map((s) => s.trim())) {
          if (item === '') continue;
          const origin = originOf(item);
          if (!origin) {
            ctx.addIssue({ code: 'custom', message: `${JSON.stringify(item)} is not an origin (http(s)://host[:port], no path, no *)` });
            return z.NEVER;
          }
          if (!origins.includes(origin)) origins.push(origin);
        }
        return origins as readonly string[];
      }),
  /** A `host:port` address (a gRPC server's). */
  hostPort: (def: string) =>
    z
      .string()
      .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port')
      .default(def),
  url: (def: string) => z.url().default(def),
  /** A URL whose scheme matches `scheme` (a wrong one is named at start, not at the first connection). */
  schemeUrl: (scheme: RegExp, message: string, def: string) => z.string().regex(scheme, message).pipe(z.url()).default(def),
  bool: (def: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
      .default(def ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  nodeEnv: () => z.enum(['development', 'test', 'production']).default('development'),
};

/**
 * The object-store settings of every process that talks to S3 (or MinIO, R2...): spread into a service's env
 * schema; each service maps them to its own client options.
 */
export const s3Env = {
  S3_ENDPOINT: env.url('http://127.0.0.1:9000'),
  /** Endpoint put into presigned URLs when clients reach the store under another name than the service does. */
  S3_PUBLIC_ENDPOINT: z.union([z.literal(''), z.url()]).default(''),
  S3_REGION: env.str('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name')
    .default('studio-photos'),
  /**
   * Static keys: both set, or both unset (or empty) to take credentials from the AWS SDK's default provider chain
   * (environment, shared files, web identity / IRSA, container and pod identity, instance metadata). No default.
   */
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Only with the static keys, for temporary ones (STS); empty means none. */
  S3_SESSION_TOKEN: z.string().default(''),
  S3_FORCE_PATH_STYLE: env.bool(true),
};

/** Static object-store credentials from the environment. */
export interface S3StaticCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

type S3KeyFields = { S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string; S3_SESSION_TOKEN: string; NODE_ENV?: string };

/**
 * The object-store keys must come as a pair: call from the service schema's superRefine (s3Env's fields cannot
 * check each other). One without the other, or a session token without both, names the missing variable.
 */
export function refineS3Env(e: S3KeyFields, ctx: z.RefinementCtx): void {
  const id = e.S3_ACCESS_KEY_ID !== '';
  const secret = e.S3_SECRET_ACCESS_KEY !== '';
  if (id && !secret) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_SECRET_ACCESS_KEY'],
      message: 'must be set with S3_ACCESS_KEY_ID (or unset both to use the AWS default credential chain)',
    });
  } else if (secret && !id) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_ACCESS_KEY_ID'],
      message: 'must be set with S3_SECRET_ACCESS_KEY (or unset both to use the AWS default credential chain)',
    });
  } else if (!id && e.S3_SESSION_TOKEN !== '') {
    ctx.addIssue({ code: 'custom', path: ['S3_SESSION_TOKEN'], message: 'only goes with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY' });
  } else if (secret && e.NODE_ENV === 'production') {
    // Optional (the default chain needs none), but a static key that is set is held to the rule of every secret.
    const problem = staticSecretProblem(e.S3_SECRET_ACCESS_KEY);
    if (problem) ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: problem });
  }
}

/** The static keys when both are set; null means "use the AWS SDK's default provider chain". */
export function s3Credentials(e: S3KeyFields): S3StaticCredentials | null {
  if (e.S3_ACCESS_KEY_ID === '' || e.S3_SECRET_ACCESS_KEY === '') return null;
  return {
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    ...(e.S3_SESSION_TOKEN ? { sessionToken: e.S3_SESSION_TOKEN } : {}),
  };
}

const otlpUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })]).default('');

/**
 * `OTEL_EXPORTER_OTLP_HEADERS`: `key=value` pairs separated by commas, values percent-encoded (the OpenTelemetry
 * environment specification), e.g. `authorization=Bearer%20abc,x-team=photo`.
 */
const otlpHeaders = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const headers: Record<string, string> = {};
    for (const part of value.split(',')) {
      if (part.trim() === '') continue;
      const eq = part.indexOf('=');
      const key = part.slice(0, eq).trim();
      let decoded: string | null = null;
      try {
        decoded = eq > 0 ? decodeURIComponent(part.slice(eq + 1).trim()) : null;
      } catch {
        decoded = null;
      }
      if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(key) || decoded === null) {
        ctx.addIssue({ code: 'custom', message: 'expected comma-separated key=value pairs (values percent-encoded)' });
        return z.NEVER;
      }
      headers[key.toLowerCase()] = decoded;
    }
    return headers;
  });

/**
 * OpenTelemetry trace export, the standard variables (spread into a process's env schema; map with
 * `telemetrySettings`). Off unless an endpoint is set; `OTEL_SDK_DISABLED=true` turns it off regardless.
 */
export const otelEnv = {
  OTEL_SDK_DISABLED: env.bool(false),
  /** Base URL of an OTLP/HTTP receiver (a collector): traces go to `<url>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl,
  /** The full traces URL; wins over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl,
  OTEL_EXPORTER_OTLP_HEADERS: otlpHeaders,
  /** Replaces the process role (gateway, studio, upload-worker, ...) as the resource's `service.name`. */
  OTEL_SERVICE_NAME: z.string().max(200).default(''),
  /** Delay between two batch exports, ms. */
  OTEL_BSP_SCHEDULE_DELAY: env.int(5000, 1),
};

/** What a process hands to `startTelemetry` (@studio/telemetry). */
export interface TelemetrySettings {
  /** Full OTLP/HTTP traces URL; null: export is off. */
  tracesEndpoint: string | null;
  headers: Record<string, string>;
  /** OTEL_SERVICE_NAME; null: the process role names the service. */
  serviceName: string | null;
  exportDelayMs: number;
}

type OtelFields = { [K in keyof typeof otelEnv]: z.output<(typeof otelEnv)[K]> };

export function telemetrySettings(e: OtelFields): TelemetrySettings {
  const base = e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '');
  const tracesEndpoint = e.OTEL_SDK_DISABLED ? null : e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || (base ? `${base}/v1/traces` : null);
  return {
    tracesEndpoint,
    headers: e.OTEL_EXPORTER_OTLP_HEADERS,
    serviceName: e.OTEL_SERVICE_NAME.trim() || null,
    exportDelayMs: e.OTEL_BSP_SCHEDULE_DELAY,
  };
}

/**
 * The members of every process's env schema (the gateway's, each service's), spread into it like s3Env: the mode,
 * the log level, the access log, the shutdown grace and trace export. Map them with `processSettings`.
 */
export const processEnv = {
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  /** One access-log line per request, gRPC call and consumed message; its own stream, not filtered by LOG_LEVEL. */
  ACCESS_LOG: env.bool(true),
  /** How long in-flight work may take to finish after SIGTERM, ms. */
  SHUTDOWN_GRACE_MS: env.int(10_000),
  /** OpenTelemetry trace export (OTEL_EXPORTER_OTLP_ENDPOINT, ...): off unless an endpoint is set; see telemetrySettings. */
  ...otelEnv,
};

type ProcessFields = { [K in keyof typeof processEnv]: z.output<(typeof processEnv)[K]> };

/** The camelCase members `processEnv` gives a config (what @studio/process reads: accessLog, shutdownGraceMs, telemetry). */
export function processSettings(e: ProcessFields) {
  return {
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    accessLog: e.ACCESS_LOG,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    telemetry: telemetrySettings(e),
  };
}

/**
 * The members of the env schema of every process whose HTTP app is built by @studio/http's createHttpApp (each
 * service, the console), spread into it like processEnv: HTTP_MAX_IN_FLIGHT, the requests the process holds at once;
 * the next one is answered 503 with Retry-After at once (docs/decisions/0019-load-shedding.md). The gateway has its
 * own, GATEWAY_MAX_IN_FLIGHT.
 */
export const httpServerEnv = {
  HTTP_MAX_IN_FLIGHT: env.int(128, 1),
};

/** The listener variables of the service `N`: `<N>_HOST` (or the one it names), `<N>_HTTP_PORT`, ... in capitals. */
type HostVariable<N extends string> = `${Uppercase<N>}_HOST`;
type PortVariable<N extends string> = `${Uppercase<N>}_${'HTTP' | 'GRPC' | 'ADMIN'}_PORT`;

/** The default ports of a service's listeners. */
export interface ServicePorts {
  http: number;
  grpc: number;
  admin: number;
}

/**
 * The members of every service's env schema: processEnv and httpServerEnv; its listeners, `<NAME>_HOST` (or the `hostVariable` it
 * names), `<NAME>_HTTP_PORT`, `<NAME>_GRPC_PORT` and `<NAME>_ADMIN_PORT` with the service's default ports; its own
 * PostgreSQL database (default: the local database named after the service) and the broker. Map them with
 * `serviceSettings`.
 */
export function serviceEnv<N extends string, H extends string = HostVariable<N>>(name: N, ports: ServicePorts, hostVariable?: H) {
  const prefix = name.toUpperCase();
  const listeners = {
    [hostVariable ?? `${prefix}_HOST`]: env.str('127.0.0.1'),
    [`${prefix}_HTTP_PORT`]: env.port(ports.http),
    [`${prefix}_GRPC_PORT`]: env.port(ports.grpc),
    /** /healthz, /readyz and /metrics: on this port only, never on the API port. */
    [`${prefix}_ADMIN_PORT`]: env.port(ports.admin),
  } as { [K in H]: ReturnType<typeof env.str> } & { [K in PortVariable<N>]: ReturnType<typeof env.port> };
  return {
    ...processEnv,
    ...httpServerEnv,
    ...listeners,
    DATABASE_URL: env.schemeUrl(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL', `postgresql://postgres@127.0.0.1:5432/${name}`),
    /** Connections in the process's database pool. */
    DATABASE_POOL_SIZE: env.int(10, 1),
    AMQP_URL: env.schemeUrl(/^amqps?:\/\//, 'must be an amqp:// or amqps:// URL', 'amqp://guest:guest@127.0.0.1:5672'),
  };
}

type ServiceFields<N extends string, H extends string> = ProcessFields & { HTTP_MAX_IN_FLIGHT: number } & { [K in H]: string } & {
  [K in PortVariable<N>]: number;
} & {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE: number;
  AMQP_URL: string;
};

/**
 * The camelCase members `serviceEnv(name, ports, hostVariable)` gives a config: processSettings', host, httpPort,
 * grpcPort, adminPort, databaseUrl, databasePoolSize, amqpUrl and maxInFlight.
 */
export function serviceSettings<N extends string, H extends string = HostVariable<N>>(
  e: NoInfer<ServiceFields<N, H>>,
  name: N,
  hostVariable?: H,
) {
  const prefix = name.toUpperCase() as Uppercase<N>;
  return {
    ...processSettings(e),
    host: e[(hostVariable ?? `${prefix}_HOST`) as H] as string,
    httpPort: e[`${prefix}_HTTP_PORT`] as number,
    grpcPort: e[`${prefix}_GRPC_PORT`] as number,
    adminPort: e[`${prefix}_ADMIN_PORT`] as number,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    amqpUrl: e.AMQP_URL,
    /** HTTP_MAX_IN_FLIGHT (httpServerEnv). */
    maxInFlight: e.HTTP_MAX_IN_FLIGHT,
  };
}

/** The development default of PUBLIC_URL: the local stack's gateway. */
export const DEVELOPMENT_PUBLIC_URL = 'http://127.0.0.1:8080';

/**
 * PUBLIC_URL, the stack's public base URL as people's browsers reach it (the gateway's public listener): spread into
 * the env schema of a process that builds links or checks origins (studio, the console), checked by
 * `refinePublicUrl` from the schema's superRefine and mapped with `publicUrlOf`. An http:// or https:// URL without
 * credentials, query or fragment; required in production, `DEVELOPMENT_PUBLIC_URL` elsewhere.
 */
export const publicUrlEnv = {
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .refine((value) => !/[?#]/.test(value), 'must not have a query or a fragment')
    .refine((value) => !/^[a-z]+:\/\/[^/]*@/i.test(value), 'must not carry credentials')
    .optional(),
};

export function refinePublicUrl(e: { PUBLIC_URL?: string; NODE_ENV?: string }, ctx: z.RefinementCtx): void {
  if (e.PUBLIC_URL === undefined && e.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'is required in production (the public base URL, e.g. https://studio.example.com)',
    });
  }
}

/** The public base URL without a trailing slash (links are `${publicUrl}/console/...`). */
export function publicUrlOf(e: { PUBLIC_URL?: string }): string {
  return (e.PUBLIC_URL ?? DEVELOPMENT_PUBLIC_URL).replace(/\/+$/, '');
}
