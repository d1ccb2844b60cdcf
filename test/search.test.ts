/**
 * GET /search (issue 6, spec section 4) through the gateway, fed by the real domain events of the real operations:
 * POST /clients, POST /shoots and POST /galleries where the public API has a route, the studio operator CLI for
 * leads, orders, updates and deletes, and the gallery operator CLI for albums. Events reach the index
 * asynchronously, so every expectation about newly written data polls (searchUntil) instead of sleeping.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, NOT_FOUND_TEXT } from './support/client.js';
import { createGallery, galleryAdmin, shootWithKeepers } from './support/gallery.js';
import { admin, tenant } from './support/operator.js';
import { allPages, ids, mapConcurrent, prng, rawSearch, search, searchUntil, type SearchBody, type SearchItem } from './support/search.js';

type Tenant = Awaited<ReturnType<typeof tenant>>;
type DocType = SearchItem['type'];
const ALL_TYPES: DocType[] = ['client', 'lead', 'shoot', 'gallery', 'album', 'order'];

const expectInvalid = (res: { status: number; body: any }, what: string) => {
  expect(res.status, what).toBe(400);
  expect(res.body, what).toMatchObject({ ok: false, error: 'invalid_input' });
};

async function createClient(token: string, workspaceId: string, body: Record<string, string>): Promise<string> {
  const res = await api('POST', '/clients', { token, body: { workspace_id: workspaceId, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body.client.id as string;
}

async function createShootTitled(token: string, workspaceId: string, title: string, location?: string): Promise<string> {
  const res = await api('POST', '/shoots', { token, body: { workspace_id: workspaceId, title, ...(location ? { location } : {}) } });
  expect(res.status, res.text).toBe(201);
  return res.body.shoot.id as string;
}

/** Every item of a search answer has the documented shape; snippet highlights point inside the snippet text. */
function expectWellFormed(body: SearchBody) {
  expect(body.ok).toBe(true);
  expect(Array.isArray(body.items)).toBe(true);
  expect(body.next_cursor === null || typeof body.next_cursor === 'string').toBe(true);
  for (const item of body.items) {
    expect(ALL_TYPES).toContain(item.type);
    expect(item.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(typeof item.title).toBe('string');
    expect(typeof item.rank).toBe('number');
    if (item.snippet !== null) {
      expect(typeof item.snippet.text).toBe('string');
      for (const [start, end] of item.snippet.highlights) {
        expect(start).toBeGreaterThanOrEqual(0);
        expect(end).toBeGreaterThan(start);
        expect(end).toBeLessThanOrEqual(item.snippet.text.length);
      }
    }
  }
}

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([tenant(['owner', 'viewer']), tenant(['owner'])]);
});

