import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@studio/config';
import { studioEnvSchema } from './config.js';

describe('studio config', () => {
  it('has a local default for every value', () => {
    expect(parseConfig(studioEnvSchema, {})).toEqual({
      httpPort: 7101,
      grpcPort: 7201,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/studio',
      amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
      internalJwtSecret: 'dev-internal-jwt-secret-change-me-0123456789',
      cursorSecret: 'dev-cursor-secret-change-me-0123456789',
      logLevel: 'info',
      accessLog: true,
      shutdownGraceMs: 10_000,
      schedulerIntervalMs: 5_000,
      schedulerBatchSize: 100,
      telemetry: { tracesEndpoint: null, headers: {}, serviceName: null, exportDelayMs: 5000 },
    });
  });

  it('parses the environment', () => {
    const c = parseConfig(studioEnvSchema, {
      STUDIO_HTTP_PORT: '0',
      STUDIO_GRPC_PORT: '9000',
      LOG_LEVEL: 'silent',
      SHUTDOWN_GRACE_MS: '500',
      SCHEDULER_INTERVAL_MS: '50',
      SCHEDULER_BATCH_SIZE: '7',
    });
    expect(c).toMatchObject({
      httpPort: 0,
      grpcPort: 9000,
      logLevel: 'silent',
      shutdownGraceMs: 500,
      schedulerIntervalMs: 50,
      schedulerBatchSize: 7,
    });
    expect(parseConfig(studioEnvSchema, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).telemetry.tracesEndpoint).toBe(
      'http://collector:4318/v1/traces',
    );
  });

  it.each([
    ['STUDIO_HTTP_PORT', 'eighty'],
    ['STUDIO_GRPC_PORT', '70000'],
    ['DATABASE_URL', 'not a url'],
    ['INTERNAL_JWT_SECRET', 'too-short'],
    ['CURSOR_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['SCHEDULER_INTERVAL_MS', 'soon'],
    ['SCHEDULER_BATCH_SIZE', '0'],
  ])('names the bad variable %s', (variable, value) => {
    expect(() => parseConfig(studioEnvSchema, { [variable]: value })).toThrow(ConfigError);
    expect(() => parseConfig(studioEnvSchema, { [variable]: value })).toThrow(new RegExp(`^config: ${variable}:`));
  });
});
