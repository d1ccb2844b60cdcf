import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { testSecretsEnv } from '@studio/testkit/secrets';
import { parseSearchConfig } from './config.js';

const SECRETS = ['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'SERVICE_SIGNING_KEY'] as const;
const secrets = testSecretsEnv(SECRETS, 'search');

describe('search config', () => {
  it('has a local default for every value but the secrets', () => {
    expect(parseSearchConfig(secrets)).toEqual({
      nodeEnv: 'development',
      host: '127.0.0.1',
      httpPort: 7104,
      grpcPort: 7204,
      adminPort: 7304,
      maxInFlight: 128,
      logLevel: 'info',
      accessLog: true,
      shutdownGraceMs: 10_000,
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/search',
      databasePoolSize: 10,
      searchStatementTimeoutMs: 2000,
      amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
      index: { queue: 'search.index', queueExpiresMs: 0, prefetch: 8, processedEventsRetentionHours: 168 },
      identityPublicKey: expect.objectContaining({ type: 'public', asymmetricKeyType: 'ed25519' }),
      cursorSecret: secrets.CURSOR_SECRET,
      serviceKey: expect.objectContaining({ type: 'private', asymmetricKeyType: 'ed25519' }),
      rebuild: {
        sources: [
          { service: 'studio', address: '127.0.0.1:7201' },
          { service: 'gallery', address: '127.0.0.1:7202' },
        ],
        streamTimeoutMs: 30 * 60_000,
      },
      telemetry: { tracesEndpoint: null, headers: {}, serviceName: null, exportDelayMs: 5000 },
    });
  });

  it.each(SECRETS)('a missing %s stops the process naming it: no secret has a default', (variable) => {
    const env: Record<string, string> = { ...secrets };
    delete env[variable];
    expect(() => parseSearchConfig(env)).toThrow(ConfigError);
    expect(() => parseSearchConfig(env)).toThrow(new RegExp(`^config: ${variable}: is required and has no default`));
  });

  it('parses the environment', () => {
    const c = parseSearchConfig({
      ...secrets,
      SEARCH_HTTP_PORT: '0',
      SHUTDOWN_GRACE_MS: '500',
      ACCESS_LOG: 'false',
      INDEX_QUEUE: 'search.index.test-1',
      INDEX_QUEUE_EXPIRES_MS: '60000',
      INDEX_SOURCES: ' studio=studio:7201 , gallery=gallery:7202,',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    });
    expect(c).toMatchObject({
      httpPort: 0,
      shutdownGraceMs: 500,
      accessLog: false,
      index: { queue: 'search.index.test-1', queueExpiresMs: 60_000 },
    });
    expect(c.rebuild.sources).toEqual([
      { service: 'studio', address: 'studio:7201' },
      { service: 'gallery', address: 'gallery:7202' },
    ]);
    expect(c.telemetry.tracesEndpoint).toBe('http://collector:4318/v1/traces');
  });

  it.each([
    ['SEARCH_HTTP_PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://db/search'],
    ['AMQP_URL', 'http://broker'],
    ['SEARCH_STATEMENT_TIMEOUT_MS', '5'],
    ['INDEX_QUEUE', 'has spaces'],
    ['INDEX_SOURCES', 'studio'],
    // A bare address no longer says which service it is (the service token's audience).
    ['INDEX_SOURCES', 'studio:7201'],
    ['IDENTITY_PUBLIC_KEY', 'bm90IGEga2V5'],
    ['CURSOR_SECRET', 'too-short'],
    ['CURSOR_SECRET', 'dev-cursor-secret-change-me-0123456789'],
    ['SERVICE_SIGNING_KEY', 'bm90IGEga2V5'],
    ['LOG_LEVEL', 'loud'],
  ])('names the bad variable %s (%s)', (variable, value) => {
    expect(() => parseSearchConfig({ ...secrets, [variable]: value })).toThrow(ConfigError);
    expect(() => parseSearchConfig({ ...secrets, [variable]: value })).toThrow(new RegExp(`^config: ${variable}:`));
  });
});