/* ------------------------------------------------------------------------------------------------------------ */
describe('documents of every type, and the types filter', () => {
  // One document of each type; every title carries the shared word "aurelian" plus a word of its own.
  const made = {} as Record<DocType, { id: string; word: string; title: string }>;

  beforeAll(async () => {
    const ws = t.workspaceId;
    const owner = t.tokens.owner;
    await Promise.all([
      (async () => {
        const id = await createClient(owner, ws, { name: 'Aurelian Marlowe', email: 'marlowe@harbour.test', notes: 'Prefers film' });
        made.client = { id, word: 'marlowe', title: 'Aurelian Marlowe' };
      })(),
      (async () => {
        const { lead } = await admin<{ lead: { id: string } }>(
          'lead',
          'create',
          '--workspace',
          ws,
          '--name',
          'Aurelian Penhallow',
          '--email',
          'penhallow@leads.test',
          '--source',
          'instagram',
        );
        made.lead = { id: lead.id, word: 'penhallow', title: 'Aurelian Penhallow' };
      })(),
      (async () => {
        const id = await createShootTitled(owner, ws, 'Aurelian Lighthouse Elopement', 'Cape Wrath');
        made.shoot = { id, word: 'lighthouse', title: 'Aurelian Lighthouse Elopement' };
      })(),
      (async () => {
        const { order } = await admin<{ order: { id: string } }>(
          'order',
          'create',
          '--workspace',
          ws,
          '--number',
          'AURELIAN-48213',
          '--total-cents',
          '12900',
          '--currency',
          'EUR',
        );
        made.order = { id: order.id, word: '48213', title: 'AURELIAN-48213' };
      })(),
      (async () => {
        // A gallery needs a shoot with a ready keeper (real upload flow); the album is made from the gallery.
        const { shootId } = await shootWithKeepers(owner, ws, 1);
        const gallery = await createGallery(owner, shootId, 'Aurelian Harvest Gallery');
        made.gallery = { id: gallery.id, word: 'harvest', title: 'Aurelian Harvest Gallery' };
        const { album } = await galleryAdmin<{ album: { id: string } }>(
          'create-album',
          '--gallery',
          gallery.id,
          '--title',
          'Aurelian Moonrise Album',
        );
        made.album = { id: album.id, word: 'moonrise', title: 'Aurelian Moonrise Album' };
      })(),
    ]);
  });

  describe('each document type is found after the event that creates it', () => {
    it.each(ALL_TYPES)('%s', async (type) => {
      const doc = made[type];
      const body = await searchUntil(t.tokens.viewer, { workspace_id: t.workspaceId, q: doc.word }, (b) => ids(b).includes(doc.id));
      expectWellFormed(body);
      const item = body.items.find((i) => i.id === doc.id)!;
      expect(item.type).toBe(type);
      expect(item.title).toContain(doc.title);
      // Its own word finds nothing else in the workspace.
      expect(ids(body)).toEqual([doc.id]);
    });
  });

  describe('types filter', () => {
    const aurelian = (types?: string) => search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', types, limit: 50 });
    const byType = (body: SearchBody) => Object.fromEntries(body.items.map((i) => [i.type, i.id]));
    const idsOf = (types: DocType[]) => Object.fromEntries(types.map((x) => [x, made[x].id]));

    beforeAll(async () => {
      await searchUntil(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', limit: 50 }, (b) => b.items.length >= 6);
    });

    it('without types every type is searched', async () => {
      const res = await aurelian();
      expect(res.status).toBe(200);
      expect(res.body.items).toHaveLength(6);
      expect(byType(res.body)).toEqual(idsOf(ALL_TYPES));
    });

    it.each([
      ['client', ['client']],
      ['lead', ['lead']],
      ['shoot', ['shoot']],
      ['gallery', ['gallery']],
      ['album', ['album']],
      ['order', ['order']],
      ['shoot,gallery', ['shoot', 'gallery']],
      ['album,order,client', ['album', 'order', 'client']],
    ] as [string, DocType[]][])('types=%s keeps only those types', async (types, expected) => {
      const res = await aurelian(types);
      expect(res.status).toBe(200);
      expect(res.body.items).toHaveLength(expected.length);
      expect(byType(res.body)).toEqual(idsOf(expected));
    });

    it('unknown values are dropped, not rejected', async () => {
      for (const types of ['shoot,invoice,bogus', 'invoice,shoot', 'shoot,,', 'task,shoot,webhook']) {
        const res = await aurelian(types);
        expect(res.status, types).toBe(200);
        expect(byType(res.body), types).toEqual(idsOf(['shoot']));
      }
      const res = await aurelian('lead,photo,order');
      expect(byType(res.body)).toEqual(idsOf(['lead', 'order']));
    });

    it('none left (or none given) means every type', async () => {
      for (const types of ['invoice', 'invoice,bogus', '', ',,,', 'client_', 'CLIENTS', 'client,lead,shoot,gallery,album,order']) {
        const res = await aurelian(types);
        expect(res.status, types).toBe(200);
        expect(byType(res.body), types).toEqual(idsOf(ALL_TYPES));
      }
    });
  });

  describe('limit bounds', () => {
    it('limit 1 and 50 are accepted; a page never exceeds its limit', async () => {
      const one = await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', limit: 1 });
      expect(one.status).toBe(200);
      expect(one.body.items).toHaveLength(1);
      expect(one.body.next_cursor).toEqual(expect.any(String));
      const fifty = await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', limit: 50 });
      expect(fifty.status).toBe(200);
      expect(fifty.body.items).toHaveLength(6);
      expect(fifty.body.next_cursor).toBeNull();
      // Exactly as many matches as the limit: no next page is announced.
      const six = await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', limit: 6 });
      expect(six.body.items).toHaveLength(6);
      expect(six.body.next_cursor).toBeNull();
    });

    it.each(['0', '51', '-1', '1.5', 'abc', '', '1e1', '100', '9007199254740993'])('limit=%j is 400', async (limit) => {
      expectInvalid(await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', limit }), limit);
    });
  });

  describe('cursors', () => {
    it('the next cursor continues the same search', async () => {
      const first = await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', limit: 4 });
      expect(first.body.items).toHaveLength(4);
      const second = await search(t.tokens.viewer, {
        workspace_id: t.workspaceId,
        q: 'aurelian',
        limit: 4,
        cursor: first.body.next_cursor!,
      });
      expect(second.status).toBe(200);
      expect(second.body.items).toHaveLength(2);
      expect(second.body.next_cursor).toBeNull();
      expect(new Set([...ids(first.body), ...ids(second.body)])).toEqual(new Set(ALL_TYPES.map((x) => made[x].id)));
    });

    it('a tampered, truncated or made-up cursor is 400', async () => {
      const first = await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', limit: 2 });
      const cursor = first.body.next_cursor!;
      expect(cursor).toEqual(expect.any(String));
      const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
      const dot = cursor.indexOf('.');
      expect(dot).toBeGreaterThan(0);
      // Characters of the opaque text that carry information (the very last one may hold only padding bits).
      const tampered = [
        flip(cursor, 0),
        flip(cursor, Math.floor(dot / 2)),
        flip(cursor, dot - 1),
        flip(cursor, dot + 1),
        flip(cursor, dot + 8),
        cursor.slice(0, dot),
        cursor.slice(dot),
        cursor.slice(0, -1),
        cursor.slice(1),
        `${cursor}A`,
        cursor.split('').reverse().join(''),
        'garbage',
        '0',
        '12',
        Buffer.from(JSON.stringify({ k: 'search', v: ['x', 5, 0, made.client.id, 'client'] })).toString('base64url'),
        'x'.repeat(3000),
        '%00',
        '..',
      ];
      for (const bad of tampered) {
        expectInvalid(
          await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', limit: 2, cursor: bad }),
          `cursor ${bad.slice(0, 60)}`,
        );
      }
    });

    it('a cursor of another search, another list or another tenant is 400', async () => {
      const first = await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', limit: 2 });
      const cursor = first.body.next_cursor!;
      // Same workspace, other query text or other types.
      expectInvalid(await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'marlowe', limit: 2, cursor }), 'other q');
      expectInvalid(
        await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', types: 'client', limit: 2, cursor }),
        'other types',
      );
      // The creation-time cursor of GET /clients is no search cursor.
      await createClient(t.tokens.owner, t.workspaceId, { name: 'Cursor Donor One' });
      await createClient(t.tokens.owner, t.workspaceId, { name: 'Cursor Donor Two' });
      const clients = await api('GET', '/clients', { token: t.tokens.viewer, query: { workspace_id: t.workspaceId, limit: 1 } });
      expect(clients.body.next_cursor).toEqual(expect.any(String));
      expectInvalid(
        await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', limit: 2, cursor: clients.body.next_cursor }),
        'clients cursor',
      );
      // Another tenant replaying tenant A's cursor on its own workspace with the same query.
      expectInvalid(
        await search(other.tokens.owner, { workspace_id: other.workspaceId, q: 'aurelian', limit: 2, cursor }),
        'foreign cursor',
      );
    });
  });

  describe('required parameters and tenant isolation', () => {
    it('missing or empty q, missing or malformed workspace_id are 400', async () => {
      const tok = t.tokens.viewer;
      expectInvalid(await search(tok, { workspace_id: t.workspaceId }), 'no q');
      expectInvalid(await search(tok, { workspace_id: t.workspaceId, q: '' }), 'empty q');
      expectInvalid(await search(tok, { q: 'aurelian' }), 'no workspace_id');
      expectInvalid(await search(tok, { q: 'aurelian', workspace_id: '' }), 'empty workspace_id');
      expectInvalid(await search(tok, { q: 'aurelian', workspace_id: 'not-a-uuid' }), 'bad workspace_id');
      expectInvalid(await search(tok, { q: 'aurelian', workspace_id: `${t.workspaceId}x` }), 'workspace_id with a tail');
      const repeated = await rawSearch(tok, `workspace_id=${t.workspaceId}&q=aurelian&q=marlowe`);
      expect(repeated.status).toBe(400);
    });

    it('any member may search; without a token it is 401', async () => {
      const res = await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian' });
      expect(res.status).toBe(200);
      const anon = await api('GET', '/search', { query: { workspace_id: t.workspaceId, q: 'aurelian' } });
      expect(anon.status).toBe(401);
      expect(anon.body).toMatchObject({ ok: false, error: 'unauthorized' });
    });

    it("another tenant's workspace, a non-member, a token scoped elsewhere and a missing workspace: the identical 404", async () => {
      const loner = await admin<{ profile_id: string }>('create-profile', '--email', `loner-${Date.now()}@example.test`);
      const lonerToken = (await admin<{ token: string }>('create-token', '--profile', loner.profile_id)).token;
      const elsewhere = await admin<{ workspace_id: string }>(
        'create-workspace',
        '--name',
        `Elsewhere ${Date.now()}`,
        '--owner',
        t.profiles.owner,
      );
      const scoped = (await admin<{ token: string }>('create-token', '--profile', t.profiles.owner, '--workspace', elsewhere.workspace_id))
        .token;
      const cases: [string, string, string][] = [
        ['other tenant', other.tokens.owner, t.workspaceId],
        ['non-member', lonerToken, t.workspaceId],
        ['token scoped to another workspace', scoped, t.workspaceId],
        ['missing workspace', t.tokens.owner, '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'],
      ];
      for (const [what, token, workspaceId] of cases) {
        for (const query of [{ q: 'aurelian' }, { q: 'aurelian', types: 'client', limit: 5 }, { q: '!!!' }]) {
          const res = await search(token, { workspace_id: workspaceId, ...query });
          expect(res.status, what).toBe(404);
          expect(res.text, what).toBe(NOT_FOUND_TEXT);
        }
      }
    });

    it("one workspace's documents never appear in another's results", async () => {
      const intruder = await createClient(other.tokens.owner, other.workspaceId, { name: 'Aurelian Intruder' });
      const theirs = await searchUntil(other.tokens.owner, { workspace_id: other.workspaceId, q: 'aurelian' }, (b) =>
        ids(b).includes(intruder),
      );
      expect(ids(theirs)).toEqual([intruder]);
      expect((await search(other.tokens.owner, { workspace_id: other.workspaceId, q: 'marlowe' })).body.items).toEqual([]);
      const ours = await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'aurelian', limit: 50 });
      expect(new Set(ids(ours.body))).toEqual(new Set(ALL_TYPES.map((x) => made[x].id)));
    });
  });
});

