import { describe, expect, it, beforeAll } from 'vitest';
import { api, NOT_FOUND_TEXT } from './support/client.js';
import { tenant } from './support/operator.js';

describe('shoots', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  beforeAll(async () => {
    t = await tenant(['owner', 'photographer', 'viewer']);
  });

  const create = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api('POST', '/shoots', { token, body: { workspace_id: t.workspaceId, ...body }, headers });

  it('creates a planned shoot with a unique slug and a shot list', async () => {
    const res = await create(t.tokens.photographer, {
      title: 'Smith Wedding',
      location: 'Old Mill',
      scheduled_start: '2027-06-01T14:00:00Z',
      scheduled_end: '2027-06-01T22:00:00Z',
      shot_list: ['Rings', 'First dance'],
    });
    expect(res.status).toBe(201);
    expect(res.body.ok).toBe(true);
    const shoot = res.body.shoot;
    expect(shoot).toMatchObject({
      workspace_id: t.workspaceId,
      title: 'Smith Wedding',
      slug: 'smith-wedding',
      state: 'planned',
      location: 'Old Mill',
    });
    expect(shoot.scheduled_start).toBe('2027-06-01T14:00:00.000Z');
    expect(shoot.shot_list).toEqual({ total: 2, done: 0 });
    const again = await create(t.tokens.photographer, { title: 'Smith Wedding' });
    expect(again.body.shoot.slug).toBe('smith-wedding-2');
  });

  it('reads one shoot with its shot-list items and ticks/unticks one', async () => {
    const created = (await create(t.tokens.owner, { title: 'Portraits', shot_list: ['Headshot', 'Full body'] })).body.shoot;
    const read = await api('GET', `/shoots/${created.id}`, { token: t.tokens.viewer });
    expect(read.status).toBe(200);
    const items = read.body.shoot.shot_list_items;
    expect(items.map((i: { label: string }) => i.label)).toEqual(['Headshot', 'Full body']);
    const tick = await api('PATCH', `/shoots/${created.id}/shot-list`, {
      token: t.tokens.photographer,
      body: { item_id: items[0].id, done: true },
    });
    expect(tick.status).toBe(200);
    expect(tick.body.shoot.shot_list).toEqual({ total: 2, done: 1 });
    expect(tick.body.shoot.shot_list_items[0].done).toBe(true);
    expect(tick.body.shoot.shot_list_items[0].done_at).toEqual(expect.any(String));
    const untick = await api('PATCH', `/shoots/${created.id}/shot-list`, {
      token: t.tokens.photographer,
      body: { item_id: items[0].id, done: false },
    });
    expect(untick.body.shoot.shot_list).toEqual({ total: 2, done: 0 });
    const viewer = await api('PATCH', `/shoots/${created.id}/shot-list`, {
      token: t.tokens.viewer,
      body: { item_id: items[0].id, done: true },
    });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error).toBe('forbidden');
    const unknownItem = await api('PATCH', `/shoots/${created.id}/shot-list`, {
      token: t.tokens.owner,
      body: { item_id: '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60', done: true },
    });
    expect(unknownItem.status).toBe(404);
    expect(unknownItem.text).toBe(NOT_FOUND_TEXT);
  });

  it('a viewer cannot create a shoot', async () => {
    const res = await create(t.tokens.viewer, { title: 'Nope' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ ok: false, error: 'forbidden' });
  });

  it('lists newest first with an opaque keyset cursor and no gaps or repeats', async () => {
    const mine = await tenant(['owner']);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await api('POST', '/shoots', { token: mine.tokens.owner, body: { workspace_id: mine.workspaceId, title: `Shoot ${i}` } });
      ids.push(r.body.shoot.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await api('GET', '/shoots', { token: mine.tokens.owner, query: { workspace_id: mine.workspaceId, limit: 3, cursor } });
      expect(page.status).toBe(200);
      expect(page.body.ok).toBe(true);
      seen.push(...page.body.items.map((s: { id: string }) => s.id));
      cursor = page.body.next_cursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it.each([
    ['missing workspace_id', '/shoots', {}],
    ['bad uuid', '/shoots', { workspace_id: 'not-a-uuid' }],
    ['limit 0', '/shoots', { limit: '0' }],
    ['limit 101', '/shoots', { limit: '101' }],
    ['limit abc', '/shoots', { limit: 'abc' }],
    ['forged cursor', '/shoots', { cursor: 'eyJmb28iOjF9.AAAAAAAAAAAAAAAAAAAAAA' }],
    ['garbage cursor', '/shoots', { cursor: '%%%' }],
  ])('400 invalid_input for %s', async (_name, path, query) => {
    const q: Record<string, string> = { workspace_id: t.workspaceId, ...query };
    if (_name === 'missing workspace_id') delete q.workspace_id;
    const res = await api('GET', path, { token: t.tokens.owner, query: q });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
  });

  it('a cursor from another list is refused', async () => {
    await api('POST', '/clients', { token: t.tokens.owner, body: { workspace_id: t.workspaceId, name: 'A' } });
    await api('POST', '/clients', { token: t.tokens.owner, body: { workspace_id: t.workspaceId, name: 'B' } });
    const clients = await api('GET', '/clients', { token: t.tokens.owner, query: { workspace_id: t.workspaceId, limit: 1 } });
    const res = await api('GET', '/shoots', {
      token: t.tokens.owner,
      query: { workspace_id: t.workspaceId, cursor: clients.body.next_cursor },
    });
    expect(res.status).toBe(400);
  });

  it.each([
    ['no title', {}],
    ['empty title', { title: '' }],
    ['title too long', { title: 'x'.repeat(201) }],
    ['bad date', { title: 'x', scheduled_start: 'tomorrow' }],
    ['end before start', { title: 'x', scheduled_start: '2027-01-02T00:00:00Z', scheduled_end: '2027-01-01T00:00:00Z' }],
    ['shot list not strings', { title: 'x', shot_list: [1, 2] }],
    ['client of nobody', { title: 'x', client_id: '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60' }],
  ])('POST /shoots 400 for %s', async (_name, body) => {
    const res = await create(t.tokens.owner, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
  });

  it('GET /shoots/{id} with a bad uuid is 400, an unknown one 404', async () => {
    expect((await api('GET', '/shoots/123', { token: t.tokens.owner })).status).toBe(400);
    const missing = await api('GET', '/shoots/7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60', { token: t.tokens.owner });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(NOT_FOUND_TEXT);
  });

  it('20 concurrent creates with one title get 20 distinct slugs', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => create(t.tokens.owner, { title: 'Concurrent Launch' })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const slugs = new Set(results.map((r) => r.body.shoot.slug));
    expect(slugs.size).toBe(20);
    expect(slugs.has('concurrent-launch')).toBe(true);
  });
});
