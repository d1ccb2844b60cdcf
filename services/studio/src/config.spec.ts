import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@studio/config';
import { testSecretsEnv } from '@studio/testkit/secrets';
import { studioEnvSchema } from './config.js';

const SECRETS = ['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'SERVICE_PUBLIC_KEYS'] as const;
const secrets = testSecretsEnv(SECRETS);

describe('studio config', () => {
  it('has a local default for every value but the secrets', () => {
    const c = parseConfig(studioEnvSchema, secrets);
    expect(c).toEqual({
      httpPort: 7101,
      grpcPort: 7201,
      adminPort: 7301,
      maxInFlight: 128,
      host: '127.0.0.1',
      nodeEnv: 'development',
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/studio',
      databasePoolSize: 10,
      amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
      identityPublicKey: expect.objectContaining({ type: 'public', asymmetricKeyType: 'ed25519' }),
      cursorSecret: secrets.CURSOR_SECRET,
      serviceKeyring: expect.any(Map),
      logLevel: 'info',
      accessLog: true,
      shutdownGraceMs: 10_000,
      schedulerIntervalMs: 5_000,
      schedulerBatchSize: 100,
      telemetry: { tracesEndpoint: null, headers: {}, serviceName: null, exportDelayMs: 5000 },
      accounts: {
        publicUrl: 'http://127.0.0.1:8080',
        smtpUrl: null,
        mailFrom: 'Studio <no-reply@studio.localhost>',
        sessionIdleMs: 60 * 60_000,
        sessionAbsoluteMs: 12 * 3_600_000,
      },
    });
    expect([...c.serviceKeyring.keys()].sort()).toEqual(['console', 'gallery', 'gateway', 'operator', 'search', 'upload']);
  });

  it.each(SECRETS)('a missing %s stops the process naming it: no secret has a default', (variable) => {
    const env: Record<string, string> = { ...secrets };
    delete env[variable];
    expect(() => parseConfig(studioEnvSchema, env)).toThrow(ConfigError);
    expect(() => parseConfig(studioEnvSchema, env)).toThrow(new RegExp(`^config: ${variable}: is required and has no default`));
  });

  it('parses the environment', () => {
    const c = parseConfig(studioEnvSchema, {
      ...secrets,
      STUDIO_HTTP_PORT: '0',
      STUDIO_GRPC_PORT: '9000',
      STUDIO_ADMIN_PORT: '9001',
      LOG_LEVEL: 'silent',
      SHUTDOWN_GRACE_MS: '500',
      SCHEDULER_INTERVAL_MS: '50',
      SCHEDULER_BATCH_SIZE: '7',
    });
    expect(c).toMatchObject({
      httpPort: 0,
      grpcPort: 9000,
      adminPort: 9001,
      logLevel: 'silent',
      shutdownGraceMs: 500,
      schedulerIntervalMs: 50,
      schedulerBatchSize: 7,
    });
    expect(
      parseConfig(studioEnvSchema, { ...secrets, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).telemetry.tracesEndpoint,
    ).toBe('http://collector:4318/v1/traces');
  });

  it.each([
    ['STUDIO_HTTP_PORT', 'eighty'],
    ['STUDIO_GRPC_PORT', '70000'],
    ['DATABASE_URL', 'not a url'],
    ['IDENTITY_PUBLIC_KEY', 'bm90IGEga2V5'],
    ['CURSOR_SECRET', 'short'],
    ['CURSOR_SECRET', 'dev-cursor-secret-change-me-0123456789'],
    ['SERVICE_PUBLIC_KEYS', 'gateway=bm90IGEga2V5'],
    ['LOG_LEVEL', 'loud'],
    ['SCHEDULER_INTERVAL_MS', 'soon'],
    ['SCHEDULER_BATCH_SIZE', '0'],
    ['PUBLIC_URL', 'ftp://studio.example.com'],
    ['PUBLIC_URL', 'https://studio.example.com/?x=1'],
    ['SMTP_URL', 'http://127.0.0.1:2525'],
    ['ACCOUNT_SESSION_IDLE_MINUTES', '0'],
    ['ACCOUNT_SESSION_ABSOLUTE_HOURS', 'soon'],
    ['ACCOUNT_SESSION_IDLE_MINUTES', '800'],
  ])('names the bad variable %s', (variable, value) => {
    expect(() => parseConfig(studioEnvSchema, { ...secrets, [variable]: value })).toThrow(ConfigError);
    expect(() => parseConfig(studioEnvSchema, { ...secrets, [variable]: value })).toThrow(new RegExp(`^config: ${variable}:`));
  });

  it('reads the account settings: public URL (trailing slash dropped), SMTP server and session lifetimes', () => {
    const c = parseConfig(studioEnvSchema, {
      ...secrets,
      PUBLIC_URL: 'https://studio.example.com/',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Studio <studio@example.com>',
      ACCOUNT_SESSION_IDLE_MINUTES: '15',
      ACCOUNT_SESSION_ABSOLUTE_HOURS: '8',
    });
    expect(c.accounts).toEqual({
      publicUrl: 'https://studio.example.com',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Studio <studio@example.com>',
      sessionIdleMs: 15 * 60_000,
      sessionAbsoluteMs: 8 * 3_600_000,
    });
  });

  it('requires PUBLIC_URL in production (no default there), and takes the development default elsewhere', () => {
    expect(() => parseConfig(studioEnvSchema, { ...secrets, NODE_ENV: 'production' })).toThrow(
      /^config: PUBLIC_URL: is required in production/,
    );
    expect(
      parseConfig(studioEnvSchema, { ...secrets, NODE_ENV: 'production', PUBLIC_URL: 'https://studio.example.com' }).accounts.publicUrl,
    ).toBe('https://studio.example.com');
    expect(parseConfig(studioEnvSchema, { ...secrets, NODE_ENV: 'test' }).accounts.publicUrl).toBe('http://127.0.0.1:8080');
  });
});