/* ------------------------------------------------------------------------------------------------------------ */
describe('updates and deletes are reflected', () => {
  const q = (query: string, extra: Record<string, string> = {}) => ({ workspace_id: t.workspaceId, q: query, ...extra });
  const has = (id: string) => (b: SearchBody) => ids(b).includes(id);
  const lacks = (id: string) => (b: SearchBody) => !ids(b).includes(id);

  it('a renamed client is found by its new name and no longer by its old one; a deleted one disappears', async () => {
    const id = await createClient(t.tokens.owner, t.workspaceId, {
      name: 'Bartholomew Krantz',
      email: 'krantz@old.test',
      phone: '+44 161 496 0731',
    });
    await searchUntil(t.tokens.viewer, q('krantz'), has(id));

    await admin(
      'client',
      'update',
      '--workspace',
      t.workspaceId,
      '--client',
      id,
      '--name',
      'Cornelius Vandermeer',
      '--email',
      'vandermeer@new.test',
    );
    const renamed = await searchUntil(t.tokens.viewer, q('vandermeer'), has(id));
    expect(renamed.items.find((i) => i.id === id)!.title).toBe('Cornelius Vandermeer');
    for (const old of ['krantz', 'bartholomew', 'krantz@old.test', 'bartholomew krantz']) {
      expect(ids((await search(t.tokens.viewer, q(old))).body), old).not.toContain(id);
    }
    // The untouched phone still finds the renamed client.
    expect(ids((await search(t.tokens.viewer, q('496 0731'))).body)).toContain(id);

    await admin('client', 'delete', '--workspace', t.workspaceId, '--client', id);
    await searchUntil(t.tokens.viewer, q('vandermeer'), lacks(id));
    for (const gone of ['cornelius', 'vandermeer@new', '496 0731', 'cornelius vandermeer']) {
      expect(ids((await search(t.tokens.viewer, q(gone))).body), gone).not.toContain(id);
    }
  });

  it('a lead is updated and deleted', async () => {
    const { lead } = await admin<{ lead: { id: string } }>(
      'lead',
      'create',
      '--workspace',
      t.workspaceId,
      '--name',
      'Wilhelmina Oakes',
      '--source',
      'referral',
    );
    await searchUntil(t.tokens.viewer, q('oakes', { types: 'lead' }), has(lead.id));
    await admin(
      'lead',
      'update',
      '--workspace',
      t.workspaceId,
      '--lead',
      lead.id,
      '--name',
      'Wilhelmina Ashdown',
      '--notes',
      'wants a sunrise session',
    );
    const updated = await searchUntil(t.tokens.viewer, q('ashdown'), has(lead.id));
    expect(updated.items.find((i) => i.id === lead.id)).toMatchObject({ type: 'lead', title: 'Wilhelmina Ashdown' });
    expect(ids((await search(t.tokens.viewer, q('oakes'))).body)).not.toContain(lead.id);
    expect(ids((await search(t.tokens.viewer, q('sunrise session'))).body)).toContain(lead.id);
    await admin('lead', 'delete', '--workspace', t.workspaceId, '--lead', lead.id);
    await searchUntil(t.tokens.viewer, q('ashdown'), lacks(lead.id));
    expect(ids((await search(t.tokens.viewer, q('wilhelmina'))).body)).not.toContain(lead.id);
  });

  it('a shoot is updated and deleted', async () => {
    const id = await createShootTitled(t.tokens.owner, t.workspaceId, 'Quarry Portraits', 'Dorset');
    await searchUntil(t.tokens.viewer, q('quarry'), has(id));
    await admin('shoot', 'update', '--workspace', t.workspaceId, '--shoot', id, '--title', 'Glacier Portraits', '--location', 'Svalbard');
    const updated = await searchUntil(t.tokens.viewer, q('glacier'), has(id));
    expect(updated.items.find((i) => i.id === id)).toMatchObject({ type: 'shoot', title: 'Glacier Portraits' });
    expect(ids((await search(t.tokens.viewer, q('svalbard'))).body)).toContain(id);
    expect(ids((await search(t.tokens.viewer, q('dorset'))).body)).not.toContain(id);
    await admin('shoot', 'delete', '--workspace', t.workspaceId, '--shoot', id);
    await searchUntil(t.tokens.viewer, q('glacier'), lacks(id));
    expect(ids((await search(t.tokens.viewer, q('portraits'))).body)).not.toContain(id);
  });

  it('a word stays findable (exactly, by prefix and by typo) when another document holding it is deleted or renamed', async () => {
    const [keep, drop, rename] = await Promise.all([
      createClient(t.tokens.owner, t.workspaceId, { name: 'Ottoline Ingleby' }),
      createClient(t.tokens.owner, t.workspaceId, { name: 'Rufus Ingleby' }),
      createClient(t.tokens.owner, t.workspaceId, { name: 'Mabel Ingleby' }),
    ]);
    await searchUntil(t.tokens.viewer, q('ingleby'), (b) => [keep, drop, rename].every((id) => ids(b).includes(id)));
    await Promise.all([
      admin('client', 'delete', '--workspace', t.workspaceId, '--client', drop),
      admin('client', 'update', '--workspace', t.workspaceId, '--client', rename, '--name', 'Mabel Featherstone'),
    ]);
    await searchUntil(t.tokens.viewer, q('ingleby'), (b) => !ids(b).includes(drop) && !ids(b).includes(rename));
    for (const query of ['ingleby', 'ingle', 'ottoline ingleby', 'inglbey', 'ingelby', 'otoline ingl']) {
      expect(ids((await search(t.tokens.viewer, q(query))).body), query).toEqual([keep]);
    }
    // The word's last holder goes, then a new document brings it back.
    await admin('client', 'delete', '--workspace', t.workspaceId, '--client', keep);
    await searchUntil(t.tokens.viewer, q('ingleby'), (b) => b.items.length === 0);
    const back = await createClient(t.tokens.owner, t.workspaceId, { name: 'Ingleby Returns' });
    await searchUntil(t.tokens.viewer, q('ingleby'), (b) => ids(b).includes(back));
    for (const query of ['ingleby', 'ingl', 'inglebey']) expect(ids((await search(t.tokens.viewer, q(query))).body), query).toEqual([back]);
  });

  it("an order's status change is searchable", async () => {
    const { order } = await admin<{ order: { id: string } }>(
      'order',
      'create',
      '--workspace',
      t.workspaceId,
      '--number',
      'UPD-55120',
      '--total-cents',
      '5000',
      '--currency',
      'EUR',
    );
    await searchUntil(t.tokens.viewer, q('55120'), has(order.id));
    expect(ids((await search(t.tokens.viewer, q('55120 paid'))).body)).not.toContain(order.id);
    await admin('order', 'transition', '--workspace', t.workspaceId, '--order', order.id, '--to', 'paid');
    const paid = await searchUntil(t.tokens.viewer, q('55120 paid'), has(order.id));
    expect(paid.items.find((i) => i.id === order.id)!.type).toBe('order');
    expect(ids((await search(t.tokens.viewer, q('55120 pending'))).body)).not.toContain(order.id);
  });
});

