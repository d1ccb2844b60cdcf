/**
 * Webhooks' keyed routes called directly, with no gateway and so no Redis record: the same Idempotency-Key from the
 * same token replays the first answer from the service's own table (one endpoint, one rotation: the replayed
 * signing secret is the first one), another body or path with that key is a 422, and the kept answer does not hold
 * the signing secret in plaintext.
 */
import { randomUUID } from 'node:crypto';
import { expectDurableReplay } from '@studio/testkit/idempotency';
import { makeApi } from '@studio/testkit/api';
import { runSql } from '@studio/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, startHarness, type Caller, type Harness } from './support/harness.js';

let h: Harness;
const ws = randomUUID();
let admin: Caller;
beforeAll(async () => {
  h = await startHarness();
  admin = caller(h.config, { [ws]: 'admin' });
});
afterAll(async () => {
  await h?.close();
});

describe('webhooks: durable Idempotency-Key records', () => {
  it('POST /webhook-endpoints and /rotate-secret replay from the table, sealed at rest; another body or path is a 422', async () => {
    const api = makeApi(h.api.base);
    const as = { headers: () => ({ 'x-studio-identity': admin.identity }) };
    const key = () => ({ 'idempotency-key': randomUUID() });
    const count = async () => (await api('GET', '/webhook-endpoints', { as, query: { workspace_id: ws } })).body.items.length;

    const createKey = key();
    const body = { workspace_id: ws, url: 'http://127.0.0.1:9/keyed', event_types: ['gallery.published'] };
    const created = await expectDurableReplay((b) => api('POST', '/webhook-endpoints', { as, body: b, headers: createKey }), body, {
      ...body,
      url: 'http://127.0.0.1:9/other',
    });
    expect(await count()).toBe(1);
    const secret = created.body.webhook_endpoint.signing_secret as string;
    expect(secret).toMatch(/^whsec_/);
    const rows = await runSql(h.config.databaseUrl, 'SELECT body FROM idempotency_keys WHERE status = 201');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect((row.body as Buffer).includes(Buffer.from(secret))).toBe(false);

    const id = created.body.webhook_endpoint.id as string;
    const otherId = (await api('POST', '/webhook-endpoints', { as, body: { ...body, url: 'http://127.0.0.1:9/second' } })).body
      .webhook_endpoint.id as string;
    const rotateKey = key();
    const rotated = await expectDurableReplay(
      (endpointId) => api('POST', `/webhook-endpoints/${endpointId}/rotate-secret`, { as, headers: rotateKey }),
      id,
      otherId,
    );
    expect(rotated.text).toContain('whsec_');
  });
});
