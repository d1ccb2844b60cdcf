/**
 * Boots the real studio service in-process for one test file: a fresh clone of the migrated template
 * database, real RabbitMQ, HTTP and gRPC on port 0. Requests go over real HTTP with signed identities.
 */
import { createClient, ServiceTokenSigner, type grpc } from '@studio/grpc';
import { createLogger, type Logger } from '@studio/logger';
import { freshDatabase, testConfig, type FreshDatabase } from '@studio/testkit';
import { makeApi, type Api, type ApiResponse, type RequestOptions } from '@studio/testkit/api';
import { type GrpcCaller, testKeys, testSecretsEnv } from '@studio/testkit/secrets';
import { createStudio, type Studio, type StudioPorts } from '../src/app.js';
import { studioEnvSchema, type StudioConfig } from '../src/config.js';
import type { Mailer } from '../src/services/mail.js';
import { createGiven, type Given } from './given.js';
import { TEMPLATE } from './global-setup.js';

export interface TestStudio {
  studio: Studio;
  config: StudioConfig;
  database: FreshDatabase;
  ports: StudioPorts;
  given: Given;
  api: Api;
  /** A gRPC client of studio calling as `caller` (its service token signed with testKeys()' key of that caller). */
  grpcClient<C extends grpc.Client>(Ctor: new (...args: ConstructorParameters<typeof grpc.Client>) => C, caller: GrpcCaller): C;
  stop(): Promise<void>;
}

/** Studio's secrets (deploy/deployables.ts, deployable 'studio'), listed here to keep the service independent. */
export const STUDIO_SECRETS = ['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'SERVICE_PUBLIC_KEYS'] as const;

/** A signer of `caller`'s service tokens with the test process's key of that caller. */
export function serviceSigner(caller: GrpcCaller): ServiceTokenSigner {
  return new ServiceTokenSigner({ name: caller, signingKey: testKeys().serviceKey(caller) });
}

export { makeApi, type Api, type ApiResponse, type RequestOptions };

export const NOT_FOUND_TEXT = '{"ok":false,"error":"not_found"}';
export const MISSING_ID = '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60';

export interface TestStudioOptions {
  now?: () => Date;
  amqpUrl?: string;
  /** Pause between scheduler rounds (default 100 ms; 0 turns the in-process scheduler off). */
  schedulerIntervalMs?: number;
  /** Reuse this database instead of cloning a fresh one (a second replica on the same data). */
  database?: FreshDatabase;
  /** The service's logger (default: silent). */
  logger?: Logger;
  /** More environment for the config (SMTP_URL, ACCOUNT_SESSION_IDLE_MINUTES, ...). */
  env?: Record<string, string>;
  /** The mailer of the invitation and reset e-mails (default: the config's: none without SMTP_URL). */
  mailer?: Mailer;
}

export async function startTestStudio(opts: TestStudioOptions = {}): Promise<TestStudio> {
  const shared = opts.database !== undefined;
  const database = opts.database ?? (await freshDatabase(TEMPLATE));
  const config = studioEnvSchema.parse({
    ...testSecretsEnv(STUDIO_SECRETS),
    DATABASE_URL: database.url,
    AMQP_URL: opts.amqpUrl ?? testConfig.TEST_AMQP_URL,
    STUDIO_HTTP_PORT: '0',
    STUDIO_GRPC_PORT: '0',
    STUDIO_ADMIN_PORT: '0',
    LOG_LEVEL: 'silent',
    SHUTDOWN_GRACE_MS: '2000',
    SCHEDULER_INTERVAL_MS: String(opts.schedulerIntervalMs ?? 100),
    ...opts.env,
  });
  const studio = createStudio(config, {
    logger: opts.logger ?? createLogger({ service: 'studio-test', level: 'silent' }),
    now: opts.now,
    relayIntervalMs: 100,
    mailer: opts.mailer,
  });
  const ports = await studio.start();
  return {
    studio,
    config,
    database,
    ports,
    given: createGiven(studio.services, testKeys().identitySigningKey),
    api: makeApi(`http://127.0.0.1:${ports.httpPort}/api/v1`),
    grpcClient: (Ctor, caller) =>
      createClient(Ctor, `127.0.0.1:${ports.grpcPort}`, { credentials: { signer: serviceSigner(caller), audience: 'studio' } }),
    async stop() {
      await studio.stop();
      if (!shared) await database.drop();
    },
  };
}
