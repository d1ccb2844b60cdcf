/**
 * Gallery's signed photo URLs with credentials from the AWS SDK's default provider chain, for real: no
 * S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, the chain finds a container-credentials endpoint on 127.0.0.1 (helper shared
 * with upload's test) serving temporary credentials that the test rotates. Instance metadata is disabled and
 * unreachable from here: the chain stops at the container endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startCredentialsEndpoint,
  useContainerCredentials,
  type CredentialsEndpoint,
  type TemporaryKey,
} from '../../upload/test/aws-credentials.js';
import { eventually, startTestGallery, type TestGallery } from './harness.js';

const KEY_A: TemporaryKey = {
  accessKeyId: 'ASIAGALLERYKEYAAAAAA',
  secretAccessKey: 'gallery-secret-aaaaaaaaaaaaaaaaaaaaaaaaa',
  sessionToken: 'gallery-token-a',
};
const KEY_B: TemporaryKey = {
  accessKeyId: 'ASIAGALLERYKEYBBBBBB',
  secretAccessKey: 'gallery-secret-bbbbbbbbbbbbbbbbbbbbbbbbb',
  sessionToken: 'gallery-token-b',
};
const LIFETIME_MS = 4 * 60_000;

let endpoint: CredentialsEndpoint;
let restoreEnv: () => void = () => undefined;
let t: TestGallery;

beforeAll(async () => {
  endpoint = await startCredentialsEndpoint(KEY_A, { lifetimeMs: LIFETIME_MS });
  restoreEnv = useContainerCredentials(endpoint);
  t = await startTestGallery({ env: { S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' } });
});
afterAll(async () => {
  await t?.stop();
  await endpoint?.close();
  restoreEnv();
});

const keyOf = (url: string) => new URL(url).searchParams.get('X-Amz-Credential')!.split('/')[0];

describe('gallery photo URLs from the AWS default provider chain', () => {
  it("signs with the chain's credentials, caps urls_expire_at at their expiry, and moves to the rotated key at the next read", async () => {
    expect(t.config.s3.credentials).toBeNull();
    const { workspaceId, callers } = t.tenant(['photographer']);
    const { shootId } = await t.shoot(workspaceId, 3, { withObjects: true });
    const created = await t.api('POST', '/galleries', { as: callers.photographer, body: { shoot_id: shootId } });
    expect(created.status).toBe(201);
    const read = () => t.api('GET', `/galleries/${created.body.gallery.id}`, { as: callers.photographer });

    const before = (await read()).body.gallery;
    const urls = (g: { photos: { url: string; thumbnail_url: string; original_url: string }[] }) =>
      g.photos.flatMap((p) => [p.url, p.thumbnail_url, p.original_url]);
    expect(new Set(urls(before).map(keyOf))).toEqual(new Set([KEY_A.accessKeyId]));
    expect(new URL(before.photos[0].url).searchParams.get('X-Amz-Security-Token')).toBe(KEY_A.sessionToken);
    expect(Date.parse(before.urls_expire_at)).toBeLessThanOrEqual(Date.now() + LIFETIME_MS);
    const got = await fetch(before.photos[0].url);
    expect(got.status).toBe(200);
    expect(await got.text()).toMatch(/^web /);

    endpoint.rotate(KEY_B);
    // The SDK hands out the old credentials while it refreshes in the background; within the same URL window the
    // next reads re-sign everything with the new key (no cached rendering keeps the old one).
    const after = (await eventually(read, (r) => keyOf(r.body.gallery.photos[0].url) === KEY_B.accessKeyId, 10_000)).body.gallery;
    expect(new Set(urls(after).map(keyOf))).toEqual(new Set([KEY_B.accessKeyId]));
    expect(new URL(after.photos[2].original_url).searchParams.get('X-Amz-Security-Token')).toBe(KEY_B.sessionToken);
    const again = (await read()).body.gallery;
    expect(new Set(urls(again).map(keyOf))).toEqual(new Set([KEY_B.accessKeyId]));
    expect((await fetch(after.photos[1].thumbnail_url)).status).toBe(200);
    expect(endpoint.refused).toBe(0);
  });
});
