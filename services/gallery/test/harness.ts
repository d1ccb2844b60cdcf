/**
 * Boots the real gallery service in-process for one test file: a fresh clone of the migrated template database,
 * real RabbitMQ (events are captured from the real exchange by a queue of the test's own), the real S3-compatible
 * dev server (upload's, src/dev/s3-server.ts) on a random port, and the API (HTTP + gRPC on port 0).
 * Studio and upload are stood in for by small gRPC servers that speak the real contracts
 * (studio.v1.StudioInternal.GetShoot, upload.v1.UploadInternal.ListReadyKeepers) from in-memory tables.
 */
import type { ProcessPorts } from '@studio/process';
import { createPublicKey, randomUUID } from 'node:crypto';
import { EVENTS_EXCHANGE, connectAmqp, type AmqpConnection, type EventEnvelope } from '@studio/amqp';
import { AppError } from '@studio/errors';
import { loadService, startGrpcServer, unaryHandlers, type GrpcServerHandle } from '@studio/grpc';
import { signIdentity, type ClientPrincipal, type Role } from '@studio/identity';
import { createLogger } from '@studio/logger';
import { S3Presigner } from '@studio/s3-presign';
import { freshDatabase, testConfig, type FreshDatabase } from '@studio/testkit';
import {
  eventually,
  makeApi,
  tenantCallers,
  type Api,
  type ApiResponse,
  type Caller,
  type MemberCaller,
  type RequestOptions,
} from '@studio/testkit/api';
import { testKeys, testSecretsEnv } from '@studio/testkit/secrets';
import { startS3Server, type RunningS3Server } from '../../upload/src/dev/s3-server.js';
import { createGallery, type Gallery, type GalleryDeps } from '../src/app.js';
import { galleryEnvSchema, type GalleryConfig } from '../src/config.js';

/** The public base URL the test gallery (and its operator CLI) builds portal links with. */
export const TEST_PUBLIC_URL = 'https://studio.example.test';
import { ClientBearerSigner } from '../src/services/client-bearer.js';
import ensureTemplate, { TEMPLATE } from './global-setup.js';

export const NOT_FOUND_TEXT = '{"ok":false,"error":"not_found"}';
export const MISSING_ID = '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60';
export const BUCKET = 'test-photos';

/** Gallery's secrets (deploy/deployables.ts, deployable 'gallery'), listed here to keep the service independent. */
export const GALLERY_SECRETS = [
  'IDENTITY_PUBLIC_KEY',
  'CURSOR_SECRET',
  'SERVICE_SIGNING_KEY',
  'SERVICE_PUBLIC_KEYS',
  'CLIENT_SESSION_SIGNING_KEY',
  'PORTAL_TOKEN_KEY',
] as const;

export { eventually, makeApi, type Api, type ApiResponse, type Caller, type MemberCaller, type RequestOptions };

export interface KeeperMessage {
  id: string;
  file_name: string;
  content_type: string;
  size: string;
  original_key: string;
  web_key: string;
  thumb_key: string;
  width: number;
  height: number;
  capture_time: string;
  created_at: string;
}

export interface FakeUpstreams {
  /** shoot id -> { workspace, title } */
  shoots: Map<string, { workspaceId: string; title: string }>;
  /** shoot id -> ready keepers in capture order */
  keepers: Map<string, KeeperMessage[]>;
  /** Every ListReadyKeepers request. */
  keeperCalls: { shoot_id: string; workspace_id: string }[];
  /** When set, ListReadyKeepers fails with this error. */
  failKeepers: AppError | null;
}

/**
 * The stand-ins serve studio's and upload's contracts on two ports, each admitting gallery's service tokens for its
 * own audience (as the real services do): gallery's calls carry them, so the fakes check them too.
 */
