/**
 * Integration harness for webhook-dispatch: a fresh database cloned from the template, the real API process (HTTP
 * API, fan-out consumer on its own queue bound to the real `studio.events` exchange, gRPC health) on loopback
 * ports, dispatcher processes in-process or as child processes, real HTTP receivers on loopback, and signed
 * identities.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import amqplib from 'amqplib';
import { API_VERSION, EVENTS_EXCHANGE, connectAmqp, type AmqpConnection } from '@studio/amqp';
import { signIdentity, type Role } from '@studio/identity';
import { createLogger } from '@studio/logger';
import { freshDatabase, testConfig, type FreshDatabase } from '@studio/testkit';
import { testKeys, testSecretsEnv } from '@studio/testkit/secrets';
import { createWebhooks, createWebhooksWorker, type Webhooks, type WebhooksDeps, type WebhooksWorker } from '../../src/app.js';
import { parseWebhooksConfig, type WebhooksConfig } from '../../src/config.js';
import type { PublicEnvelope } from '../../src/services/envelope.js';
import { WEBHOOKS_TEMPLATE_DB } from '../global-setup.js';

const SERVICE_DIR = path.resolve(import.meta.dirname, '../..');
const ROOT = path.resolve(SERVICE_DIR, '../..');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 10_000,
  everyMs = 25,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await sleep(everyMs);
  }
}

// ------------------------------------------------------------------------------------------------ identities

export interface Caller {
  profileId: string;
  identity: string;
}

/**
 * A token caller with `memberships`, signed as the gateway would (testKeys()' identity key, audience webhooks). An
 * identity lives 60 s at most, so `identity` is signed afresh on each read.
 */
export function caller(_config: WebhooksConfig, memberships: Record<string, Role>, scopeWorkspaceId: string | null = null): Caller {
  const profileId = randomUUID();
  const tokenId = randomUUID();
  return {
    profileId,
    get identity() {
      return signIdentity({ kind: 'token', profileId, tokenId, scopeWorkspaceId, memberships }, testKeys().identitySigningKey, 'webhooks');
    },
  };
}

// ------------------------------------------------------------------------------------------------ receivers

export interface ReceivedRequest {
  at: number;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What a receiver answers: a status (and body), or 'hang' to never answer. */
export type Behaviour = (req: ReceivedRequest, index: number) => { status: number; body?: string } | 'hang';

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  behave(fn: Behaviour): void;
  /** Requests whose X-Service-Event-Id is `eventId`. */
  forEvent(eventId: string): ReceivedRequest[];
  close(): Promise<void>;
}

export async function startReceiver(behaviour: Behaviour = () => ({ status: 200 }), host = '127.0.0.1'): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let behave = behaviour;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: ReceivedRequest = {
        at: Date.now(),
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(r);
      const answer = behave(r, requests.length - 1);
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.end(answer.body ?? '');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}/hook`,
    port,
    requests,
    behave(fn) {
      behave = fn;
    },
    forEvent: (eventId) => requests.filter((r) => r.headers['x-service-event-id'] === eventId),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ------------------------------------------------------------------------------------------------ the service

export interface ApiResponse<T = any> {
  status: number;
  text: string;
  body: T;
}

export interface Api {
  base: string;
  /** The API process behind it (started; stopped with the harness). */
  webhooks: Webhooks;
  grpcPort: number;
  call<T = any>(
    method: string,
    path: string,
    opts?: { as?: Caller; body?: unknown; rawBody?: string; contentType?: string },
  ): Promise<ApiResponse<T>>;
}

/** Starts an API process (HTTP API, fan-out consumer, gRPC health) on loopback ports chosen by the system. */
async function startApi(webhooks: Webhooks): Promise<Api> {
  const ports = await webhooks.start();
  const base = `http://127.0.0.1:${ports.httpPort}/api/v1`;
  return {
    base,
    webhooks,
    grpcPort: ports.grpcPort!,
    async call(method, p, opts = {}) {
      const headers: Record<string, string> = {};
      if (opts.as) headers['x-studio-identity'] = opts.as.identity;
      let payload: string | undefined;
      if (opts.rawBody !== undefined) payload = opts.rawBody;
      else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
      if (payload !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
      const res = await fetch(`${base}${p}`, { method, headers, body: payload });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, text, body: body as never };
    },
  };
}