/* ------------------------------------------------------------------------------------------------------------ */
describe('typo, prefix, e-mail and phone matching', () => {
  let jonathan: string;
  let john: string;
  let jane: string;
  const find = async (query: string) => {
    const res = await search(t.tokens.viewer, { workspace_id: t.workspaceId, q: query, limit: 50 });
    expect(res.status, query).toBe(200);
    expectWellFormed(res.body);
    return res.body;
  };

  beforeAll(async () => {
    [jonathan, john, jane] = await Promise.all([
      createClient(t.tokens.owner, t.workspaceId, {
        name: 'Jonathan Smithers',
        email: 'jon.smithers@example.org',
        phone: '+1 (415) 555-0199',
      }),
      createClient(t.tokens.owner, t.workspaceId, { name: 'John Smith', email: 'john.smith@example.com', phone: '020 7946 0018' }),
      createClient(t.tokens.owner, t.workspaceId, { name: 'Jane Doe', email: 'jane@doe.test', phone: '+49 30 901820' }),
    ]);
    await searchUntil(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'jane' }, (b) => ids(b).includes(jane));
    await searchUntil(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'smithers' }, (b) => ids(b).includes(jonathan));
    await searchUntil(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'smith' }, (b) => ids(b).includes(john));
  });

  it('"jonh smi" (a typo and a prefix) finds Jonathan Smithers and John Smith', async () => {
    const body = await find('jonh smi');
    expect(ids(body)).toEqual(expect.arrayContaining([jonathan, john]));
    expect(ids(body)).not.toContain(jane);
  });

  it.each([
    ['smi', ['jonathan', 'john']],
    ['smith', ['john', 'jonathan']],
    ['jonat', ['jonathan']],
    ['smithe', ['jonathan', 'john']], // a prefix of "smithers", one letter off "smith"
    ['smihters', ['jonathan']],
    ['jonathon smithers', ['jonathan']],
    ['jonahtan', ['jonathan']],
    ['Smíth', ['john', 'jonathan']],
    ['SMITHERS', ['jonathan']],
    ['do', ['jane']],
  ])('%j finds %j', async (query, who) => {
    const byName: Record<string, string> = { jonathan, john, jane };
    const found = ids(await find(query));
    for (const name of who) expect(found, `${query} -> ${name}`).toContain(byName[name]);
    for (const name of Object.keys(byName).filter((n) => !who.includes(n)))
      expect(found, `${query} -/-> ${name}`).not.toContain(byName[name]);
  });

  it('a transposed pair of letters is corrected in 6- and 7-letter names too', async () => {
    const id = await createClient(t.tokens.owner, t.workspaceId, { name: 'Imogen Wilson-Carver', email: 'imogen@studio.test' });
    await searchUntil(t.tokens.viewer, { workspace_id: t.workspaceId, q: 'imogen' }, (b) => ids(b).includes(id));
    for (const query of ['wlison', 'wilosn', 'carevr', 'imoegn', 'imgoen carver', 'wilson carevr', 'imogen wlison']) {
      expect(ids(await find(query)), query).toContain(id);
    }
  });

  it('an exact name ranks above prefix and typo matches', async () => {
    const body = await find('smith');
    expect(body.items[0]!.id).toBe(john);
    const ranks = body.items.map((i) => i.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  });

  // `only`: nobody else matches. (Without it another client may follow at a lower rank: "john" is one letter
  // off "jon", the local part of Jonathan's address.)
  it.each([
    ['smithers@exa', 'jonathan', 'only'],
    ['jon.smithers@example.org', 'jonathan', 'only'],
    ['jon.smithers', 'jonathan', 'only'],
    ['john.smith@example.com', 'john', 'only'],
    ['john.smith@', 'john', 'first'],
    ['@doe.test', 'jane', 'only'],
    ['jane@doe', 'jane', 'only'],
  ])('e-mail fragment %j finds %s (%s)', async (query, who, how) => {
    const byName: Record<string, string> = { jonathan, john, jane };
    const body = await find(query);
    expect(body.items.length, query).toBeGreaterThan(0);
    expect(body.items[0]!.id, query).toBe(byName[who]);
    if (how === 'only') expect(ids(body), query).toEqual([byName[who]]);
  });

  it.each([
    ['555-0199', 'jonathan'],
    ['0199', 'jonathan'],
    ['(415) 555', 'jonathan'],
    ['+1 415 555 0199', 'jonathan'],
    ['14155550199', 'jonathan'],
    ['4155550199', 'jonathan'],
    ['7946 0018', 'john'],
    ['020 7946', 'john'],
    ['79460018', 'john'],
    ['901820', 'jane'],
    ['+49 30', 'jane'],
  ])('phone fragment %j finds %s', async (query, who) => {
    const byName: Record<string, string> = { jonathan, john, jane };
    const found = ids(await find(query));
    expect(found, query).toContain(byName[who]);
    for (const [name, id] of Object.entries(byName)) if (name !== who) expect(found, `${query} -/-> ${name}`).not.toContain(id);
  });

  it('snippets highlight what matched, as plain ranges into plain text', async () => {
    const body = await find('smithers@exa');
    const item = body.items.find((i) => i.id === jonathan)!;
    expect(item.snippet).not.toBeNull();
    const marked = item.snippet!.highlights.map(([a, b]) => item.snippet!.text.slice(a, b).toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(['smithers']));
  });
});

