/**
 * The webhook-dispatch service's configuration, parsed once with zod. Every value has a local default;
 * a bad value stops the process with one line naming the variable.
 */
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { env, loadConfig, parseConfig, parseDuration, serviceEnv, serviceSettings } from '@studio/config';
import { requireSecrets, secretEnv, type ProcessRole } from '@studio/config/secrets';

/** The default waits between attempts (spec section 6): 30 s, 2 min, 10 min, 30 min, 2 h. */
export const DEFAULT_RETRY_SCHEDULE = '30s,2m,10m,30m,2h';

const retrySchedule = env.list(
  DEFAULT_RETRY_SCHEDULE,
  (part) => {
    const wait = parseDuration(part);
    return wait !== null && wait > 0 ? wait : null;
  },
  'expected a comma-separated list of 1 to 20 positive durations such as 30s,2m,10m,30m,2h',
  { min: 1, max: 20 },
);

/** Only the API process verifies caller identities; the dispatcher serves no caller and gets no identity key. */
const API_SECRETS = ['IDENTITY_PUBLIC_KEY'] as const;

function webhooksEnvSchemaFor(role: ProcessRole) {
  return z
    .object({
      /** WEBHOOKS_BIND_HOST, WEBHOOKS_HTTP_PORT, WEBHOOKS_GRPC_PORT, WEBHOOKS_ADMIN_PORT (the API process's), DATABASE_URL, ... */
      ...serviceEnv('webhooks', { http: 7105, grpc: 7205, admin: 7305 }, 'WEBHOOKS_BIND_HOST'),
      /** The dispatcher process's admin port (it has no other HTTP listener). */
      WEBHOOKS_WORKER_ADMIN_PORT: env.port(7315),
      /** How long the dispatcher process lets the deliveries in flight finish after SIGTERM (their outcomes are written). */
      WEBHOOKS_WORKER_SHUTDOWN_GRACE_MS: env.int(15_000),
      /** Queue of the fan-out consumer (tests and benchmarks use their own name). */
      WEBHOOKS_FANOUT_QUEUE: z
        .string()
        .regex(/^[A-Za-z0-9._:-]{1,200}$/, 'expected a queue name')
        .default('webhooks.fanout'),
      /** When > 0, the fan-out queues are deleted after this long unused (x-expires): for per-stack dev/test queues. */
      WEBHOOKS_FANOUT_QUEUE_EXPIRES_MS: env.int(0, 0),
      FANOUT_PREFETCH: env.int(500, 1),
      /** The gateway's public key: caller identities (x-studio-identity) are verified with it (API only). */
      IDENTITY_PUBLIC_KEY: secretEnv.publicKey().optional(),
      CURSOR_SECRET: secretEnv.text(),
      /** AES-256-GCM key of the endpoints' signing secrets at rest (32 bytes, base64): both processes. */
      WEBHOOK_SECRET_KEY: secretEnv.key32(),
      /** How long deliveries keep a v0 signature with the previous secret after a rotation. */
      WEBHOOK_SECRET_OVERLAP: env.duration('24h'),
      RETRY_SCHEDULE: retrySchedule,
      DELIVERY_TIMEOUT_MS: env.int(10_000, 1),
      /** Allows loopback targets (127.0.0.0/8, ::1, localhost) for local receivers; no other private range, ever. Dev/test only. */
      WEBHOOK_ALLOW_PRIVATE_TARGETS: env.bool(false),
      /** Maximum concurrent outbound requests of one dispatcher process. */
      DISPATCH_CONCURRENCY: env.int(256, 1),
      /** Maximum concurrent requests to one endpoint from one dispatcher process. */
      DISPATCH_ENDPOINT_CONCURRENCY: env.int(64, 1),
      DISPATCH_BATCH_SIZE: env.int(100, 1),
      /** Pause after a wake-up before claiming, so one claim takes what arrived meanwhile. */
      DISPATCH_COALESCE_MS: env.int(5, 0),
      /** Longest sleep between claims when idle; NOTIFY and the next due time usually wake it sooner. */
      DISPATCH_POLL_MS: env.int(1000, 10),
      /** A claimed delivery returns to the pool after this long if its dispatcher died. */
      DISPATCH_LEASE_MS: env.int(120_000, 100),
    })
    .superRefine((c, ctx) => {
      if (c.DISPATCH_LEASE_MS < c.DELIVERY_TIMEOUT_MS + 1000) {
        ctx.addIssue({ code: 'custom', path: ['DISPATCH_LEASE_MS'], message: 'must exceed DELIVERY_TIMEOUT_MS by at least 1000 ms' });
      }
      if (role === 'api') requireSecrets(c, ctx, API_SECRETS);
    })
    .transform((e) => ({
      ...serviceSettings(e, 'webhooks', 'WEBHOOKS_BIND_HOST'),
      /** The dispatcher process (worker.ts): its admin port and its own shutdown grace. */
      worker: { adminPort: e.WEBHOOKS_WORKER_ADMIN_PORT, shutdownGraceMs: e.WEBHOOKS_WORKER_SHUTDOWN_GRACE_MS },
      /** The fan-out consumer (events -> deliveries). */
      fanout: { queue: e.WEBHOOKS_FANOUT_QUEUE, queueExpiresMs: e.WEBHOOKS_FANOUT_QUEUE_EXPIRES_MS, prefetch: e.FANOUT_PREFETCH },
      /** The gateway's public key (API process); null in the dispatcher. */
      identityPublicKey: role === 'api' ? e.IDENTITY_PUBLIC_KEY! : null,
      cursorSecret: e.CURSOR_SECRET,
      /** Endpoint signing secrets: the key that encrypts them at rest, and how long a rotated-out secret still signs. */
      signingSecrets: { encryptionKey: e.WEBHOOK_SECRET_KEY, rotationOverlapMs: e.WEBHOOK_SECRET_OVERLAP },
      /** WEBHOOK_ALLOW_PRIVATE_TARGETS: despite the name, it allows loopback targets only. */
      allowLoopbackTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      /** The dispatcher: waits between attempts, the request deadline, limits and the claim loop's timing. */
      dispatch: {
        retryScheduleMs: e.RETRY_SCHEDULE,
        deliveryTimeoutMs: e.DELIVERY_TIMEOUT_MS,
        concurrency: e.DISPATCH_CONCURRENCY,
        endpointConcurrency: e.DISPATCH_ENDPOINT_CONCURRENCY,
        batchSize: e.DISPATCH_BATCH_SIZE,
        coalesceMs: e.DISPATCH_COALESCE_MS,
        pollMs: e.DISPATCH_POLL_MS,
        leaseMs: e.DISPATCH_LEASE_MS,
      },
    }));
}

