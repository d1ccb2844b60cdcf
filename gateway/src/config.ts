/**
 * Gateway configuration: every value comes from the environment, parsed once with zod. Each has a local
 * default; a bad value stops the process with one line naming the variable (see @studio/config).
 */
import { z } from 'zod';
import { env, loadConfig, parseConfig, processEnv, processSettings } from '@studio/config';
import { secretEnv } from '@studio/config/secrets';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '@studio/http/server';
import { parseTrustedProxies } from './services/client-address.js';

/** Upstreams are plain HTTP inside the cluster (the shared keep-alive agent is an http.Agent). */
const httpUrl = (def: string) => env.schemeUrl(/^http:\/\//, 'must be an http:// URL', def);

export const gatewayEnvSchema = z
  .object({
    ...processEnv,
    GATEWAY_PORT: env.port(8080),
    /** /healthz, /readyz and /metrics: on this port only; the public port serves /api/... and nothing else. */
    GATEWAY_ADMIN_PORT: env.port(7300),
    GATEWAY_HOST: env.str('127.0.0.1'),
    /**
     * A request body must have fully arrived this long after its headers, else 408 and the connection is closed
     * (http/body-deadline.middleware.ts). At most what the listener's own request deadline leaves after the headers'.
     */
    GATEWAY_BODY_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(REQUEST_TIMEOUT_MS - HEADERS_TIMEOUT_MS)
      .default(10_000),
    /**
     * Connections one client address (the socket's peer; TRUSTED_PROXIES are exempt) may hold open at once; the next
     * is answered 429 with Retry-After: 1 and closed (docs/decisions/0018-edge-limits.md).
     */
    GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: env.int(128, 1),

    REDIS_URL: env.schemeUrl(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL', 'redis://127.0.0.1:6379/0'),
    /** Prefix of every Redis key and channel the gateway writes (tests give each file its own). */
    REDIS_KEY_PREFIX: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9:._-]*$/, 'only [A-Za-z0-9:._-]')
      .default('gw:'),

    STUDIO_HTTP_URL: httpUrl('http://127.0.0.1:7101'),
    STUDIO_GRPC_ADDR: env.hostPort('127.0.0.1:7201'),
    GALLERY_HTTP_URL: httpUrl('http://127.0.0.1:7102'),
    UPLOAD_HTTP_URL: httpUrl('http://127.0.0.1:7103'),
    SEARCH_HTTP_URL: httpUrl('http://127.0.0.1:7104'),
    WEBHOOKS_HTTP_URL: httpUrl('http://127.0.0.1:7105'),
    /** The account console's pages (/console and /console/*: no bearer, not in the OpenAPI document). */
    CONSOLE_HTTP_URL: httpUrl('http://127.0.0.1:7106'),
    /** An upstream that has not answered within this time is abandoned (503 unavailable). */
    UPSTREAM_TIMEOUT_MS: env.int(30_000, 1),
    /** Keep-alive sockets per upstream host in the one shared agent. */
    UPSTREAM_MAX_SOCKETS: env.int(256, 1),
    /**
     * Requests the gateway holds at once (every request on the public port: API, console pages, the OpenAPI document);
     * the next one is answered 503 unavailable with Retry-After: 1 at once, never queued (shed.ts of @studio/http,
     * docs/decisions/0019-load-shedding.md). At most UPSTREAM_MAX_SOCKETS: no request ever waits for an upstream socket.
     */
    GATEWAY_MAX_IN_FLIGHT: env.int(64, 1),
    /** GET /api/v1/openapi.json is rebuilt from the services' fragments in the background after this long. */
    OPENAPI_CACHE_TTL_MS: env.int(60_000, 0),
    /** One service's fragment (GET /internal/openapi) must arrive within this time. */
    OPENAPI_FETCH_TIMEOUT_MS: env.int(2000, 10),
    /**
     * GET /api/v1/openapi.json needs no bearer: it is limited per client address instead (like GitHub's unauthenticated
     * limit), so nobody can make the gateway send its ~300 KB document in a loop. Clients that keep the document and
     * revalidate with If-None-Match need a handful a day.
     */
    OPENAPI_RATE_LIMIT_PER_MINUTE: env.int(60, 1),
    /**
     * Requests to the account console's pages per client address per window (its fingerprinted assets are not
     * counted). A person clicking through pages makes a few a minute; a flood of session reads or reset requests stops
     * here, before the console asks studio.
     */
    CONSOLE_RATE_LIMIT_PER_MINUTE: env.int(600, 1),

    /** Ed25519 private key of the caller identities forwarded to the services: the gateway alone holds it. */
    IDENTITY_SIGNING_KEY: secretEnv.signingKey(),
    /** This process's key for its calls to studio (gRPC service tokens). */
    SERVICE_SIGNING_KEY: secretEnv.signingKey(),

    RATE_LIMIT_PER_MINUTE: env.int(600, 1),
    RATE_LIMIT_WINDOW_MS: env.int(60_000, 1000),
    /** Redis must answer the limiter within this time, or the request is refused (fail-closed). */
    RATE_LIMIT_TIMEOUT_MS: env.int(250, 10),
    /**
     * A hot token's replica may lease up to this percent of its limit from the shared count and spend it locally
     * (never more than the limit per window; at most replicas x lease refused early; decision 0027). 0: every
     * request is counted in Redis.
     */
    RATE_LIMIT_LEASE_PERCENT: z.coerce.number().min(0).max(10).default(2),
    /** POST /client-sessions carries no bearer; it is limited per client IP instead. */
    CLIENT_SESSION_RATE_LIMIT_PER_MINUTE: env.int(10, 1),
    /**
     * Well-formed API tokens studio refused (unknown, revoked, expired) per client address per window; past it such a
     * refusal is 429 instead of 401. A valid token is never refused by it (docs/api-tokens.md).
     */
    AUTH_FAILURE_LIMIT_PER_MINUTE: env.int(30, 1),
    /**
     * Proxies whose X-Forwarded-For is believed for the client's address (addresses or CIDRs, comma-separated):
     * the ingress controller's pods in a cluster. Default: none, the socket peer is the client.
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value, ctx) => {
        try {
          return parseTrustedProxies(value);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
          return z.NEVER;
        }
      }),
    /** A client-session bearer (a gallery's customer) is limited per session. */
    CLIENT_BEARER_RATE_LIMIT_PER_MINUTE: env.int(600, 1),
    /** Public key of client-session bearers: the gallery service signs them with its private half. */
    CLIENT_SESSION_PUBLIC_KEY: secretEnv.publicKey(),

    AUTH_CACHE_TTL_MS: env.int(2000, 0),
    AUTH_CACHE_MAX_ENTRIES: env.int(50_000, 1),
    AUTH_TIMEOUT_MS: env.int(1000, 10),

    IDEMPOTENCY_TTL_SECONDS: env.int(86_400, 1),
    IDEMPOTENCY_WAIT_MS: env.int(10_000, 0),
    /** How long an in-progress record holds its key if the gateway dies mid-request. */
    IDEMPOTENCY_LOCK_MS: env.int(60_000, 1000),
    /**
     * AES-256 key (32 bytes, base64) sealing the answers kept for Idempotency-Key replays: they may carry a secret
     * (a webhook endpoint's signing_secret). Changing it makes older records unreadable: they are run again.
     */
    IDEMPOTENCY_ENCRYPTION_KEY: secretEnv.key32(),

    /**
     * Origins whose pages may call the client-portal routes from a browser (http/cors.middleware.ts): a comma-separated
     * list of exact origins, `https://photos.example.com` or `http://127.0.0.1:5173`. Empty (the default): no CORS.
     */
    CORS_ORIGINS: env.origins(),
  })
  .refine((c) => c.IDEMPOTENCY_LOCK_MS > c.UPSTREAM_TIMEOUT_MS, {
    path: ['IDEMPOTENCY_LOCK_MS'],
    message: 'must be greater than UPSTREAM_TIMEOUT_MS',
  })
  // The agent queues a request that finds every socket to its upstream busy: with the cap at most the sockets, none waits.
  .refine((c) => c.GATEWAY_MAX_IN_FLIGHT <= c.UPSTREAM_MAX_SOCKETS, {
    path: ['GATEWAY_MAX_IN_FLIGHT'],
    message: 'must not exceed UPSTREAM_MAX_SOCKETS (a request past the sockets would wait in the agent, unbounded by the cap)',
  })
  .transform((e) => ({
    ...processSettings(e),
    host: e.GATEWAY_HOST,
    httpPort: e.GATEWAY_PORT,
    adminPort: e.GATEWAY_ADMIN_PORT,
    /** The public listener's edge limits (docs/decisions/0018-edge-limits.md). */
    edge: { bodyTimeoutMs: e.GATEWAY_BODY_TIMEOUT_MS, maxConnectionsPerAddress: e.GATEWAY_MAX_CONNECTIONS_PER_ADDRESS },
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    /** The services behind the gateway: their HTTP base URLs, the shared agent's sockets, the answer deadline. */
    upstream: {
      urls: {
        studio: e.STUDIO_HTTP_URL,
        gallery: e.GALLERY_HTTP_URL,
        upload: e.UPLOAD_HTTP_URL,
        search: e.SEARCH_HTTP_URL,
        webhooks: e.WEBHOOKS_HTTP_URL,
      },
      /** The console's pages: proxied apart from the API (http/console.routes.ts). */
      consoleUrl: e.CONSOLE_HTTP_URL,
      /** Console requests per client address per window (http/console.routes.ts). */
      consolePerMinute: e.CONSOLE_RATE_LIMIT_PER_MINUTE,
      timeoutMs: e.UPSTREAM_TIMEOUT_MS,
      maxSockets: e.UPSTREAM_MAX_SOCKETS,
    },
    /** GATEWAY_MAX_IN_FLIGHT: requests held at once, past it 503 (http-app.ts). */
    maxInFlight: e.GATEWAY_MAX_IN_FLIGHT,
    corsOrigins: new Set(e.CORS_ORIGINS) as ReadonlySet<string>,
    openApi: {
      cacheTtlMs: e.OPENAPI_CACHE_TTL_MS,
      fetchTimeoutMs: e.OPENAPI_FETCH_TIMEOUT_MS,
      rateLimitPerMinute: e.OPENAPI_RATE_LIMIT_PER_MINUTE,
    },
    identitySigningKey: e.IDENTITY_SIGNING_KEY,
    serviceKey: e.SERVICE_SIGNING_KEY,
    clientSessionPublicKey: e.CLIENT_SESSION_PUBLIC_KEY,
    /** Bearer tokens are checked by studio over gRPC; answers are cached briefly. */
    auth: {
      studioGrpcAddr: e.STUDIO_GRPC_ADDR,
      timeoutMs: e.AUTH_TIMEOUT_MS,
      cacheTtlMs: e.AUTH_CACHE_TTL_MS,
      cacheMaxEntries: e.AUTH_CACHE_MAX_ENTRIES,
    },
    rateLimit: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      timeoutMs: e.RATE_LIMIT_TIMEOUT_MS,
      leaseFraction: e.RATE_LIMIT_LEASE_PERCENT / 100,
      clientSessionPerMinute: e.CLIENT_SESSION_RATE_LIMIT_PER_MINUTE,
      clientBearerPerMinute: e.CLIENT_BEARER_RATE_LIMIT_PER_MINUTE,
      authFailurePerMinute: e.AUTH_FAILURE_LIMIT_PER_MINUTE,
      /** Where the per-IP limit takes the client's address from (see services/client-address.ts). */
      trustedProxies: e.TRUSTED_PROXIES,
    },
    idempotency: {
      ttlSeconds: e.IDEMPOTENCY_TTL_SECONDS,
      waitMs: e.IDEMPOTENCY_WAIT_MS,
      lockMs: e.IDEMPOTENCY_LOCK_MS,
      encryptionKey: e.IDEMPOTENCY_ENCRYPTION_KEY,
    },
  }));

export type GatewayConfig = z.output<typeof gatewayEnvSchema>;

/** Parses the process environment once; prints one line naming a bad variable and exits. */
export function loadGatewayConfig(source: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(gatewayEnvSchema, source);
}

/** Parses without exiting (tests pass overrides); throws ConfigError naming the variable. */
export function parseGatewayConfig(source: Record<string, string | undefined> = {}): GatewayConfig {
  return parseConfig(gatewayEnvSchema, source);
}
