/**
 * The console's configuration (the account console's pages, docs/decisions/0016-account-console.md), parsed once from
 * the environment with zod. Every value but the signing key has a local default; a bad value stops the process with
 * one line naming the variable. The console has no database, no broker and no gRPC server of its own: its listeners
 * are the HTTP port (behind the gateway's /console) and the admin port, so it declares them itself rather than
 * through serviceEnv (whose DATABASE_URL, AMQP_URL and gRPC port it would never read).
 */
import { z } from 'zod';
import {
  env,
  httpServerEnv,
  loadConfig,
  parseConfig,
  processEnv,
  processSettings,
  publicUrlEnv,
  publicUrlOf,
  refinePublicUrl,
} from '@studio/config';
import { secretEnv } from '@studio/config/secrets';

export const consoleEnvSchema = z
  .object({
    ...processEnv,
    /** HTTP_MAX_IN_FLIGHT: the requests the pages hold at once (docs/decisions/0019-load-shedding.md). */
    ...httpServerEnv,
    CONSOLE_HOST: env.str('127.0.0.1'),
    /** The pages (the gateway proxies /console and /console/* here). */
    CONSOLE_HTTP_PORT: env.port(7106),
    /** /healthz, /readyz and /metrics: on this port only, never on the pages' port. */
    CONSOLE_ADMIN_PORT: env.port(7306),

    /** The stack's public base URL (the gateway's): the origin every POST must come from; https makes the cookies Secure. */
    ...publicUrlEnv,
    /** Studio's gRPC server (studio.v1.StudioAccounts). */
    STUDIO_GRPC_ADDR: env.hostPort('127.0.0.1:7201'),
    /** Deadline of a gRPC call to studio, ms (a sign-in runs one Argon2id verification there). */
    GRPC_TIMEOUT_MS: env.int(5000, 100),
    /** This process's key for its calls to studio (gRPC service tokens, caller `console`). */
    SERVICE_SIGNING_KEY: secretEnv.signingKey(),
    /**
     * The client portal (/portal/): the origins its signed photo URLs point at (the object store's public endpoint,
     * e.g. `http://127.0.0.1:9000`), comma-separated, each scheme://host[:port] with no path. They join the portal's
     * `img-src` and get a preconnect hint. Empty (the default): images from the console's own origin only.
     */
    PORTAL_IMAGE_ORIGINS: env.origins(),
  })
  .superRefine(refinePublicUrl)
  .transform((e) => ({
    ...processSettings(e),
    host: e.CONSOLE_HOST,
    httpPort: e.CONSOLE_HTTP_PORT,
    adminPort: e.CONSOLE_ADMIN_PORT,
    maxInFlight: e.HTTP_MAX_IN_FLIGHT,
    /** The public origin (scheme://host[:port]) the pages are served from. */
    publicOrigin: new URL(publicUrlOf(e)).origin,
    /** Cookies get `Secure` when the public URL is https. */
    secureCookies: publicUrlOf(e).startsWith('https:'),
    studioGrpcAddr: e.STUDIO_GRPC_ADDR,
    grpcTimeoutMs: e.GRPC_TIMEOUT_MS,
    serviceKey: e.SERVICE_SIGNING_KEY,
    /** Origins the portal's photos are loaded from (besides its own). */
    portalImageOrigins: e.PORTAL_IMAGE_ORIGINS,
  }));

export type ConsoleConfig = z.output<typeof consoleEnvSchema>;

/** Parses the process environment once; prints one line naming a bad variable and exits. */
export function loadConsoleConfig(source: Record<string, string | undefined> = process.env): ConsoleConfig {
  return loadConfig(consoleEnvSchema, source);
}

/** Parses without exiting (tests pass overrides); throws ConfigError naming the variable. */
export function parseConsoleConfig(source: Record<string, string | undefined> = {}): ConsoleConfig {
  return parseConfig(consoleEnvSchema, source);
}
