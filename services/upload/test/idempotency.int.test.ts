/**
 * Upload's keyed routes called directly, with no gateway and so no Redis record: the same Idempotency-Key from the
 * same token replays the first answer from upload's own table (creating nothing more: one photo, one session), and
 * another body or path with that key is a 422. POST /photos, POST /upload-sessions and /pause stand for the rest
 * (every keyed route goes through the same route builder).
 */
import { randomUUID } from 'node:crypto';
import { expectDurableReplay, oneTokenCaller } from '@studio/testkit/idempotency';
import { runSql } from '@studio/testkit';
import { testKeys } from '@studio/testkit/secrets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpload, type TestUpload } from './harness.js';

let t: TestUpload;
beforeAll(async () => {
  t = await startTestUpload();
});
afterAll(async () => {
  await t?.stop();
});

const countOf = async (table: 'photos' | 'upload_sessions', shootId: string) =>
  (await runSql(t.database.url, `SELECT count(*)::int AS n FROM ${table} WHERE shoot_id = $1`, [shootId]))[0]!.n;

describe('upload: durable Idempotency-Key records', () => {
  it('POST /photos, /upload-sessions and /upload-sessions/{id}/pause replay from the table; another body or path is a 422', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const me = oneTokenCaller(callers.owner, testKeys().identitySigningKey, 'upload');
    const shootId = t.shoot(workspaceId);
    const otherShoot = t.shoot(workspaceId);
    const key = () => ({ 'idempotency-key': randomUUID() });

    const photoKey = key();
    const photo = { shoot_id: shootId, file_name: 'a.jpg', content_type: 'image/jpeg', size: 1000 };
    await expectDurableReplay((body) => t.api('POST', '/photos', { as: me, body, headers: photoKey }), photo, { ...photo, size: 1001 });
    expect(await countOf('photos', shootId)).toBe(1);

    const sessionKey = key();
    const session = await expectDurableReplay(
      (body) => t.api('POST', '/upload-sessions', { as: me, body, headers: sessionKey }),
      { shoot_id: shootId },
      { shoot_id: otherShoot },
    );
    expect(await countOf('upload_sessions', shootId)).toBe(1);
    expect(await countOf('upload_sessions', otherShoot)).toBe(0);

    const id = session.body.session.id as string;
    const otherId = (await t.api('POST', '/upload-sessions', { as: me, body: { shoot_id: otherShoot } })).body.session.id as string;
    const pauseKey = key();
    await expectDurableReplay(
      (sessionId) => t.api('POST', `/upload-sessions/${sessionId}/pause`, { as: me, headers: pauseKey }),
      id,
      otherId,
    );
  });
});