async function startFakeUpstreams(state: FakeUpstreams): Promise<{ studio: GrpcServerHandle; upload: GrpcServerHandle }> {
  const logger = createLogger({ service: 'fake-upstreams', level: 'silent' });
  const Studio = loadService('studio/v1/studio.proto', 'studio.v1.StudioInternal');
  const Upload = loadService('upload/v1/upload.proto', 'upload.v1.UploadInternal');
  const keyring = new Map([['gallery', createPublicKey(testKeys().serviceKey('gallery'))]]);
  const studio = await startGrpcServer(
    (server) => {
      server.addService(
        Studio.service,
        unaryHandlers(logger, {
          async GetShoot(req: { shoot_id: string; workspace_ids: string[] }) {
            const s = state.shoots.get(req.shoot_id);
            if (!s || !req.workspace_ids.includes(s.workspaceId)) throw new AppError('not_found');
            return {
              id: req.shoot_id,
              workspace_id: s.workspaceId,
              title: s.title,
              slug: 'shoot',
              state: 'planned',
              client_id: '',
              scheduled_start: '',
              scheduled_end: '',
              created_at: new Date().toISOString(),
            };
          },
          async AuthenticateToken() {
            throw new AppError('unauthorized');
          },
        }),
      );
    },
    0,
    '127.0.0.1',
    {},
    { audience: 'studio', keyring, allow: { 'studio.v1.StudioInternal/GetShoot': ['gallery'] } },
  );
  const upload = await startGrpcServer(
    (server) => {
      server.addService(
        Upload.service,
        unaryHandlers(logger, {
          async ListReadyKeepers(req: { shoot_id: string; workspace_id: string }) {
            state.keeperCalls.push(req);
            if (state.failKeepers) throw state.failKeepers;
            const s = state.shoots.get(req.shoot_id);
            if (!s || s.workspaceId !== req.workspace_id) return { photos: [] };
            return { photos: state.keepers.get(req.shoot_id) ?? [] };
          },
        }),
      );
    },
    0,
    '127.0.0.1',
    {},
    { audience: 'upload', keyring, allow: { 'upload.v1.UploadInternal/ListReadyKeepers': ['gallery'] } },
  );
  return { studio, upload };
}

/** Captures every gallery.* and album.* event from the real exchange. */
export interface EventLog {
  events: EventEnvelope[];
  of(type: string, pick?: (e: EventEnvelope) => boolean): EventEnvelope[];
  close(): Promise<void>;
}

async function captureEvents(): Promise<EventLog> {
  const amqp: AmqpConnection = await connectAmqp(
    testConfig.TEST_AMQP_URL,
    createLogger({ service: 'event-log', level: 'silent' }),
    'gallery-test-events',
  );
  await amqp.model.waitForConnect();
  const ch = await amqp.channel();
  await ch.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true });
  const q = await ch.assertQueue('', { exclusive: true, autoDelete: true });
  for (const key of ['gallery.*', 'album.*']) await ch.bindQueue(q.queue, EVENTS_EXCHANGE, key);
  const events: EventEnvelope[] = [];
  await ch.consume(q.queue, (msg) => {
    if (!msg) return;
    events.push(JSON.parse(msg.content.toString()) as EventEnvelope);
    ch.ack(msg);
  });
  return {
    events,
    of: (type, pick = () => true) => events.filter((e) => e.type === type && pick(e)),
    close: () => amqp.close(),
  };
}

export interface TestGallery {
  gallery: Gallery;
  ports: ProcessPorts;
  config: GalleryConfig;
  s3: RunningS3Server;
  database: FreshDatabase;
  upstreams: FakeUpstreams;
  events: EventLog;
  api: Api;
  bearers: ClientBearerSigner;
  clock: { offsetMs: number };
  /** A workspace with one caller per role asked for. */
  tenant(roles?: Role[]): { workspaceId: string; callers: Record<Role, MemberCaller> };
  /** Registers a shoot with the stand-in studio and `count` ready keepers with the stand-in upload. */
  shoot(
    workspaceId: string,
    count: number,
    opts?: { title?: string; withObjects?: boolean },
  ): Promise<{ shootId: string; keepers: KeeperMessage[] }>;
  /** A caller holding a client session of `galleryId` (as the gateway would forward it). */
  client(principal: Omit<ClientPrincipal, 'kind'>): Caller;
  /** Publishes every pending outbox event, then waits until `n` events of `type` matching `pick` were captured. */
  waitForEvents(type: string, n: number, pick?: (e: EventEnvelope) => boolean): Promise<EventEnvelope[]>;
  stop(): Promise<void>;
}

