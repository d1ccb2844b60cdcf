/** /webhook-endpoints against a real database: registration, listing, secrets, roles, tenancy, validation. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../src/services/ssrf.js';
import { caller, startHarness, waitFor, type Api, type Caller, type Harness } from './support/harness.js';

const NOT_FOUND = '{"ok":false,"error":"not_found"}';

let h: Harness;
const ws = randomUUID();
const otherWs = randomUUID();
let admin: Caller;
let viewer: Caller;
let outsider: Caller;

beforeAll(async () => {
  h = await startHarness();
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
    const res = await create(admin, {
      workspace_id: ws,
      url: 'http://127.0.0.1:9/hook#frag',
      event_types: ['gallery.published', 'gallery.published', 'ai.cull.completed'],
    });
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

  it('refuses every kind of disallowed target with one identical answer; the switch allows loopback only', async () => {
    // A resolver of our own, so no lookup leaves the machine: one name per kind of answer.
    const names: Record<string, string> = {
      'internal.corp.test': '10.0.0.8',
      'meta.corp.test': '::ffff:169.254.169.254',
      'loop.corp.test': '127.0.0.1',
    };
    const resolver: Resolver = async (host) => {
      const address = names[host];
      if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };
    const strict = await h.extraApi({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' }, { resolver });
    const relaxed = await h.extraApi({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, { resolver });
    const loopback = ['http://127.0.0.1:9/', 'http://127.8.9.10:9/', 'http://2130706433/', 'http://[::1]:9/', 'http://loop.corp.test:9/'];
    const neverAllowed = [
      'https://nowhere.corp.test/', // unresolvable
      'http://10.0.0.8/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'https://internal.corp.test/', // a name for an RFC 1918 address
      'http://169.254.1.1/', // link-local
      'http://[fe80::1]/',
      'http://100.64.0.1/', // CGNAT
      'http://[fd12:3456:789a::1]/', // unique-local
      'http://[::ffff:10.0.0.8]/', // IPv4-mapped
      'http://[::ffff:127.0.0.1]/', // IPv4-mapped loopback is not the loopback the switch allows
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'https://meta.corp.test/',
      'http://0.0.0.0/',
    ];
    const answers = new Set<string>();
    const register = async (api: Api, url: string) => {
      const res = await create(admin, { workspace_id: ws, url, event_types: ['gallery.published'] }, api);
      if (res.status !== 201) {
        expect(res.status, url).toBe(400);
        answers.add(res.text);
      }
      return res.status;
    };
    for (const url of [...loopback, ...neverAllowed]) expect(await register(strict, url), url).toBe(400);
    for (const url of neverAllowed) expect(await register(relaxed, url), url).toBe(400);
    for (const url of loopback) expect(await register(relaxed, url), url).toBe(201);
    // Byte for byte the same answer, whatever the reason and whatever the mode.
    expect([...answers]).toEqual([
      JSON.stringify({
        ok: false,
        error: 'invalid_input',
        message: 'body.url: target is not allowed',
        issues: [{ path: 'body.url', message: 'target is not allowed' }],
      }),
    ]);
    // A malformed URL still says what is wrong with it.
    const malformed = await create(admin, { workspace_id: ws, url: 'ftp://example.com/', event_types: ['gallery.published'] }, strict);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('body.url: url must use http or https');
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
    const second = await h.api.call('GET', `/webhook-endpoints?workspace_id=${pageWs}&limit=2&cursor=${first.body.next_cursor}`, {
      as: owner,
    });
    expect(second.body.items.map((i: { id: string }) => i.id)).toEqual([ids[2], ids[1]]);
    const third = await h.api.call('GET', `/webhook-endpoints?workspace_id=${pageWs}&limit=2&cursor=${second.body.next_cursor}`, {
      as: owner,
    });
    expect(third.body.items.map((i: { id: string }) => i.id)).toEqual([ids[0]]);
    expect(third.body.next_cursor).toBeNull();

    for (const q of [
      '',
      `?workspace_id=nope`,
      `?workspace_id=${pageWs}&limit=0`,
      `?workspace_id=${pageWs}&limit=101`,
      `?workspace_id=${pageWs}&cursor=forged.cursor`,
      `?workspace_id=${pageWs}&kind=other`,
    ]) {
      const res = await h.api.call('GET', `/webhook-endpoints${q}`, { as: owner });
      expect(res.status, q).toBe(400);
    }
    // A cursor of another list kind is refused.
    const subs = await h.api.call('GET', `/webhook-endpoints?workspace_id=${pageWs}&kind=subscription&cursor=${first.body.next_cursor}`, {
      as: owner,
    });
    expect(subs.status).toBe(400);
    const other = await h.api.call('GET', `/webhook-endpoints?workspace_id=${pageWs}`, { as: outsider });
    expect(other.status).toBe(404);
    expect(other.text).toBe(NOT_FOUND);
  });
});

describe('DELETE /webhook-endpoints/{id} and rotate-secret', () => {
  it('rotates: a new secret once, the old one kept for the overlap', async () => {
    const created = (await create(admin, { workspace_id: ws, url: 'http://127.0.0.1:9/r', event_types: ['gallery.published'] })).body
      .webhook_endpoint;
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
    const created = (await create(admin, { workspace_id: ws, url: 'http://127.0.0.1:9/d', event_types: ['gallery.published'] })).body
      .webhook_endpoint;
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
    const { createClient, callUnary } = await import('@studio/grpc');
    const { loadHealthService } = await import('@studio/grpc/health');
    // An API process of its own, stopped here while a Watch of its health is open (the harness's serves the rest).
    const api = await h.extraApi({ SHUTDOWN_GRACE_MS: '2000' });
    const client = createClient(loadHealthService(), `127.0.0.1:${api.grpcPort}`);
    const watched: string[] = [];
    const watch = client.Watch({ service: '' });
    watch.on('data', (answer: { status: string }) => watched.push(answer.status));
    watch.on('error', () => undefined); // cancelled below
    try {
      expect(await callUnary(client, 'Check', { service: '' })).toEqual({ status: 'SERVING' });
      await waitFor('the watch to report SERVING', () => watched.includes('SERVING'));
      const stopping = api.webhooks.stop();
      await waitFor('the watch to report NOT_SERVING', () => watched.includes('NOT_SERVING'));
      expect(watched.at(-1)).toBe('NOT_SERVING');
      watch.cancel();
      await stopping;
    } finally {
      watch.cancel();
      client.close();
    }
  });
});
