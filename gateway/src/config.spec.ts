import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { parseGatewayConfig } from './config.js';

describe('gateway config', () => {
  it('has a local default for every value', () => {
    expect(parseGatewayConfig({})).toEqual({
      nodeEnv: 'development',
      host: '127.0.0.1',
      httpPort: 8080,
      logLevel: 'info',
      accessLog: true,
      shutdownGraceMs: 10_000,
      redis: { url: 'redis://127.0.0.1:6379/0', keyPrefix: 'gw:' },
      upstream: {
        urls: {
          studio: 'http://127.0.0.1:7101',
          gallery: 'http://127.0.0.1:7102',
          upload: 'http://127.0.0.1:7103',
          search: 'http://127.0.0.1:7104',
          webhooks: 'http://127.0.0.1:7105',
        },
        timeoutMs: 30_000,
        maxSockets: 256,
      },
      openApi: { cacheTtlMs: 60_000, fetchTimeoutMs: 2000 },
      internalJwtSecret: 'dev-internal-jwt-secret-change-me-0123456789',
      clientSessionSecret: 'dev-client-session-secret-change-me-0123456789',
      auth: { studioGrpcAddr: '127.0.0.1:7201', timeoutMs: 1000, cacheTtlMs: 2000, cacheMaxEntries: 50_000 },
      rateLimit: {
        perMinute: 600,
        windowMs: 60_000,
        timeoutMs: 250,
        clientSessionPerMinute: 10,
        clientBearerPerMinute: 600,
        trustedProxies: expect.objectContaining({ has: expect.any(Function) }),
      },
      idempotency: { ttlSeconds: 86_400, waitMs: 10_000, lockMs: 60_000 },
      telemetry: { tracesEndpoint: null, headers: {}, serviceName: null, exportDelayMs: 5000 },
    });
  });

  it('names the bad variable', () => {
    const bad = (env: Record<string, string>, variable: string) => {
      try {
        parseGatewayConfig(env);
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as ConfigError).variable).toBe(variable);
      }
    };
    bad({ GATEWAY_PORT: 'eighty' }, 'GATEWAY_PORT');
    bad({ INTERNAL_JWT_SECRET: 'short' }, 'INTERNAL_JWT_SECRET');
    bad({ REDIS_URL: 'http://x' }, 'REDIS_URL');
    bad({ STUDIO_HTTP_URL: 'https://studio' }, 'STUDIO_HTTP_URL');
    bad({ STUDIO_GRPC_ADDR: 'nope' }, 'STUDIO_GRPC_ADDR');
    bad({ ACCESS_LOG: 'maybe' }, 'ACCESS_LOG');
    bad({ IDEMPOTENCY_LOCK_MS: '5000' }, 'IDEMPOTENCY_LOCK_MS');
  });

  it('parses the environment', () => {
    const c = parseGatewayConfig({
      GATEWAY_PORT: '0',
      SHUTDOWN_GRACE_MS: '500',
      REDIS_KEY_PREFIX: 'gwtest:',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    });
    expect(c).toMatchObject({ httpPort: 0, shutdownGraceMs: 500, redis: { keyPrefix: 'gwtest:' } });
    expect(c.telemetry.tracesEndpoint).toBe('http://collector:4318/v1/traces');
  });

  it('parses booleans', () => {
    expect(parseGatewayConfig({ ACCESS_LOG: 'false' }).accessLog).toBe(false);
    expect(parseGatewayConfig({ ACCESS_LOG: '0' }).accessLog).toBe(false);
  });
});
