import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { parseDuration } from '@studio/config';
import { testSecretsEnv } from '@studio/testkit/secrets';
import { parseWebhooksConfig, workerProcessConfig } from './config.js';

const API_SECRETS = ['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'WEBHOOK_SECRET_KEY'] as const;
const WORKER_SECRETS = ['CURSOR_SECRET', 'WEBHOOK_SECRET_KEY'] as const;
const secrets = testSecretsEnv(API_SECRETS);

describe('webhooks config', () => {
  it('has local defaults for every value but the secrets', () => {
    const c = parseWebhooksConfig(secrets);
    expect(c).toMatchObject({
      nodeEnv: 'development',
      host: '127.0.0.1',
      httpPort: 7105,
      grpcPort: 7205,
      adminPort: 7305,
      logLevel: 'info',
      accessLog: true,
      shutdownGraceMs: 10_000,
      worker: { adminPort: 7315, shutdownGraceMs: 15_000 },
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/webhooks',
      databasePoolSize: 10,
      amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
      fanout: { queue: 'webhooks.fanout', queueExpiresMs: 0, prefetch: 500 },
      identityPublicKey: expect.objectContaining({ type: 'public', asymmetricKeyType: 'ed25519' }),
      cursorSecret: secrets.CURSOR_SECRET,
      allowLoopbackTargets: false,
      dispatch: {
        retryScheduleMs: [30_000, 120_000, 600_000, 1_800_000, 7_200_000],
        deliveryTimeoutMs: 10_000,
        concurrency: 256,
        endpointConcurrency: 64,
        batchSize: 100,
        coalesceMs: 5,
        pollMs: 1000,
        leaseMs: 120_000,
      },
      telemetry: { tracesEndpoint: null, headers: {}, serviceName: null, exportDelayMs: 5000 },
    });
    expect(c.signingSecrets.encryptionKey).toEqual(Buffer.from(secrets.WEBHOOK_SECRET_KEY!, 'base64'));
    expect(c.signingSecrets.rotationOverlapMs).toBe(24 * 3600 * 1000);
  });

  it.each(API_SECRETS)('the API: a missing %s stops the process naming it', (variable) => {
    const env: Record<string, string> = { ...secrets };
    delete env[variable];
    expect(() => parseWebhooksConfig(env)).toThrow(ConfigError);
    expect(() => parseWebhooksConfig(env)).toThrow(new RegExp(`^config: ${variable}: is required and has no default`));
  });

  it.each(WORKER_SECRETS)('the dispatcher: a missing %s stops the process naming it', (variable) => {
    const env = testSecretsEnv(WORKER_SECRETS);
    delete env[variable];
    expect(() => parseWebhooksConfig(env, 'worker')).toThrow(new RegExp(`^config: ${variable}: is required and has no default`));
  });

  it('the dispatcher starts without the identity key (it serves no caller)', () => {
    expect(parseWebhooksConfig(testSecretsEnv(WORKER_SECRETS), 'worker').identityPublicKey).toBeNull();
  });

  it('reads each process its own shutdown grace', () => {
    const c = parseWebhooksConfig({ ...secrets, SHUTDOWN_GRACE_MS: '2000', WEBHOOKS_WORKER_SHUTDOWN_GRACE_MS: '3000' });
    expect(c.shutdownGraceMs).toBe(2000);
    expect(c.worker.shutdownGraceMs).toBe(3000);
    // The dispatcher process runs with its own grace as the process's (runProcess's hard deadline follows it).
    const worker = workerProcessConfig(c);
    expect(worker.shutdownGraceMs).toBe(3000);
    expect(worker.worker).toEqual(c.worker);
    expect(c.shutdownGraceMs).toBe(2000);
  });

  it('parses durations and a shrunk retry schedule', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('2m')).toBe(120_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('250')).toBe(250);
    expect(parseDuration('2 h')).toBeNull();
    expect(parseDuration('-1s')).toBeNull();
    expect(parseWebhooksConfig({ ...secrets, RETRY_SCHEDULE: '50ms, 100ms ,1s' }).dispatch.retryScheduleMs).toEqual([50, 100, 1000]);
    expect(parseWebhooksConfig({ ...secrets, WEBHOOK_SECRET_OVERLAP: '2s' }).signingSecrets.rotationOverlapMs).toBe(2000);
  });

  it.each([
    ['RETRY_SCHEDULE', 'soon'],
    ['RETRY_SCHEDULE', ''],
    ['RETRY_SCHEDULE', '0s'],
    ['WEBHOOK_SECRET_KEY', 'c2hvcnQ='],
    ['WEBHOOK_SECRET_KEY', 'not base64!'],
    ['CURSOR_SECRET', 'short'],
    ['IDENTITY_PUBLIC_KEY', 'bm90IGEga2V5'],
    ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'maybe'],
    ['DELIVERY_TIMEOUT_MS', 'ten'],
    ['WEBHOOK_SECRET_OVERLAP', 'forever'],
    ['WEBHOOKS_WORKER_SHUTDOWN_GRACE_MS', 'soon'],
  ])('names the variable of a bad value: %s=%s', (name, value) => {
    expect(() => parseWebhooksConfig({ ...secrets, [name]: value })).toThrow(ConfigError);
    try {
      parseWebhooksConfig({ ...secrets, [name]: value });
    } catch (err) {
      expect((err as ConfigError).variable).toBe(name);
    }
  });

  it('refuses a lease shorter than the timeout', () => {
    expect(() => parseWebhooksConfig({ ...secrets, DELIVERY_TIMEOUT_MS: '10000', DISPATCH_LEASE_MS: '5000' })).toThrow(/DISPATCH_LEASE_MS/);
  });
});
