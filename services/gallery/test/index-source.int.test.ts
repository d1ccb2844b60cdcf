/** index.v1.IndexSource over real gRPC: what the search rebuild streams from gallery. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, createClient, grpc, loadProto, ServiceTokenSigner } from '@studio/grpc';
import { INDEX_SOURCE_PROTO, type IndexSourceClient } from '@studio/proto/index-source';
import { testKeys } from '@studio/testkit/secrets';
import { startTestGallery, type TestGallery } from './harness.js';

let t: TestGallery;
let client: IndexSourceClient;

beforeAll(async () => {
  t = await startTestGallery();
  client = createClient(loadProto(INDEX_SOURCE_PROTO).index.v1.IndexSource, `127.0.0.1:${t.ports.grpcPort}`, {
    credentials: { signer: new ServiceTokenSigner({ name: 'search', signingKey: testKeys().serviceKey('search') }), audience: 'gallery' },
  });
});
afterAll(async () => {
  client?.close();
  await t?.stop();
});

interface Doc {
  type: string;
  id: string;
  workspace_id: string;
  title: string;
  fields: Record<string, string>;
  updated_at: string;
  deleted: boolean;
}

function stream(workspaceId: string, types: string[] = [], via: grpc.Client = client): Promise<Doc[]> {
  return new Promise((resolve, reject) => {
    const docs: Doc[] = [];
    const call = (via as unknown as Record<string, (...args: unknown[]) => unknown>).StreamDocuments!.call(
      via,
      { workspace_id: workspaceId, types },
      new grpc.Metadata(),
      {
        deadline: Date.now() + 10_000,
      },
    ) as grpc.ClientReadableStream<Doc>;
    call.on('data', (d: Doc) => docs.push(d));
    call.on('error', reject);
    call.on('end', () => resolve(docs));
  });
}

describe('IndexSource', () => {
  it('describes its types', async () => {
    expect(await callUnary(client, 'DescribeSource', {})).toEqual({ types: ['gallery', 'album'] });
  });

  it("streams a workspace's galleries and albums (and nothing of other workspaces), filtered by type", async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const { shootId } = await t.shoot(workspaceId, 2);
    const a = (await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId, title: 'Beach Day' } })).body.gallery;
    const b = (await t.api('POST', '/galleries', { as: callers.owner, body: { shoot_id: shootId, title: 'Beach Day' } })).body.gallery;
    const album = await t.gallery.services.operator.createAlbum({ galleryId: a.id, title: 'Sunset', description: 'Golden hour' });
    const other = t.tenant(['owner']);
    const os = await t.shoot(other.workspaceId, 1);
    await t.api('POST', '/galleries', { as: other.callers.owner, body: { shoot_id: os.shootId } });

    const docs = await stream(workspaceId);
    expect(docs.map((d) => `${d.type}:${d.id}`).sort()).toEqual([`album:${album.id}`, `gallery:${a.id}`, `gallery:${b.id}`].sort());
    const gd = docs.find((d) => d.id === b.id)!;
    expect(gd).toMatchObject({
      type: 'gallery',
      workspace_id: workspaceId,
      title: 'Beach Day',
      deleted: false,
      fields: { slug: 'beach-day-2', state: 'draft', photo_count: '2' },
    });
    expect(Date.parse(gd.updated_at)).not.toBeNaN();
    const ad = docs.find((d) => d.id === album.id)!;
    expect(ad).toMatchObject({ type: 'album', title: 'Sunset', fields: { description: 'Golden hour', gallery_id: a.id } });

    expect((await stream(workspaceId, ['album'])).map((d) => d.id)).toEqual([album.id]);
    expect((await stream(workspaceId, ['client'])).length).toBe(0);
    expect(await stream('6f1c3e0a-1111-4222-8333-444455556666')).toEqual([]);
  });

  it('answers INVALID_ARGUMENT for a malformed workspace id', async () => {
    await expect(stream('nope')).rejects.toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
  });

  it('answers UNAUTHENTICATED without a service token, PERMISSION_DENIED to a caller other than search', async () => {
    const Ctor = loadProto(INDEX_SOURCE_PROTO).index.v1.IndexSource;
    const anonymous = createClient(Ctor, `127.0.0.1:${t.ports.grpcPort}`);
    const gateway = createClient(Ctor, `127.0.0.1:${t.ports.grpcPort}`, {
      credentials: {
        signer: new ServiceTokenSigner({ name: 'gateway', signingKey: testKeys().serviceKey('gateway') }),
        audience: 'gallery',
      },
    });
    try {
      const ws = '6f1c3e0a-1111-4222-8333-444455556666';
      await expect(stream(ws, [], anonymous)).rejects.toMatchObject({ code: grpc.status.UNAUTHENTICATED });
      await expect(stream(ws, [], gateway)).rejects.toMatchObject({ code: grpc.status.PERMISSION_DENIED });
    } finally {
      anonymous.close();
      gateway.close();
    }
  });
});
