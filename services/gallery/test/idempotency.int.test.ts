/**
 * Gallery's keyed routes (POST /galleries, /galleries/{id}/publish, /galleries/{id}/favorites) called directly, with
 * no gateway and so no Redis record: the same Idempotency-Key from the same token replays the first answer from
 * gallery's own table (creating nothing more), another body or path with that key is a 422.
 */
import { randomUUID } from 'node:crypto';
import { expectDurableReplay, oneTokenCaller } from '@studio/testkit/idempotency';
import { testKeys } from '@studio/testkit/secrets';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGallery, type TestGallery } from './harness.js';

let t: TestGallery;
beforeAll(async () => {
  t = await startTestGallery();
});
afterAll(async () => {
  await t?.stop();
});

async function galleriesOf(shootId: string): Promise<number> {
  const c = new pg.Client({ connectionString: t.database.url });
  await c.connect();
  try {
    return (await c.query('SELECT count(*)::int AS n FROM galleries WHERE shoot_id = $1', [shootId])).rows[0].n;
  } finally {
    await c.end();
  }
}

describe('gallery: durable Idempotency-Key records', () => {
  it('POST /galleries, /publish and /favorites replay from the table; another body or path is a 422', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const owner = oneTokenCaller(callers.owner, testKeys().identitySigningKey, 'gallery');
    const { shootId, keepers } = await t.shoot(workspaceId, 2);
    const key = () => ({ 'idempotency-key': randomUUID() });

    const createKey = key();
    const created = await expectDurableReplay(
      (body) => t.api('POST', '/galleries', { as: owner, body, headers: createKey }),
      { shoot_id: shootId, title: 'Keyed' },
      { shoot_id: shootId, title: 'Keyed, other' },
    );
    expect(await galleriesOf(shootId)).toBe(1);
    const id = created.body.gallery.id as string;
    const otherId = (await t.api('POST', '/galleries', { as: owner, body: { shoot_id: shootId } })).body.gallery.id as string;

    const publishKey = key();
    await expectDurableReplay(
      (galleryId) => t.api('POST', `/galleries/${galleryId}/publish`, { as: owner, headers: publishKey }),
      id,
      otherId,
    );

    const favoriteKey = key();
    await expectDurableReplay(
      (body) => t.api('POST', `/galleries/${id}/favorites`, { as: owner, body, headers: favoriteKey }),
      { photo_id: keepers[0]!.id },
      { photo_id: keepers[1]!.id },
    );
  });
});
