import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { parseDuration } from '@studio/config';
import { parseWebhooksConfig, workerProcessConfig } from './config.js';

describe('webhooks config', () => {
  it('has local defaults for every value', () => {
    const c = parseWebhooksConfig({});
    expect(c).toMatchObject({
      nodeEnv: 'development',
      host: '127.0.0.1',
      httpPort: 7105,
      grpcPort: 7205,
      logLevel: 'info',
      accessLog: true,
      shutdownGraceMs: 10_000,
      worker: { httpPort: 7115, shutdownGraceMs: 15_000 },
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/webhooks',
      databasePoolSize: 10,
      amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
      fanout: { queue: 'webhooks.fanout', queueExpiresMs: 0, prefetch: 500 },
      internalJwtSecret: 'dev-internal-jwt-secret-change-me-0123456789',
      cursorSecret: 'dev-cursor-secret-change-me-0123456789',
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
    expect(c.signingSecrets.encryptionKey.length).toBe(32);
    expect(c.signingSecrets.rotationOverlapMs).toBe(24 * 3600 * 1000);
  });

  it('reads each process its own shutdown grace', () => {
    const c = parseWebhooksConfig({ SHUTDOWN_GRACE_MS: '2000', WEBHOOKS_WORKER_SHUTDOWN_GRACE_MS: '3000' });
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
    expect(parseWebhooksConfig({ RETRY_SCHEDULE: '50ms, 100ms ,1s' }).dispatch.retryScheduleMs).toEqual([50, 100, 1000]);
    expect(parseWebhooksConfig({ WEBHOOK_SECRET_OVERLAP: '2s' }).signingSecrets.rotationOverlapMs).toBe(2000);
  });

  it.each([
    ['RETRY_SCHEDULE', 'soon'],
    ['RETRY_SCHEDULE', ''],
    ['RETRY_SCHEDULE', '0s'],
    ['WEBHOOK_SECRET_KEY', 'c2hvcnQ='],
    ['WEBHOOK_SECRET_KEY', 'not base64!'],
    ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'maybe'],
    ['DELIVERY_TIMEOUT_MS', 'ten'],
    ['WEBHOOK_SECRET_OVERLAP', 'forever'],
    ['WEBHOOKS_WORKER_SHUTDOWN_GRACE_MS', 'soon'],
  ])('names the variable of a bad value: %s=%s', (name, value) => {
    expect(() => parseWebhooksConfig({ [name]: value })).toThrow(ConfigError);
    try {
      parseWebhooksConfig({ [name]: value });
    } catch (err) {
      expect((err as ConfigError).variable).toBe(name);
    }
  });

  it('refuses the development key in production and a lease shorter than the timeout', () => {
    expect(() => parseWebhooksConfig({ NODE_ENV: 'production' })).toThrow(/WEBHOOK_SECRET_KEY/);
    expect(() => parseWebhooksConfig({ DELIVERY_TIMEOUT_MS: '10000', DISPATCH_LEASE_MS: '5000' })).toThrow(/DISPATCH_LEASE_MS/);
  });
});