/* ------------------------------------------------------------------------------------------------------------ */
describe('cursor paging over 500 matches', () => {
  let p: Tenant;
  let fast: string;
  const expected = new Set<string>();
  const q = { q: 'zephyr' } as const;

  beforeAll(async () => {
    p = await tenant(['owner']);
    fast = (await admin<{ token: string }>('create-token', '--profile', p.profiles.owner, '--rate-limit', '1000000')).token;
    // 500 matches across three relevance tiers of "zephyr": the exact name (200), a longer word it is a prefix of
    // (150), and only in notes (150); plus 30 clients that do not match at all.
    const bodies: { body: Record<string, string>; matches: boolean }[] = [];
    for (let i = 0; i < 500; i++) {
      if (i < 200) bodies.push({ body: { name: `Zephyr Quill ${i}` }, matches: true });
      else if (i < 350) bodies.push({ body: { name: `Zephyrine Holt ${i}`, email: `holt${i}@paging.test` }, matches: true });
      else bodies.push({ body: { name: `Anon Person ${i}`, notes: `met a zephyr at the fair, number ${i}` }, matches: true });
    }
    for (let i = 0; i < 30; i++) bodies.push({ body: { name: `Unrelated Person ${i}`, notes: 'calm weather' }, matches: false });
    await mapConcurrent(bodies, 16, async ({ body, matches }) => {
      const id = await createClient(fast, p.workspaceId, body);
      if (matches) expected.add(id);
    });
    expect(expected.size).toBe(500);
    // Wait until every one of them is indexed.
    const until = Date.now() + 60_000;
    for (;;) {
      const all = await allPages(fast, { workspace_id: p.workspaceId, ...q }, 50);
      if (all.length >= 500) break;
      if (Date.now() > until) throw new Error(`only ${all.length} of 500 documents indexed`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 180_000);

  it.each([50, 13, 1])(
    'limit %i: every match exactly once, in rank order',
    async (limit) => {
      const all = await allPages(fast, { workspace_id: p.workspaceId, ...q }, limit);
      const seen = ids({ ok: true, items: all, next_cursor: null });
      expect(seen).toHaveLength(500);
      expect(new Set(seen).size).toBe(500);
      expect(new Set(seen)).toEqual(expected);
      for (let i = 1; i < all.length; i++) expect(all[i]!.rank, `item ${i}`).toBeLessThanOrEqual(all[i - 1]!.rank);
      expect(new Set(all.map((i) => Math.floor(i.rank)))).toEqual(new Set([5, 4, 3]));
      // Titles and names first, then prefixes, then notes.
      expect(all.slice(0, 200).every((i) => i.title.startsWith('Zephyr Quill'))).toBe(true);
      expect(all.slice(200, 350).every((i) => i.title.startsWith('Zephyrine Holt'))).toBe(true);
      expect(all.slice(350).every((i) => i.title.startsWith('Anon Person'))).toBe(true);
    },
    120_000,
  );

  it('typo-corrected results page the same way', async () => {
    // "zephyrne" is no word of the workspace: only its corrections match ("zephyrine" one edit away, "zephyr" two),
    // in names (tier 2) and in notes (tier 1).
    const all = await allPages(fast, { workspace_id: p.workspaceId, q: 'zephyrne' }, 50);
    const seen = all.map((i) => i.id);
    expect(seen).toHaveLength(500);
    expect(new Set(seen)).toEqual(expected);
    for (let i = 1; i < all.length; i++) expect(all[i]!.rank).toBeLessThanOrEqual(all[i - 1]!.rank);
    expect(new Set(all.map((i) => Math.floor(i.rank)))).toEqual(new Set([2, 1]));
  }, 60_000);

  it('the types filter pages the same way', async () => {
    const clients = await allPages(fast, { workspace_id: p.workspaceId, ...q, types: 'client,bogus' }, 50);
    expect(new Set(clients.map((i) => i.id))).toEqual(expected);
    expect(await allPages(fast, { workspace_id: p.workspaceId, ...q, types: 'lead,order' }, 50)).toEqual([]);
  });

  it('documents created while paging never make an item repeat or go missing', async () => {
    const added: string[] = [];
    let n = 0;
    const all = await allPages(fast, { workspace_id: p.workspaceId, ...q }, 25, async () => {
      // Between pages: a new exact match and a new notes-only match (tiers above and below the position).
      n++;
      added.push(await createClient(fast, p.workspaceId, { name: `Zephyr Latecomer ${n}` }));
      added.push(await createClient(fast, p.workspaceId, { name: `Late Note ${n}`, notes: 'zephyr again' }));
    });
    const seen = all.map((i) => i.id);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of expected) expect(seen, id).toContain(id);
    expect(seen.every((id) => expected.has(id) || added.includes(id))).toBe(true);
    for (let i = 1; i < all.length; i++) expect(all[i]!.rank).toBeLessThanOrEqual(all[i - 1]!.rank);
  }, 120_000);

  /* ---------------------------------------------------------------------------------------------------------- */
  describe('malformed queries never cause a 500', () => {
    const OPERATORS = [
      '&',
      '|',
      '!',
      ':',
      '*',
      '(',
      ')',
      '<->',
      '<2>',
      ':*',
      '&&',
      '||',
      '!!',
      '\\',
      '\\\\',
      "'",
      '"',
      "''",
      '""',
      '`',
      '^',
      '~',
      '-',
      '+',
      '=',
      '<',
      '>',
      '/',
      '%',
      '_',
      ';',
      ',',
      '.',
      '?',
      '#',
      '[',
      ']',
      '{',
      '}',
      '$',
      '@',
    ];
    const SQLISH = [
      "' OR 1=1 --",
      "'; DROP TABLE search_documents; --",
      '" OR ""="',
      "1' AND pg_sleep(1)--",
      "\\'",
      "E'\\x00'",
      '$$',
      '$1',
      '::tsquery',
      "to_tsquery('a')",
      '/*',
      '*/',
      '--',
      'UNION SELECT',
      "');",
      '\\x27',
      '%27',
      '%%',
      'a:*B & !(c | d) <-> e',
    ];
    const ODD = [
      '\u0000',
      '\u0000\u0000',
      '\u0007',
      '\u001b[31m',
      '\t',
      '\n',
      '\r\n',
      '\u00a0',
      '\u200b',
      '\u200d',
      '\u2028',
      '\ufeff',
      '\ufffd',
      '\uffff',
      '\ud800',
      '\udfff',
      '\udc00\ud800',
      '😀',
      '👨‍👩‍👧‍👦',
      '🏳️‍🌈',
      'e\u0301',
      '\u0301',
      'ﬁ',
      'Ⅻ',
      '²',
      '١٢٣',
      'שלום',
      'مرحبا',
      '東京',
      'ｓｍｉｔｈ',
      'İ',
      'ß',
      'Ω',
      'ǅ',
      '𝔷𝔢𝔭𝔥𝔶𝔯',
      '\u202e',
      'ﷺ',
    ];
    const WORDS = [
      'zephyr',
      'zeph',
      'zephyrine',
      'zephyrne',
      'quill',
      'holt',
      'anon',
      'person',
      'fair',
      'met',
      'a',
      'z',
      'paging',
      'test',
      '123',
      '4',
      '0',
      '555',
      '2026',
      'the',
      'and',
      'or',
      'not',
    ];

    function fuzzString(rand: () => number): string {
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
      const parts: string[] = [];
      const n = 1 + Math.floor(rand() * 12);
      for (let i = 0; i < n; i++) {
        const r = rand();
        if (r < 0.3) parts.push(pick(OPERATORS));
        else if (r < 0.45) parts.push(pick(SQLISH));
        else if (r < 0.65) parts.push(pick(ODD));
        else if (r < 0.9) parts.push(pick(WORDS));
        else parts.push(String.fromCharCode(Math.floor(rand() * 0x10000)));
        if (rand() < 0.4) parts.push(pick([' ', '', '', '  ', '\t']));
      }
      let s = parts.join('');
      if (rand() < 0.1) s = s.repeat(1 + Math.floor(rand() * 40));
      // Keep the request line well inside the HTTP layer's limit (see the oversized test below).
      while (encodedLength(s) > 12_000) s = s.slice(0, Math.floor(s.length / 2));
      return s;
    }

    const encodedLength = (q: string) => new URLSearchParams({ q }).toString().length;

    /** Long, boundary and pathological strings, each sent as it is. */
    const SPECIAL = [
      'a'.repeat(10_000),
      'zephyr '.repeat(1_500),
      '9'.repeat(10_000),
      '('.repeat(3_000),
      '\\'.repeat(3_000),
      "'".repeat(3_000),
      '\u0000'.repeat(3_000),
      '😀'.repeat(500),
      'x'.repeat(255),
      'x'.repeat(256),
      'x'.repeat(257),
      '😀'.repeat(128),
      '😀'.repeat(129),
      `${'a '.repeat(127)}a`,
      Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '),
      Array.from({ length: 60 }, (_, i) => `zephyr${'x'.repeat(i)}`)
        .join(' ')
        .slice(0, 256),
      '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20',
      '+1 (555) 123-4567 ext. 89 / 555.123.4567',
      ' '.repeat(300),
      '\u3000zephyr\u3000',
      'z'.repeat(48),
      'z'.repeat(49),
      `zephyr${'e\u0301'.repeat(60)}`,
      '\ud83d',
      '\ude00zephyr\ud83d',
    ];

    const check = (q: string, status: number, text: string): string | null => {
      if (status === 200) {
        let body: any;
        try {
          body = JSON.parse(text);
        } catch {
          return `200 with a non-JSON body for ${JSON.stringify(q.slice(0, 80))}`;
        }
        return body?.ok === true && Array.isArray(body.items)
          ? null
          : `200 with an unexpected body for ${JSON.stringify(q.slice(0, 80))}: ${text.slice(0, 200)}`;
      }
      if (status === 400)
        return text.includes('"invalid_input"')
          ? null
          : `400 without invalid_input for ${JSON.stringify(q.slice(0, 80))}: ${text.slice(0, 200)}`;
      return `${status} for q=${JSON.stringify(q.slice(0, 80))} (${q.length} chars): ${text.slice(0, 200)}`;
    };

    it('thousands of generated query strings answer 200 or 400', async () => {
      const rand = prng(0x5ea4c4);
      const queries = [...SPECIAL, ...Array.from({ length: 2_000 }, () => fuzzString(rand))];
      expect(queries.every((q) => encodedLength(q) <= 12_000)).toBe(true);
      const statuses = new Map<number, number>();
      const failures = (
        await mapConcurrent(queries, 8, async (q) => {
          const res = await search(fast, { workspace_id: p.workspaceId, q });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          return check(q, res.status, res.text);
        })
      ).filter((f): f is string => f !== null);
      expect(failures.slice(0, 20)).toEqual([]);
      // Both outcomes occur: the fuzz reaches the search itself, not only the validation.
      expect(statuses.get(200)).toBeGreaterThan(1_000);
      expect(statuses.get(400)).toBeGreaterThan(0);
    }, 120_000);

    it('raw percent-encoded bytes (lone surrogates, invalid UTF-8, NUL, broken escapes) answer 200 or 400', async () => {
      const rand = prng(0xbadc0de);
      const BYTES = [
        '%ED%A0%80',
        '%ED%BF%BF',
        '%ED%A0%BD%ED%B8%80',
        '%F0%9F',
        '%F0%9F%98',
        '%C0%80',
        '%C0%AF',
        '%E0%80%80',
        '%FF',
        '%FE',
        '%80',
        '%00',
        '%0',
        '%',
        '%G1',
        '%%',
        '%2',
        '%u0041',
        '%uD800',
        '+',
        '%2B',
        '%26',
        '%3D',
        '%23',
        '%27',
        '%22',
        '%5C',
        '%3A%2A',
        '%7C',
        '%21',
        '%28',
        '%29',
        'zephyr',
        'quill',
        '%F0%9F%98%80',
        '%E2%80%AE',
        '%EF%BB%BF',
      ];
      const raw: string[] = [];
      for (let i = 0; i < 1_000; i++) {
        const n = 1 + Math.floor(rand() * 10);
        let s = '';
        for (let j = 0; j < n; j++)
          s +=
            rand() < 0.8
              ? BYTES[Math.floor(rand() * BYTES.length)]
              : `%${Math.floor(rand() * 256)
                  .toString(16)
                  .padStart(2, '0')
                  .toUpperCase()}`;
        raw.push(s);
      }
      raw.push('%ED%A0%80'.repeat(30), '%00'.repeat(300), '%ED%A0%80'.repeat(1_000));
      const failures = (
        await mapConcurrent(raw, 8, async (encoded) => {
          const res = await rawSearch(fast, `workspace_id=${p.workspaceId}&q=${encoded}`);
          return check(encoded, res.status, res.text);
        })
      ).filter((f): f is string => f !== null);
      expect(failures.slice(0, 20)).toEqual([]);
    }, 120_000);

    it('10,000-character queries too long for the request line are refused with 400 invalid_input, never a 5xx', async () => {
      // Percent-encoded, these URLs are 27 to 60 KB: beyond the 16 KiB request-header limit of Node's HTTP server.
      // Its parser refuses them before the gateway's code runs; the server answers the API's 400 envelope.
      const huge = [
        '('.repeat(10_000),
        '\\'.repeat(10_000),
        "'".repeat(10_000),
        '\u0000'.repeat(10_000),
        '😀'.repeat(5_000),
        'é'.repeat(10_000),
      ];
      for (const q of huge) {
        expect(encodedLength(q)).toBeGreaterThan(16_384);
        const res = await search(fast, { workspace_id: p.workspaceId, q });
        expect(res.status, `${q.slice(0, 4)}… (${q.length} chars)`).toBe(400);
        expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
      }
      const raw = await rawSearch(fast, `workspace_id=${p.workspaceId}&q=${'%ED%A0%80'.repeat(3_000)}`);
      expect(raw.status).toBe(400);
    });

    it('malformed types, limit and cursor together with odd queries answer 200 or 400', async () => {
      const rand = prng(0x7e57);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
      const TYPES = [
        undefined,
        '',
        ',',
        'client',
        'CLIENT',
        'client,order',
        'invoice',
        '\u0000',
        '😀',
        "client' OR 1=1",
        'client,'.repeat(200),
        'a'.repeat(600),
        '__proto__',
        'constructor',
        '%',
      ];
      const LIMITS = [undefined, '1', '50', '0', '51', '-1', 'NaN', 'Infinity', '1e3', '0x10', ' 5', '5 ', '\u0000', '😀', '9'.repeat(400)];
      const CURSORS = [undefined, '', 'x', '\u0000', '😀', 'eyJ9', '.', 'a.b.c', 'A'.repeat(5_000), "' OR 1=1 --"];
      const cases = Array.from({ length: 600 }, () => ({
        q: fuzzString(rand),
        types: pick(TYPES),
        limit: pick(LIMITS),
        cursor: pick(CURSORS),
      }));
      const failures = (
        await mapConcurrent(cases, 8, async (c) => {
          const res = await search(fast, { workspace_id: p.workspaceId, ...c });
          const problem = check(c.q, res.status, res.text);
          return (
            problem &&
            `${problem} [types=${JSON.stringify(c.types)?.slice(0, 40)} limit=${JSON.stringify(c.limit)?.slice(0, 20)} cursor=${JSON.stringify(c.cursor)?.slice(0, 20)}]`
          );
        })
      ).filter((f): f is string => !!f);
      expect(failures.slice(0, 20)).toEqual([]);
    }, 120_000);
  });
});
