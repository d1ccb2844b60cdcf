import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { parseSearchConfig } from './config.js';

describe('search config', () => {
  it('has a local default for every value', () => {
    expect(parseSearchConfig({})).toEqual({
      nodeEnv: 'development',
      host: '127.0.0.1',
      httpPort: 7104,
      grpcPort: 7204,
      logLevel: 'info',
      accessLog: true,
      shutdownGraceMs: 10_000,
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/search',
      databasePoolSize: 10,
      searchStatementTimeoutMs: 2000,
      amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
      index: { queue: 'search.index', queueExpiresMs: 0, prefetch: 8, processedEventsRetentionHours: 168 },
      internalJwtSecret: 'dev-internal-jwt-secret-change-me-0123456789',
      cursorSecret: 'dev-cursor-secret-change-me-0123456789',
      rebuild: { sources: ['127.0.0.1:7201', '127.0.0.1:7202'], streamTimeoutMs: 30 * 60_000 },
      telemetry: { tracesEndpoint: null, headers: {}, serviceName: null, exportDelayMs: 5000 },
    });
  });

  it('parses the environment', () => {
    const c = parseSearchConfig({
      SEARCH_HTTP_PORT: '0',
      SHUTDOWN_GRACE_MS: '500',
      ACCESS_LOG: 'false',
      INDEX_QUEUE: 'search.index.test-1',
      INDEX_QUEUE_EXPIRES_MS: '60000',
      INDEX_SOURCES: ' studio:7201 , gallery:7202,',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    });
    expect(c).toMatchObject({
      httpPort: 0,
      shutdownGraceMs: 500,
      accessLog: false,
      index: { queue: 'search.index.test-1', queueExpiresMs: 60_000 },
    });
    expect(c.rebuild.sources).toEqual(['studio:7201', 'gallery:7202']);
    expect(c.telemetry.tracesEndpoint).toBe('http://collector:4318/v1/traces');
  });

  it.each([
    ['SEARCH_HTTP_PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://db/search'],
    ['AMQP_URL', 'http://broker'],
    ['SEARCH_STATEMENT_TIMEOUT_MS', '5'],
    ['INDEX_QUEUE', 'has spaces'],
    ['INDEX_SOURCES', 'studio'],
    ['INTERNAL_JWT_SECRET', 'too-short'],
    ['LOG_LEVEL', 'loud'],
  ])('names the bad variable %s', (variable, value) => {
    expect(() => parseSearchConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => parseSearchConfig({ [variable]: value })).toThrow(new RegExp(`^config: ${variable}:`));
  });
});
