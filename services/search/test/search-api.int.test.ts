/**
 * GET /search through the real HTTP stack of the service: relevance (typos, prefixes, e-mail and phone
 * fragments), the types filter, keyset paging, tampered cursors, malformed queries, tenant isolation.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_BODY } from '@studio/errors';
import { documentWrite } from '../src/services/indexer.service.js';
import { parseQuery, resolveTerm, tierFive, tierFour, tierThree, fuzzyTiers } from '../src/services/query-parser.js';
import type { DocType } from '../src/services/document-mapping.js';
import { envelope, identity, publish, search, startHarness, waitForHit, type Harness, type SearchItem } from './support/harness.js';

let h: Harness;
const ws = randomUUID();
const other = randomUUID();
const viewer = () => identity({ [ws]: 'viewer' });
const iso = (ms: number) => new Date(Date.UTC(2026, 9, 1) + ms).toISOString();

const ids = {
  johnSmith: randomUUID(),
  johnSmithers: randomUUID(),
  janeSmith: randomUUID(),
  shoot: randomUUID(),
  gallery: randomUUID(),
  order: randomUUID(),
  notesOnly: randomUUID(),
  otherTenant: randomUUID(),
};

/** Writes documents straight through the index store (same code path as events, minus the broker). */
async function _index(type: DocType, id: string, data: Record<string, unknown>, workspace = ws, versionMs = 0): Promise<void> {
  await h.app.stores.index.rebuildBatch(
    randomUUID(),
    workspace,
    [documentWrite(workspace, type, id, data, new Date(Date.UTC(2026, 0, 1) + versionMs))],
    [],
  );
}

const titles = (items: SearchItem[] | undefined) => (items ?? []).map((i) => i.title);
const q = async (query: string, extra: Record<string, string> = {}) => search(h, { workspace_id: ws, q: query, ...extra }, viewer());

beforeAll(async () => {
  h = await startHarness();
  const events = [
    envelope('client.created', ws, {
      client_id: ids.johnSmith,
      name: 'John Smith',
      email: 'John.Smith@Example.com',
      phone: '+1 (555) 123-4567',
      notes: 'Met at the Portland fair',
      updated_at: iso(5000),
    }),
    envelope('lead.created', ws, { lead_id: ids.johnSmithers, name: 'John Smithers', email: 'jsmithers@mail.test', updated_at: iso(4000) }),
    envelope('client.created', ws, { client_id: ids.janeSmith, name: 'Jane Smith', phone: '020 7946 0018', updated_at: iso(3000) }),
    envelope('shoot.created', ws, {
      shoot_id: ids.shoot,
      title: 'Smith Wedding',
      slug: 'smith-wedding',
      location: 'Portland',
      updated_at: iso(2000),
    }),
    envelope('gallery.created', ws, {
      gallery_id: ids.gallery,
      shoot_id: ids.shoot,
      title: 'Smith Wedding Highlights',
      slug: 'smith-wedding-highlights',
      photo_count: 120,
    }),
    envelope('order.created', ws, {
      order_id: ids.order,
      number: '1042',
      customer_name: 'John Smith',
      status: 'paid',
      updated_at: iso(1000),
    }),
    envelope('album.created', ws, {
      album_id: ids.notesOnly,
      title: 'Rooftop Party',
      description: 'John Smith gave a toast',
      updated_at: iso(500),
    }),
    envelope('client.created', other, { client_id: ids.otherTenant, name: 'John Smith', updated_at: iso(5000) }),
  ];
  await publish(h, ...events);
  await waitForHit(h, ws, 'rooftop', ids.notesOnly);
  await waitForHit(h, ws, 'highlights', ids.gallery);
  await waitForHit(h, other, 'john', ids.otherTenant);
});
afterAll(async () => {
  await h?.close();
});

