import { describe, expect, it, beforeAll } from 'vitest';
import { api } from './support/client.js';
import { tenant } from './support/operator.js';

describe('clients', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  beforeAll(async () => {
    t = await tenant(['owner', 'viewer']);
  });

  it('creates a client, lower-casing the email; phone and notes optional', async () => {
    const res = await api('POST', '/clients', {
      token: t.tokens.owner,
      body: { workspace_id: t.workspaceId, name: 'Jane Doe', email: 'Jane.Doe@Example.COM', phone: '+44 20 7946 0000' },
    });
    expect(res.status).toBe(201);
    expect(res.body.client).toMatchObject({
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
      phone: '+44 20 7946 0000',
      notes: null,
      workspace_id: t.workspaceId,
    });
    const minimal = await api('POST', '/clients', { token: t.tokens.owner, body: { workspace_id: t.workspaceId, name: 'Only Name' } });
    expect(minimal.status).toBe(201);
    expect(minimal.body.client).toMatchObject({ email: null, phone: null, notes: null });
    const list = await api('GET', '/clients', { token: t.tokens.viewer, query: { workspace_id: t.workspaceId } });
    expect(list.status).toBe(200);
    expect(list.body.items.map((c: { name: string }) => c.name).slice(0, 2)).toEqual(['Only Name', 'Jane Doe']);
    expect(list.body.next_cursor).toBeNull();
  });

  it.each([
    ['no name', { email: 'a@b.co' }],
    ['bad email', { name: 'x', email: 'not-an-email' }],
    ['notes not text', { name: 'x', notes: { a: 1 } }],
    ['array body', null],
  ])('400 for %s', async (_name, body) => {
    const res =
      body === null
        ? await api('POST', '/clients', { token: t.tokens.owner, rawBody: '[1,2]', headers: { 'content-type': 'application/json' } })
        : await api('POST', '/clients', { token: t.tokens.owner, body: { workspace_id: t.workspaceId, ...body } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
  });

  it('a viewer cannot create a client', async () => {
    const res = await api('POST', '/clients', { token: t.tokens.viewer, body: { workspace_id: t.workspaceId, name: 'x' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('forbidden');
  });
});
