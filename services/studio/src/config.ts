/**
 * The studio service's configuration: every value comes from the environment, validated once with zod at
 * start-up (a bad value stops the process with one line naming the variable). Every value but the secrets has a local default.
 */
import { z } from 'zod';
import { env, loadConfig, processEnv, processSettings, serviceEnv, serviceSettings } from '@studio/config';
import { secretEnv } from '@studio/config/secrets';

export const studioEnvSchema = z
  .object({
    ...processEnv,
    ...serviceEnv('studio'),
    STUDIO_HTTP_PORT: env.port(7101),
    STUDIO_GRPC_PORT: env.port(7201),
    /** /healthz, /readyz and /metrics: on this port only, never on the API port. */
    STUDIO_ADMIN_PORT: env.port(7301),
    STUDIO_HOST: env.str('127.0.0.1'),
    /** The gateway's public key: caller identities (x-studio-identity) are verified with it. */
    IDENTITY_PUBLIC_KEY: secretEnv.publicKey(),
    CURSOR_SECRET: secretEnv.text(),
    /** Public keys of the processes that call studio's gRPC services (gateway, gallery, upload, search, operator). */
    SERVICE_PUBLIC_KEYS: secretEnv.keyring(),
    // The in-process scheduler (shoot completion at scheduled end, proposal expiry): pause between rounds
    // (0 turns it off in this process) and rows claimed per transaction.
    SCHEDULER_INTERVAL_MS: env.int(5_000),
    SCHEDULER_BATCH_SIZE: env.int(100, 1),
  })
  .transform((e) => ({
    ...processSettings(e),
    ...serviceSettings(e),
    httpPort: e.STUDIO_HTTP_PORT,
    grpcPort: e.STUDIO_GRPC_PORT,
    adminPort: e.STUDIO_ADMIN_PORT,
    host: e.STUDIO_HOST,
    identityPublicKey: e.IDENTITY_PUBLIC_KEY,
    cursorSecret: e.CURSOR_SECRET,
    serviceKeyring: e.SERVICE_PUBLIC_KEYS,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
    schedulerBatchSize: e.SCHEDULER_BATCH_SIZE,
  }));

export type StudioConfig = z.output<typeof studioEnvSchema>;

/** Parses the environment once (exits with a one-line message naming a bad variable). */
export function loadStudioConfig(source: Record<string, string | undefined> = process.env): StudioConfig {
  return loadConfig(studioEnvSchema, source);
}
