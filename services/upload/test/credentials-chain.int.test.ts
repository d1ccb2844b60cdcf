/**
 * Object-store credentials from the AWS SDK's default provider chain, for real: no S3_ACCESS_KEY_ID or
 * S3_SECRET_ACCESS_KEY configured, the chain finds a container-credentials endpoint on 127.0.0.1 (as ECS or EKS Pod
 * Identity provide one, with an authorization token file) that hands out temporary credentials expiring within the
 * SDK's refresh window, and the test rotates them. Upload's API and worker run against the S3 dev server through a
 * proxy that records which key signed each request. Nothing here can reach the instance-metadata address: the
 * chain stops at the container endpoint and AWS_EC2_METADATA_DISABLED is true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type RunningS3Server } from '../src/dev/s3-server.js';
import {
  startCredentialsEndpoint,
  startRecordingProxy,
  useContainerCredentials,
  type CredentialsEndpoint,
  type RecordingProxy,
  type TemporaryKey,
} from './aws-credentials.js';
import { eventually, startTestUpload, type Caller, type TestUpload } from './harness.js';
import { makeJpeg, putTo } from './images.js';

const KEY_A: TemporaryKey = {
  accessKeyId: 'ASIAFIRSTKEYAAAAAAAA',
  secretAccessKey: 'first-secret-aaaaaaaaaaaaaaaaaaaaaaaaaaa',
  sessionToken: 'session-token-a',
};
const KEY_B: TemporaryKey = {
  accessKeyId: 'ASIAROTATEDKEYBBBBBB',
  secretAccessKey: 'rotated-secret-bbbbbbbbbbbbbbbbbbbbbbbbb',
  sessionToken: 'session-token-b',
};
const LIFETIME_MS = 4 * 60_000; // inside the SDK's 5-minute refresh window: every use refreshes in the background

let endpoint: CredentialsEndpoint;
let restoreEnv: () => void = () => undefined;
let s3: RunningS3Server;
let proxy: RecordingProxy;
let t: TestUpload;
let jpeg: Buffer;

beforeAll(async () => {
  endpoint = await startCredentialsEndpoint(KEY_A, { lifetimeMs: LIFETIME_MS });
  restoreEnv = useContainerCredentials(endpoint);
  s3 = await startS3Server({ port: 0 });
  proxy = await startRecordingProxy(s3.endpoint);
  // Empty keys: the default provider chain (the harness otherwise configures static test keys).
  t = await startTestUpload({ worker: true, env: { S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '', S3_ENDPOINT: proxy.endpoint } });
  jpeg = await makeJpeg(800, 500);
});
afterAll(async () => {
  await t?.stop();
  await proxy?.close();
  await s3?.stop();
  await endpoint?.close();
  restoreEnv();
});

const credentialOf = (url: string) => new URL(url).searchParams.get('X-Amz-Credential')!.split('/')[0];
const tokenOf = (url: string) => new URL(url).searchParams.get('X-Amz-Security-Token');

async function createPhoto(me: Caller, shootId: string) {
  const created = await t.api('POST', '/photos', {
    as: me,
    body: { shoot_id: shootId, file_name: 'IMG.JPG', content_type: 'image/jpeg', size: jpeg.length },
  });
  expect(created.status).toBe(201);
  return created.body as {
    photo: { id: string };
    upload: { url: string; method: string; headers: Record<string, string>; expires_at: string };
  };
}

/** Uploads to the presigned URL, finalizes, and waits until the worker made the derivatives. */
async function uploadAndFinish(me: Caller, created: Awaited<ReturnType<typeof createPhoto>>) {
  expect((await putTo(created.upload, jpeg)).status).toBe(200);
  expect((await t.api('POST', `/photos/${created.photo.id}/finalize`, { as: me })).status).toBe(200);
  await eventually(
    () => t.api('POST', `/photos/${created.photo.id}/finalize`, { as: me }),
    (r) => r.body.photo.state === 'ready',
  );
}

/** Who signed the requests that touched one photo's objects (original, web, thumb), client requests and URLs. */
const signersOf = (photoId: string) => proxy.requests.filter((r) => r.path.includes(`/photos/${photoId}/`));

