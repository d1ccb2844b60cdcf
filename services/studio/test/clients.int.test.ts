import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT, startTestStudio, type TestStudio } from './harness.js';
import type { Tenant } from './given.js';

describe('clients', () => {
  let t: TestStudio;
  let ten: Tenant;
  beforeAll(async () => {
    t = await startTestStudio();
    ten = await t.given.tenant(['owner', 'photographer', 'viewer']);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('creates a client, lower-casing the email; phone and notes optional (null, never omitted)', async () => {
    const res = await t.api('POST', '/clients', {
      as: ten.callers.photographer,
      body: { workspace_id: ten.workspaceId, name: ' Jane Doe ', email: ' Jane.Doe@Example.COM ', phone: '+44 20 7946 0000' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      ok: true,
      client: {
        id: expect.any(String),
        workspace_id: ten.workspaceId,
        name: 'Jane Doe',
        email: 'jane.doe@example.com',
        phone: '+44 20 7946 0000',
        notes: null,
        created_at: expect.stringMatching(/Z$/),
      },
    });
    const minimal = await t.api('POST', '/clients', {
      as: ten.callers.owner,
      body: { workspace_id: ten.workspaceId, name: 'Only Name', email: null },
    });
    expect(minimal.status).toBe(201);
    expect(minimal.body.client).toMatchObject({ email: null, phone: null, notes: null });
    const list = await t.api('GET', '/clients', { as: ten.callers.viewer, query: { workspace_id: ten.workspaceId } });
    expect(list.status).toBe(200);
    expect(list.body.items.map((c: { name: string }) => c.name)).toEqual(['Only Name', 'Jane Doe']);
    expect(list.body.items[1]).toEqual(res.body.client);
    expect(list.body.next_cursor).toBeNull();
  });

  it.each([
    ['no name', { email: 'a@b.co' }],
    ['blank name', { name: '  ' }],
    ['name too long', { name: 'x'.repeat(201) }],
    ['bad email', { name: 'x', email: 'not-an-email' }],
    ['email not text', { name: 'x', email: 5 }],
    ['notes not text', { name: 'x', notes: { a: 1 } }],
    ['notes too long', { name: 'x', notes: 'n'.repeat(10_001) }],
    ['phone too long', { name: 'x', phone: '1'.repeat(41) }],
    ['NUL in notes', { name: 'x', notes: 'a\u0000b' }],
    ['NUL in name', { name: '\u0000' }],
    ['workspace_id missing', { name: 'x', workspace_id: undefined }],
    ['workspace_id not a uuid', { name: 'x', workspace_id: 'abc' }],
  ])('400 for %s', async (_name, body) => {
    const res = await t.api('POST', '/clients', { as: ten.callers.owner, body: { workspace_id: ten.workspaceId, ...body } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
    expect(res.body.issues?.[0]?.path).toMatch(/^body\./);
  });

  it('400 for an array body, malformed JSON and a non-JSON body', async () => {
    for (const rawBody of ['[1,2]', '{"name":', '"text"']) {
      const res = await t.api('POST', '/clients', { as: ten.callers.owner, rawBody, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_input');
    }
    const form = await t.api('POST', '/clients', {
      as: ten.callers.owner,
      rawBody: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
  });

  it('a viewer cannot create a client (403); a non-member or scoped-elsewhere caller gets 404', async () => {
    const viewer = await t.api('POST', '/clients', { as: ten.callers.viewer, body: { workspace_id: ten.workspaceId, name: 'x' } });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error).toBe('forbidden');
    const stranger = await t.given.tenant(['owner']);
    const second = await t.given.workspace({ ownerId: ten.profiles.owner });
    const scoped = await t.given.caller(ten.profiles.owner, { workspaceId: second.id });
    for (const as of [stranger.callers.owner, scoped]) {
      const post = await t.api('POST', '/clients', { as, body: { workspace_id: ten.workspaceId, name: 'x' } });
      const list = await t.api('GET', '/clients', { as, query: { workspace_id: ten.workspaceId } });
      for (const res of [post, list]) {
        expect(res.status).toBe(404);
        expect(res.text).toBe(NOT_FOUND_TEXT);
      }
    }
  });

  it('pages through clients with no gaps or repeats and validates list input', async () => {
    const ws = await t.given.workspace();
    const owner = await t.given.caller(ws.ownerId);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await t.given.client(ws.id)).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await t.api('GET', '/clients', { as: owner, query: { workspace_id: ws.id, limit: 2, cursor } });
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((c: { id: string }) => c.id));
      cursor = page.body.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(ids.reverse());
    for (const query of [{}, { workspace_id: 'x' }, { workspace_id: ws.id, limit: '0' }, { workspace_id: ws.id, cursor: 'abc.def' }]) {
      const res = await t.api('GET', '/clients', { as: owner, query });
      expect(res.status).toBe(400);
    }
  });
});
