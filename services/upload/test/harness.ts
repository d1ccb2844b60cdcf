/**
 * Boots the real upload service in-process for one test file: a fresh clone of the migrated template database,
 * real RabbitMQ (work queues under a prefix of their own), the real S3-compatible dev server on a random port,
 * the API (HTTP + gRPC on port 0) and, when asked, the worker. Studio is stood in for by a small gRPC server
 * that speaks the real studio.v1.StudioInternal contract (GetShoot) from an in-memory table of shoots.
 */
import type { ProcessPorts } from '@studio/process';
import { createPublicKey, randomUUID } from 'node:crypto';
import { connectAmqp } from '@studio/amqp';
import { AppError } from '@studio/errors';
import { createClient, loadService, ServiceTokenSigner, startGrpcServer, unaryHandlers, type GrpcServerHandle } from '@studio/grpc';
import type { Role } from '@studio/identity';
import { createLogger, type Logger } from '@studio/logger';
import { freshDatabase, testConfig, type FreshDatabase } from '@studio/testkit';
import {
  eventually,
  makeApi,
  tenantCallers,
  type Api,
  type ApiResponse,
  type MemberCaller,
  type RequestOptions,
} from '@studio/testkit/api';
import { testKeys, testSecretsEnv } from '@studio/testkit/secrets';
import { createUpload, createUploadWorker, type Upload, type UploadDeps, type UploadWorker } from '../src/app.js';
import { uploadEnvSchema, type UploadConfig } from '../src/config.js';
import { startS3Server, type RunningS3Server } from '../src/dev/s3-server.js';
import { deleteWorkTopology } from '../src/events/work-queues.js';
import ensureTemplate, { TEMPLATE } from './global-setup.js';

export const NOT_FOUND_TEXT = '{"ok":false,"error":"not_found"}';
export const MISSING_ID = '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60';

/** Upload API's secrets (deploy/deployables.ts, deployable 'upload'; its worker needs none of them). */
export const UPLOAD_SECRETS = ['IDENTITY_PUBLIC_KEY', 'SERVICE_SIGNING_KEY', 'SERVICE_PUBLIC_KEYS'] as const;

export { eventually, makeApi, type Api, type ApiResponse, type RequestOptions };
/** A member of a test workspace (see tenant()). */
export type Caller = MemberCaller;

/** A client of upload's UploadInternal calling as gallery (the caller it admits), with gallery's test key. */
export function uploadInternalClient(t: TestUpload) {
  return createClient(loadService('upload/v1/upload.proto', 'upload.v1.UploadInternal'), `127.0.0.1:${t.ports.grpcPort}`, {
    credentials: { signer: new ServiceTokenSigner({ name: 'gallery', signingKey: testKeys().serviceKey('gallery') }), audience: 'upload' },
  });
}

/** Studio's GetShoot over real gRPC, answering from `shoots` (shoot id -> workspace id). */
async function startFakeStudio(shoots: Map<string, string>): Promise<GrpcServerHandle> {
  const logger = createLogger({ service: 'fake-studio', level: 'silent' });
  const Service = loadService('studio/v1/studio.proto', 'studio.v1.StudioInternal');
  // Admits upload's service tokens for studio, as the real studio does (upload's calls carry them).
  const keyring = new Map([['upload', createPublicKey(testKeys().serviceKey('upload'))]]);
  return startGrpcServer(
    (server) => {
      server.addService(
        Service.service,
        unaryHandlers(logger, {
          async GetShoot(req: { shoot_id: string; workspace_ids: string[] }) {
            const ws = shoots.get(req.shoot_id);
            if (!ws || !req.workspace_ids.includes(ws)) throw new AppError('not_found');
            return {
              id: req.shoot_id,
              workspace_id: ws,
              title: 'Shoot',
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
    { audience: 'studio', keyring, allow: { 'studio.v1.StudioInternal/GetShoot': ['upload'] } },
  );
}

export interface TestUpload {
  upload: Upload;
  ports: ProcessPorts;
  worker: UploadWorker | null;
  config: UploadConfig;
  s3: RunningS3Server;
  database: FreshDatabase;
  api: Api;
  /** A workspace with one caller per role asked for. */
  tenant(roles?: Role[]): { workspaceId: string; callers: Record<Role, Caller> };
  /** Registers a shoot of `workspaceId` with the stand-in studio. */
  shoot(workspaceId: string): string;
  /** Current fake time offset (tests of expiry move it forward). */
  clock: { offsetMs: number };
  stop(): Promise<void>;
}

export async function startTestUpload(opts: { worker?: boolean; env?: Record<string, string>; logger?: Logger } = {}): Promise<TestUpload> {
  await ensureTemplate();
  const database = await freshDatabase(TEMPLATE);
  const s3 = await startS3Server({ port: 0 });
  const shoots = new Map<string, string>();
  const studio = await startFakeStudio(shoots);
  const prefix = `upload-test-${randomUUID().slice(0, 8)}`;
  const config = uploadEnvSchema.parse({
    ...testSecretsEnv(UPLOAD_SECRETS, 'upload'),
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '5',
    AMQP_URL: testConfig.TEST_AMQP_URL,
    UPLOAD_HTTP_PORT: '0',
    UPLOAD_GRPC_PORT: '0',
    UPLOAD_ADMIN_PORT: '0',
    UPLOAD_WORKER_ADMIN_PORT: '0',
    STUDIO_GRPC_ADDR: `127.0.0.1:${studio.port}`,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: 'test-photos',
    // Static keys, so that no test falls into the AWS default credential chain unless it asks to (empty values).
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
    UPLOAD_QUEUE_PREFIX: prefix,
    UPLOAD_QUEUE_EXPIRES_MS: String(10 * 60_000),
    LOG_LEVEL: 'silent',
    SHUTDOWN_GRACE_MS: '2000',
    ...opts.env,
  });
  const clock = { offsetMs: 0 };
  const deps: UploadDeps = {
    logger: opts.logger ?? createLogger({ service: 'upload-test', level: 'silent' }),
    now: () => new Date(Date.now() + clock.offsetMs),
    relayIntervalMs: 100,
    retryDelayMs: 50,
  };
  const upload = createUpload(config, deps);
  const ports = await upload.start();
  const worker = opts.worker ? createUploadWorker(config, deps) : null;
  if (worker) await worker.start();

  return {
    upload,
    ports,
    worker,
    config,
    s3,
    database,
    clock,
    api: makeApi(`http://127.0.0.1:${ports.httpPort}/api/v1`),
    tenant: (roles) => tenantCallers(testKeys().identitySigningKey, 'upload', roles),
    shoot(workspaceId: string) {
      const id = randomUUID();
      shoots.set(id, workspaceId);
      return id;
    },
    async stop() {
      await worker?.stop();
      await upload.stop();
      await studio.close(500);
      await s3.stop();
      const amqp = await connectAmqp(
        testConfig.TEST_AMQP_URL,
        createLogger({ service: 'cleanup', level: 'silent' }),
        'upload-test-cleanup',
      );
      await amqp.model.waitForConnect();
      await deleteWorkTopology(amqp, upload.topology).catch(() => undefined);
      await amqp.close();
      await database.drop();
    },
  };
}