describe('relevance', () => {
  it('ranks exact title/name matches first, then prefixes, then notes; recent first within a tier', async () => {
    const r = await q('john smith');
    expect(r.status).toBe(200);
    expect(titles(r.body.items)).toEqual(['John Smith', 'Order 1042', 'John Smithers', 'Rooftop Party']);
    const ranks = r.body.items!.map((i) => i.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    expect(r.body.next_cursor).toBeNull();
  });

  it('finds "John Smith" from a typo and a prefix ("jonh smi")', async () => {
    const r = await q('jonh smi');
    expect(r.status).toBe(200);
    expect(r.body.items!.map((i) => i.id)).toContain(ids.johnSmith);
    expect(r.body.items![0]!.title).toMatch(/^John Smith/);
  });

  it('finds prefixes and typos of single words', async () => {
    expect(titles((await q('smi')).body.items)).toEqual(
      expect.arrayContaining(['John Smith', 'Jane Smith', 'Smith Wedding', 'John Smithers']),
    );
    expect(titles((await q('weding')).body.items).sort()).toEqual(['Smith Wedding', 'Smith Wedding Highlights']);
    expect(titles((await q('smiht')).body.items)).toEqual(expect.arrayContaining(['John Smith', 'Jane Smith']));
  });

  it('matches e-mail fragments', async () => {
    expect((await q('smith@exa')).body.items!.map((i) => i.id)).toEqual([ids.johnSmith]);
    expect((await q('john.smith@example.com')).body.items!.map((i) => i.id)).toEqual([ids.johnSmith]);
    expect((await q('jsmithers')).body.items!.map((i) => i.id)).toEqual([ids.johnSmithers]);
    expect((await q('mail.test')).body.items!.map((i) => i.id)).toEqual([ids.johnSmithers]);
  });

  it('matches phone fragments however they are typed', async () => {
    for (const phone of ['555-1234', '(555) 123', '1234567', '4567', '+1 555 123 4567', '15551234567']) {
      expect(
        (await q(phone)).body.items!.map((i) => i.id),
        phone,
      ).toEqual([ids.johnSmith]);
    }
    expect((await q('7946 0018')).body.items!.map((i) => i.id)).toEqual([ids.janeSmith]);
  });

  it('returns plain-text snippets with highlight ranges', async () => {
    const item = (await q('smith@exa')).body.items![0]!;
    expect(item.snippet).toEqual({
      field: 'email',
      text: 'John.Smith@Example.com',
      highlights: [
        [5, 10],
        [11, 14],
      ],
    });
    const notes = (await q('toast')).body.items![0]!;
    expect(notes.snippet!.text).toBe('John Smith gave a toast');
    const [a, b] = notes.snippet!.highlights[0]!;
    expect(notes.snippet!.text.slice(a, b)).toBe('toast');
  });

  it('treats a query without letters or digits as matching nothing', async () => {
    for (const s of ['!!!', '"', ':*', '()', '😀']) {
      const r = await q(s);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ ok: true, items: [], next_cursor: null });
    }
  });
});

describe('types filter', () => {
  it('keeps only the listed types, drops unknown values, and an empty result of it means all', async () => {
    expect(titles((await q('smith', { types: 'client' })).body.items).sort()).toEqual(['Jane Smith', 'John Smith']);
    expect(titles((await q('smith', { types: 'shoot,gallery' })).body.items).sort()).toEqual(['Smith Wedding', 'Smith Wedding Highlights']);
    expect(titles((await q('smith', { types: 'shoot,invoice,bogus' })).body.items)).toEqual(['Smith Wedding']);
    const all = titles((await q('smith')).body.items);
    expect(titles((await q('smith', { types: 'invoice,bogus' })).body.items)).toEqual(all);
    expect(titles((await q('smith', { types: '' })).body.items)).toEqual(all);
    expect(all.length).toBeGreaterThanOrEqual(6);
  });
});

