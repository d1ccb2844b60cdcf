/**
 * The gallery service's configuration, parsed once from the environment with zod. Every value has a local
 * default; a bad value stops the process with one line naming the variable.
 */
import { z } from 'zod';
import {
  env,
  loadConfig,
  parseConfig,
  publicUrlEnv,
  publicUrlOf,
  refinePublicUrl,
  refineS3Env,
  s3Credentials,
  s3Env,
  serviceEnv,
  serviceSettings,
} from '@studio/config';
import { secretEnv } from '@studio/config/secrets';

/** A duration in whole seconds (a bare number is seconds), from min to max seconds. */
const seconds = (def: string, min: number, max: number) =>
  env
    .duration(def, { bareUnit: 's', minMs: min * 1000, maxMs: max * 1000, examples: '3600, 30m or 1h' })
    .refine((ms) => ms % 1000 === 0, 'expected whole seconds')
    .transform((ms) => ms / 1000);

/** Every variable the service reads; the service's schema and the operator CLI's (which picks from it) derive from it. */
const galleryEnv = z.object({
  /** GALLERY_HOST, GALLERY_HTTP_PORT, GALLERY_GRPC_PORT, GALLERY_ADMIN_PORT, DATABASE_URL, DATABASE_POOL_SIZE, AMQP_URL, ... */
  ...serviceEnv('gallery', { http: 7102, grpc: 7202, admin: 7302 }),
  STUDIO_GRPC_ADDR: env.hostPort('127.0.0.1:7201'),
  UPLOAD_GRPC_ADDR: env.hostPort('127.0.0.1:7203'),
  /** Deadline of a gRPC call to studio or upload, ms. */
  GRPC_TIMEOUT_MS: env.int(10_000, 100),
  /** The gateway's public key: caller identities (x-studio-identity) are verified with it. */
  IDENTITY_PUBLIC_KEY: secretEnv.publicKey(),
  CURSOR_SECRET: secretEnv.text(),
  /** This process's key for its calls to studio and upload (gRPC service tokens). */
  SERVICE_SIGNING_KEY: secretEnv.signingKey(),
  /** Public keys of the processes that call gallery's gRPC services (search). */
  SERVICE_PUBLIC_KEYS: secretEnv.keyring(),

  /** Ed25519 key that signs client-session bearers; the gateway verifies them with its public half. */
  CLIENT_SESSION_SIGNING_KEY: secretEnv.signingKey(),
  /** Lifetime of a client-session bearer (seconds, or 30m, 1h, ...). */
  CLIENT_SESSION_TTL: seconds('3600', 60, 24 * 3600),
  /** AES-256-GCM key of the portal tokens at rest (32 bytes, base64). */
  PORTAL_TOKEN_KEY: secretEnv.key32(),
  /** A portal token minted at first publish works this long (the operator can expire it sooner). */
  PORTAL_TOKEN_TTL: seconds('365d', 60, 10 * 365 * 86_400),
  /** The stack's public base URL: a portal link is `<PUBLIC_URL>/portal/#<portal token>`. */
  ...publicUrlEnv,

  ...s3Env,

  /** Lifetime of a signed photo URL (spec: 1 hour). */
  PHOTO_URL_TTL: seconds('3600', 60, 7 * 24 * 3600),
  /**
   * Signing times are rounded down to this window, so every read inside it hands out the same URLs (browsers
   * and CDNs cache the images; the service signs each key once per window). 0 signs at the exact time.
   */
  PHOTO_URL_WINDOW: seconds('60', 0, 3600),
  /** Most photos one gallery may hold (a shoot with more ready keepers cannot become one gallery). */
  MAX_GALLERY_PHOTOS: env.int(10_000, 1),
  /** Photo entries kept in the in-process read cache (all galleries together). 0 disables it. */
  GALLERY_CACHE_MAX_PHOTOS: env.int(50_000, 0),
});

export const galleryEnvSchema = galleryEnv
  .superRefine((c, ctx) => {
    refineS3Env(c, ctx);
    refinePublicUrl(c, ctx);
    if (c.PHOTO_URL_WINDOW >= c.PHOTO_URL_TTL) {
      ctx.addIssue({ code: 'custom', path: ['PHOTO_URL_WINDOW'], message: 'must be shorter than PHOTO_URL_TTL' });
    }
  })
  .transform((e) => ({
    ...serviceSettings(e, 'gallery'),
    studioGrpcAddr: e.STUDIO_GRPC_ADDR,
    uploadGrpcAddr: e.UPLOAD_GRPC_ADDR,
    grpcTimeoutMs: e.GRPC_TIMEOUT_MS,
    identityPublicKey: e.IDENTITY_PUBLIC_KEY,
    cursorSecret: e.CURSOR_SECRET,
    serviceKey: e.SERVICE_SIGNING_KEY,
    serviceKeyring: e.SERVICE_PUBLIC_KEYS,
    clientSession: { signingKey: e.CLIENT_SESSION_SIGNING_KEY, ttlSeconds: e.CLIENT_SESSION_TTL },
    portal: { key: e.PORTAL_TOKEN_KEY, ttlSeconds: e.PORTAL_TOKEN_TTL, publicUrl: publicUrlOf(e) },
    s3: {
      endpoint: e.S3_PUBLIC_ENDPOINT || e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      /** Static keys, or null: the AWS SDK's default provider chain. */
      credentials: s3Credentials(e),
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
    photoUrls: { ttlSeconds: e.PHOTO_URL_TTL, windowSeconds: e.PHOTO_URL_WINDOW },
    maxGalleryPhotos: e.MAX_GALLERY_PHOTOS,
    cacheMaxPhotos: e.GALLERY_CACHE_MAX_PHOTOS,
  }));

export type GalleryConfig = z.output<typeof galleryEnvSchema>;

/**
 * The operator CLI's configuration (src/cli/admin.ts): only what its commands use, with the service's own definitions.
 * Every command needs the database; `portal-link` also needs PORTAL_TOKEN_KEY (the link's token is kept encrypted)
 * and PUBLIC_URL, so the key is optional here and that command refuses to run without it (OperatorService). The
 * service's other secrets (identity, service and session keys) are not read: no command uses them.
 */
export const galleryOperatorEnvSchema = galleryEnv
  .pick({ NODE_ENV: true, DATABASE_URL: true, DATABASE_POOL_SIZE: true, PORTAL_TOKEN_KEY: true, PUBLIC_URL: true })
  .partial({ PORTAL_TOKEN_KEY: true })
  .superRefine(refinePublicUrl)
  .transform((e) => ({
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    portal: { key: e.PORTAL_TOKEN_KEY ?? null, publicUrl: publicUrlOf(e) },
  }));

export type GalleryOperatorConfig = z.output<typeof galleryOperatorEnvSchema>;

/** The operator CLI's configuration from the process environment; exits with one clear line on a bad value. */
export function loadGalleryOperatorConfig(source: Record<string, string | undefined> = process.env): GalleryOperatorConfig {
  return loadConfig(galleryOperatorEnvSchema, source);
}

/** Parses the process environment; exits with one clear line on a bad value. */
export function loadGalleryConfig(source: Record<string, string | undefined> = process.env): GalleryConfig {
  return loadConfig(galleryEnvSchema, source);
}

/** Parses without exiting (tests): throws ConfigError naming the variable. */
export function parseGalleryConfig(source: Record<string, string | undefined>): GalleryConfig {
  return parseConfig(galleryEnvSchema, source);
}
