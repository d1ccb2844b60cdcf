/**
 * Tenant isolation (spec section 7): another tenant's record, a non-member, a token scoped elsewhere and a
 * missing record all give the same 404 body, byte for byte.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { api, NOT_FOUND_TEXT } from './support/client.js';
import { admin, tenant } from './support/operator.js';

describe('tenant isolation', () => {
  let a: Awaited<ReturnType<typeof tenant>>;
  let b: Awaited<ReturnType<typeof tenant>>;
  let shootA: { id: string; shot_list_items: { id: string }[] };
  let scopedElsewhere: string;
  const missingId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

  beforeAll(async () => {
    [a, b] = await Promise.all([tenant(['owner']), tenant(['owner'])]);
    const created = await api('POST', '/shoots', {
      token: a.tokens.owner,
      body: { workspace_id: a.workspaceId, title: 'Private', shot_list: ['x'] },
    });
    shootA = (await api('GET', `/shoots/${created.body.shoot.id}`, { token: a.tokens.owner })).body.shoot;
    // Tenant A's owner, with a token scoped to another workspace of theirs.
    const other = await admin<{ workspace_id: string }>('create-workspace', '--name', 'Elsewhere', '--owner', a.profiles.owner);
    scopedElsewhere = (await admin<{ token: string }>('create-token', '--profile', a.profiles.owner, '--workspace', other.workspace_id))
      .token;
  });

  const expectMasked = (res: { status: number; text: string; headers: Headers }) => {
    expect(res.status).toBe(404);
    expect(res.text).toBe(NOT_FOUND_TEXT);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  };

  it('every workspace-scoped list answers another tenant with the identical 404', async () => {
    for (const path of ['/shoots', '/clients', '/orders', '/invoices', '/tasks', '/mobile/dashboard']) {
      expectMasked(await api('GET', path, { token: b.tokens.owner, query: { workspace_id: a.workspaceId } }));
      expectMasked(await api('GET', path, { token: scopedElsewhere, query: { workspace_id: a.workspaceId } }));
      expectMasked(await api('GET', path, { token: b.tokens.owner, query: { workspace_id: missingId } }));
    }
  });

  it('reads and writes by id answer another tenant exactly like a missing record', async () => {
    const cases = [
      () => api('GET', `/shoots/${shootA.id}`, { token: b.tokens.owner }),
      () => api('GET', `/shoots/${shootA.id}`, { token: scopedElsewhere }),
      () => api('GET', `/shoots/${missingId}`, { token: a.tokens.owner }),
      () =>
        api('PATCH', `/shoots/${shootA.id}/shot-list`, {
          token: b.tokens.owner,
          body: { item_id: shootA.shot_list_items[0]!.id, done: true },
        }),
      () =>
        api('PATCH', `/shoots/${missingId}/shot-list`, {
          token: a.tokens.owner,
          body: { item_id: shootA.shot_list_items[0]!.id, done: true },
        }),
      () => api('POST', '/shoots', { token: b.tokens.owner, body: { workspace_id: a.workspaceId, title: 'Intrusion' } }),
      () => api('POST', '/clients', { token: b.tokens.owner, body: { workspace_id: a.workspaceId, name: 'Intrusion' } }),
      () => api('POST', '/shoots', { token: scopedElsewhere, body: { workspace_id: a.workspaceId, title: 'Intrusion' } }),
    ];
    for (const c of cases) expectMasked(await c());
    // Nothing was written into tenant A by tenant B.
    const list = await api('GET', '/shoots', { token: a.tokens.owner, query: { workspace_id: a.workspaceId } });
    expect(list.body.items.map((s: { title: string }) => s.title)).not.toContain('Intrusion');
  });

  it("lists without workspace_id never include another tenant's rows", async () => {
    const res = await api('GET', '/workspaces', { token: b.tokens.owner });
    expect(res.body.items.map((w: { id: string }) => w.id)).not.toContain(a.workspaceId);
  });

  it('unknown routes give the same 404 body', async () => {
    expectMasked(await api('GET', '/no-such-route', { token: a.tokens.owner }));
  });
});
