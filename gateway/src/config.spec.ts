import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { testKeys, testSecretsEnv } from '@studio/testkit/secrets';
import { parseGatewayConfig } from './config.js';

/** The gateway's key variables (deploy/deployables.ts); SERVICE_SIGNING_KEY is the 'gateway' caller's key. */
const KEYS = ['IDENTITY_SIGNING_KEY', 'SERVICE_SIGNING_KEY', 'CLIENT_SESSION_PUBLIC_KEY', 'IDEMPOTENCY_ENCRYPTION_KEY'] as const;
const secrets = testSecretsEnv(KEYS, 'gateway');
const ed25519 = (type: 'private' | 'public') => expect.objectContaining({ type, asymmetricKeyType: 'ed25519' });

describe('gateway config', () => {
  it('has a local default for every value but the keys', () => {
    expect(parseGatewayConfig(secrets)).toEqual({
      nodeEnv: 'development',
      host: '127.0.0.1',
      httpPort: 8080,
      adminPort: 7300,
      edge: { bodyTimeoutMs: 10_000, maxConnectionsPerAddress: 128 },
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
        consoleUrl: 'http://127.0.0.1:7106',
        consolePerMinute: 600,
        timeoutMs: 30_000,
        maxSockets: 256,
      },
      maxInFlight: 64,
      corsOrigins: new Set(),
      openApi: { cacheTtlMs: 60_000, fetchTimeoutMs: 2000, rateLimitPerMinute: 60 },
      identitySigningKey: ed25519('private'),
      serviceKey: ed25519('private'),
      clientSessionPublicKey: ed25519('public'),
      auth: { studioGrpcAddr: '127.0.0.1:7201', timeoutMs: 1000, cacheTtlMs: 2000, cacheMaxEntries: 50_000 },
      rateLimit: {
        perMinute: 600,
        windowMs: 60_000,
        timeoutMs: 250,
        leaseFraction: 0.02,
        clientSessionPerMinute: 10,
        clientBearerPerMinute: 600,
        authFailurePerMinute: 30,
        trustedProxies: expect.objectContaining({ has: expect.any(Function) }),
      },
      idempotency: { ttlSeconds: 86_400, waitMs: 10_000, lockMs: 60_000, encryptionKey: expect.any(Buffer) },
      telemetry: { tracesEndpoint: null, headers: {}, serviceName: null, exportDelayMs: 5000 },
    });
  });

  it('parses each key as the one generated for it', () => {
    const c = parseGatewayConfig(secrets);
    const keys = testKeys();
    expect(c.identitySigningKey.equals(keys.identitySigningKey)).toBe(true);
    expect(c.serviceKey.equals(keys.serviceKey('gateway'))).toBe(true);
    expect(c.clientSessionPublicKey.export({ format: 'der', type: 'spki' }).toString('base64')).toBe(keys.env.CLIENT_SESSION_PUBLIC_KEY);
    expect(c.idempotency.encryptionKey.toString('base64')).toBe(keys.env.IDEMPOTENCY_ENCRYPTION_KEY);
  });

  it.each(KEYS)('a missing %s stops the process naming it: no key has a default', (variable) => {
    const env: Record<string, string> = { ...secrets };
    delete env[variable];
    expect(() => parseGatewayConfig(env)).toThrow(ConfigError);
    expect(() => parseGatewayConfig(env)).toThrow(new RegExp(`^config: ${variable}: is required and has no default`));
  });

  it('refuses a key of the wrong kind: a public key to sign, a private key to verify, an HS256 secret for either', () => {
    const { env } = testKeys();
    const bad = (variable: string, value: string) =>
      expect(() => parseGatewayConfig({ ...secrets, [variable]: value })).toThrow(new RegExp(`^config: ${variable}:`));
    bad('IDENTITY_SIGNING_KEY', env.IDENTITY_PUBLIC_KEY!);
    bad('IDENTITY_SIGNING_KEY', 'dev-internal-jwt-secret-change-me-0123456789');
    bad('SERVICE_SIGNING_KEY', env.CLIENT_SESSION_PUBLIC_KEY!);
    bad('CLIENT_SESSION_PUBLIC_KEY', env.CLIENT_SESSION_SIGNING_KEY!);
    bad('CLIENT_SESSION_PUBLIC_KEY', 'dev-client-session-secret-change-me-0123456789');
  });

  it('names the bad variable', () => {
    const bad = (overrides: Record<string, string>, variable: string) => {
      try {
        parseGatewayConfig({ ...secrets, ...overrides });
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as ConfigError).variable).toBe(variable);
      }
    };
    bad({ GATEWAY_PORT: 'eighty' }, 'GATEWAY_PORT');
    bad({ IDENTITY_SIGNING_KEY: 'short' }, 'IDENTITY_SIGNING_KEY');
    bad({ REDIS_URL: 'http://x' }, 'REDIS_URL');
    bad({ STUDIO_HTTP_URL: 'https://studio' }, 'STUDIO_HTTP_URL');
    bad({ STUDIO_GRPC_ADDR: 'nope' }, 'STUDIO_GRPC_ADDR');
    bad({ ACCESS_LOG: 'maybe' }, 'ACCESS_LOG');
    bad({ IDEMPOTENCY_LOCK_MS: '5000' }, 'IDEMPOTENCY_LOCK_MS');
    bad({ GATEWAY_BODY_TIMEOUT_MS: '0' }, 'GATEWAY_BODY_TIMEOUT_MS');
    // Longer than the listener's own request deadline leaves after the headers': that one would cut first.
    bad({ GATEWAY_BODY_TIMEOUT_MS: '20000' }, 'GATEWAY_BODY_TIMEOUT_MS');
    bad({ GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: '0' }, 'GATEWAY_MAX_CONNECTIONS_PER_ADDRESS');
    bad({ GATEWAY_MAX_IN_FLIGHT: '0' }, 'GATEWAY_MAX_IN_FLIGHT');
    // More than the upstream agent's sockets: the rest would queue in the agent, which the cap exists to prevent.
    bad({ GATEWAY_MAX_IN_FLIGHT: '300' }, 'GATEWAY_MAX_IN_FLIGHT');
    bad({ GATEWAY_MAX_IN_FLIGHT: '65', UPSTREAM_MAX_SOCKETS: '64' }, 'GATEWAY_MAX_IN_FLIGHT');
    for (const origin of ['*', 'https://*.example.com', 'https://a.example/path', 'a.example', 'ftp://a.example', 'https://a.example?x=1'])
      bad({ CORS_ORIGINS: `https://ok.example,${origin}` }, 'CORS_ORIGINS');
  });

  it('reads CORS_ORIGINS as the exact origins a browser sends; empty by default', () => {
    expect(parseGatewayConfig(secrets).corsOrigins).toEqual(new Set());
    expect(
      parseGatewayConfig({ ...secrets, CORS_ORIGINS: ' https://Photos.Example.com/ , http://127.0.0.1:5173,https://a.example:443,' })
        .corsOrigins,
    ).toEqual(new Set(['https://photos.example.com', 'http://127.0.0.1:5173', 'https://a.example']));
  });

  it('parses the environment', () => {
    const c = parseGatewayConfig({
      ...secrets,
      GATEWAY_PORT: '0',
      SHUTDOWN_GRACE_MS: '500',
      REDIS_KEY_PREFIX: 'gwtest:',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    });
    expect(c).toMatchObject({ httpPort: 0, shutdownGraceMs: 500, redis: { keyPrefix: 'gwtest:' } });
    expect(c.telemetry.tracesEndpoint).toBe('http://collector:4318/v1/traces');
  });

  it('parses booleans', () => {
    expect(parseGatewayConfig({ ...secrets, ACCESS_LOG: 'false' }).accessLog).toBe(false);
    expect(parseGatewayConfig({ ...secrets, ACCESS_LOG: '0' }).accessLog).toBe(false);
  });
});
