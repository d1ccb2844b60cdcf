import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, createClient, grpc, loadProto, ServiceTokenSigner } from '@studio/grpc';
import { loadHealthService } from '@studio/grpc/health';
import { STUDIO_PROTO, type StudioInternalClient } from '@studio/proto/studio';
import { MISSING_ID, startTestStudio, type TestStudio } from './harness.js';

/** A raw unary call that resolves with the response or the gRPC status code. */
function call(client: grpc.Client, method: string, request: unknown): Promise<{ code: number; response?: any; details?: string }> {
  return new Promise((resolve) => {
    const fn = (client as unknown as Record<string, (...args: unknown[]) => unknown>)[method]!;
    fn.call(client, request, new grpc.Metadata(), { deadline: Date.now() + 5000 }, (err: grpc.ServiceError | null, res: unknown) => {
      resolve(err ? { code: err.code, details: err.details } : { code: grpc.status.OK, response: res });
    });
  });
}

describe('gRPC StudioInternal', () => {
  let t: TestStudio;
  /** The gateway's client (AuthenticateToken). */
  let client: StudioInternalClient;
  /** Gallery's client (GetShoot). */
  let galleryClient: StudioInternalClient;
  beforeAll(async () => {
    t = await startTestStudio();
    client = t.grpcClient(loadProto(STUDIO_PROTO).studio.v1.StudioInternal, 'gateway');
    galleryClient = t.grpcClient(loadProto(STUDIO_PROTO).studio.v1.StudioInternal, 'gallery');
  });
  afterAll(async () => {
    client?.close();
    galleryClient?.close();
    await t?.stop();
  });

  it('AuthenticateToken resolves a valid token to its profile and memberships', async () => {
    const ws1 = await t.given.workspace();
    const ws2 = await t.given.workspace();
    await t.given.member(ws2.id, 'viewer', ws1.ownerId);
    const { token, tokenId } = await t.given.token(ws1.ownerId, { rateLimit: 42 });
    const res = await call(client, 'AuthenticateToken', { token });
    expect(res.code).toBe(grpc.status.OK);
    expect(res.response).toMatchObject({ profile_id: ws1.ownerId, token_id: tokenId, scope_workspace_id: '', rate_limit: 42 });
    expect(
      [...res.response.memberships].sort((a: { workspace_id: string }, b: { workspace_id: string }) =>
        a.workspace_id.localeCompare(b.workspace_id),
      ),
    ).toEqual(
      [
        { workspace_id: ws1.id, role: 'owner' },
        { workspace_id: ws2.id, role: 'viewer' },
      ].sort((a, b) => a.workspace_id.localeCompare(b.workspace_id)),
    );
  });

  it('AuthenticateToken narrows a scoped token; 0 means the default rate limit', async () => {
    const ws1 = await t.given.workspace();
    const ws2 = await t.given.workspace({ ownerId: ws1.ownerId });
    const { token } = await t.given.token(ws1.ownerId, { workspaceId: ws2.id });
    const res = await callUnary(client, 'AuthenticateToken', { token });
    expect(res).toMatchObject({ scope_workspace_id: ws2.id, rate_limit: 0, memberships: [{ workspace_id: ws2.id, role: 'owner' }] });

    // The profile leaves the scoped workspace: the token now reaches nothing.
    const other = await t.given.profile();
    const ws3 = await t.given.workspace({ ownerId: other.id });
    await t.given.member(ws3.id, 'admin', ws1.ownerId);
    const scoped3 = await t.given.token(ws1.ownerId, { workspaceId: ws3.id });
    await t.studio.db.client.membership.delete({ where: { workspaceId_profileId: { workspaceId: ws3.id, profileId: ws1.ownerId } } });
    const left = await callUnary(client, 'AuthenticateToken', { token: scoped3.token });
    expect(left).toMatchObject({ scope_workspace_id: ws3.id, memberships: [] });
  });

  it('AuthenticateToken answers UNAUTHENTICATED for malformed, unknown and revoked tokens', async () => {
    const ws = await t.given.workspace();
    const revoked = await t.given.token(ws.ownerId);
    await t.studio.services.tokens.revoke(revoked.tokenId);
    for (const token of ['', 'not-a-token', `stu_0123456789ab_${'A'.repeat(43)}`, revoked.token, `${revoked.token}x`]) {
      const res = await call(client, 'AuthenticateToken', { token });
      expect(res.code).toBe(grpc.status.UNAUTHENTICATED);
    }
    await expect(callUnary(client, 'AuthenticateToken', { token: 'nope' })).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('records last_used_at at most once a minute', async () => {
    const ws = await t.given.workspace();
    const { token, tokenId } = await t.given.token(ws.ownerId);
    const lastUsed = async () => (await t.studio.db.client.apiToken.findUniqueOrThrow({ where: { id: tokenId } })).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await callUnary(client, 'AuthenticateToken', { token });
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await Promise.all(Array.from({ length: 5 }, () => callUnary(client, 'AuthenticateToken', { token })));
    expect(await lastUsed()).toEqual(first);
  });

  it('GetShoot returns a shoot only within the given workspaces', async () => {
    const ws = await t.given.workspace();
    const other = await t.given.workspace();
    const clientRow = await t.given.client(ws.id);
    const shoot = await t.given.shoot(ws.id, {
      title: 'Gallery Source',
      clientId: clientRow.id,
      scheduledStart: new Date('2027-05-05T10:00:00Z'),
    });
    const ok = await call(galleryClient, 'GetShoot', { shoot_id: shoot.id, workspace_ids: [other.id, ws.id.toUpperCase()] });
    expect(ok.code).toBe(grpc.status.OK);
    expect(ok.response).toEqual({
      id: shoot.id,
      workspace_id: ws.id,
      title: 'Gallery Source',
      slug: 'gallery-source',
      state: 'planned',
      client_id: clientRow.id,
      scheduled_start: '2027-05-05T10:00:00.000Z',
      scheduled_end: '',
      created_at: shoot.created_at,
      location: '',
      completed_at: '',
      updated_at: shoot.updated_at,
      shot_list: { total: 0, done: 0 },
      shot_list_items: [],
    });
    for (const workspace_ids of [[other.id], [], ['not-a-uuid']]) {
      expect((await call(galleryClient, 'GetShoot', { shoot_id: shoot.id, workspace_ids })).code).toBe(grpc.status.NOT_FOUND);
    }
    expect((await call(galleryClient, 'GetShoot', { shoot_id: MISSING_ID, workspace_ids: [ws.id] })).code).toBe(grpc.status.NOT_FOUND);
    expect((await call(galleryClient, 'GetShoot', { shoot_id: 'nope', workspace_ids: [ws.id] })).code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('answers UNAUTHENTICATED without a service token or with one of an unknown key, PERMISSION_DENIED to a caller not admitted', async () => {
    const shoot = await t.given.shoot((await t.given.workspace()).id);
    const request = { shoot_id: shoot.id, workspace_ids: [shoot.workspace_id] };
    const anonymous = createClient(loadProto(STUDIO_PROTO).studio.v1.StudioInternal, `127.0.0.1:${t.ports.grpcPort}`);
    const forger = createClient(loadProto(STUDIO_PROTO).studio.v1.StudioInternal, `127.0.0.1:${t.ports.grpcPort}`, {
      credentials: {
        signer: new ServiceTokenSigner({ name: 'gallery', signingKey: generateKeyPairSync('ed25519').privateKey }),
        audience: 'studio',
      },
    });
    try {
      for (const c of [anonymous, forger]) {
        expect((await call(c, 'GetShoot', request)).code).toBe(grpc.status.UNAUTHENTICATED);
        expect((await call(c, 'AuthenticateToken', { token: 'stu_x' })).code).toBe(grpc.status.UNAUTHENTICATED);
      }
      // The gateway authenticates tokens but reads no shoot; gallery reads shoots but authenticates no token.
      expect((await call(client, 'GetShoot', request)).code).toBe(grpc.status.PERMISSION_DENIED);
      expect((await call(galleryClient, 'AuthenticateToken', { token: 'stu_x' })).code).toBe(grpc.status.PERMISSION_DENIED);
    } finally {
      anonymous.close();
      forger.close();
    }
  });

  it('serves grpc.health.v1', async () => {
    const Health = loadHealthService();
    const health = new Health(`127.0.0.1:${t.ports.grpcPort}`, grpc.credentials.createInsecure());
    const res = await call(health, 'Check', { service: '' });
    expect(res.response).toEqual({ status: 'SERVING' });
    health.close();
  });
});
