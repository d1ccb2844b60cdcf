/**
 * The studio service's configuration: every value comes from the environment, validated once with zod at
 * start-up (a bad value stops the process with one line naming the variable). Every value but the secrets has a local default.
 */
import { z } from 'zod';
import { env, loadConfig, publicUrlEnv, publicUrlOf, refinePublicUrl, serviceEnv, serviceSettings } from '@studio/config';
import { secretEnv } from '@studio/config/secrets';

/** Every variable studio reads; the service's schema and the operator CLI's (which picks from it) derive from it. */
const studioEnv = z.object({
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
});

type AccountVariables = Pick<
  z.output<typeof studioEnv>,
  'NODE_ENV' | 'PUBLIC_URL' | 'SMTP_URL' | 'MAIL_FROM' | 'ACCOUNT_SESSION_IDLE_MINUTES' | 'ACCOUNT_SESSION_ABSOLUTE_HOURS'
>;

function refineAccounts(e: AccountVariables, ctx: z.RefinementCtx): void {
  refinePublicUrl(e, ctx);
  if (e.ACCOUNT_SESSION_IDLE_MINUTES > e.ACCOUNT_SESSION_ABSOLUTE_HOURS * 60) {
    ctx.addIssue({ code: 'custom', path: ['ACCOUNT_SESSION_IDLE_MINUTES'], message: 'must not exceed ACCOUNT_SESSION_ABSOLUTE_HOURS' });
  }
}

/** The account settings (console links, mail, session lifetimes) the service and the CLI both use. */
const accountSettings = (e: AccountVariables) => ({
  publicUrl: publicUrlOf(e),
  smtpUrl: e.SMTP_URL || null,
  mailFrom: e.MAIL_FROM,
  sessionIdleMs: e.ACCOUNT_SESSION_IDLE_MINUTES * 60_000,
  sessionAbsoluteMs: e.ACCOUNT_SESSION_ABSOLUTE_HOURS * 3_600_000,
});

export const studioEnvSchema = studioEnv.superRefine(refineAccounts).transform((e) => ({
  ...serviceSettings(e, 'studio'),
  identityPublicKey: e.IDENTITY_PUBLIC_KEY,
  cursorSecret: e.CURSOR_SECRET,
  serviceKeyring: e.SERVICE_PUBLIC_KEYS,
  schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
  schedulerBatchSize: e.SCHEDULER_BATCH_SIZE,
  accounts: accountSettings(e),
}));

export type StudioConfig = z.output<typeof studioEnvSchema>;

/**
 * The operator CLI's configuration (src/cli/admin.ts): the database and the account settings its commands use
 * (invitation links and mail), with the service's own definitions. The identity and service keys and the cursor
 * secret are not read: no command verifies a caller, serves gRPC or prints a cursor.
 */
export const studioOperatorEnvSchema = studioEnv
  .pick({
    NODE_ENV: true,
    DATABASE_URL: true,
    DATABASE_POOL_SIZE: true,
    PUBLIC_URL: true,
    SMTP_URL: true,
    MAIL_FROM: true,
    ACCOUNT_SESSION_IDLE_MINUTES: true,
    ACCOUNT_SESSION_ABSOLUTE_HOURS: true,
  })
  .superRefine(refineAccounts)
  .transform((e) => ({ databaseUrl: e.DATABASE_URL, databasePoolSize: e.DATABASE_POOL_SIZE, accounts: accountSettings(e) }));

export type StudioOperatorConfig = z.output<typeof studioOperatorEnvSchema>;

/** The operator CLI's configuration from the environment (exits with a one-line message naming a bad variable). */
export function loadStudioOperatorConfig(source: Record<string, string | undefined> = process.env): StudioOperatorConfig {
  return loadConfig(studioOperatorEnvSchema, source);
}

/** Parses the environment once (exits with a one-line message naming a bad variable). */
export function loadStudioConfig(source: Record<string, string | undefined> = process.env): StudioConfig {
  return loadConfig(studioEnvSchema, source);
}
