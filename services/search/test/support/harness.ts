/**
 * One search service per test file, for real: a clone of the migrated template database, RabbitMQ with the
 * `studio.events` exchange and a queue of the file's own (so parallel files and a running stack never take
 * each other's messages), HTTP and gRPC on ephemeral ports. Helpers publish event envelopes, call GET /search
 * with a signed identity, and wait until something is searchable.
 */
import { randomUUID } from 'node:crypto';
import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import { API_VERSION, EVENTS_EXCHANGE, assertTopology } from '@studio/amqp';
import { signIdentity, type Role } from '@studio/identity';
import type { Logger } from '@studio/logger';
import { freshDatabase, testConfig, type FreshDatabase } from '@studio/testkit';
import { testKeys, testSecretsEnv } from '@studio/testkit/secrets';
import type { RunningConsumer } from '@studio/amqp/consumer';
import { createSearch, type SearchApp } from '../../src/app.js';
import { parseSearchConfig, type SearchConfig } from '../../src/config.js';
import { dlqOf } from '../../src/events/index.consumer.js';
import { SEARCH_TEMPLATE } from '../global-setup.js';

/** Search's secrets (deploy/deployables.ts, deployable 'search'), listed here to keep the service independent. */
export const SEARCH_SECRETS = ['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'SERVICE_SIGNING_KEY'] as const;

/** Search's environment of secrets: testKeys()' values, with search's own service signing key. */
export const searchSecretsEnv = (): Record<string, string> => testSecretsEnv(SEARCH_SECRETS, 'search');

/** A started search process as the tests use it: its ports, its index consumer and its stop. */
export interface RunningSearch {
  httpPort: number;
  grpcPort: number;
  /** /healthz, /readyz, /metrics. */
  adminPort: number;
  consumer: RunningConsumer;
  stop(): Promise<void>;
}

/** Creates and starts the search process on `config`; resolves once its index consumer is attached. */
export async function startSearch(config: SearchConfig, logger?: Logger): Promise<{ app: SearchApp; running: RunningSearch }> {
  const app = createSearch(config, { logger });
  const ports = await app.start();
  const consumer = app.consumer()!;
  await waitUntil(async () => consumer.isConsuming(), 10_000, 'index consumer attached');
  return {
    app,
    running: { httpPort: ports.httpPort!, grpcPort: ports.grpcPort!, adminPort: ports.adminPort, consumer, stop: () => app.stop() },
  };
}

export interface Harness {
  app: SearchApp;
  running: RunningSearch;
  config: SearchConfig;
  db: FreshDatabase;
  baseUrl: string;
  queue: string;
  publisher: ConfirmChannel;
  close(): Promise<void>;
}

export async function startHarness(overrides: Record<string, string> = {}, opts: { logger?: Logger } = {}): Promise<Harness> {
  const db = await freshDatabase(SEARCH_TEMPLATE);
  const queue = `search.index.test-${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const config = parseSearchConfig({
    DATABASE_URL: db.url,
    SEARCH_HTTP_PORT: '0',
    SEARCH_GRPC_PORT: '0',
    SEARCH_ADMIN_PORT: '0',
    AMQP_URL: testConfig.TEST_AMQP_URL,
    ...searchSecretsEnv(),
    INDEX_QUEUE: queue,
    INDEX_QUEUE_EXPIRES_MS: String(30 * 60_000),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...overrides,
  });
  const { app, running } = await startSearch(config, opts.logger);
  const connection: ChannelModel = await amqp.connect(testConfig.TEST_AMQP_URL);
  const publisher = await connection.createConfirmChannel();
  await assertTopology(publisher);
  return {
    app,
    running,
    config,
    db,
    baseUrl: `http://127.0.0.1:${running.httpPort}/api/v1`,
    queue,
    publisher,
    async close() {
      await running.stop();
      await publisher.deleteQueue(queue).catch(() => undefined);
      await publisher.deleteQueue(dlqOf(queue)).catch(() => undefined);
      await connection.close().catch(() => undefined);
      await db.drop();
    },
  };
}

export interface Envelope {
  id: string;
  type: string;
  created_at: string;
  workspace_id: string;
  api_version: string;
  data: Record<string, unknown>;
}

export function envelope(
  type: string,
  workspaceId: string,
  data: Record<string, unknown>,
  opts: { id?: string; createdAt?: Date } = {},
): Envelope {
  return {
    id: opts.id ?? randomUUID(),
    type,
    created_at: (opts.createdAt ?? new Date()).toISOString(),
    workspace_id: workspaceId,
    api_version: API_VERSION,
    data,
  };
}

export async function publish(h: Harness, ...events: Envelope[]): Promise<void> {
  for (const e of events) {
    h.publisher.publish(EVENTS_EXCHANGE, e.type, Buffer.from(JSON.stringify(e)), {
      persistent: true,
      contentType: 'application/json',
      messageId: e.id,
      type: e.type,
    });
  }
  await h.publisher.waitForConfirms();
}

export async function publishRaw(h: Harness, routingKey: string, body: Buffer): Promise<void> {
  h.publisher.publish(EVENTS_EXCHANGE, routingKey, body, { persistent: true });
  await h.publisher.waitForConfirms();
}

/** A token principal that is a member of the given workspaces, signed as the gateway would for search (60 s at most). */
export function identity(memberships: Record<string, Role>, ttl = 60): string {
  return signIdentity(
    { kind: 'token', profileId: randomUUID(), tokenId: randomUUID(), scopeWorkspaceId: null, memberships },
    testKeys().identitySigningKey,
    'search',
    ttl,
  );
}

export interface SearchItem {
  type: string;
  id: string;
  title: string;
  snippet: { field: string; text: string; highlights: [number, number][] } | null;
  rank: number;
}

export interface SearchAnswer {
  status: number;
  body: { ok: boolean; items?: SearchItem[]; next_cursor?: string | null; error?: string; [k: string]: unknown };
  text: string;
}

export async function search(h: Harness, params: Record<string, string | undefined>, auth: string | null): Promise<SearchAnswer> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) qs.append(k, v);
  const res = await fetch(`${h.baseUrl}/search?${qs.toString()}`, { headers: auth ? { 'x-studio-identity': auth } : {} });
  const text = await res.text();
  let body: SearchAnswer['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = { ok: false, error: 'not-json' };
  }
  return { status: res.status, body, text };
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until `q` in `workspaceId` finds (or no longer finds) document `id`. Returns the wait in ms. */
export async function waitForHit(
  h: Harness,
  workspaceId: string,
  q: string,
  id: string,
  present = true,
  timeoutMs = 10_000,
): Promise<number> {
  const auth = identity({ [workspaceId]: 'viewer' });
  return waitUntil(
    async () => {
      const r = await search(h, { workspace_id: workspaceId, q, limit: '50' }, auth);
      const found = r.status === 200 && (r.body.items ?? []).some((i) => i.id === id);
      return found === present;
    },
    timeoutMs,
    `${q} ${present ? 'finding' : 'no longer finding'} ${id}`,
  );
}
