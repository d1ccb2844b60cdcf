import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { parseGatewayConfig } from './config.js';

describe('gateway config', () => {
  it('has a local default for every value', () => {
    const c = parseGatewayConfig({});
    expect(c.GATEWAY_PORT).toBe(8080);
    expect(c.GATEWAY_HOST).toBe('127.0.0.1');
    expect(c.REDIS_URL).toBe('redis://127.0.0.1:6379/0');
    expect(c.STUDIO_HTTP_URL).toBe('http://127.0.0.1:7101');
    expect(c.STUDIO_GRPC_ADDR).toBe('127.0.0.1:7201');
    expect(c.WEBHOOKS_HTTP_URL).toBe('http://127.0.0.1:7105');
    expect(c.RATE_LIMIT_PER_MINUTE).toBe(600);
    expect(c.RATE_LIMIT_WINDOW_MS).toBe(60_000);
    expect(c.RATE_LIMIT_TIMEOUT_MS).toBe(250);
    expect(c.AUTH_CACHE_TTL_MS).toBe(2000);
    expect(c.IDEMPOTENCY_TTL_SECONDS).toBe(86_400);
    expect(c.IDEMPOTENCY_WAIT_MS).toBe(10_000);
    expect(c.ACCESS_LOG).toBe(true);
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

  it('parses booleans', () => {
    expect(parseGatewayConfig({ ACCESS_LOG: 'false' }).ACCESS_LOG).toBe(false);
    expect(parseGatewayConfig({ ACCESS_LOG: '0' }).ACCESS_LOG).toBe(false);
  });
});
