/**
 * The studio service's configuration: every value comes from the environment, validated once with zod at
 * start-up (a bad value stops the process with one line naming the variable). Every value but the secrets has a local default.
 */
import { z } from 'zod';
import { env, loadConfig, publicUrlEnv, publicUrlOf, refinePublicUrl, serviceEnv, serviceSettings } from '@studio/config';
import { secretEnv } from '@studio/config/secrets';

export const studioEnvSchema = z
  .object({
    /** STUDIO_HOST, STUDIO_HTTP_PORT, STUDIO_GRPC_PORT, STUDIO_ADMIN_PORT, DATABASE_URL, DATABASE_POOL_SIZE, AMQP_URL, ... */
    ...serviceEnv('studio', { http: 7101, grpc: 7201, admin: 7301 }),
    /** The gateway's public key: caller identities (x-studio-identity) are verified with it. */
    IDENTITY_PUBLIC_KEY: secretEnv.publicKey(),
    CURSOR_SECRET: secretEnv.text(),
    /** Public keys of the processes that call studio's gRPC services (gateway, gallery, upload, search, operator). */
    SERVICE_PUBLIC_KEYS: secretEnv.keyring(),
    // The in-process scheduler (shoot completion at scheduled end, proposal expiry): pause between rounds
    // (0 turns it off in this process) and rows claimed per transaction.
    SCHEDULER_INTERVAL_MS: env.int(5_000),
    SCHEDULER_BATCH_SIZE: env.int(100, 1),
    /** The stack's public base URL: invitation and reset links point at its /console/ (required in production). */
    ...publicUrlEnv,
    /** Where invitation and reset e-mails go out (smtp:// or smtps://, credentials in the URL); unset: no mail is sent. */
    SMTP_URL: z.union([z.literal(''), z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' })]).default(''),
    /** The sender of those e-mails. */
    MAIL_FROM: env.str('Studio <no-reply@studio.localhost>'),
    /** Console sessions end after this long without a request, and this long after sign-in whatever happens. */
    ACCOUNT_SESSION_IDLE_MINUTES: env.int(60, 1),
    ACCOUNT_SESSION_ABSOLUTE_HOURS: env.int(12, 1),
  })
  .superRefine((e, ctx) => {
    refinePublicUrl(e, ctx);
    if (e.ACCOUNT_SESSION_IDLE_MINUTES > e.ACCOUNT_SESSION_ABSOLUTE_HOURS * 60) {
      ctx.addIssue({ code: 'custom', path: ['ACCOUNT_SESSION_IDLE_MINUTES'], message: 'must not exceed ACCOUNT_SESSION_ABSOLUTE_HOURS' });
    }
  })
  .transform((e) => ({
    ...serviceSettings(e, 'studio'),
    identityPublicKey: e.IDENTITY_PUBLIC_KEY,
    cursorSecret: e.CURSOR_SECRET,
    serviceKeyring: e.SERVICE_PUBLIC_KEYS,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
    schedulerBatchSize: e.SCHEDULER_BATCH_SIZE,
    accounts: {
      publicUrl: publicUrlOf(e),
      smtpUrl: e.SMTP_URL || null,
      mailFrom: e.MAIL_FROM,
      sessionIdleMs: e.ACCOUNT_SESSION_IDLE_MINUTES * 60_000,
      sessionAbsoluteMs: e.ACCOUNT_SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
  }));

export type StudioConfig = z.output<typeof studioEnvSchema>;

/** Parses the environment once (exits with a one-line message naming a bad variable). */
export function loadStudioConfig(source: Record<string, string | undefined> = process.env): StudioConfig {
  return loadConfig(studioEnvSchema, source);
}
