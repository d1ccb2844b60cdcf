/**
 * The upload service's configuration, parsed once from the environment with zod. Every value has a local
 * default; a bad value stops the process with one line naming the variable.
 */
import { z } from 'zod';
import { env, loadConfig, parseConfig, refineS3Env, s3Credentials, s3Env, serviceEnv, serviceSettings } from '@studio/config';
import { requireSecrets, secretEnv, type ProcessRole } from '@studio/config/secrets';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/**
 * The keys only the API process holds: it verifies caller identities, calls studio and serves gallery over gRPC.
 * The worker serves no caller and calls nobody: it gets none of them (and ignores them when given).
 */
const API_SECRETS = ['IDENTITY_PUBLIC_KEY', 'SERVICE_SIGNING_KEY', 'SERVICE_PUBLIC_KEYS'] as const;

function uploadEnvSchemaFor(role: ProcessRole) {
  return z
    .object({
      /** UPLOAD_HOST, UPLOAD_HTTP_PORT, UPLOAD_GRPC_PORT, UPLOAD_ADMIN_PORT (the API process's), DATABASE_URL, ... */
      ...serviceEnv('upload', { http: 7103, grpc: 7203, admin: 7303 }),
      /** The worker process's admin port (it has no other HTTP listener). */
      UPLOAD_WORKER_ADMIN_PORT: env.port(7313),
      /** Names of this deployment's RabbitMQ work queues: <prefix>.derivatives, <prefix>.ai-jobs, ... */
      UPLOAD_QUEUE_PREFIX: z
        .string()
        .regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, . _ - only')
        .default('upload'),
      /** Delete the work queues after this long without a consumer, ms; 0 = never (production). Local stacks only. */
      UPLOAD_QUEUE_EXPIRES_MS: env.int(0),
      STUDIO_GRPC_ADDR: env.str('127.0.0.1:7201'),
      /** The gateway's public key: caller identities (x-studio-identity) are verified with it (API only). */
      IDENTITY_PUBLIC_KEY: secretEnv.publicKey().optional(),
      /** This process's key for its calls to studio (gRPC service tokens; API only). */
      SERVICE_SIGNING_KEY: secretEnv.signingKey().optional(),
      /** Public keys of the processes that call upload's gRPC services (gallery; API only). */
      SERVICE_PUBLIC_KEYS: secretEnv.keyring().optional(),

      ...s3Env,
      /** Create the bucket at start-up when it is missing (off where the bucket is managed elsewhere). */
      S3_CREATE_BUCKET: env.bool(true),

      /**
       * What a single-shot upload URL writes: `staging` (a key finalize copies from, so an original is written once;
       * decision 0020), or `original` (the original key itself, as releases before 1.1 read it at finalize). Set
       * `original` only while upgrading from 1.0.x, as long as 1.0.x pods still serve, then remove it
       * (deploy/README.md, "Upgrading from 1.0.x"). Finalize accepts both either way.
       */
      UPLOAD_URL_TARGET: z.enum(['staging', 'original']).default('staging'),
      /** Lifetime of a presigned single-shot PUT URL. */
      PRESIGN_PUT_TTL_SECONDS: env.int(3600, 60).pipe(z.number().max(7 * 24 * 3600)),
      /** Lifetime of a presigned UploadPart URL. */
      PRESIGN_PART_TTL_SECONDS: env.int(3600, 60).pipe(z.number().max(7 * 24 * 3600)),
      /** Sessions idle this long expire; the janitor aborts their S3 uploads. */
      SESSION_TTL_DAYS: env.int(7, 1),
      /** How often the janitor looks for expired sessions. */
      JANITOR_INTERVAL_SECONDS: env.int(300, 1),

      /**
       * Largest single-shot upload (one PUT). At most 5 GiB: S3's limit of one PUT, and of the CopyObject that
       * finalize promotes the staged object with (docs/decisions/0020-upload-hardening.md).
       */
      MAX_SINGLE_UPLOAD_BYTES: env.int(100 * MiB, 1).pipe(z.number().max(5 * GiB)),
      /** Largest file of a multipart session. */
      MAX_MULTIPART_FILE_BYTES: env.int(50 * GiB, 1),
      MAX_FILES_PER_SESSION: env.int(1000, 1),

      /**
       * Derivative jobs one worker process runs at once (RabbitMQ prefetch). One more than the imaging threads
       * (2 here) so a job's download, upload and database writes overlap another job's decode.
       */
      WORKER_DERIVATIVE_PREFETCH: env.int(3, 1),
      /**
       * The worker's outbox poll, ms. The worker nudges its relay after each commit that appends an event (a cull
       * job's), so its events leave at once; the poll only catches rows a crash left behind, which the API's relay
       * (polling every 250 ms the same outbox) publishes anyway. Polling every 250 ms here too cost an empty
       * transaction (~1 ms of CPU) four times a second, busy or idle.
       */
      WORKER_OUTBOX_POLL_MS: env.int(5_000, 10),
    })
    .superRefine((e, ctx) => {
      refineS3Env(e, ctx);
      if (role === 'api') requireSecrets(e, ctx, API_SECRETS);
    })
    .transform((e) => ({
      ...serviceSettings(e, 'upload'),
      workerAdminPort: e.UPLOAD_WORKER_ADMIN_PORT,
      studioGrpcAddr: e.STUDIO_GRPC_ADDR,
      queuePrefix: e.UPLOAD_QUEUE_PREFIX,
      queueExpiresMs: e.UPLOAD_QUEUE_EXPIRES_MS,
      /** The API process's keys; null in the worker. */
      keys:
        role === 'api'
          ? { identityPublicKey: e.IDENTITY_PUBLIC_KEY!, serviceKey: e.SERVICE_SIGNING_KEY!, serviceKeyring: e.SERVICE_PUBLIC_KEYS! }
          : null,
      s3: {
        endpoint: e.S3_ENDPOINT,
        publicEndpoint: e.S3_PUBLIC_ENDPOINT || undefined,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        /** Static keys, or null: the AWS SDK's default provider chain (shared by the S3 client and the presigner). */
        credentials: s3Credentials(e),
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        createBucket: e.S3_CREATE_BUCKET,
      },
      uploadUrlTarget: e.UPLOAD_URL_TARGET,
      presignPutTtlSeconds: e.PRESIGN_PUT_TTL_SECONDS,
      presignPartTtlSeconds: e.PRESIGN_PART_TTL_SECONDS,
      sessionTtlDays: e.SESSION_TTL_DAYS,
      janitorIntervalSeconds: e.JANITOR_INTERVAL_SECONDS,
      limits: {
        maxSingleUploadBytes: e.MAX_SINGLE_UPLOAD_BYTES,
        maxMultipartFileBytes: e.MAX_MULTIPART_FILE_BYTES,
        maxFilesPerSession: e.MAX_FILES_PER_SESSION,
      },
      worker: {
        derivativePrefetch: e.WORKER_DERIVATIVE_PREFETCH,
        outboxPollMs: e.WORKER_OUTBOX_POLL_MS,
      },
    }));
}