export const webhooksEnvSchema = webhooksEnvSchemaFor('api');
export const webhooksWorkerEnvSchema = webhooksEnvSchemaFor('worker');

export type WebhooksConfig = z.output<typeof webhooksEnvSchema>;

/** For process entry points: parses the environment once; prints one line naming a bad variable and exits. */
export function loadWebhooksConfig(source: Record<string, string | undefined> = process.env): WebhooksConfig {
  return loadConfig(webhooksEnvSchema, source);
}

/**
 * The dispatcher process's view of the configuration: its own shutdown grace (WEBHOOKS_WORKER_SHUTDOWN_GRACE_MS) is
 * the process's `shutdownGraceMs`, so runProcess's hard deadline (grace plus a margin) follows it.
 */
export function workerProcessConfig(config: WebhooksConfig): WebhooksConfig {
  return { ...config, shutdownGraceMs: config.worker.shutdownGraceMs };
}

/** For the dispatcher's entry point (worker.ts): loadWebhooksConfig, as the dispatcher process sees it. */
export function loadWebhooksWorkerConfig(source: Record<string, string | undefined> = process.env): WebhooksConfig {
  return workerProcessConfig(loadConfig(webhooksWorkerEnvSchema, source));
}

/** Parses without exiting (tests pass overrides); throws ConfigError naming the first bad variable. */
export function parseWebhooksConfig(source: Record<string, string | undefined>, role: ProcessRole = 'api'): WebhooksConfig {
  return parseConfig(webhooksEnvSchemaFor(role), source);
}

/** The gateway's public key (parsed for the `api` role, where it is required). */
export function identityKeyOf(config: WebhooksConfig): KeyObject {
  if (!config.identityPublicKey) throw new Error('the webhooks API needs IDENTITY_PUBLIC_KEY');
  return config.identityPublicKey;
}
