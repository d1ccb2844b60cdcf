/**
 * The black-box smoke that images.test.ts and compose.test.ts drive through a gateway container: it reaches every
 * deployable. A shoot (studio), a photo uploaded straight to the object store and processed (upload, upload-worker),
 * a gallery published (gallery), a search hit (search), a signed webhook delivery (webhooks, webhooks-worker) and the
 * console's and portal's pages (console).
 */
import { expect } from 'vitest';
import { api } from '../../../test/support/client.js';
import { makeJpeg, putTo, sha256Hex } from '../../../test/support/photos.js';
import { subscribe, verify, type Receiver } from '../../../test/support/webhooks.js';

export interface SmokeTarget {
  /** The gateway's API base (`http://127.0.0.1:<port>/api/v1`) and its public origin (pages). */
  base: string;
  publicUrl: string;
  /** An operator's token and the workspace it owns (the studio image's `seed-demo`). */
  token: string;
  workspaceId: string;
  /** A loopback webhook receiver (the stack must allow loopback targets). */
  receiver: Receiver;
}

export async function smokeThroughGateway({ base, publicUrl, token, workspaceId, receiver }: SmokeTarget): Promise<void> {
  expect((await api('GET', '/auth/whoami', { token }, base)).status).toBe(200);

  // webhooks: a REST-hook subscription on a loopback receiver (the stack allows loopback targets), and its secret.
  const { secret } = await subscribe(token, workspaceId, `${receiver.url}/hooks`, 'shoot.created', base);

  // studio: a shoot.
  const title = `Image smoke ${Date.now()}`;
  const shoot = await api(
    'POST',
    '/shoots',
    { token, body: { workspace_id: workspaceId, title }, headers: { 'idempotency-key': `smoke-${Date.now()}` } },
    base,
  );
  expect(shoot.status, shoot.text).toBe(201);
  const shootId = shoot.body.shoot.id as string;

  // upload + upload-worker: a photo straight to the object store, finalized and processed.
  const jpeg = await makeJpeg({ width: 640, height: 480 });
  const photoCreated = await api(
    'POST',
    '/photos',
    {
      token,
      body: { shoot_id: shootId, file_name: 'IMG_1.JPG', content_type: 'image/jpeg', size: jpeg.length, sha256: sha256Hex(jpeg) },
    },
    base,
  );
  expect(photoCreated.status, photoCreated.text).toBe(201);
  expect((await putTo(photoCreated.body.upload, jpeg)).status).toBe(200);
  const photoId = photoCreated.body.photo.id as string;
  let photo = await api('POST', `/photos/${photoId}/finalize`, { token }, base);
  for (const until = Date.now() + 60_000; photo.body?.photo?.state !== 'ready' && Date.now() < until; ) {
    expect(photo.body?.photo?.state).not.toBe('failed');
    await new Promise((r) => setTimeout(r, 250));
    photo = await api('POST', `/photos/${photoId}/finalize`, { token }, base);
  }
  expect(photo.body.photo.state, photo.text).toBe('ready');

  // gallery: a gallery of the shoot's keepers, published with a portal link.
  const gallery = await api('POST', '/galleries', { token, body: { shoot_id: shootId } }, base);
  expect(gallery.status, gallery.text).toBe(201);
  const published = await api('POST', `/galleries/${gallery.body.gallery.id}/publish`, { token }, base);
  expect(published.status, published.text).toBe(200);

  // search: the shoot is found by its title (fed by events over RabbitMQ).
  let hits: unknown[] = [];
  for (const until = Date.now() + 60_000; hits.length === 0 && Date.now() < until; ) {
    const found = await api('GET', '/search', { token, query: { workspace_id: workspaceId, q: title } }, base);
    expect(found.status, found.text).toBe(200);
    hits = (found.body.items as Array<{ id: string }>).filter((i) => i.id === shootId);
    if (hits.length === 0) await new Promise((r) => setTimeout(r, 250));
  }
  expect(hits).toHaveLength(1);

  // webhooks-worker: the shoot's event delivered once, signed with the endpoint's secret.
  const created = await receiver.waitFor('shoot.created', (d) => d.body?.type === 'shoot.created' && d.body?.data?.shoot_id === shootId);
  expect(created).toHaveLength(1);
  expect(verify(created[0]!.raw, created[0]!.headers['x-service-signature'], secret)).toBe('ok');

  // console: the account console and the portal page, through the gateway.
  for (const page of ['/console/', '/portal/']) {
    const res = await fetch(`${publicUrl}${page}`);
    expect(res.status, page).toBe(200);
    expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
  }
}