describe('paging', () => {
  const pws = randomUUID();
  const auth = () => identity({ [pws]: 'viewer' });
  const expected = new Set<string>();

  beforeAll(async () => {
    // 520 matches in all five non-fuzzy and fuzzy tiers, many with equal updated_at (ties broken by id).
    const docs = [];
    for (let i = 0; i < 520; i++) {
      const id = randomUUID();
      expected.add(id);
      const kind = i % 5;
      const data =
        kind === 0
          ? { name: `Paula Peregrine ${i}` }
          : kind === 1
            ? { name: `Paula Peregrinus ${i}` }
            : kind === 2
              ? { name: `Anon ${i}`, notes: `saw a peregrine falcon` }
              : kind === 3
                ? { name: `Paula Peregrin ${i}` }
                : { name: `Anon ${i}`, notes: `peregrinate later` };
      docs.push(documentWrite(pws, 'client', id, data, new Date(Date.UTC(2026, 0, 1) + (i % 7) * 1000)));
    }
    for (let i = 0; i < 30; i++) docs.push(documentWrite(pws, 'client', randomUUID(), { name: `Unrelated ${i}` }, new Date()));
    for (let i = 0; i < docs.length; i += 100) await h.app.stores.index.rebuildBatch(randomUUID(), pws, docs.slice(i, i + 100), []);
  });

  async function collect(query: string, limit: number): Promise<SearchItem[]> {
    const out: SearchItem[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const r = await search(h, { workspace_id: pws, q: query, limit: String(limit), cursor }, auth());
      expect(r.status).toBe(200);
      out.push(...r.body.items!);
      if (!r.body.next_cursor) return out;
      expect(r.body.items!.length).toBe(limit);
      cursor = r.body.next_cursor;
    }
    throw new Error('too many pages');
  }

  it('walks 520 matches without repeats or gaps, in rank order', async () => {
    for (const limit of [50, 7, 1]) {
      // "peregrin": tier 5 (exact), tier 4 (peregrine, peregrinus), tier 3 (notes: peregrine, peregrinate).
      const all = await collect('peregrin', limit);
      const seen = all.map((i) => i.id);
      expect(new Set(seen).size).toBe(seen.length);
      expect(new Set(seen)).toEqual(expected);
      for (let i = 1; i < all.length; i++) expect(all[i]!.rank).toBeLessThanOrEqual(all[i - 1]!.rank);
      expect(new Set(all.map((i) => Math.floor(i.rank)))).toEqual(new Set([5, 4, 3]));
    }
  });

  it('pages through typo-corrected tiers the same way', async () => {
    // "peregrne" is no word of the workspace: corrections (peregrine, peregrin, ...) fill tiers 2 and 1.
    const all = await collect('peregrne', 9);
    const seen = all.map((i) => i.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(312);
    expect(seen.every((id) => expected.has(id))).toBe(true);
    for (let i = 1; i < all.length; i++) expect(all[i]!.rank).toBeLessThanOrEqual(all[i - 1]!.rank);
    expect(new Set(all.map((i) => Math.floor(i.rank)))).toEqual(new Set([2, 1]));
  });

  it('refuses tampered or foreign cursors with 400', async () => {
    const first = await search(h, { workspace_id: pws, q: 'peregrin', limit: '10' }, auth());
    const cursor = first.body.next_cursor!;
    const [payload, sig] = cursor.split('.') as [string, string];
    const flipped = `${payload.slice(0, -1)}${payload.endsWith('A') ? 'B' : 'A'}.${sig}`;
    for (const bad of [flipped, `${payload}.${sig.slice(1)}`, 'garbage', `${cursor}x`, 'a.b', '.'.repeat(5), 'x'.repeat(2000)]) {
      const r = await search(h, { workspace_id: pws, q: 'peregrin', limit: '10', cursor: bad }, auth());
      expect(r.status, bad).toBe(400);
      expect(r.body.error).toBe('invalid_input');
    }
    // A valid cursor of another search is refused too.
    const r = await search(h, { workspace_id: pws, q: 'paula', limit: '10', cursor }, auth());
    expect(r.status).toBe(400);
  });

  it('gives the same result with either plan (index match or keyset walk) for every tier', async () => {
    const store = h.app.stores.search;
    for (const query of ['peregrine', 'pere', 'paula peregrin', 'peregrime', 'falcon paula', 'anon 7', 'paula peregrne']) {
      const { terms } = parseQuery(query);
      const words = await store.prefixWords(
        pws,
        terms.map((t) => t.lexeme),
        64,
        20_000,
      );
      const corr = await h.app.services.search.corrections(pws, terms);
      const resolved = terms.map((t, i) =>
        resolveTerm(t, { words: words[i]!.words.map((w) => w.word), total: words[i]!.totalWords }, corr.get(t.lexeme)?.words ?? []),
      );
      const plans = [tierFive(terms), tierFour(resolved), tierThree(resolved), ...fuzzyTiers(resolved)].filter((p) => p !== null);
      for (const plan of plans) {
        const req = { workspaceId: pws, plan: plan!, types: null, after: null, limit: 1000 };
        const walked = await store.tierWalk(req, 100_000);
        const matched = await store.tierMatch(req);
        expect(walked, `${query} tier ${plan!.tier}`).toEqual(matched);
      }
    }
  });
});

describe('malformed input never causes a 500', () => {
  it('answers 200 or 400 to thousands of generated queries', async () => {
    const pieces = [
      '"',
      "'",
      '&',
      '|',
      '!',
      ':',
      '*',
      '(',
      ')',
      '\\',
      '\u0000',
      '<',
      '>',
      '%',
      '_',
      '\u200b',
      '\ud800',
      '\udfff',
      '😀',
      'ǅ',
      'İ',
      'ß',
      '\u0301',
      '::*',
      '&!',
      '|(',
      ' ',
      '\t',
      '\n',
      'john',
      'smi',
      'x'.repeat(60),
      '0',
      '55',
      'NULL',
      "'; DROP TABLE search_documents; --",
      '$1',
      '%s',
      '\\x00',
      '\ufffe',
    ];
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const statuses = new Map<number, number>();
    const queries: string[] = ['x'.repeat(10_000), '\u0000'.repeat(300), '😀'.repeat(200), '\ud800'.repeat(100), 'a '.repeat(200)];
    for (let i = 0; i < 2500; i++) {
      let s = '';
      const n = 1 + rand(12);
      for (let k = 0; k < n; k++) s += pieces[rand(pieces.length)];
      queries.push(s);
    }
    const types = [undefined, 'client', 'x,y', ',,', 'client'.repeat(200)];
    const limits = [undefined, '1', '50', '0', '51', 'abc', '-1', '1e3'];
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let i = worker; i < queries.length; i += 8) {
          const r = await search(
            h,
            { workspace_id: ws, q: queries[i]!, types: types[i % types.length], limit: limits[i % limits.length] },
            viewer(),
          );
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          expect([200, 400], JSON.stringify(queries[i])).toContain(r.status);
          expect(r.body.ok).toBe(r.status === 200);
        }
      }),
    );
    expect(statuses.get(200)).toBeGreaterThan(500);
  }, 120_000);

  it('answers 400 for missing or bad parameters', async () => {
    expect((await search(h, { workspace_id: ws }, viewer())).status).toBe(400);
    expect((await search(h, { workspace_id: ws, q: '   ' }, viewer())).status).toBe(400);
    expect((await search(h, { workspace_id: ws, q: 'x'.repeat(257) }, viewer())).status).toBe(400);
    expect((await search(h, { q: 'john' }, viewer())).status).toBe(400);
    expect((await search(h, { workspace_id: 'nope', q: 'john' }, viewer())).status).toBe(400);
    const twice = await fetch(`${h.baseUrl}/search?workspace_id=${ws}&q=a&q=b`, { headers: { 'x-studio-identity': viewer() } });
    expect(twice.status).toBe(400);
  });
});

describe('isolation', () => {
  it('searches only the workspace given', async () => {
    const r = await search(h, { workspace_id: ws, q: 'john smith' }, identity({ [ws]: 'owner', [other]: 'owner' }));
    expect(r.body.items!.map((i) => i.id)).not.toContain(ids.otherTenant);
  });

  it("another tenant's workspace is 404 with the exact body", async () => {
    const r = await search(h, { workspace_id: other, q: 'john' }, viewer());
    expect(r.status).toBe(404);
    expect(r.text).toBe(NOT_FOUND_BODY);
    expect(r.text).toBe('{"ok":false,"error":"not_found"}');
    const missing = await search(h, { workspace_id: randomUUID(), q: 'john' }, viewer());
    expect(missing.text).toBe(r.text);
  });

  it('any member may search, a viewer included; no identity is 401', async () => {
    for (const role of ['viewer', 'photographer', 'admin', 'owner'] as const) {
      expect((await search(h, { workspace_id: ws, q: 'john' }, identity({ [ws]: role }))).status).toBe(200);
    }
    expect((await search(h, { workspace_id: ws, q: 'john' }, null)).status).toBe(401);
  });
});
