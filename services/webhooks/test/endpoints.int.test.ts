/** /webhook-endpoints against a real database: registration, listing, secrets, roles, tenancy, validation. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, startHarness, type Api, type Caller, type Harness } from './support/harness.js';

const NOT_FOUND = '{"ok":false,"error":"not_found"}';

let h: Harness;
let strictApi: Api;
const ws = randomUUID();
const otherWs = randomUUID();
let admin: Caller;
let viewer: Caller;
let outsider: Caller;

beforeAll(async () => {
  h = await startHarness({}, { consumer: false });
  strictApi = await h.extraApi({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
  admin = caller(h.config, { [ws]: 'admin' });
  viewer = caller(h.config, { [ws]: 'viewer' });
  outsider = caller(h.config, { [otherWs]: 'owner' });
});
afterAll(async () => {
  await h?.close();
});

const create = (as: Caller, body: unknown, api: Api = h.api) => api.call('POST', '/webhook-endpoints', { as, body });

describe('POST /webhook-endpoints', () => {
  it('registers an endpoint and shows the signing secret exactly once', async () => {
    const res = await create(admin, { workspace_id: ws, url: 'http://127.0.0.1:9/hook#frag', event_types: ['gallery.published', 'gallery.published', 'ai.cull.completed'] });
    expect(res.status).toBe(201);
    const ep = res.body.webhook_endpoint;
    expect(ep).toMatchObject({
      workspace_id: ws,
      kind: 'legacy',
      url: 'http://127.0.0.1:9/hook',
      event_types: ['gallery.published', 'ai.cull.completed'],
      active: true,
      created_by: admin.profileId,
      secret_rotated_at: null,
      previous_secret_expires_at: null,
    });
    expect(ep.signing_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const list = await h.api.call('GET', `/webhook-endpoints?workspace_id=${ws}`, { as: viewer });
    expect(list.status).toBe(200);
    const listed = list.body.items.find((i: { id: string }) => i.id === ep.id);
    expect(listed).toBeDefined();
    expect(list.text).not.toContain(ep.signing_secret);
    expect(Object.keys(listed)).not.toContain('signing_secret');

    // Encrypted at rest: the plaintext is nowhere in the row.
    const [row] = await h.sql(`SELECT secret_enc FROM endpoints WHERE id = $1`, [ep.id]);
    expect((row.secret_enc as Buffer).includes(Buffer.from(ep.signing_secret))).toBe(false);
    expect(h.webhooks.secrets.decrypt(row.secret_enc, ep.id)).toBe(ep.signing_secret);
  });

  it('accepts only the three legacy event types', async () => {
    for (const event_types of [['invoice.paid'], [], ['gallery.published', 'nope'], 'gallery.published']) {
      const res = await create(admin, { workspace_id: ws, url: 'http://127.0.0.1:9/', event_types });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
    }
  });

  it('answers 400, never 500, on bad input', async () => {
    const cases: { body?: unknown; rawBody?: string; contentType?: string }[] = [
      { rawBody: '{"workspace_id":' },
      { rawBody: 'null' },
      { rawBody: '[]' },
      { body: { workspace_id: 'not-a-uuid', url: 'http://127.0.0.1:9/', event_types: ['gallery.published'] } },
      { body: { workspace_id: ws, url: 42, event_types: ['gallery.published'] } },
      { body: { workspace_id: ws, url: 'not a url', event_types: ['gallery.published'] } },
      { body: { workspace_id: ws, url: 'ftp://127.0.0.1/', event_types: ['gallery.published'] } },
      { body: { workspace_id: ws, url: `http://127.0.0.1/${'x'.repeat(3000)}`, event_types: ['gallery.published'] } },
      { rawBody: `{"a":"${'x'.repeat(1_100_000)}"}` },
    ];
    for (const c of cases) {
      const res = await h.api.call('POST', '/webhook-endpoints', { as: admin, ...c });
      expect(res.status, JSON.stringify(c).slice(0, 120)).toBe(400);
      expect(res.body.error).toBe('invalid_input');
    }
  });

  it('needs admin: a viewer gets 403, another tenant 404 (byte-identical to a missing record)', async () => {
    const body = { workspace_id: ws, url: 'http://127.0.0.1:9/', event_types: ['gallery.published'] };
    const asViewer = await create(viewer, body);
    expect(asViewer.status).toBe(403);
    expect(asViewer.body.error).toBe('forbidden');
    const asOutsider = await create(outsider, body);
    expect(asOutsider.status).toBe(404);
    expect(asOutsider.text).toBe(NOT_FOUND);
    const anonymous = await h.api.call('POST', '/webhook-endpoints', { body });
    expect(anonymous.status).toBe(401);
  });

  it('refuses private targets when WEBHOOK_ALLOW_PRIVATE_TARGETS is off', async () => {
    for (const url of ['http://127.0.0.1:9/', 'http://localhost:9/', 'http://[::ffff:127.0.0.1]/', 'http://2130706433/', 'http://10.0.0.8/', 'http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/']) {
      const res = await create(admin, { workspace_id: ws, url, event_types: ['gallery.published'] }, strictApi);
      expect(res.status, url).toBe(400);
      expect(res.body.error).toBe('invalid_input');
      expect(res.body.message).toMatch(/not allowed|resolves to/);
    }
    // Metadata addresses are refused even with the flag on.
    const meta = await create(admin, { workspace_id: ws, url: 'http://169.254.169.254/', event_types: ['gallery.published'] });
    expect(meta.status).toBe(400);
  });
});

describe('GET /webhook-endpoints', () => {
  it('pages newest first with an opaque cursor and needs workspace_id', async () => {
    const pageWs = randomUUID();
    const owner = caller(h.config, { [pageWs]: 'owner' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await create(owner, { workspace_id: pageWs, url: `http://127.0.0.1:9/${i}`, event_types: ['gallery.delivered'] });
      ids.push(res.body.webhook_endpoint.id);
    }
    const first = await h.api.call('GET', `/webhook-endpoints?workspace_id=${pageWs}&limit=2`, { as: owner });
    expect(first.body.items.map((i: { id: string }) => i.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await h.api.call('GET', `/webhook-endpoints?workspace_id=${pageWs}&limit=2&cursor=${first.body.next_cursor}`, { as: owner });
    expect(second.body.items.map((i: { id: string }) => i.id)).toEqual([ids[2], ids[1]]);
    const third = await h.api.call('GET', `/webhook-endpoints?workspace_id=${pageWs}&limit=2&cursor=${second.body.next_cursor}`, { as: owner });
    expect(third.body.items.map((i: { id: string }) => i.id)).toEqual([ids[0]]);
    expect(third.body.next_cursor).toBeNull();

    for (const q of ['', `?workspace_id=nope`, `?workspace_id=${pageWs}&limit=0`, `?workspace_id=${pageWs}&limit=101`, `?workspace_id=${pageWs}&cursor=forged.cursor`, `?workspace_id=${pageWs}&kind=other`]) {
      const res = await h.api.call('GET', `/webhook-endpoints${q}`, { as: owner });
      expect(res.status, q).toBe(400);
    }
    // A cursor of another list kind is refused.
    const subs = await h.api.call('GET', `/webhook-endpoints?workspace_id=${pageWs}&kind=subscription&cursor=${first.body.next_cursor}`, { as: owner });
    expect(subs.status).toBe(400);
    const other = await h.api.call('GET', `/webhook-endpoints?workspace_id=${pageWs}`, { as: outsider });
    expect(other.status).toBe(404);
    expect(other.text).toBe(NOT_FOUND);
  });
});

describe('DELETE /webhook-endpoints/{id} and rotate-secret', () => {
  it('rotates: a new secret once, the old one kept for the overlap', async () => {
    const created = (await create(admin, { workspace_id: ws, url: 'http://127.0.0.1:9/r', event_types: ['gallery.published'] })).body.webhook_endpoint;
    const asViewer = await h.api.call('POST', `/webhook-endpoints/${created.id}/rotate-secret`, { as: viewer });
    expect(asViewer.status).toBe(403);
    const asOutsider = await h.api.call('POST', `/webhook-endpoints/${created.id}/rotate-secret`, { as: outsider });
    expect(asOutsider.text).toBe(NOT_FOUND);

    const rotated = await h.api.call('POST', `/webhook-endpoints/${created.id}/rotate-secret`, { as: admin });
    expect(rotated.status).toBe(200);
    const ep = rotated.body.webhook_endpoint;
    expect(ep.signing_secret).toMatch(/^whsec_/);
    expect(ep.signing_secret).not.toBe(created.signing_secret);
    const overlapEnds = Date.parse(ep.previous_secret_expires_at) - Date.parse(ep.secret_rotated_at);
    expect(overlapEnds).toBe(24 * 3600 * 1000);
    const [row] = await h.sql(`SELECT secret_enc, previous_secret_enc FROM endpoints WHERE id = $1`, [ep.id]);
    expect(h.webhooks.secrets.decrypt(row.secret_enc, ep.id)).toBe(ep.signing_secret);
    expect(h.webhooks.secrets.decrypt(row.previous_secret_enc, ep.id)).toBe(created.signing_secret);
  });

  it('hard-deletes with the same 404 for missing, other-tenant and already deleted endpoints', async () => {
    const created = (await create(admin, { workspace_id: ws, url: 'http://127.0.0.1:9/d', event_types: ['gallery.published'] })).body.webhook_endpoint;
    expect((await h.api.call('DELETE', `/webhook-endpoints/${created.id}`, { as: viewer })).status).toBe(403);
    const other = await h.api.call('DELETE', `/webhook-endpoints/${created.id}`, { as: outsider });
    expect(other.status).toBe(404);
    expect(other.text).toBe(NOT_FOUND);
    const ok = await h.api.call('DELETE', `/webhook-endpoints/${created.id}`, { as: admin });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, deleted: true });
    const again = await h.api.call('DELETE', `/webhook-endpoints/${created.id}`, { as: admin });
    expect(again.text).toBe(NOT_FOUND);
    const missing = await h.api.call('DELETE', `/webhook-endpoints/${randomUUID()}`, { as: admin });
    expect(missing.text).toBe(NOT_FOUND);
    const badId = await h.api.call('DELETE', `/webhook-endpoints/not-a-uuid`, { as: admin });
    expect(badId.status).toBe(400);
    expect((await h.sql(`SELECT 1 FROM endpoints WHERE id = $1`, [created.id])).length).toBe(0);
  });

  it('answers unknown routes with the not_found body', async () => {
    const res = await h.api.call('GET', '/webhook-endpoints-nope', { as: admin });
    expect(res.text).toBe(NOT_FOUND);
  });
});

describe('gRPC', () => {
  it('serves grpc.health.v1 and reports NOT_SERVING while shutting down', async () => {
    const { startWebhooksGrpc } = await import('../src/grpc/server.js');
    const { createClient, callUnary } = await import('@studio/grpc');
    const { loadHealthService } = await import('@studio/grpc/health');
    const server = await startWebhooksGrpc(0, '127.0.0.1');
    const client = createClient(loadHealthService(), `127.0.0.1:${server.port}`);
    try {
      expect(await callUnary(client, 'Check', { service: '' })).toEqual({ status: 'SERVING' });
      server.health.setAll('NOT_SERVING');
      expect(await callUnary(client, 'Check', { service: '' })).toEqual({ status: 'NOT_SERVING' });
    } finally {
      client.close();
      await server.close(1000);
    }
  });
});