export const uploadEnvSchema = uploadEnvSchemaFor('api');
export const uploadWorkerEnvSchema = uploadEnvSchemaFor('worker');

export type UploadConfig = z.output<typeof uploadEnvSchema>;

/** Parses the process environment; exits with one clear line on a bad value. */
export function loadUploadConfig(source: Record<string, string | undefined> = process.env): UploadConfig {
  return loadConfig(uploadEnvSchema, source);
}

/** The worker's configuration: the API's without its keys. */
export function loadUploadWorkerConfig(source: Record<string, string | undefined> = process.env): UploadConfig {
  return loadConfig(uploadWorkerEnvSchema, source);
}

/** Parses without exiting (tests): throws ConfigError naming the variable. */
export function parseUploadConfig(source: Record<string, string | undefined>, role: ProcessRole = 'api'): UploadConfig {
  return parseConfig(uploadEnvSchemaFor(role), source);
}

/** The API process's keys (parsed for the `api` role, where they are required). */
export function apiKeysOf(config: UploadConfig): NonNullable<UploadConfig['keys']> {
  if (!config.keys) throw new Error('the upload API needs IDENTITY_PUBLIC_KEY, SERVICE_SIGNING_KEY and SERVICE_PUBLIC_KEYS');
  return config.keys;
}
