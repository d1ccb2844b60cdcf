/**
 * Boots the gateway in-process on port 0 against REAL Redis (a unique key prefix per harness), a real
 * in-process studio gRPC server and a real echo upstream, and cleans its Redis keys up afterwards.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '@studio/logger';
import { testConfig } from '@studio/testkit';
import { testSecretsEnv } from '@studio/testkit/secrets';
import { createGateway, type Gateway } from '../../src/app.js';
import { parseGatewayConfig } from '../../src/config.js';
import type { RouteTable } from '../../src/http/route-table.js';
import { startEchoUpstream, type EchoUpstream } from './echo-upstream.js';
import { startFakeStudio, type FakeStudio, type FakeToken } from './fake-studio.js';
import { request, type Answer, type RequestOptions } from './client.js';
import { apiToken } from './tokens.js';

/** The gateway's secrets (deploy/deployables.ts, deployable 'gateway'); SERVICE_SIGNING_KEY is the 'gateway' caller's. */
export const GATEWAY_SECRETS = [
  'IDENTITY_SIGNING_KEY',
  'SERVICE_SIGNING_KEY',
  'CLIENT_SESSION_PUBLIC_KEY',
  'IDEMPOTENCY_ENCRYPTION_KEY',
] as const;

export const WS1 = '11111111-1111-4111-8111-111111111111';
export const WS2 = '22222222-2222-4222-8222-222222222222';

export const TOKENS: Record<string, FakeToken> = {
  [apiToken('000000000001_owner')]: { profileId: 'p-owner', tokenId: 't-owner', memberships: { [WS1]: 'owner', [WS2]: 'viewer' } },
  [apiToken('000000000002_scoped')]: { profileId: 'p-owner', tokenId: 't-scoped', scopeWorkspaceId: WS1, memberships: { [WS1]: 'owner' } },
  [apiToken('000000000003_other')]: { profileId: 'p-other', tokenId: 't-other', memberships: { [WS2]: 'admin' } },
};
export const OWNER = apiToken('000000000001_owner');
export const SCOPED = apiToken('000000000002_scoped');
export const OTHER = apiToken('000000000003_other');

export interface HarnessOptions {
  env?: Record<string, string>;
  tokens?: Record<string, FakeToken>;
  /** REDIS_URL override (e.g. a TCP proxy in front of Redis). */
  redisUrl?: string;
  /** Upstream URL override for every service (e.g. a dead port). */
  upstreamUrl?: string;
  /** The gateway's logger (default: silent). */
  logger?: Logger;
  /** The route table (default: the gateway's own). */
  routes?: RouteTable;
}

export interface Harness {
  gateway: Gateway;
  url: string;
  studio: FakeStudio;
  upstream: EchoUpstream;
  prefix: string;
  /** Calls the gateway; `token` adds `Authorization: Bearer <token>`. */
  call(path: string, opts?: RequestOptions & { token?: string }): Promise<Answer>;
  /** The admin listener's base URL: /healthz, /readyz, /metrics. */
  adminUrl: string;
  /** GET `path` on the admin listener. */
  admin(path: string): Promise<Answer>;
  close(): Promise<void>;
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const studio = await startFakeStudio(opts.tokens ?? TOKENS);
  const upstream = await startEchoUpstream();
  const prefix = `gwtest:${randomBytes(6).toString('hex')}:`;
  const upstreamUrl = opts.upstreamUrl ?? upstream.url;
  const config = parseGatewayConfig({
    GATEWAY_PORT: '0',
    GATEWAY_ADMIN_PORT: '0',
    LOG_LEVEL: 'silent',
    ACCESS_LOG: 'false',
    REDIS_URL: opts.redisUrl ?? testConfig.TEST_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    STUDIO_GRPC_ADDR: studio.address,
    STUDIO_HTTP_URL: upstreamUrl,
    GALLERY_HTTP_URL: upstreamUrl,
    UPLOAD_HTTP_URL: upstreamUrl,
    SEARCH_HTTP_URL: upstreamUrl,
    WEBHOOKS_HTTP_URL: upstreamUrl,
    SHUTDOWN_GRACE_MS: '500',
    ...testSecretsEnv(GATEWAY_SECRETS, 'gateway'),
    ...opts.env,
  });
  const gateway = createGateway(config, { logger: opts.logger, routes: opts.routes });
  const { httpPort, adminPort } = await gateway.start();
  const url = `http://127.0.0.1:${httpPort}`;
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  return {
    gateway,
    url,
    studio,
    upstream,
    prefix,
    call: (path, { token, ...rest } = {}) =>
      request(url, path, token === undefined ? rest : { ...rest, headers: { authorization: `Bearer ${token}`, ...(rest.headers ?? {}) } }),
    adminUrl,
    admin: (path) => request(adminUrl, path, {}),
    close: async () => {
      await gateway.stop();
      await Promise.all([studio.close(), upstream.close()]);
      await deleteKeys(prefix);
    },
  };
}

/** Removes every Redis key under `prefix` (direct connection, not through any proxy). */
export async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(testConfig.TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Runs `fn` `n` times with at most `concurrency` in flight; returns the results in order. */
export async function times<T>(n: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, stepMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return check();
}
