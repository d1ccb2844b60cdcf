/**
 * Studio's keyed routes (POST /shoots, POST /clients) called directly, with no gateway and so no Redis record: the
 * same Idempotency-Key from the same token replays the first answer from studio's own table and creates nothing
 * more; another body with that key is a 422; without a key each request runs.
 */
import { randomUUID } from 'node:crypto';
import { expectDurableReplay } from '@studio/testkit/idempotency';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from './given.js';
import { startTestStudio, type TestStudio } from './harness.js';

describe('studio: durable Idempotency-Key records', () => {
  let t: TestStudio;
  let ten: Tenant;
  beforeAll(async () => {
    t = await startTestStudio();
    ten = await t.given.tenant();
  });
  afterAll(async () => {
    await t?.stop();
  });

  const keyed = (path: string, key: string) => (body: unknown) =>
    t.api('POST', path, { as: ten.callers.photographer, body, headers: { 'idempotency-key': key } });
  const count = async (path: string) =>
    (await t.api('GET', path, { as: ten.callers.owner, query: { workspace_id: ten.workspaceId, limit: 100 } })).body.items.length;

  it('POST /shoots: replays from the table, creates one shoot, 422 for another body', async () => {
    const before = await count('/shoots');
    const title = `Keyed ${randomUUID()}`;
    const first = await expectDurableReplay(
      keyed('/shoots', `shoot-${randomUUID()}`),
      { workspace_id: ten.workspaceId, title },
      { workspace_id: ten.workspaceId, title: `${title} (other)` },
    );
    expect(first.status).toBe(201);
    expect(await count('/shoots')).toBe(before + 1);
  });

  it('POST /clients: replays from the table, creates one client, 422 for another body', async () => {
    const before = await count('/clients');
    const name = `Keyed ${randomUUID()}`;
    await expectDurableReplay(
      keyed('/clients', `client-${randomUUID()}`),
      { workspace_id: ten.workspaceId, name },
      { workspace_id: ten.workspaceId, name: `${name} (other)` },
    );
    expect(await count('/clients')).toBe(before + 1);
  });

  it('runs a refused request again once corrected, and keys nothing without a key or a bad key', async () => {
    const retry = keyed('/shoots', `retry-${randomUUID()}`);
    const refused = await retry({ workspace_id: ten.workspaceId });
    expect(refused.status).toBe(400);
    const corrected = await retry({ workspace_id: ten.workspaceId, title: 'Corrected' });
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    const before = await count('/shoots');
    const plain = () =>
      t.api('POST', '/shoots', { as: ten.callers.photographer, body: { workspace_id: ten.workspaceId, title: 'Unkeyed' } });
    expect((await plain()).status).toBe(201);
    expect((await plain()).status).toBe(201);
    expect(await count('/shoots')).toBe(before + 2);
    const bad = await t.api('POST', '/shoots', {
      as: ten.callers.photographer,
      body: { workspace_id: ten.workspaceId, title: 'x' },
      headers: { 'idempotency-key': 'é' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, error: 'invalid_input' });
  });
});
