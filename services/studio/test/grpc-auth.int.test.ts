/**
 * Authenticated internal gRPC on a real studio server: every call but a health check needs a service token that
 * studio's keyring verifies (else UNAUTHENTICATED), and the caller it names must be admitted by the method's
 * allowlist (src/grpc/callers.grpc.ts, else PERMISSION_DENIED) before any handler runs.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, grpc, loadProto, ServiceTokenSigner } from '@studio/grpc';
import { loadHealthService } from '@studio/grpc/health';
import { INDEX_SOURCE_PROTO } from '@studio/proto/index-source';
import { STUDIO_PROTO } from '@studio/proto/studio';
import { type GrpcCaller, testKeys } from '@studio/testkit/secrets';
import { startTestStudio, type TestStudio } from './harness.js';
import { rawCall } from './support/operations.js';

const studioProto = loadProto(STUDIO_PROTO).studio.v1;
const IndexSource = loadProto(INDEX_SOURCE_PROTO).index.v1.IndexSource;
type Ctor<C extends grpc.Client> = new (...args: ConstructorParameters<typeof grpc.Client>) => C;

/** Reads a StreamDocuments stream to its end: the final status and how many documents came before it. */
function streamStatus(client: grpc.Client, workspaceId: string): Promise<{ code: number; docs: number }> {
  return new Promise((resolve) => {
    const fn = (client as unknown as Record<string, (...args: unknown[]) => grpc.ClientReadableStream<unknown>>).StreamDocuments!;
    const call = fn.call(client, { workspace_id: workspaceId, types: [] }, new grpc.Metadata(), { deadline: Date.now() + 10_000 });
    let docs = 0;
    call.on('data', () => docs++);
    call.on('error', (err: grpc.ServiceError) => resolve({ code: err.code, docs }));
    call.on('end', () => resolve({ code: grpc.status.OK, docs }));
  });
}

describe('studio gRPC: service tokens and caller allowlists', () => {
  let t: TestStudio;
  let address: string;
  const clients: grpc.Client[] = [];
  /** A client calling as `caller` with its key from testKeys() (the key studio's SERVICE_PUBLIC_KEYS names). */
  const as = <C extends grpc.Client>(Ctor: Ctor<C>, caller: GrpcCaller, audience = 'studio'): C => {
    const signer = new ServiceTokenSigner({ name: caller, signingKey: testKeys().serviceKey(caller) });
    const c = createClient(Ctor, address, { credentials: { signer, audience } });
    clients.push(c);
    return c;
  };
  const anonymous = <C extends grpc.Client>(Ctor: Ctor<C>): C => {
    const c = createClient(Ctor, address);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await startTestStudio({ schedulerIntervalMs: 0 });
    address = `127.0.0.1:${t.ports.grpcPort}`;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t?.stop();
  });

  it('StudioInternal.GetShoot: UNAUTHENTICATED without credentials, PERMISSION_DENIED to gateway, OK to gallery', async () => {
    const shoot = await t.given.shoot((await t.given.workspace()).id);
    const request = { shoot_id: shoot.id, workspace_ids: [shoot.workspace_id] };
    expect(await rawCall(anonymous(studioProto.StudioInternal), 'GetShoot', request)).toMatchObject({ code: grpc.status.UNAUTHENTICATED });
    expect(await rawCall(as(studioProto.StudioInternal, 'gateway'), 'GetShoot', request)).toMatchObject({
      code: grpc.status.PERMISSION_DENIED,
    });
    expect(await rawCall(as(studioProto.StudioInternal, 'gallery'), 'GetShoot', request)).toMatchObject({
      code: grpc.status.OK,
      response: { id: shoot.id },
    });
  });

  it('refuses a valid caller token made for another service, and one signed by a key studio does not know', async () => {
    const shoot = await t.given.shoot((await t.given.workspace()).id);
    const request = { shoot_id: shoot.id, workspace_ids: [shoot.workspace_id] };
    expect(await rawCall(as(studioProto.StudioInternal, 'gallery', 'upload'), 'GetShoot', request)).toMatchObject({
      code: grpc.status.UNAUTHENTICATED,
    });
    const impostor = createClient(studioProto.StudioInternal, address, {
      credentials: {
        signer: new ServiceTokenSigner({ name: 'gallery', signingKey: generateKeyPairSync('ed25519').privateKey }),
        audience: 'studio',
      },
    });
    clients.push(impostor);
    expect(await rawCall(impostor, 'GetShoot', request)).toMatchObject({ code: grpc.status.UNAUTHENTICATED });
  });

  it('IndexSource.StreamDocuments: UNAUTHENTICATED without credentials, PERMISSION_DENIED to gateway, streamed to search', async () => {
    const ws = (await t.given.workspace()).id;
    await t.given.shoot(ws);
    expect(await streamStatus(anonymous(IndexSource), ws)).toEqual({ code: grpc.status.UNAUTHENTICATED, docs: 0 });
    expect(await streamStatus(as(IndexSource, 'gateway'), ws)).toEqual({ code: grpc.status.PERMISSION_DENIED, docs: 0 });
    expect(await streamStatus(as(IndexSource, 'search'), ws)).toEqual({ code: grpc.status.OK, docs: 1 });
  });

  it('StudioOperations: PERMISSION_DENIED to upload (nothing changed), OK to operator', async () => {
    const ws = (await t.given.workspace()).id;
    const client = await t.given.client(ws, { name: 'Before' });
    const request = { workspace_id: ws, client_id: client.id, name: 'After' };
    expect(await rawCall(anonymous(studioProto.StudioOperations), 'UpdateClient', request)).toMatchObject({
      code: grpc.status.UNAUTHENTICATED,
    });
    expect(await rawCall(as(studioProto.StudioOperations, 'upload'), 'UpdateClient', request)).toMatchObject({
      code: grpc.status.PERMISSION_DENIED,
    });
    expect(await rawCall(as(studioProto.StudioOperations, 'gateway'), 'UpdateClient', request)).toMatchObject({
      code: grpc.status.PERMISSION_DENIED,
    });
    const names = (await t.studio.services.clients.list([ws], { limit: 10 })).itemsJson.map((c) => JSON.parse(c).name);
    expect(names).toEqual(['Before']);
    expect(await rawCall(as(studioProto.StudioOperations, 'operator'), 'UpdateClient', request)).toMatchObject({
      code: grpc.status.OK,
      response: { id: client.id, name: 'After' },
    });
  });

  it('answers grpc.health.v1 Check without credentials', async () => {
    expect(await rawCall(anonymous(loadHealthService()), 'Check', { service: '' })).toEqual({
      code: grpc.status.OK,
      response: { status: 'SERVING' },
    });
  });
});
