import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, NOT_FOUND_TEXT, startTestStudio, type TestStudio } from './harness.js';
import type { Tenant } from './given.js';

describe('shoots', () => {
  let t: TestStudio;
  let ten: Tenant;
  beforeAll(async () => {
    t = await startTestStudio();
    ten = await t.given.tenant();
  });
  afterAll(async () => {
    await t?.stop();
  });

  const create = (role: keyof Tenant['callers'], body: Record<string, unknown>) =>
    t.api('POST', '/shoots', { as: ten.callers[role], body: { workspace_id: ten.workspaceId, ...body } });

  it('creates a planned shoot with a unique slug, its shot list and every field of the shape', async () => {
    const client = await t.given.client(ten.workspaceId);
    const res = await create('photographer', {
      title: 'Smith Wedding',
      client_id: client.id,
      location: 'Old Mill',
      scheduled_start: '2027-06-01T16:00:00+02:00',
      scheduled_end: '2027-06-01T22:00:00Z',
      shot_list: ['Rings', ' First dance '],
    });
    expect(res.status).toBe(201);
    expect(res.body.ok).toBe(true);
    const shoot = res.body.shoot;
    expect(shoot).toEqual({
      id: expect.any(String),
      workspace_id: ten.workspaceId,
      title: 'Smith Wedding',
      slug: 'smith-wedding',
      state: 'planned',
      client_id: client.id,
      location: 'Old Mill',
      scheduled_start: '2027-06-01T14:00:00.000Z',
      scheduled_end: '2027-06-01T22:00:00.000Z',
      completed_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.any(String),
      shot_list: { total: 2, done: 0 },
      shot_list_items: [
        { id: expect.any(String), label: 'Rings', position: 1, done: false, done_at: null },
        { id: expect.any(String), label: 'First dance', position: 2, done: false, done_at: null },
      ],
    });
    const again = await create('owner', { title: 'Smith  Wedding!' });
    expect(again.status).toBe(201);
    expect(again.body.shoot.slug).toBe('smith-wedding-2');
    expect(again.body.shoot).toMatchObject({
      client_id: null,
      location: null,
      scheduled_start: null,
      scheduled_end: null,
      shot_list: { total: 0, done: 0 },
    });
    const custom = await create('admin', { title: 'Anything', slug: 'Smith Wedding' });
    expect(custom.body.shoot.slug).toBe('smith-wedding-3');
  });

  it('makes 20 concurrent creates with one title get 20 distinct slugs', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => create('owner', { title: 'Concurrent Launch' })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const slugs = results.map((r) => r.body.shoot.slug as string).sort();
    expect(new Set(slugs).size).toBe(20);
    const expected = ['concurrent-launch', ...Array.from({ length: 19 }, (_, i) => `concurrent-launch-${i + 2}`)].sort();
    expect(slugs).toEqual(expected);
  });

  it('keeps slugs unique when different bases collide concurrently ("Shoot 2" vs a second "Shoot")', async () => {
    const ws = await t.given.workspace();
    const owner = await t.given.caller(ws.ownerId);
    const post = (title: string) => t.api('POST', '/shoots', { as: owner, body: { workspace_id: ws.id, title } });
    expect((await post('Shoot')).body.shoot.slug).toBe('shoot');
    const results = await Promise.all([post('Shoot'), post('Shoot 2'), post('Shoot'), post('Shoot 2')]);
    expect(results.every((r) => r.status === 201)).toBe(true);
    const slugs = results.map((r) => r.body.shoot.slug);
    expect(new Set(slugs).size).toBe(4);
  });

  it('reads one shoot with its items; viewers may read', async () => {
    const created = await t.given.shoot(ten.workspaceId, { title: 'Portraits', shotList: ['Headshot', 'Full body'] });
    const read = await t.api('GET', `/shoots/${created.id}`, { as: ten.callers.viewer });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ok: true, shoot: created });
  });

  it('ticks and unticks a shot-list item idempotently', async () => {
    const created = await t.given.shoot(ten.workspaceId, { shotList: ['A', 'B'] });
    const item = created.shot_list_items[0]!;
    const patch = (body: unknown, role: keyof Tenant['callers'] = 'photographer') =>
      t.api('PATCH', `/shoots/${created.id}/shot-list`, { as: ten.callers[role], body });
    const tick = await patch({ item_id: item.id, done: true });
    expect(tick.status).toBe(200);
    expect(tick.body.shoot.shot_list).toEqual({ total: 2, done: 1 });
    const doneAt = tick.body.shoot.shot_list_items[0].done_at;
    expect(doneAt).toEqual(expect.any(String));
    const tickAgain = await patch({ item_id: item.id, done: true });
    expect(tickAgain.body.shoot.shot_list).toEqual({ total: 2, done: 1 });
    expect(tickAgain.body.shoot.shot_list_items[0].done_at).toBe(doneAt);
    const untick = await patch({ item_id: item.id, done: false });
    expect(untick.body.shoot.shot_list).toEqual({ total: 2, done: 0 });
    expect(untick.body.shoot.shot_list_items[0]).toMatchObject({ done: false, done_at: null });
    const untickAgain = await patch({ item_id: item.id, done: false });
    expect(untickAgain.status).toBe(200);
    const list = await t.api('GET', '/shoots', { as: ten.callers.viewer, query: { workspace_id: ten.workspaceId, limit: 100 } });
    expect(list.body.items.find((s: { id: string }) => s.id === created.id).shot_list).toEqual({ total: 2, done: 0 });
  });

  it('refuses writes below photographer with 403 forbidden', async () => {
    const created = await t.given.shoot(ten.workspaceId, { shotList: ['A'] });
    const createRes = await create('viewer', { title: 'Nope' });
    expect(createRes.status).toBe(403);
    expect(createRes.body).toMatchObject({ ok: false, error: 'forbidden' });
    const patch = await t.api('PATCH', `/shoots/${created.id}/shot-list`, {
      as: ten.callers.viewer,
      body: { item_id: created.shot_list_items[0]!.id, done: true },
    });
    expect(patch.status).toBe(403);
    expect(patch.body.error).toBe('forbidden');
  });

  it('answers 404 with identical bytes for missing, other-tenant, non-member and scoped-elsewhere', async () => {
    const mine = await t.given.shoot(ten.workspaceId, { shotList: ['A'] });
    const other = await t.given.tenant(['owner']);
    const theirs = await t.given.shoot(other.workspaceId, { shotList: ['X'] });
    // The owner of `ten` with a token scoped to a second workspace of theirs.
    const second = await t.given.workspace({ ownerId: ten.profiles.owner });
    const scoped = await t.given.caller(ten.profiles.owner, { workspaceId: second.id });

    const cases = [
      await t.api('GET', `/shoots/${MISSING_ID}`, { as: ten.callers.owner }),
      await t.api('GET', `/shoots/${theirs.id}`, { as: ten.callers.owner }),
      await t.api('GET', `/shoots/${mine.id}`, { as: other.callers.owner }),
      await t.api('GET', `/shoots/${mine.id}`, { as: scoped }),
      await t.api('GET', '/shoots', { as: other.callers.owner, query: { workspace_id: ten.workspaceId } }),
      await t.api('GET', '/shoots', { as: scoped, query: { workspace_id: ten.workspaceId } }),
      await t.api('POST', '/shoots', { as: other.callers.owner, body: { workspace_id: ten.workspaceId, title: 'x' } }),
      await t.api('POST', '/shoots', { as: scoped, body: { workspace_id: ten.workspaceId, title: 'x' } }),
      await t.api('PATCH', `/shoots/${theirs.id}/shot-list`, {
        as: ten.callers.owner,
        body: { item_id: theirs.shot_list_items[0]!.id, done: true },
      }),
      // An item of another shoot (here: of another tenant) on my shoot.
      await t.api('PATCH', `/shoots/${mine.id}/shot-list`, {
        as: ten.callers.owner,
        body: { item_id: theirs.shot_list_items[0]!.id, done: true },
      }),
      await t.api('PATCH', `/shoots/${mine.id}/shot-list`, { as: ten.callers.owner, body: { item_id: MISSING_ID, done: true } }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(404);
      expect(res.text).toBe(NOT_FOUND_TEXT);
    }
    // Nothing changed on the other tenant's item.
    const still = await t.api('GET', `/shoots/${theirs.id}`, { as: other.callers.owner });
    expect(still.body.shoot.shot_list).toEqual({ total: 1, done: 0 });
  });

  it('lists newest first with keyset cursors: no gaps, no repeats, stable under inserts', async () => {
    const ws = await t.given.workspace();
    const owner = await t.given.caller(ws.ownerId);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await t.given.shoot(ws.id, { title: `Shoot ${i}` })).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await t.api('GET', '/shoots', { as: owner, query: { workspace_id: ws.id, limit: 3, cursor } });
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((s: { id: string }) => s.id));
      cursor = page.body.next_cursor ?? undefined;
      pages++;
      // A shoot created while paging appears on no later page (it is newer than the cursor).
      if (pages === 1) await t.given.shoot(ws.id, { title: 'Late' });
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    const all = await t.api('GET', '/shoots', { as: owner, query: { workspace_id: ws.id } });
    expect(all.body.items).toHaveLength(8);
    expect(all.body.next_cursor).toBeNull();
  });

  it.each([
    ['missing workspace_id', { workspace_id: undefined }],
    ['bad uuid', { workspace_id: 'not-a-uuid' }],
    ['limit 0', { limit: '0' }],
    ['limit 101', { limit: '101' }],
    ['limit abc', { limit: 'abc' }],
    ['limit -1', { limit: '-1' }],
    ['limit 1.5', { limit: '1.5' }],
    ['forged cursor', { cursor: 'eyJmb28iOjF9.AAAAAAAAAAAAAAAAAAAAAA' }],
    ['garbage cursor', { cursor: '%%%' }],
  ])('GET /shoots 400 invalid_input for %s', async (_name, query) => {
    const res = await t.api('GET', '/shoots', { as: ten.callers.owner, query: { workspace_id: ten.workspaceId, ...query } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
  });

  it('refuses a tampered cursor and a cursor of another list with 400', async () => {
    await t.given.shoot(ten.workspaceId);
    await t.given.shoot(ten.workspaceId);
    const page = await t.api('GET', '/shoots', { as: ten.callers.owner, query: { workspace_id: ten.workspaceId, limit: 1 } });
    const cursor: string = page.body.next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const [payload, sig] = cursor.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    decoded[1] = '2000-01-01T00:00:00.000Z';
    const tampered = `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${sig}`;
    const res = await t.api('GET', '/shoots', { as: ten.callers.owner, query: { workspace_id: ten.workspaceId, cursor: tampered } });
    expect(res.status).toBe(400);
    await t.given.client(ten.workspaceId);
    await t.given.client(ten.workspaceId);
    const clients = await t.api('GET', '/clients', { as: ten.callers.owner, query: { workspace_id: ten.workspaceId, limit: 1 } });
    const foreign = await t.api('GET', '/shoots', {
      as: ten.callers.owner,
      query: { workspace_id: ten.workspaceId, cursor: clients.body.next_cursor },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('invalid_input');
  });

  it.each([
    ['no title', {}],
    ['empty title', { title: '' }],
    ['blank title', { title: '   ' }],
    ['title too long', { title: 'x'.repeat(201) }],
    ['title not text', { title: 42 }],
    ['NUL in title', { title: 'a\u0000b' }],
    ['NUL in a shot-list label', { title: 'x', shot_list: ['a\u0000'] }],
    ['NUL in location', { title: 'x', location: '\u0000' }],
    ['bad date', { title: 'x', scheduled_start: 'tomorrow' }],
    ['date without zone', { title: 'x', scheduled_start: '2027-01-02T10:00:00' }],
    ['impossible date', { title: 'x', scheduled_start: '2027-02-30T10:00:00Z' }],
    ['end before start', { title: 'x', scheduled_start: '2027-01-02T00:00:00Z', scheduled_end: '2027-01-01T00:00:00Z' }],
    ['end equals start', { title: 'x', scheduled_start: '2027-01-02T00:00:00Z', scheduled_end: '2027-01-02T00:00:00Z' }],
    ['shot list not strings', { title: 'x', shot_list: [1, 2] }],
    ['shot list too long', { title: 'x', shot_list: Array(201).fill('a') }],
    ['shot list blank label', { title: 'x', shot_list: ['  '] }],
    ['client of nobody', { title: 'x', client_id: MISSING_ID }],
    ['client not a uuid', { title: 'x', client_id: 'abc' }],
  ])('POST /shoots 400 for %s', async (_name, body) => {
    const res = await create('owner', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
  });

  it('POST /shoots 400 for a client of another workspace, bad workspace_id, malformed JSON and no body', async () => {
    const other = await t.given.tenant(['owner']);
    const theirClient = await t.given.client(other.workspaceId);
    const cases = [
      await create('owner', { title: 'x', client_id: theirClient.id }),
      await create('owner', { title: 'x', workspace_id: 'nope' }),
      await t.api('POST', '/shoots', { as: ten.callers.owner, rawBody: '{"title": ', headers: { 'content-type': 'application/json' } }),
      await t.api('POST', '/shoots', { as: ten.callers.owner, rawBody: '[1,2]', headers: { 'content-type': 'application/json' } }),
      await t.api('POST', '/shoots', { as: ten.callers.owner, rawBody: 'null', headers: { 'content-type': 'application/json' } }),
      await t.api('POST', '/shoots', { as: ten.callers.owner }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
    }
  });

  it('GET /shoots/{id} and PATCH validate ids and bodies with 400', async () => {
    const created = await t.given.shoot(ten.workspaceId, { shotList: ['A'] });
    expect((await t.api('GET', '/shoots/123', { as: ten.callers.owner })).status).toBe(400);
    const patch = (body: unknown, id = created.id) => t.api('PATCH', `/shoots/${id}/shot-list`, { as: ten.callers.owner, body });
    for (const res of [
      await patch({ item_id: created.shot_list_items[0]!.id }),
      await patch({ item_id: created.shot_list_items[0]!.id, done: 'yes' }),
      await patch({ item_id: 'x', done: true }),
      await patch({ done: true }),
      await patch({ item_id: created.shot_list_items[0]!.id, done: true }, 'not-a-uuid'),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_input');
    }
  });

  it('answers 401 without a valid identity', async () => {
    expect((await t.api('GET', '/shoots', { query: { workspace_id: ten.workspaceId } })).status).toBe(401);
    const forged = await t.api('GET', '/shoots', {
      query: { workspace_id: ten.workspaceId },
      headers: { 'x-studio-identity': 'forged.jwt.value' },
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ ok: false, error: 'unauthorized' });
  });
});