export async function startTestGallery(opts: { env?: Record<string, string>; deps?: GalleryDeps } = {}): Promise<TestGallery> {
  await ensureTemplate();
  const database = await freshDatabase(TEMPLATE);
  const s3 = await startS3Server({ port: 0, buckets: [BUCKET] });
  const upstreams: FakeUpstreams = { shoots: new Map(), keepers: new Map(), keeperCalls: [], failKeepers: null };
  const fakes = await startFakeUpstreams(upstreams);
  const config = galleryEnvSchema.parse({
    ...testSecretsEnv(GALLERY_SECRETS, 'gallery'),
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '5',
    AMQP_URL: testConfig.TEST_AMQP_URL,
    GALLERY_HTTP_PORT: '0',
    GALLERY_GRPC_PORT: '0',
    GALLERY_ADMIN_PORT: '0',
    STUDIO_GRPC_ADDR: `127.0.0.1:${fakes.studio.port}`,
    UPLOAD_GRPC_ADDR: `127.0.0.1:${fakes.upload.port}`,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: BUCKET,
    PUBLIC_URL: TEST_PUBLIC_URL,
    // Static keys, so that no test falls into the AWS default credential chain unless it asks to (empty values).
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
    LOG_LEVEL: 'silent',
    SHUTDOWN_GRACE_MS: '2000',
    ...opts.env,
  });
  const clock = { offsetMs: 0 };
  const gallery = createGallery(config, {
    logger: createLogger({ service: 'gallery-test', level: 'silent' }),
    now: () => new Date(Date.now() + clock.offsetMs),
    relayIntervalMs: 100,
    ...opts.deps,
  });
  const ports = await gallery.start();
  const events = await captureEvents();
  // The dev server does not verify signatures: the harness's own uploads sign with fixed keys whatever the config says.
  const presigner = new S3Presigner({
    ...config.s3,
    endpoint: s3.endpoint,
    credentials: { accessKeyId: 'test-access-key', secretAccessKey: 'test-secret-key' },
  });

  const putObject = async (key: string, body: Buffer, contentType: string) => {
    const target = await presigner.putObject(key, { contentType, contentLength: body.length }, 600);
    const res = await fetch(target.url, { method: 'PUT', headers: target.headers, body: new Uint8Array(body) });
    if (res.status !== 200) throw new Error(`PUT ${key} -> ${res.status}`);
  };

  const t: TestGallery = {
    gallery,
    ports,
    config,
    s3,
    database,
    upstreams,
    events,
    clock,
    bearers: new ClientBearerSigner(config.clientSession.signingKey),
    api: makeApi(`http://127.0.0.1:${ports.httpPort}/api/v1`),
    tenant: (roles) => tenantCallers(testKeys().identitySigningKey, 'gallery', roles),
    async shoot(workspaceId, count, shootOptions = {}) {
      const shootId = randomUUID();
      upstreams.shoots.set(shootId, { workspaceId, title: shootOptions.title ?? 'Smith Wedding' });
      const keepers: KeeperMessage[] = [];
      for (let i = 0; i < count; i++) {
        const id = randomUUID();
        const base = `ws/${workspaceId}/photos/${id}`;
        keepers.push({
          id,
          file_name: `IMG_${String(i + 1).padStart(4, '0')}.JPG`,
          content_type: 'image/jpeg',
          size: '1000',
          original_key: `${base}/original`,
          web_key: `${base}/web.jpg`,
          thumb_key: `${base}/thumb.webp`,
          width: 1600 + i,
          height: 1000,
          capture_time: new Date(Date.UTC(2026, 4, 1, 12, 0, i)).toISOString(),
          created_at: new Date().toISOString(),
        });
        if (shootOptions.withObjects) {
          await putObject(`${base}/original`, Buffer.from(`original ${id}`), 'image/jpeg');
          await putObject(`${base}/web.jpg`, Buffer.from(`web ${id}`), 'image/jpeg');
          await putObject(`${base}/thumb.webp`, Buffer.from(`thumb ${id}`), 'image/webp');
        }
      }
      upstreams.keepers.set(shootId, keepers);
      return { shootId, keepers };
    },
    client(principal) {
      return {
        headers: () => ({ 'x-studio-identity': signIdentity({ kind: 'client', ...principal }, testKeys().identitySigningKey, 'gallery') }),
      };
    },
    async waitForEvents(type, n, pick) {
      await gallery.drainEvents();
      const until = Date.now() + 10_000;
      for (;;) {
        const found = events.of(type, pick);
        if (found.length >= n) return found;
        if (Date.now() > until) throw new Error(`expected ${n} ${type} events, saw ${found.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      await events.close().catch(() => undefined);
      await gallery.stop();
      await Promise.all([fakes.studio.close(500), fakes.upload.close(500)]);
      await s3.stop();
      await database.drop();
    },
  };
  return t;
}