describe('S3 credentials from the AWS default provider chain (container endpoint on loopback)', () => {
  it("with no static keys configured, the client and the presigned URLs use the chain's temporary credentials", async () => {
    expect(t.config.s3.credentials).toBeNull();
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const created = await createPhoto(me, t.shoot(workspaceId));
    expect(credentialOf(created.upload.url)).toBe(KEY_A.accessKeyId);
    expect(tokenOf(created.upload.url)).toBe(KEY_A.sessionToken);
    // The URL dies with the credentials: expires_at is their expiry (4 min), not PRESIGN_PUT_TTL_SECONDS (1 h).
    expect(Date.parse(created.upload.expires_at)).toBeLessThanOrEqual(Date.now() + LIFETIME_MS);
    expect(Date.parse(created.upload.expires_at)).toBeGreaterThan(Date.now() + LIFETIME_MS - 60_000);

    await uploadAndFinish(me, created);
    const touched = signersOf(created.photo.id);
    // The client's presigned PUT (of the staging key) and finalize's requests through the SDK client (HEAD, the
    // CopyObject PUT to the original, the ranged GET of its first bytes, the DELETE of the staged object; decision
    // 0020); the worker's GET of the original and PUTs of web and thumb go over presigned URLs too
    // (storage.service.ts: getInto, put).
    expect(
      touched
        .filter((r) => r.presigned)
        .map((r) => r.method)
        .sort(),
    ).toEqual(['GET', 'PUT', 'PUT', 'PUT']);
    expect(new Set(touched.filter((r) => !r.presigned).map((r) => r.method))).toEqual(new Set(['HEAD', 'PUT', 'GET', 'DELETE']));
    expect(proxy.requests.length).toBeGreaterThan(0);
    for (const r of proxy.requests)
      expect(r, `${r.method} ${r.path}`).toMatchObject({ accessKeyId: KEY_A.accessKeyId, sessionToken: KEY_A.sessionToken });
    expect(endpoint.served).toBeGreaterThan(0);
    expect(endpoint.refused).toBe(0); // every lookup carried the token of AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE
  });

  it('after a rotation, new presigned URLs carry the new key and the service keeps working against the store with it', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const shootId = t.shoot(workspaceId);
    const servedBefore = endpoint.served;
    endpoint.rotate(KEY_B);

    // The SDK hands out the old (still valid) credentials while it refreshes in the background: the new key shows
    // within a lookup or two, and from then on every URL carries it.
    const first = await eventually(
      () => createPhoto(me, shootId),
      (c) => credentialOf(c.upload.url) === KEY_B.accessKeyId,
      10_000,
    );
    expect(endpoint.served).toBeGreaterThan(servedBefore);
    expect(tokenOf(first.upload.url)).toBe(KEY_B.sessionToken);
    const more = [await createPhoto(me, shootId), await createPhoto(me, shootId)];
    for (const c of more) expect([credentialOf(c.upload.url), tokenOf(c.upload.url)]).toEqual([KEY_B.accessKeyId, KEY_B.sessionToken]);

    // Multipart part URLs too (a batch: one credentials lookup for all its parts).
    const session = await t.api('POST', '/upload-sessions', { as: me, body: { shoot_id: shootId } });
    const sid = session.body.session.id as string;
    const reg = await t.api('POST', `/upload-sessions/${sid}/files`, {
      as: me,
      body: { files: [{ file_name: 'big.jpg', size: 12 * 1024 * 1024, content_type: 'image/jpeg', part_size: 5 * 1024 * 1024 }] },
    });
    expect(reg.status).toBe(201);
    const signed = await t.api('POST', `/upload-sessions/${sid}/files/${reg.body.files[0].id}/parts/sign`, {
      as: me,
      body: { part_numbers: [1, 2, 3] },
    });
    expect(signed.status).toBe(200);
    expect(signed.body.parts.map((p: { url: string }) => credentialOf(p.url))).toEqual([
      KEY_B.accessKeyId,
      KEY_B.accessKeyId,
      KEY_B.accessKeyId,
    ]);

    // The service keeps working with the new credentials: upload, verify (HEAD), derivatives (worker GET/PUT).
    await uploadAndFinish(me, first);
    const second = more[0]!;
    await uploadAndFinish(me, second);
    // By the second photo the worker's own chain has refreshed as well: everything that touched it is signed by B.
    const touched = signersOf(second.photo.id);
    expect(touched.filter((r) => !r.presigned).map((r) => r.method)).toEqual(expect.arrayContaining(['HEAD']));
    expect(touched.filter((r) => r.presigned).map((r) => r.method)).toEqual(expect.arrayContaining(['GET', 'PUT']));
    for (const r of touched)
      expect(r, `${r.method} ${r.path}`).toMatchObject({ accessKeyId: KEY_B.accessKeyId, sessionToken: KEY_B.sessionToken });
    // And the API's own client signed the first photo's HEAD with B (it shares its provider with the presigner).
    const head = signersOf(first.photo.id).find((r) => r.method === 'HEAD');
    expect(head).toMatchObject({ accessKeyId: KEY_B.accessKeyId, sessionToken: KEY_B.sessionToken });
    expect(endpoint.refused).toBe(0);
  });
});
