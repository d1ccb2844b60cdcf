import amqp, { type ChannelModel } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, testConfig, type TcpProxy } from '@studio/testkit';
import { eventually } from '@studio/testkit/api';
import { startTestStudio, type TestStudio } from './harness.js';
import { listen, outboxRows } from './support/events.js';

describe('domain events through the outbox', () => {
  let t: TestStudio;
  let conn: ChannelModel;
  beforeAll(async () => {
    t = await startTestStudio();
    conn = await amqp.connect(testConfig.TEST_AMQP_URL);
  });
  afterAll(async () => {
    await conn?.close();
    await t?.stop();
  });

  it('writes shoot.created and client.created with the change and publishes them to studio.events', async () => {
    const listener = await listen(conn, ['shoot.created', 'client.created']);
    const ten = await t.given.tenant(['owner']);
    const client = await t.api('POST', '/clients', {
      as: ten.callers.owner,
      headers: { 'x-request-id': 'req-client-1' },
      body: { workspace_id: ten.workspaceId, name: 'Jane', email: 'JANE@example.com' },
    });
    const shoot = await t.api('POST', '/shoots', {
      as: ten.callers.owner,
      headers: { 'x-request-id': 'req-shoot-1' },
      body: {
        workspace_id: ten.workspaceId,
        title: 'Event Shoot',
        client_id: client.body.client.id,
        scheduled_start: '2027-03-01T10:00:00Z',
      },
    });
    expect(shoot.status).toBe(201);

    const { shot_list_items: _items, ...listShape } = shoot.body.shoot;
    expect(listShape).toMatchObject({
      title: 'Event Shoot',
      slug: 'event-shoot',
      scheduled_start: '2027-03-01T10:00:00.000Z',
      scheduled_end: null,
    });
    const shootEvent = await listener.waitFor((r) => r.envelope.type === 'shoot.created' && r.envelope.workspace_id === ten.workspaceId);
    expect(shootEvent.envelope).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'shoot.created',
      created_at: expect.stringMatching(/Z$/),
      workspace_id: ten.workspaceId,
      api_version: expect.stringMatching(/^\d{4}-\d{2}$/),
      // Event-carried state (decision 0004): the shoot as the API shows it, plus shoot_id.
      data: { shoot_id: shoot.body.shoot.id, ...listShape },
    });
    expect(shootEvent.message.properties.messageId).toBe(shootEvent.envelope.id);
    expect(shootEvent.message.fields.routingKey).toBe('shoot.created');
    expect(shootEvent.message.properties.headers?.['x-request-id']).toBe('req-shoot-1');

    const clientEvent = await listener.waitFor((r) => r.envelope.type === 'client.created' && r.envelope.workspace_id === ten.workspaceId);
    expect(clientEvent.envelope.data).toEqual({
      client_id: client.body.client.id,
      ...client.body.client,
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(clientEvent.envelope.data).toMatchObject({ name: 'Jane', email: 'jane@example.com' });

    // The relay marks a row sent after the broker confirms it, so a consumer can see the
    // message a moment before sent_at commits: wait for it rather than race it.
    const rows = await eventually(
      () => outboxRows(t.database.url, ten.workspaceId),
      (rs) => rs.length === 2 && rs.every((r) => r.sent_at instanceof Date),
    );
    expect(rows.map((r) => r.type)).toEqual(['client.created', 'shoot.created']);
    expect(rows.map((r) => r.id)).toEqual([clientEvent.envelope.id, shootEvent.envelope.id]);
    expect(rows.map((r) => r.request_id)).toEqual(['req-client-1', 'req-shoot-1']);
    expect(rows.every((r) => r.sent_at instanceof Date)).toBe(true);
    await listener.close();
  });

  it('writes no event for a refused creation', async () => {
    const ten = await t.given.tenant(['owner', 'viewer']);
    await t.api('POST', '/shoots', { as: ten.callers.viewer, body: { workspace_id: ten.workspaceId, title: 'No' } });
    await t.api('POST', '/shoots', { as: ten.callers.owner, body: { workspace_id: ten.workspaceId, title: '' } });
    expect(await outboxRows(t.database.url, ten.workspaceId)).toEqual([]);
  });
});

describe('a broker outage delays events and never drops them', () => {
  let t: TestStudio;
  let proxy: TcpProxy;
  let conn: ChannelModel;
  beforeAll(async () => {
    const target = new URL(testConfig.TEST_AMQP_URL);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5672));
    const viaProxy = new URL(testConfig.TEST_AMQP_URL);
    viaProxy.port = String(proxy.port);
    t = await startTestStudio({ amqpUrl: viaProxy.toString() });
    conn = await amqp.connect(testConfig.TEST_AMQP_URL);
  });
  afterAll(async () => {
    await conn?.close();
    await t?.stop();
    await proxy?.close();
  });

  it('keeps the row pending while the broker is unreachable and publishes it after recovery', async () => {
    const listener = await listen(conn, ['shoot.created']);
    const ten = await t.given.tenant(['owner']);
    proxy.cut();
    const res = await t.api('POST', '/shoots', { as: ten.callers.owner, body: { workspace_id: ten.workspaceId, title: 'During outage' } });
    expect(res.status).toBe(201);
    await new Promise((r) => setTimeout(r, 500));
    const pending = await outboxRows(t.database.url, ten.workspaceId);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.sent_at).toBeNull();
    const ready = await fetch(`http://127.0.0.1:${t.ports.adminPort}/readyz`);
    expect(ready.status).toBe(503);

    proxy.restore();
    const got = await listener.waitFor((r) => r.envelope.workspace_id === ten.workspaceId, 25_000);
    expect(got.envelope.id).toBe(pending[0]!.id);
    // The relay marks the row sent in the transaction that published it: it may commit just after the delivery.
    await expect.poll(async () => (await outboxRows(t.database.url, ten.workspaceId))[0]!.sent_at, { timeout: 5_000 }).toBeInstanceOf(Date);
    await listener.close();
  }, 40_000);
});