/** The public envelope the service publishes and delivers (one definition: src/services/envelope.ts). */
export type Envelope = PublicEnvelope;

export function envelope(type: string, workspaceId: string, data: Record<string, unknown> = {}, id: string = randomUUID()): Envelope {
  return { id, type, created_at: new Date().toISOString(), workspace_id: workspaceId, api_version: API_VERSION, data };
}

/** Test defaults: loopback receivers allowed, short waits, quiet logs. */
/** The webhooks API's secrets (deploy/deployables.ts, deployable 'webhooks'). */
export const WEBHOOKS_SECRETS = ['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'WEBHOOK_SECRET_KEY'] as const;
/** The dispatcher's (deployable 'webhooks-worker'): it serves no caller, so no identity key. */
export const WEBHOOKS_WORKER_SECRETS = ['CURSOR_SECRET', 'WEBHOOK_SECRET_KEY'] as const;

/** `env` without the secrets the dispatcher does not get (least privilege, as deployed). */
function workerEnv(env: Record<string, string>): Record<string, string> {
  const out = { ...env };
  for (const name of WEBHOOKS_SECRETS) if (!(WEBHOOKS_WORKER_SECRETS as readonly string[]).includes(name)) delete out[name];
  return out;
}

export const TEST_ENV: Record<string, string> = {
  ...testSecretsEnv(WEBHOOKS_SECRETS),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  RETRY_SCHEDULE: '100ms,100ms,100ms,100ms,100ms',
  DELIVERY_TIMEOUT_MS: '1000',
  DISPATCH_LEASE_MS: '3000',
  DISPATCH_POLL_MS: '200',
  LOG_LEVEL: 'silent',
  WEBHOOKS_HTTP_PORT: '0',
  WEBHOOKS_GRPC_PORT: '0',
  WEBHOOKS_ADMIN_PORT: '0',
  WEBHOOKS_WORKER_ADMIN_PORT: '0',
};

/** How long an in-process dispatcher lets its deliveries in flight finish when stopped, ms. */
const DISPATCHER_STOP_GRACE_MS = '1000';

export interface Harness {
  db: FreshDatabase;
  config: WebhooksConfig;
  env: Record<string, string>;
  webhooks: Webhooks;
  api: Api;
  amqp: AmqpConnection;
  /** Publishes envelopes to the real exchange with publisher confirms (routing key = type). */
  publish(...events: Envelope[]): Promise<void>;
  /** The same, with message headers (a producer's traceparent and x-request-id). */
  publishWithHeaders(headers: Record<string, string>, ...events: Envelope[]): Promise<void>;
  /** Publishes raw bytes (for poison-message tests). */
  publishRaw(routingKey: string, content: Buffer): Promise<void>;
  /**
   * A started dispatcher process in-process, on the same database with the harness's settings plus `overrides` (own
   * pools; stopped with the harness unless the test stops it). Its stop lets deliveries in flight finish for 1 s.
   */
  startDispatcher(overrides?: Record<string, string>, deps?: WebhooksDeps): Promise<WebhooksWorker>;
  /** Another API process on the same database with other settings (e.g. the SSRF flag off). */
  extraApi(overrides: Record<string, string>, deps?: WebhooksDeps): Promise<Api>;
  /** A dispatcher as a separate OS process (for kill tests). */
  spawnWorker(overrides?: Record<string, string>): WorkerProcess;
  sql<R = any>(text: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startHarness(overrides: Record<string, string> = {}): Promise<Harness> {
  const db = await freshDatabase(WEBHOOKS_TEMPLATE_DB);
  const queue = `webhooks.fanout.test.${db.name}`;
  const env: Record<string, string> = {
    ...TEST_ENV,
    DATABASE_URL: db.url,
    AMQP_URL: testConfig.TEST_AMQP_URL,
    WEBHOOKS_FANOUT_QUEUE: queue,
    WEBHOOKS_FANOUT_QUEUE_EXPIRES_MS: String(10 * 60_000), // gone even if a run dies before close()
    ...overrides,
  };
  const config = parseWebhooksConfig(env);
  const webhooks = createWebhooks(config);
  const api = await startApi(webhooks);
  const logger = createLogger({ service: 'webhooks-test', level: 'silent' });
  const amqp = await connectAmqp(config.amqpUrl, logger, 'webhooks-test');
  await amqp.model.waitForConnect();
  await waitFor('amqp connection', () => amqp.isConnected());
  const dispatchers: WebhooksWorker[] = [];
  const extraApis: Api[] = [];
  const workers: WorkerProcess[] = [];

  const publisher = await amqp.model.createConfirmChannel();
  await publisher.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true });
  const publishRaw = async (routingKey: string, content: Buffer, messageId?: string) => {
    publisher.publish(EVENTS_EXCHANGE, routingKey, content, { persistent: true, contentType: 'application/json', messageId });
    await publisher.waitForConfirms();
  };

  return {
    db,
    config,
    env,
    webhooks,
    api,
    amqp,
    async publish(...events) {
      for (const e of events)
        publisher.publish(EVENTS_EXCHANGE, e.type, Buffer.from(JSON.stringify(e)), {
          persistent: true,
          contentType: 'application/json',
          messageId: e.id,
        });
      await publisher.waitForConfirms();
    },
    async publishWithHeaders(headers, ...events) {
      for (const e of events)
        publisher.publish(EVENTS_EXCHANGE, e.type, Buffer.from(JSON.stringify(e)), {
          persistent: true,
          contentType: 'application/json',
          messageId: e.id,
          headers,
        });
      await publisher.waitForConfirms();
    },
    publishRaw: (rk, content) => publishRaw(rk, content),
    async startDispatcher(more = {}, deps) {
      const dispatcher = createWebhooksWorker(
        parseWebhooksConfig({ ...workerEnv(env), WEBHOOKS_WORKER_SHUTDOWN_GRACE_MS: DISPATCHER_STOP_GRACE_MS, ...more }, 'worker'),
        deps,
      );
      dispatchers.push(dispatcher);
      await dispatcher.start();
      return dispatcher;
    },
    async extraApi(more, deps) {
      const a = await startApi(createWebhooks(parseWebhooksConfig({ ...env, ...more }), deps));
      extraApis.push(a);
      return a;
    },
    spawnWorker(more = {}) {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVICE_DIR, 'src/worker.ts')], {
        cwd: ROOT,
        env: { ...process.env, ...workerEnv(env), WEBHOOKS_WORKER_ADMIN_PORT: '0', LOG_LEVEL: 'warn', ...more },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const w: WorkerProcess = {
        child,
        output: () => out,
        exited,
        async kill(signal = 'SIGKILL') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      };
      workers.push(w);
      return w;
    },
    async sql(text, params = []) {
      return (await webhooks.db.pool.query(text, params)).rows;
    },
    async close() {
      for (const w of workers) await w.kill();
      for (const d of dispatchers) await d.stop();
      for (const a of extraApis) await a.webhooks.stop();
      await webhooks.stop();
      await publisher.close().catch(() => undefined);
      const ch = await amqp.model.createChannel();
      await ch.deleteQueue(queue).catch(() => undefined);
      await ch.deleteQueue(`${queue}.dlq`).catch(() => undefined);
      await ch.close().catch(() => undefined);
      await amqp.close();
      await db.drop();
    },
  };
}

/** A channel of its own to inspect queues (e.g. the dead-letter queue). */
export async function withChannel<T>(fn: (ch: amqplib.Channel) => Promise<T>): Promise<T> {
  const conn = await amqplib.connect(testConfig.TEST_AMQP_URL);
  conn.on('error', () => undefined);
  try {
    const ch = await conn.createChannel();
    ch.on('error', () => undefined); // e.g. checkQueue of a missing queue closes the channel (404); fn sees the rejection
    return await fn(ch);
  } finally {
    await conn.close().catch(() => undefined);
  }
}
